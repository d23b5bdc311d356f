/**
 * Decimal parsing on big.js (docs/architecture.md: money is a decimal string, math is big.js). Every
 * function here is total: bad input gives `null`, never a throw and never a float.
 *
 * @packageDocumentation
 */
import Big from 'big.js';

const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Parses a decimal amount from wire or user text (SPEC §3 amounts, §5 amount rules).
 * Accepts a plain decimal string (surrounding white space ignored) or a finite number;
 * anything else, including exponent notation, gives `null`.
 */
export function parseDecimal(value: unknown): Big | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    // String(1e21) is "1e+21": such a magnitude is no money amount.
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else if (value instanceof Big) {
    return value;
  } else {
    return null;
  }
  if (!DECIMAL_PATTERN.test(text)) return null;
  // big.js refuses an explicit plus sign, which people do type.
  return new Big(text.startsWith('+') ? text.slice(1) : text);
}

/** Rounding directions of the SPEC §9 rounding helper. */
export type RoundingDirection = 'half-up' | 'up' | 'down';

const ROUNDING_MODES: Readonly<Record<RoundingDirection, Big.RoundingMode>> = {
  'half-up': Big.roundHalfUp,
  up: Big.roundUp,
  down: Big.roundDown,
};

/**
 * Rounds a decimal to `decimals` places (SPEC §9 rounding helper: rounds up or down to given
 * decimals). On a value that is not a number it returns the original value unchanged, as the spec
 * says the helper does on a big-number error.
 */
export function roundDecimal<T>(
  value: T,
  decimals: number,
  direction: RoundingDirection = 'half-up',
): string | T {
  const parsed = parseDecimal(value);
  if (parsed === null || !Number.isInteger(decimals) || decimals < 0) return value;
  return parsed.round(decimals, ROUNDING_MODES[direction]).toFixed(decimals);
}

/** Compares two decimal texts; `null` when either is not a number. */
export function compareDecimal(a: unknown, b: unknown): -1 | 0 | 1 | null {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  if (left === null || right === null) return null;
  return left.cmp(right);
}
