import { useLayoutEffect, useRef } from 'react';
import type { ChangeEvent } from 'react';

/** Counts the characters of `text` that `isSignificant` keeps. */
function countSignificant(text: string, isSignificant: (char: string) => boolean): number {
  let count = 0;
  for (const char of text) if (isSignificant(char)) count += 1;
  return count;
}

/**
 * Keeps the caret where the player typed when a formatter regroups the text (amount grouping,
 * card number groups, phone masks: SPEC §5). Without it a controlled input puts the caret at the
 * end after every inserted space, so correcting a digit in the middle is impossible. The caret is
 * placed after as many significant characters (digits, the point) as preceded it before the
 * formatting.
 */
export function useCaretKeeper(display: string, isSignificant: (char: string) => boolean) {
  const element = useRef<HTMLInputElement | null>(null);
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = element.current;
    const count = pending.current;
    pending.current = null;
    if (input === null || count === null || input.ownerDocument.activeElement !== input) return;
    let seen = 0;
    let position = 0;
    const chars = Array.from(display);
    while (position < chars.length && seen < count) {
      const char = chars[position] ?? '';
      if (isSignificant(char)) seen += 1;
      position += 1;
    }
    input.setSelectionRange(position, position);
  }, [display, isSignificant]);
  const remember = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    // At the very end the formatter may append (a slash, a group space): leave the caret at the end.
    pending.current =
      caret >= input.value.length
        ? null
        : countSignificant(input.value.slice(0, caret), isSignificant);
  };
  const attach = (input: HTMLInputElement | null) => {
    element.current = input;
  };
  return { attach, remember };
}
