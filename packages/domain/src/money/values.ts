/**
 * Reading optional money values of the wire (SPEC §3 limits, tiers, bonus info) on big.js.
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import { parseDecimal } from './decimal';

/**
 * SPEC §3: a money value as it may arrive from the wire or a form (decimal text or a number), an
 * already parsed Big, or nothing.
 */
export type DecimalInput = string | number | Big | null | undefined;

/**
 * SPEC §3, §5: reads an optional bound or setting. Missing, empty or non-numeric values are "not
 * set" (`null`); so is zero when `zeroIsUnset` is true, because the cashier service sends 0 for
 * limits and caps it does not use, and a cap of zero would forbid every amount.
 */
export function optionalDecimal(value: DecimalInput, zeroIsUnset = false): Big | null {
  const parsed = parseDecimal(value);
  if (parsed === null) return null;
  if (zeroIsUnset && parsed.eq(0)) return null;
  return parsed;
}

/** SPEC §3, §5: reads a value that only counts when it is above zero. */
export function positiveDecimal(value: DecimalInput): Big | null {
  const parsed = parseDecimal(value);
  return parsed !== null && parsed.gt(0) ? parsed : null;
}
