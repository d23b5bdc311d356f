/**
 * The delay a timer is set for (SPEC §9 timer cap 2147483647 ms).
 *
 * @packageDocumentation
 */
import { TIMER_CAP_MS } from '../constants';

/**
 * SPEC §9: a timer's delay, capped at {@link TIMER_CAP_MS}. A JavaScript timer set longer than
 * that fires at once, so a wait the server names in days (a code's resend wait, a block) would
 * end immediately; capped, it waits 24.8 days, longer than any session. Negative, fractional and
 * non-finite delays become whole non-negative milliseconds (NaN: 0, Infinity: the cap).
 */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(TIMER_CAP_MS, Math.max(0, Math.ceil(ms)));
}
