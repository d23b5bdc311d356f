/**
 * SPEC §4, §7, §8, §9: the rules of the clickstream, the analytics events the widget
 * publishes to {@link CLICKSTREAM_CHANNEL} over its realtime connection, for the widget (what it
 * queues, batches, retries) and the server (what it accepts) alike.
 *
 * - The queue holds {@link ANALYTICS}.queueSize events (SPEC §9: 1000). When it is full the
 *   **oldest** event is dropped for the new one: the latest behaviour of a player is what an
 *   operator looks at, and a queue that only grows while disconnected says nothing new at its head.
 * - Events go in batches `{"events": [...]}` whose serialised UTF-8 length is at most
 *   {@link ANALYTICS}.maxPostBytes (40000). An event too large for a post of its own goes alone
 *   when its batch fits the transport ({@link ANALYTICS}.transportMaxBytes, 60000); over that it is
 *   dropped and reported, never sent.
 * - SPEC §8: statuses 400, 401, 403, 410, 422 are never retried, nor their realtime equivalents
 *   (unauthorized, unknown channel, permission denied, method not found, limit exceeded, bad
 *   request, not available); other failures are retried with back-off. An empty payload is an
 *   error, never sent.
 * - SPEC §9: an analytics session ends after {@link ANALYTICS}.sessionTimeoutS (1800 s) without
 *   an event; the next event starts a new one with a new id.
 * - SPEC §4, §9: an amount is reported once at first, then after `AMOUNT_CHANGE_DEBOUNCE_MS` of
 *   quiet when it changed.
 *
 * @packageDocumentation
 */
import { ANALYTICS, REALTIME } from '../constants';

/** SPEC §7: the channel the widget publishes its clickstream to. */
export const CLICKSTREAM_CHANNEL = 'clickstream:track';

/** Most events one publication carries (the server refuses more). */
export const CLICKSTREAM_MAX_BATCH_EVENTS = 100;

/** The length in bytes of `text` encoded as UTF-8 (no TextEncoder: the rule runs anywhere). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair: one code point of four bytes.
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** What {@link enqueueEvent} did. */
export interface Enqueued<T> {
  readonly queue: readonly T[];
  /** The oldest events dropped to make room (SPEC §9: the queue holds 1000). */
  readonly dropped: readonly T[];
}

/**
 * SPEC §9: adds `event` to `queue`, keeping at most `capacity` events: when full, the oldest go.
 * Returns a new array; `queue` is not changed.
 */
export function enqueueEvent<T>(
  queue: readonly T[],
  event: T,
  capacity: number = ANALYTICS.queueSize,
): Enqueued<T> {
  const next = [...queue, event];
  const excess = Math.max(0, next.length - Math.max(1, capacity));
  return { queue: next.slice(excess), dropped: next.slice(0, excess) };
}

/** The limits of a batch (SPEC §9), overridable for tests. */
export interface BatchLimits {
  readonly maxPostBytes: number;
  readonly transportMaxBytes: number;
  readonly maxEvents: number;
}

const DEFAULT_LIMITS: BatchLimits = {
  maxPostBytes: ANALYTICS.maxPostBytes,
  transportMaxBytes: ANALYTICS.transportMaxBytes,
  maxEvents: CLICKSTREAM_MAX_BATCH_EVENTS,
};

/** The publication of a batch: `{"events": [...]}`. */
export interface ClickstreamBatchData<T> {
  readonly events: readonly T[];
}

/** What {@link nextBatch} chose. */
export interface BatchPlan<T> {
  /** The events to publish now, oldest first; empty when nothing is left to send. */
  readonly batch: readonly T[];
  /** Its serialised UTF-8 length in bytes (0 for an empty batch). */
  readonly bytes: number;
  /** The events taken from the head of the queue: the batch and those too large to send. */
  readonly taken: number;
  /** Events too large for the transport (SPEC §9: 60000 bytes): dropped, to be reported. */
  readonly tooLarge: readonly T[];
}

const BATCH_OVERHEAD_BYTES = utf8ByteLength('{"events":[]}');

/**
 * SPEC §9: the next batch from the head of `queue`: as many events, oldest first, as fit a post
 * of `maxPostBytes` (the UTF-8 length of `JSON.stringify({events: batch})`), at least one event
 * when it fits the transport alone. Events that do not fit the transport even alone are skipped
 * and returned in `tooLarge`.
 */
export function nextBatch<T>(
  queue: readonly T[],
  limits: BatchLimits = DEFAULT_LIMITS,
): BatchPlan<T> {
  const batch: T[] = [];
  const tooLarge: T[] = [];
  let bytes = BATCH_OVERHEAD_BYTES;
  let taken = 0;
  for (const event of queue) {
    if (batch.length >= limits.maxEvents) break;
    const size = utf8ByteLength(JSON.stringify(event));
    const alone = BATCH_OVERHEAD_BYTES + size;
    if (alone > limits.transportMaxBytes) {
      tooLarge.push(event);
      taken += 1;
      continue;
    }
    const added = bytes + size + (batch.length > 0 ? 1 : 0);
    if (batch.length === 0) {
      // The first event goes even past a post's size, as long as the transport takes it.
      batch.push(event);
      bytes = added;
      taken += 1;
      if (added > limits.maxPostBytes) break;
      continue;
    }
    if (added > limits.maxPostBytes) break;
    batch.push(event);
    bytes = added;
    taken += 1;
  }
  return { batch, bytes: batch.length === 0 ? 0 : bytes, taken, tooLarge };
}

/** SPEC §8: HTTP statuses never retried. */
export const NOT_RETRIED_STATUSES: readonly number[] = [400, 401, 403, 410, 422];

/**
 * SPEC §8: their realtime equivalents (Centrifugo's error codes): unauthorized 101, unknown
 * channel 102, permission denied 103, method not found 104, limit exceeded 106, bad request 107,
 * not available 108.
 */
export const NOT_RETRIED_REALTIME_CODES: readonly number[] = [101, 102, 103, 104, 106, 107, 108];

/** How a publication failed: an HTTP status, or a realtime error code and its temporary flag. */
export type ClickstreamFailure =
  { readonly status: number } | { readonly code: number; readonly temporary?: boolean | undefined };

/** What to do with a batch that failed (SPEC §8). */
export type RetryDecision =
  { readonly retry: false } | { readonly retry: true; readonly delayMs: number };

/**
 * SPEC §8: whether a failed publication is sent again, and after how long: never for 400, 401,
 * 403, 410, 422 or their realtime equivalents (unless the server flagged the error temporary);
 * otherwise after an exponential back-off from 500 ms to 20 s (SPEC §9's realtime timings), with
 * jitter from `random` (0 ≤ r < 1: the delay is between half and all of the step).
 */
export function clickstreamRetry(
  failure: ClickstreamFailure,
  attempt: number,
  random: () => number = () => 1,
): RetryDecision {
  if ('status' in failure) {
    if (NOT_RETRIED_STATUSES.includes(failure.status)) return { retry: false };
  } else if (failure.temporary !== true && NOT_RETRIED_REALTIME_CODES.includes(failure.code)) {
    return { retry: false };
  }
  const exponent = Math.min(Math.max(0, attempt), REALTIME.backoffExponentCap);
  const step = Math.min(
    REALTIME.reconnectMaxDelayMs,
    REALTIME.reconnectMinDelayMs * Math.pow(2, exponent),
  );
  const jitter = Math.min(1, Math.max(0, random()));
  return { retry: true, delayMs: Math.round(step / 2 + (step / 2) * jitter) };
}

/**
 * SPEC §8: whether an analytics payload is empty (nothing but its type, or nothing at all): such
 * an event is reported as an error and never sent.
 */
export function isEmptyAnalyticsPayload(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return true;
  return Object.entries(payload).every(
    ([key, value]) => key === 'type' || value === undefined || value === null || value === '',
  );
}

/** An analytics session: its id and when its last event was. */
export interface AnalyticsSession {
  readonly id: string;
  /** Milliseconds since the epoch. */
  readonly lastEventAt: number;
}

/**
 * SPEC §9: the analytics session of an event at `now`: the current one, touched, unless it was
 * idle for {@link ANALYTICS}.sessionTimeoutS or longer (or there is none); then a new one with
 * `newId()`.
 */
export function touchAnalyticsSession(
  current: AnalyticsSession | null,
  now: number,
  newId: () => string,
  timeoutS: number = ANALYTICS.sessionTimeoutS,
): AnalyticsSession {
  if (current === null || now - current.lastEventAt >= timeoutS * 1000) {
    return { id: newId(), lastEventAt: now };
  }
  return { id: current.id, lastEventAt: Math.max(now, current.lastEventAt) };
}

/** What the amount input has reported so far. */
export interface AmountReportState {
  /** The amount reported last; `null` before the initial report. */
  readonly reported: string | null;
}

/** An amount report: the first amount of the input (`initial`) or a later one (`changed`). */
export interface AmountReport {
  readonly action: 'initial' | 'changed';
  readonly amount: string;
}

/**
 * SPEC §4: the report due for `amount`: `initial` for the first one, `changed` when it differs
 * from the last reported (the caller calls it `AMOUNT_CHANGE_DEBOUNCE_MS` after the last
 * keystroke),
 * nothing when it is the same.
 */
export function amountReport(
  state: AmountReportState,
  amount: string,
): { readonly state: AmountReportState; readonly report: AmountReport | null } {
  if (state.reported === null) {
    return { state: { reported: amount }, report: { action: 'initial', amount } };
  }
  if (state.reported === amount) return { state, report: null };
  return { state: { reported: amount }, report: { action: 'changed', amount } };
}
