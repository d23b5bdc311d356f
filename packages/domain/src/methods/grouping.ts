/**
 * Method grouping on the homepage (SPEC §2, §4 "Method grouping").
 *
 * @packageDocumentation
 */
import { isMethodDisabled } from './enabled';
import type { Method } from './types';

/** SPEC §2: the homepage groups of method tiles. */
export interface MethodGroups<M> {
  readonly popular: readonly M[];
  readonly lostProfit: readonly M[];
  readonly regular: readonly M[];
  readonly disabled: readonly M[];
}

/** SPEC §4: the method fields grouping reads. */
export type GroupableMethod = Pick<
  Method,
  'arrangement' | 'enabled' | 'restrictedUntil' | 'isPopular' | 'isLostProfit'
>;

function arrangementOf(method: Pick<Method, 'arrangement'>): number {
  return Number.isFinite(method.arrangement) ? method.arrangement : 0;
}

/**
 * SPEC §4: sorts by arrangement, highest first. The sort is stable, so methods with equal
 * arrangement keep the order the service sent them in; a non-finite arrangement counts as 0.
 */
export function sortByArrangement<M extends Pick<Method, 'arrangement'>>(
  methods: readonly M[],
): readonly M[] {
  return [...methods].sort((a, b) => arrangementOf(b) - arrangementOf(a));
}

/**
 * SPEC §4: not enabled or `restrictedUntil` set means Disabled; otherwise Popular if popular,
 * else LostProfit if flagged, else Regular. Each list is sorted by arrangement descending.
 */
export function groupMethods<M extends GroupableMethod>(methods: readonly M[]): MethodGroups<M> {
  const popular: M[] = [];
  const lostProfit: M[] = [];
  const regular: M[] = [];
  const disabled: M[] = [];
  for (const method of methods) {
    if (isMethodDisabled(method)) disabled.push(method);
    else if (method.isPopular) popular.push(method);
    else if (method.isLostProfit) lostProfit.push(method);
    else regular.push(method);
  }
  return {
    popular: sortByArrangement(popular),
    lostProfit: sortByArrangement(lostProfit),
    regular: sortByArrangement(regular),
    disabled: sortByArrangement(disabled),
  };
}
