/**
 * Row ids on the wire: a database row's `integer` id (a pay group's, a bet shop's) arrives as text
 * and must be a positive whole number PostgreSQL's `integer` holds; anything else names no row
 * (and must never reach a query, where it would fail as a server error).
 *
 * @packageDocumentation
 */

/** The largest value of PostgreSQL's `integer`. */
const MAX_INTEGER = 2_147_483_647;

/** Digits without a leading zero: at most ten. */
const DIGITS = /^[1-9][0-9]{0,9}$/;

/** The row id `text` names, or `undefined` when it names none. */
export function rowIdOf(text: string): number | undefined {
  if (!DIGITS.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_INTEGER ? id : undefined;
}
