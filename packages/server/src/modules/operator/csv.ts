/**
 * CSV cells and rows for the operator's exports: RFC 4180 (fields with a comma,
 * quote, CR or LF are quoted, quotes doubled, rows end with CRLF) and safe to open in a
 * spreadsheet: a cell starting with =, +, - or @ (or a tab or carriage return, which some
 * spreadsheets skip before reading a formula) is prefixed with an apostrophe, so it is shown as
 * text and never run as a formula.
 *
 * @packageDocumentation
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters that need a quoted field (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: `null` is empty; numbers, booleans and text are written as text. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row, CRLF-terminated. */
export function csvRow(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
