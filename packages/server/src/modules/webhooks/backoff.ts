/**
 * When a failed webhook delivery is tried again: exponential back-off with "equal jitter". After
 * the n-th failed attempt the ceiling is `retryBaseMs · 2^(n-1)`, capped at `retryMaxMs`, and the
 * wait is drawn uniformly between half the ceiling and the ceiling, so that events that failed
 * together (an endpoint that was down) do not all come back at the same moment, and no wait is
 * shorter than half its step. The random number is injected (tests pass their own).
 *
 * @packageDocumentation
 */

/** What the back-off needs of the configuration (config/webhooks.ts WebhookSettings). */
export interface BackoffPolicy {
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
}

/**
 * The wait before the next attempt after `failedAttempts` (1 or more) failed ones, for a random
 * number in [0, 1).
 */
export function retryDelayMs(
  failedAttempts: number,
  policy: BackoffPolicy,
  random: number,
): number {
  // 2^30 times any base is past every cap; the exponent stops there so the number stays exact.
  const exponent = Math.min(Math.max(failedAttempts, 1) - 1, 30);
  const ceiling = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** exponent);
  const share = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (share * ceiling) / 2);
}
