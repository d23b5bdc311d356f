/**
 * The verification-block countdown (SPEC §4 "Withdrawal verification").
 *
 * @packageDocumentation
 */
import { toEpochMs } from './instant';
import type { InstantInput } from './instant';

/** SPEC §4: the countdown text when no time is left. */
export const COUNTDOWN_ZERO = '00:00:00';

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * SPEC §4: the time left until `until`, seen at `now`, as hh:mm:ss; "00:00:00" when the
 * remaining time is zero or less, or either instant cannot be read. Part seconds round up, so
 * the text reaches zero exactly when the time is up. Hours are not wrapped at 24: a 30-hour block
 * reads "30:00:00" (and hours may take more than two digits), because a days part is not in the
 * spec's format.
 */
export function formatCountdown(now: InstantInput, until: InstantInput | null | undefined): string {
  const current = toEpochMs(now);
  const end = toEpochMs(until);
  if (current === null || end === null || end <= current) return COUNTDOWN_ZERO;
  const totalSeconds = Math.ceil((end - current) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;
}
