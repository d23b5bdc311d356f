/**
 * How the server writes a stored numeric (the `numeric(20, 10)` columns) as the contract's decimal
 * text: one function per rule, so that every answer writes the same kind of figure the same way.
 *
 * - Money a player or an operator is shown (a payment's amount, a balance, a reserved or reversed
 *   sum) is written at the currency's precision and never shows more than there is: rounded down.
 * - A configured figure (a limit, an amount block, a fixed fee) is written at the currency's
 *   precision as the operator set it: rounded half-up.
 * - Rates, percentages and the amounts of webhooks keep every digit.
 *
 * The rounding itself is the domain's (`roundToPrecision`), which the widget applies too.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { resolvePrecision, roundToPrecision } from '@cashdesk/domain';

/** Money shown, at the currency precision, rounded down ('10.509' → '10.50' for EUR). */
export function moneyAtPrecision(value: string, precision: number): string {
  return roundToPrecision(new Big(value), precision, 'down');
}

/** A configured figure at the currency precision, rounded half-up ('5' → '5.00' for EUR). */
export function figureAtPrecision(value: string, precision: number): string {
  return roundToPrecision(new Big(value), resolvePrecision(precision));
}

/** A configured figure, or null, at the currency precision. */
export function optionalFigureAtPrecision(value: string | null, precision: number): string | null {
  return value === null ? null : figureAtPrecision(value, precision);
}

/** Plain decimal text with every digit kept ('1.5000000000' → '1.5'). */
export function plainDecimal(value: string): string {
  return new Big(value).toFixed();
}

/** Plain decimal text, or null ('1.5000000000' → '1.5'). */
export function optionalPlainDecimal(value: string | null): string | null {
  return value === null ? null : plainDecimal(value);
}
