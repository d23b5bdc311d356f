/**
 * Reading instants for the time-dependent rules of SPEC §4 (restriction text, countdown).
 *
 * @packageDocumentation
 */

/** SPEC §4: an instant as callers hold it: a Date, epoch milliseconds, or an ISO 8601 text. */
export type InstantInput = Date | number | string;

const ISO_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * SPEC §4: epoch milliseconds of an instant, or `null` when it cannot be read. Texts must be ISO
 * 8601 (date, optional time, optional zone); a text without a zone is read as UTC, so the result
 * never depends on the machine's time zone. Other formats are refused rather than handed to
 * `Date.parse`, whose reading of them differs between engines.
 */
export function toEpochMs(value: InstantInput | null | undefined): number | null {
  if (value == null) return null;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const match = ISO_PATTERN.exec(value.trim());
  if (match === null) return null;
  const [, date, time, zone] = match;
  const offset =
    zone === undefined ? 'Z' : zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
  const text = `${date ?? ''}T${time ?? '00:00'}${offset}`;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

function normaliseOffset(zone: string): string {
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}
