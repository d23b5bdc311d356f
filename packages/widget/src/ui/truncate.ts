/**
 * SPEC §2, §9: cuts a text (a tooltip's, a low button's label) at `max` characters (code points,
 * so an emoji is never split) and marks the cut with an ellipsis; shorter text is returned
 * unchanged.
 */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/**
 * SPEC §9: a button's label cut at `max` characters as {@link truncateText} does, but before a word
 * the cut would split and before a parenthesis it would leave open, so that what is shown reads as
 * words of the button's accessible name (its whole text; WCAG 2.5.3 label in name). A first word
 * longer than `max` is cut as it is.
 */
export function truncateLabel(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let kept = chars.slice(0, max).join('');
  if (/\S/u.test(chars[max] ?? '') && /\S$/u.test(kept)) {
    const lastSpace = kept.search(/\s\S*$/u);
    if (lastSpace > 0) kept = kept.slice(0, lastSpace);
  }
  const open = kept.lastIndexOf('(');
  if (open > 0 && kept.indexOf(')', open) === -1) kept = kept.slice(0, open);
  kept = kept.trimEnd();
  return kept === '' ? truncateText(text, max) : `${kept}…`;
}
