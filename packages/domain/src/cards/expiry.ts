/**
 * Card expiry rules of SPEC §5: the MM/YY input formatting, the date check against a given `now`,
 * and the split into the month and year fields of the submit payload (SPEC §3).
 *
 * @packageDocumentation
 */
import {
  CARD_YEAR_MAX_AHEAD,
  EXPIRY_INPUT_MAX,
  EXPIRY_PART_LENGTH,
  TWO_DIGIT_YEAR_PIVOT,
} from '../constants';
import { latinDigits } from '../digits';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { Validation } from '../messages';

/** SPEC §3, §5: an expiry split into its month and year, as typed. */
export interface ExpiryParts {
  readonly month: string;
  readonly year: string;
}

/** SPEC §3: a field definition's custom month and year patterns (customRegExp). */
export interface ExpiryPatterns {
  readonly month?: string | RegExp | null | undefined;
  readonly year?: string | RegExp | null | undefined;
}

/** SPEC §3: a field definition's message keys for the month and the year (validationKeys). */
export interface ExpiryMessageKeys {
  readonly month?: string | undefined;
  readonly year?: string | undefined;
}

/** SPEC §5: options of the expiry checks. */
export interface ExpiryOptions {
  /** Custom month and year patterns; each replaces the spec's own format check when given. */
  readonly customRegExp?: ExpiryPatterns | null | undefined;
  /**
   * Message keys that replace PH.ERROR.INCORRECT_EXP_DATE for a month error (format, range, month
   * already past) or a year error (format, past, too far ahead).
   */
  readonly validationKeys?: ExpiryMessageKeys | null | undefined;
  /** Whether an empty value is an error (PH.ERROR.FIELD_REQUIRED). Default `true`. */
  readonly required?: boolean | undefined;
  /**
   * The player's offset from UTC in minutes (east positive, e.g. 180 for UTC+3), which decides the
   * current month near a month's end. Default 0: the calendar of UTC.
   */
  readonly timeZoneOffsetMinutes?: number | undefined;
  /** How many years ahead the expiry year may be. Default {@link CARD_YEAR_MAX_AHEAD} (19). */
  readonly maxYearsAhead?: number | undefined;
}

/** How a two-digit year becomes a full year (SPEC §5). */
export type TwoDigitYearRule = 'pivot' | 'add-2000';

/** SPEC §5: month 1-9 or 01-12. */
const MONTH_PATTERN = /^(0?[1-9]|1[0-2])$/;
/** SPEC §5: a two- or four-digit year. */
const YEAR_PATTERN = /^(\d{2}|\d{4})$/;
const MS_PER_MINUTE = 60_000;

/**
 * SPEC §5: formats expiry input as MM/YY. Only digits and the separator are kept, a space counts
 * as the slash, and the slash is inserted once two month digits are typed; the result is at most
 * 5 characters. Choices where the spec is silent:
 * - A single month digit followed by a separator is padded: "3/" and "3 " give "03/".
 * - A bare digit is never padded ("4" stays "4"), so every keystroke stays where it was typed.
 * - Deleting (pass the previous value as `previous`): when the new value is shorter, the
 *   automatic trailing slash is not added back, so backspace over "12/" gives "12" rather than
 *   sticking; a slash still present in the new value is kept ("12/3" to "12/"); and a month is
 *   not padded while deleting, so "1/34" (a month digit removed) is left for the player to fix.
 * Idempotent when `previous` is not given.
 */
export function formatExpiryInput(raw: string, previous = ''): string {
  const deleting = raw.length < previous.length;
  const text = latinDigits(raw)
    .replace(/\s/g, '/')
    .replace(/[^\d/]/g, '');
  const yearDigits = EXPIRY_INPUT_MAX - EXPIRY_PART_LENGTH - 1;
  const slashAt = text.indexOf('/');
  if (slashAt > 0 && slashAt <= EXPIRY_PART_LENGTH) {
    // The player typed the separator after one or two month digits: honour it.
    const head = text.slice(0, slashAt);
    const month = deleting ? head : head.padStart(EXPIRY_PART_LENGTH, '0');
    const year = text
      .slice(slashAt + 1)
      .replace(/\D/g, '')
      .slice(0, yearDigits);
    return `${month}/${year}`;
  }
  const digits = text.replace(/\D/g, '');
  const month = digits.slice(0, EXPIRY_PART_LENGTH);
  const year = digits.slice(EXPIRY_PART_LENGTH, EXPIRY_PART_LENGTH + yearDigits);
  if (month.length < EXPIRY_PART_LENGTH) return month;
  if (year !== '') return `${month}/${year}`;
  return deleting ? month : `${month}/`;
}

/**
 * SPEC §3, §5: splits an expiry ("MM/YY", "MM YY", "MM/YYYY") into month and year as typed, for
 * the submit payload's separate month and year fields; `null` when it is not two parts.
 */
export function splitExpiry(value: string): ExpiryParts | null {
  const parts = value.trim().split(/\s*\/\s*|\s+/);
  const [month, year] = parts;
  if (parts.length !== 2 || month === undefined || year === undefined) return null;
  if (month === '' || year === '') return null;
  return { month, year };
}

/**
 * SPEC §5: the full year of an expiry year: four digits as they are; two digits by `rule`:
 * 'pivot' makes values above 68 19xx and the rest 20xx, 'add-2000' adds 2000 (the spec's date
 * check without a custom year pattern). `null` for anything else.
 */
export function expiryFullYear(year: string, rule: TwoDigitYearRule = 'pivot'): number | null {
  if (/^\d{4}$/.test(year)) return Number(year);
  if (!/^\d{2}$/.test(year)) return null;
  const value = Number(year);
  if (rule === 'add-2000') return 2000 + value;
  return value > TWO_DIGIT_YEAR_PIVOT ? 1900 + value : 2000 + value;
}

/** A custom pattern as a RegExp; `null` when absent or not a valid regular expression. */
function compilePattern(pattern: string | RegExp | null | undefined): RegExp | null {
  if (pattern === undefined || pattern === null || pattern === '') return null;
  // A global or sticky flag would make test() depend on the previous call.
  if (pattern instanceof RegExp)
    return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

interface Calendar {
  readonly year: number;
  readonly month: number;
}

function calendarOf(now: Date | number, offsetMinutes: number): Calendar | null {
  const time = typeof now === 'number' ? now : now.getTime();
  const offset = Number.isFinite(offsetMinutes) ? offsetMinutes : 0;
  if (!Number.isFinite(time)) return null;
  const shifted = new Date(time + offset * MS_PER_MINUTE);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/**
 * SPEC §5: checks an expiry given as separate month and year (the checkout's month and year
 * fields): month 1-9 or 01-12, year of two or four digits (or the custom patterns instead of
 * these), year not past and at most 19 years ahead, month not past in the current year. A
 * two-digit year is 2000 plus the value, or read with the 68 pivot when a custom year pattern
 * is given. Errors give PH.ERROR.INCORRECT_EXP_DATE unless `validationKeys` say otherwise.
 *
 * The spec checks "the date is after now" only when there is no custom year pattern; here a past
 * year or month is refused with a custom pattern too, since a custom pattern changes the accepted
 * format, not whether an expired card can pay.
 */
export function validateExpiryParts(
  parts: ExpiryParts,
  now: Date | number,
  options: ExpiryOptions = {},
): Validation {
  const monthError = invalid(options.validationKeys?.month ?? MESSAGE_KEYS.incorrectExpDate);
  const yearError = invalid(options.validationKeys?.year ?? MESSAGE_KEYS.incorrectExpDate);
  const customYear = compilePattern(options.customRegExp?.year);
  const monthPattern = compilePattern(options.customRegExp?.month) ?? MONTH_PATTERN;
  // A custom pattern may admit more than digits; the month must still be a number 1 to 12.
  const month = /^\d{1,2}$/.test(parts.month) ? Number(parts.month) : 0;
  if (!monthPattern.test(parts.month) || month < 1 || month > 12) return monthError;
  if (!(customYear ?? YEAR_PATTERN).test(parts.year)) return yearError;
  const year = expiryFullYear(parts.year, customYear === null ? 'add-2000' : 'pivot');
  if (year === null) return yearError;
  const today = calendarOf(now, options.timeZoneOffsetMinutes ?? 0);
  if (today === null) return yearError;
  const maxAhead = options.maxYearsAhead ?? CARD_YEAR_MAX_AHEAD;
  if (year < today.year || year > today.year + maxAhead) return yearError;
  // A card is good through the last day of its expiry month.
  if (year === today.year && month < today.month) return monthError;
  return VALID;
}

/**
 * SPEC §5: the expiry field check on its MM/YY value: empty gives PH.ERROR.FIELD_REQUIRED (unless
 * `required` is `false`); month and year must each be exactly 2 characters; then
 * {@link validateExpiryParts}. Takes `now` so the rule stays pure.
 */
export function validateExpiry(
  value: string,
  now: Date | number,
  options: ExpiryOptions = {},
): Validation {
  if (value.trim() === '') {
    return (options.required ?? true) ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  }
  const parts = splitExpiry(value);
  if (
    parts === null ||
    parts.month.length !== EXPIRY_PART_LENGTH ||
    parts.year.length !== EXPIRY_PART_LENGTH
  ) {
    return invalid(MESSAGE_KEYS.incorrectExpDate);
  }
  return validateExpiryParts(parts, now, options);
}
