/**
 * The view data of a cashier response (SPEC §3 `view_data`, §4 carousel).
 *
 * @packageDocumentation
 */

/**
 * SPEC §4: "if there are no payment groups, a default entry is prepended to the view data". With
 * `groupCount` 0 the answer is `entry` followed by `viewData`; otherwise `viewData` unchanged (the
 * same array). The entry itself is the caller's (the widget's is its no-methods message).
 *
 * @example withDefaultViewDataEntry([], 0, { type: 'information_block' }) // [{ type: 'information_block' }]
 */
export function withDefaultViewDataEntry<T>(
  viewData: readonly T[],
  groupCount: number,
  entry: T,
): readonly T[] {
  return groupCount === 0 ? [entry, ...viewData] : viewData;
}
