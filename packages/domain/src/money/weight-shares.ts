/**
 * The share of a whole each weight stands for, in percent: a connector routing rule's weights
 * split the payments it is tried first for (the server's routing, its dry run and the back
 * office's routing screen all show these figures).
 *
 * @packageDocumentation
 */
import Big from 'big.js';

/** The largest weight a routing rule takes. */
const MAX_WEIGHT = 100;

/**
 * Each weight over their total, in percent, rounded half up to two decimals and written without
 * trailing zeros (70 and 30 → "70", "30"; three equal weights → "33.33" each). `null` when a
 * weight is not a whole number from 0 to {@link MAX_WEIGHT} or all are 0: such weights split
 * nothing.
 */
export function weightShares(weights: readonly number[]): readonly string[] | null {
  if (weights.some((weight) => !Number.isInteger(weight) || weight < 0 || weight > MAX_WEIGHT)) {
    return null;
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return null;
  return weights.map((weight) =>
    new Big(weight).times(100).div(total).round(2, Big.roundHalfUp).toFixed(),
  );
}
