/**
 * Amount input formatting (SPEC §5 amount input rules, §9 amount digits and grouping by space).
 *
 * @packageDocumentation
 */
import { AMOUNT_DECIMAL_DIGITS, AMOUNT_INTEGER_DIGITS } from '../constants';
import { groupThousands } from '../money/format';

/**
 * SPEC §5, §9: options of {@link formatAmountInput}; each falls back to its default when missing
 * or invalid (integerDigits must be at least 1).
 */
export interface AmountInputOptions {
  /** Most integer digits; SPEC §9 default 12. */
  readonly integerDigits?: number | undefined;
  /**
   * Most decimal digits; SPEC §9 default 10. Pass the field definition's `decimal` (SPEC §3),
   * i.e. the currency precision, to override it per field. 0 allows no decimal point at all.
   */
  readonly decimalDigits?: number | undefined;
  /**
   * Whether a comma typed as decimal separator counts as the decimal point. Default true: players
   * on Russian-locale and many European keyboards type "10,5" and mean 10.5. A comma is read as
   * the point only when the text holds no '.', so a pasted "1,000.50" keeps its point and its
   * commas are dropped as grouping.
   */
  readonly commaAsDecimal?: boolean | undefined;
  /**
   * The decimal separator of the player's language (domain numberSeparators), '.' by
   * default. With ',' the field shows a decimal comma ("1 000,5", as the language's hints read)
   * and reads both: a comma is the decimal mark whenever the text holds one (its '.' are then
   * dropped as grouping, so a pasted "1.000,50" is 1000.50), otherwise a '.' is. The raw value
   * always keeps the point ("1000.5"), which is what the form sends.
   */
  readonly decimalSeparator?: '.' | ',' | undefined;
}

/** SPEC §5: an amount as the field shows it and as the store keeps it. */
export interface AmountInput {
  /** With thousands grouped by spaces, e.g. "1 234.5" (or "1 234,5" with a decimal comma). */
  readonly display: string;
  /** Without spaces, e.g. "1234.5"; a trailing point the user just typed is kept ("12."). */
  readonly raw: string;
}

function digitLimit(value: number | undefined, fallback: number, least: number): number {
  return value !== undefined && Number.isInteger(value) && value >= least ? value : fallback;
}

/**
 * SPEC §5: cleans what the user typed into the amount field.
 *
 * - Keeps digits and the first decimal point; every other character (letters, signs, spaces,
 *   further points) is dropped. A leading point reads as "0.".
 * - A leading zero followed by digits becomes "0." and those digits ("05" gives "0.5", "007"
 *   gives "0.07"); once a point exists, surplus leading zeros are dropped ("05.3" gives "5.3").
 * - Digits beyond the integer limit (12) or the decimal limit (10) are ignored, so a full integer
 *   part takes no more digits.
 * - The display groups thousands by spaces; the raw value has no spaces.
 * - With a decimal comma (`decimalSeparator: ','`) the display writes the comma and
 *   the raw value the point.
 *
 * The function is idempotent: formatting its display again gives the same result, so it can run
 * on every keystroke over the field's current text. Non-text input gives empty values.
 */
export function formatAmountInput(text: unknown, options: AmountInputOptions = {}): AmountInput {
  const empty = { display: '', raw: '' };
  if (typeof text !== 'string' && typeof text !== 'number') return empty;
  // String(1e21) is "1e+21": its digits are no amount.
  if (typeof text === 'number' && !/^-?\d*\.?\d*$/.test(String(text))) return empty;
  const integerDigits = digitLimit(options.integerDigits, AMOUNT_INTEGER_DIGITS, 1);
  const decimalDigits = digitLimit(options.decimalDigits, AMOUNT_DECIMAL_DIGITS, 0);
  const separator = options.decimalSeparator === ',' ? ',' : '.';
  let source = String(text);
  if (separator === ',' && source.includes(',')) {
    source = source.replaceAll('.', '').replaceAll(',', '.');
  } else if ((options.commaAsDecimal ?? true) && !source.includes('.')) {
    source = source.replaceAll(',', '.');
  }
  const kept = source.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let integer = point === -1 ? kept : kept.slice(0, point);
  let fraction = point === -1 ? '' : kept.slice(point + 1).replaceAll('.', '');
  let hasPoint = point !== -1;

  if (decimalDigits === 0) {
    hasPoint = false;
    fraction = '';
  } else if (!hasPoint && integer.length > 1 && integer.startsWith('0')) {
    hasPoint = true;
    fraction = integer.slice(1);
    integer = '0';
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  if (hasPoint && integer === '') integer = '0';

  integer = integer.slice(0, integerDigits);
  fraction = fraction.slice(0, decimalDigits);
  const tail = hasPoint ? `.${fraction}` : '';
  const shownTail = hasPoint ? `${separator}${fraction}` : '';
  return { display: `${groupThousands(integer)}${shownTail}`, raw: `${integer}${tail}` };
}
