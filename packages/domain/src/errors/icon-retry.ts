/**
 * Icon loading retry policy (SPEC §8, §9).
 *
 * @packageDocumentation
 */
import { ICON_RETRY_COUNT, ICON_RETRY_DELAY_MS } from '../constants';

/** SPEC §8: the HTTP status that is retried. */
export const ICON_RETRY_STATUS = 400;

/** SPEC §8: retry after a delay, or give up and show the placeholder. */
export type IconRetryDecision =
  { readonly action: 'retry'; readonly afterMs: number } | { readonly action: 'placeholder' };

/** SPEC §8: the policy's numbers; defaults 3 retries, 500 ms. */
export interface IconRetryPolicy {
  readonly maxRetries?: number | undefined;
  readonly delayMs?: number | undefined;
}

/**
 * SPEC §8: after a failed icon load, given how many retries were already made (0 after the first
 * failure) and the HTTP status (`null` for a network failure): HTTP 400 is retried after 500 ms up
 * to 3 times, so the fourth failure shows the placeholder. Any other status, or a count that is
 * not a whole number of at least zero, goes straight to the placeholder.
 */
export function iconRetryDecision(
  retriesDone: number,
  status: number | null,
  policy: IconRetryPolicy = {},
): IconRetryDecision {
  const maxRetries = policy.maxRetries ?? ICON_RETRY_COUNT;
  const delayMs = policy.delayMs ?? ICON_RETRY_DELAY_MS;
  const retryable =
    status === ICON_RETRY_STATUS &&
    Number.isInteger(retriesDone) &&
    retriesDone >= 0 &&
    retriesDone < maxRetries;
  return retryable ? { action: 'retry', afterMs: delayMs } : { action: 'placeholder' };
}
