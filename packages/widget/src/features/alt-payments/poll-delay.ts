/**
 * The status poll's pacing (SPEC §2 /payments/status, §7 status poll): the server's next_poll_ms
 * is a floor, and the client backs off on its own so a payment that stays pending for minutes
 * (a bank app, a QR code) does not cost a call every two seconds.
 *
 * @packageDocumentation
 */
import { TIMEOUT_SHORT_MS } from '@cashdesk/domain';

/** The first wait when the server gives no hint (ms). */
export const POLL_BASE_MS = 2000;
/** Growth of the wait per poll. */
export const POLL_FACTOR = 1.5;
/** The longest wait between two polls (ms). */
export const POLL_MAX_MS = 30_000;
/**
 * How long the status page polls before handing over to the processing page (SPEC §9 timeout
 * S, 300000 ms): the processing page keeps checking and takes the player back to the merchant.
 */
export const POLL_GIVE_UP_MS = TIMEOUT_SHORT_MS;

/**
 * The wait before poll number `attempt + 1` (attempt 0 is the wait after the first answer):
 * `POLL_BASE_MS × 1.5^attempt`, capped at {@link POLL_MAX_MS}, but never shorter than the
 * server's `next_poll_ms` (which the contract caps at 300000 ms).
 *
 * @example nextPollDelay(0, null) // 2000
 * @example nextPollDelay(2, null) // 4500
 * @example nextPollDelay(0, 5000) // 5000
 */
export function nextPollDelay(attempt: number, serverHintMs: number | null): number {
  const steps = Math.max(0, Math.floor(attempt));
  const backoff = Math.min(POLL_MAX_MS, Math.round(POLL_BASE_MS * POLL_FACTOR ** steps));
  return Math.max(backoff, serverHintMs ?? 0);
}
