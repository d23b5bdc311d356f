/**
 * When the reconciler looks at a transaction again, and when an abandoned one is ended
 * (recovery after a crash). Pure functions of the clock.
 *
 * @packageDocumentation
 */

/** The first re-check of a payment still waiting, and the longest gap between two. */
export const RECHECK_MIN_MS = 30_000;
export const RECHECK_MAX_MS = 60 * 60 * 1000;

/** The first retry of a provider call that got no answer, and the longest gap between two. */
export const RETRY_MIN_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60 * 1000;

/**
 * How long a payment may wait for the player or the provider before the cashier ends it, by what
 * it waits for (designed: the provider gives no deadline for these):
 * - `redirect`: an interaction or 3-D Secure page the player never finished;
 * - `await`: a confirmation in the player's app (mobile);
 * - `processing`: a deposit the provider is settling;
 * - `upload`: a bank transfer whose receipt never came (its reference is valid 7 days);
 * - `grace`: added to a deadline the provider gave (a QR code's or voucher's expiry), so its own
 *   decline arrives first.
 * Payouts are never ended by the cashier's clock: money already sent is not taken back by a
 * timer; the provider is asked to cancel instead (reconciler).
 */
export const DEADLINE_MS = {
  redirect: 60 * 60 * 1000,
  await: 60 * 60 * 1000,
  processing: 24 * 60 * 60 * 1000,
  upload: 8 * 24 * 60 * 60 * 1000,
  grace: 10 * 60 * 1000,
} as const;

function later(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}

/**
 * The next look at a waiting payment: a quarter of its age, between {@link RECHECK_MIN_MS} and
 * {@link RECHECK_MAX_MS}, so young payments are checked often and old ones rarely.
 */
export function recheckAt(now: Date, createdAt: Date): Date {
  const age = Math.max(0, now.getTime() - createdAt.getTime());
  return later(now, Math.min(RECHECK_MAX_MS, Math.max(RECHECK_MIN_MS, Math.floor(age / 4))));
}

/** The next try of a provider call after `attempts` tries without an answer (doubling). */
export function retryAt(now: Date, attempts: number): Date {
  const exponent = Math.min(20, Math.max(0, attempts - 1));
  return later(now, Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** exponent));
}

/** A deadline `ms` after `now`. */
export function deadlineAfter(now: Date, ms: number): Date {
  return later(now, ms);
}
