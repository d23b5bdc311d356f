/**
 * The restriction message of a restricted method (SPEC §4, §8, §9).
 *
 * @packageDocumentation
 */
import { RESTRICTION_BIG_THRESHOLD_HOURS, RESTRICTION_SMALL_THRESHOLD_HOURS } from '../constants';
import { MESSAGE_KEYS } from '../messages';
import { formatDayMonth } from '../money/language-format';
import { toEpochMs } from './instant';
import type { InstantInput } from './instant';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/** SPEC §8: a restriction text: one of the three restriction keys with its time parameter. */
export interface RestrictionMessage {
  readonly key:
    | typeof MESSAGE_KEYS.restrictUntilBig
    | typeof MESSAGE_KEYS.restrictUntilMid
    | typeof MESSAGE_KEYS.restrictUntilSmall;
  readonly params: { readonly time: string };
}

/** SPEC §4 restriction message: options. */
export interface RestrictionMessageOptions {
  /**
   * Offset of the player's time zone from UTC in minutes, east positive (UTC+3 is 180). Note
   * this is the opposite sign of `Date.prototype.getTimezoneOffset()`. Defaults to 0: UTC.
   */
  readonly utcOffsetMinutes?: number | undefined;
  /**
   * The player's language, which writes the day and month (formatDayMonth: "31/12" in
   * English, "31.12." in German); "31.12" when not given.
   */
  readonly language?: string | undefined;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * SPEC §4: the text for a method restricted until `restrictedUntil`, seen at `now`:
 * - more than 12 hours left: date and time `DD.MM HH:MM` (the day and month as the language
 *   writes them) with CASHIER.RESTRICT_UNTIL_TEXT_BIG;
 * - from 1 to 12 hours left (both ends included): time of day `HH:MM` with _MID;
 * - under 1 hour left: whole minutes left, rounded up (so the last seconds read "1", never "0"),
 *   with _SMALL.
 * The time goes in `params.time`. Date and time of day are formatted in UTC shifted by
 * `utcOffsetMinutes` (UTC when not given), so the result does not depend on the machine.
 * Gives `null` when the restriction has ended or either instant cannot be read.
 */
export function restrictionMessage(
  restrictedUntil: InstantInput | null | undefined,
  now: InstantInput,
  options: RestrictionMessageOptions = {},
): RestrictionMessage | null {
  const until = toEpochMs(restrictedUntil);
  const current = toEpochMs(now);
  if (until === null || current === null) return null;
  const left = until - current;
  if (left <= 0) return null;

  if (left < RESTRICTION_SMALL_THRESHOLD_HOURS * MS_PER_HOUR) {
    const minutes = Math.ceil(left / MS_PER_MINUTE);
    return { key: MESSAGE_KEYS.restrictUntilSmall, params: { time: String(minutes) } };
  }

  const offset = options.utcOffsetMinutes ?? 0;
  const local = new Date(until + (Number.isFinite(offset) ? offset : 0) * MS_PER_MINUTE);
  const clock = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
  if (left > RESTRICTION_BIG_THRESHOLD_HOURS * MS_PER_HOUR) {
    const day = formatDayMonth(local.getUTCDate(), local.getUTCMonth() + 1, options.language);
    return { key: MESSAGE_KEYS.restrictUntilBig, params: { time: `${day} ${clock}` } };
  }
  return { key: MESSAGE_KEYS.restrictUntilMid, params: { time: clock } };
}
