/** Where an arrow, Home or End key moves the focus in a list of options. */
export type OptionMove = 'next' | 'previous' | 'first' | 'last';

/** The keys that move the focus between options (roving focus). */
export const OPTION_MOVES: Readonly<Record<string, OptionMove>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/** Moves the focus from one option to its neighbour, or to the first or last of its list. */
export function focusSiblingOption(from: HTMLElement, to: OptionMove): void {
  const list = from.parentElement;
  if (list === null) return;
  const target =
    to === 'next'
      ? from.nextElementSibling
      : to === 'previous'
        ? from.previousElementSibling
        : to === 'first'
          ? list.firstElementChild
          : list.lastElementChild;
  if (target instanceof HTMLElement) target.focus();
}
