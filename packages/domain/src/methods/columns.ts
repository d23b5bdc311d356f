/**
 * Homepage layout columns (SPEC §2, §9).
 *
 * @packageDocumentation
 */
import { MOBILE_MAX_WIDTH_PX } from '../constants';

/**
 * SPEC §9: widths of at most 1023 px are mobile layouts. A width that is not a finite number
 * (unknown window size) counts as mobile, because one column fits every screen.
 */
export function isMobileWidth(widthPx: number): boolean {
  return !Number.isFinite(widthPx) || widthPx <= MOBILE_MAX_WIDTH_PX;
}

/**
 * SPEC §2: on wide layouts the list is split into two columns with items alternating between
 * them: items 0, 2, 4 ... go left and 1, 3, 5 ... go right, so reading across the rows keeps the
 * list order.
 */
export function splitIntoColumns<T>(items: readonly T[]): readonly [readonly T[], readonly T[]] {
  const left: T[] = [];
  const right: T[] = [];
  items.forEach((item, index) => {
    (index % 2 === 0 ? left : right).push(item);
  });
  return [left, right];
}
