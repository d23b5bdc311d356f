/**
 * Amount limits (SPEC §3 limits min_amount / max_amount, mapped as limits {min, max}; SPEC §5
 * "at least min and at most max, each only when set").
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import type { DecimalInput } from '../money/values';
import { optionalDecimal } from '../money/values';

/** SPEC §3: minimum and maximum of an amount, as the field or the method carries them. */
export interface AmountLimits {
  readonly min?: DecimalInput;
  readonly max?: DecimalInput;
}

/** SPEC §5: limits read into big.js; `null` means the bound is not set. */
export interface ParsedLimits {
  readonly min: Big | null;
  readonly max: Big | null;
}

/**
 * SPEC §5: reads limits. Missing, empty, non-numeric and zero bounds are "not set": the cashier
 * service sends 0 for a bound it does not use, and a maximum of zero would forbid every amount.
 */
export function parseLimits(limits: AmountLimits | null | undefined): ParsedLimits {
  return {
    min: optionalDecimal(limits?.min, true),
    max: optionalDecimal(limits?.max, true),
  };
}

/**
 * SPEC §5 ("must also lie within the method limit amount"): the tighter of several limit sets,
 * i.e. the largest minimum and the smallest maximum that are set.
 */
export function combineLimits(...sets: readonly (AmountLimits | null | undefined)[]): ParsedLimits {
  let min: Big | null = null;
  let max: Big | null = null;
  for (const set of sets) {
    const parsed = parseLimits(set);
    if (parsed.min !== null && (min === null || parsed.min.gt(min))) min = parsed.min;
    if (parsed.max !== null && (max === null || parsed.max.lt(max))) max = parsed.max;
  }
  return { min, max };
}

/** SPEC §5: whether a value lies within limits, bounds included, each only when set. */
export function isWithinLimits(value: Big, limits: ParsedLimits): boolean {
  return (
    (limits.min === null || value.gte(limits.min)) && (limits.max === null || value.lte(limits.max))
  );
}
