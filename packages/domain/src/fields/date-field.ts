/**
 * Date fields of SPEC §5: shown as DD.MM.YYYY, parsed strictly, stored as a UTC ISO string.
 *
 * Dates are calendar dates, so they are read and written in UTC: 29.02.2024 is stored as
 * `2024-02-29T00:00:00.000Z` whatever the player's time zone, and the server and the widget agree
 * on the day (a local-time parse would move it by a day for players east of UTC).
 *
 * @packageDocumentation
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import utc from 'dayjs/plugin/utc';
import type { Dayjs } from 'dayjs';
import { MESSAGE_KEYS } from '../messages';
import type { RuleError } from '../messages';

/** SPEC §5: the display format of date fields. */
export const DATE_DISPLAY_FORMAT = 'DD.MM.YYYY';
/** SPEC §5: the date-only initial value format. */
export const DATE_ONLY_FORMAT = 'YYYY-MM-DD';
/** SPEC §5: the message shown (as-is) for a date that does not parse. */
export const INVALID_DATE_MESSAGE = 'Invalid date';

/** SPEC §5: the error of an invalid date: a field error carrying the literal message. */
export const INVALID_DATE_ERROR: RuleError = {
  key: MESSAGE_KEYS.fieldHasError,
  message: INVALID_DATE_MESSAGE,
};

let pluginsReady = false;

/**
 * SPEC §5: extends dayjs with the plugins date fields need (strict custom formats, UTC). Called by every function here before it
 * touches dayjs; safe to call any number of times. Not done at import time because the package
 * is declared free of side effects.
 */
export function ensureDatePlugins(): void {
  if (pluginsReady) return;
  dayjs.extend(customParseFormat);
  dayjs.extend(utc);
  pluginsReady = true;
}

function strictUtc(text: string, format: string): Dayjs | null {
  ensureDatePlugins();
  const parsed = dayjs.utc(text, format, true);
  return parsed.isValid() ? parsed : null;
}

const FULL_ISO =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

function fullIsoToUtc(text: string): string | null {
  const match = FULL_ISO.exec(text);
  if (match === null) return null;
  const [, day = '', hours = '', minutes = '', seconds = '00', fraction = '', zone = ''] = match;
  // Date.parse would roll 2024-02-31 over to March; the day is checked strictly first.
  if (strictUtc(day, DATE_ONLY_FORMAT) === null) return null;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const offset = /^z$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const epoch = Date.parse(`${day}T${hours}:${minutes}:${seconds}.${millis}${offset}`);
  return Number.isNaN(epoch) ? null : new Date(epoch).toISOString();
}

/**
 * SPEC §5: an initial date value, accepted only as `YYYY-MM-DD` (taken as that day at 00:00
 * UTC) or as a full ISO date-time with `Z` or an offset (seconds and fraction optional). A
 * date-time without a zone is refused because its instant would depend on the player's clock.
 * Returns the UTC ISO string, or `''` for anything else, including impossible dates.
 */
export function normalizeInitialDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
    return strictUtc(trimmed, DATE_ONLY_FORMAT)?.toISOString() ?? '';
  }
  return fullIsoToUtc(trimmed) ?? '';
}

/** SPEC §5: the outcome of parsing a typed date: the value to store and, if invalid, the error. */
export type DateParseResult =
  | { readonly valid: true; readonly value: string }
  | { readonly valid: false; readonly value: ''; readonly error: RuleError };

/**
 * SPEC §5: parses a date typed as DD.MM.YYYY, strictly: two-digit day and month, four-digit
 * year, and a real calendar day (31.02.2024 is refused). Valid gives the UTC ISO string of that
 * day; invalid gives an empty value and the message `Invalid date`. An empty input is valid and
 * empty (whether it may be empty is the required rule's business).
 */
export function parseDisplayDate(input: string): DateParseResult {
  const trimmed = input.trim();
  if (trimmed === '') return { valid: true, value: '' };
  const parsed = strictUtc(trimmed, DATE_DISPLAY_FORMAT);
  return parsed === null
    ? { valid: false, value: '', error: INVALID_DATE_ERROR }
    : { valid: true, value: parsed.toISOString() };
}

/**
 * SPEC §3, §5: the ISO string of a date value in any form the form may hold: a full ISO
 * date-time, `YYYY-MM-DD` or DD.MM.YYYY. `null` when it is none of these.
 */
export function toIsoDate(value: string): string | null {
  const initial = normalizeInitialDate(value);
  if (initial !== '') return initial;
  const typed = parseDisplayDate(value);
  return typed.valid && typed.value !== '' ? typed.value : null;
}

/**
 * SPEC §5: the DD.MM.YYYY text of a stored date (UTC day); `''` when the value is no date.
 */
export function formatDisplayDate(value: string): string {
  const iso = toIsoDate(value);
  if (iso === null) return '';
  ensureDatePlugins();
  return dayjs.utc(iso).format(DATE_DISPLAY_FORMAT);
}
