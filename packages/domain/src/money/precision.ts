/**
 * Currency precision handling shared by the money rules (SPEC §3 currencies[0].precision).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { AMOUNT_DECIMAL_DIGITS } from '../constants';
import type { RoundingDirection } from './decimal';

/**
 * SPEC §3, §9: decimals used when a currency arrives without a usable precision. The spec does
 * not name a default currency or precision; 2 is the minor unit of most ISO 4217 currencies and
 * what the tax rule of SPEC §5 rounds to, so it is the least surprising fallback.
 */
export const DEFAULT_CURRENCY_PRECISION = 2;

/**
 * SPEC §3, §9: the currency precision to use. A whole number from 0 up to the amount field's
 * decimal digits (SPEC §9: 10) is taken as is; anything else (missing, negative, fractional,
 * absurdly large) gives `fallback`, so that a bad currency record never breaks money math.
 */
export function resolvePrecision(
  precision: number | null | undefined,
  fallback: number = DEFAULT_CURRENCY_PRECISION,
): number {
  if (
    typeof precision === 'number' &&
    Number.isInteger(precision) &&
    precision >= 0 &&
    precision <= AMOUNT_DECIMAL_DIGITS
  ) {
    return precision;
  }
  return fallback;
}

/**
 * SPEC §3, §5: number of digits after the decimal point in a Big (0 for whole numbers), so that a
 * result can keep the decimals of the amount it came from.
 */
export function decimalPlaces(value: Big): number {
  return Math.max(0, value.c.length - value.e - 1);
}

const ROUNDING_MODES: Readonly<Record<RoundingDirection, Big.RoundingMode>> = {
  'half-up': Big.roundHalfUp,
  up: Big.roundUp,
  down: Big.roundDown,
};

/**
 * SPEC §9 rounding helper: rounds to `precision` decimals in `direction` (half up by default) and
 * renders exactly that many decimals.
 */
export function roundToPrecision(
  value: Big,
  precision: number,
  direction: RoundingDirection = 'half-up',
): string {
  return value.round(precision, ROUNDING_MODES[direction]).toFixed(precision);
}
