/**
 * SPEC §2, §9: cuts a text (a tooltip's, a low button's label) at `max` characters (code points,
 * so an emoji is never split) and marks the cut with an ellipsis; shorter text is returned
 * unchanged.
 */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
