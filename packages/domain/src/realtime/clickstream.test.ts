import { describe, expect, it } from 'vitest';
import { ANALYTICS } from '../constants';
import {
  CLICKSTREAM_CHANNEL,
  amountReport,
  clickstreamRetry,
  enqueueEvent,
  isEmptyAnalyticsPayload,
  nextBatch,
  touchAnalyticsSession,
  utf8ByteLength,
} from './clickstream';

describe('clickstream rules (SPEC §4, §7, §8, §9)', () => {
  it('SPEC §7: publishes to clickstream:track', () => {
    expect(CLICKSTREAM_CHANNEL).toBe('clickstream:track');
  });

  it('SPEC §9: measures the UTF-8 byte length, as the transport counts it', () => {
    const encoder = new TextEncoder();
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€']) {
      expect(utf8ByteLength(text), text).toBe(encoder.encode(text).length);
    }
    // A lone surrogate is encoded as the replacement character, three bytes.
    expect(utf8ByteLength('\ud800x')).toBe(4);
  });

  it('SPEC §9: the queue holds 1000 events; when full the oldest is dropped', () => {
    let queue: readonly number[] = [];
    for (let n = 0; n < ANALYTICS.queueSize; n += 1) {
      const added = enqueueEvent(queue, n);
      expect(added.dropped).toEqual([]);
      queue = added.queue;
    }
    expect(queue).toHaveLength(1000);
    const full = enqueueEvent(queue, 1000);
    expect(full.queue).toHaveLength(1000);
    expect(full.dropped).toEqual([0]);
    expect(full.queue[0]).toBe(1);
    expect(full.queue.at(-1)).toBe(1000);
    // The given queue is not changed.
    expect(queue[0]).toBe(0);
    expect(enqueueEvent([1, 2, 3], 4, 2)).toEqual({ queue: [3, 4], dropped: [1, 2] });
  });

  it('SPEC §9: a batch is at most 40000 bytes of serialised UTF-8, oldest events first', () => {
    const event = { type: 'click', data: { label: 'é'.repeat(1000) } };
    const one = utf8ByteLength(JSON.stringify(event));
    const queue = Array.from({ length: 100 }, () => event);
    const plan = nextBatch(queue);
    expect(plan.bytes).toBe(utf8ByteLength(JSON.stringify({ events: plan.batch })));
    expect(plan.bytes).toBeLessThanOrEqual(ANALYTICS.maxPostBytes);
    // One more would not have fitted.
    expect(plan.bytes + one + 1).toBeGreaterThan(ANALYTICS.maxPostBytes);
    expect(plan.taken).toBe(plan.batch.length);
    expect(plan.tooLarge).toEqual([]);
    expect(nextBatch([])).toEqual({ batch: [], bytes: 0, taken: 0, tooLarge: [] });
  });

  it('SPEC §9: an event over a post goes alone; one over the 60000-byte transport is dropped and reported', () => {
    const small = { type: 'a' };
    const big = { type: 'big', data: 'x'.repeat(45_000) };
    const huge = { type: 'huge', data: 'x'.repeat(60_000) };
    const first = nextBatch([huge, big, small]);
    expect(first.tooLarge).toEqual([huge]);
    expect(first.batch).toEqual([big]);
    expect(first.taken).toBe(2);
    expect(first.bytes).toBeLessThanOrEqual(ANALYTICS.transportMaxBytes);
    expect(first.bytes).toBeGreaterThan(ANALYTICS.maxPostBytes);
    const second = nextBatch([small, big]);
    expect(second.batch).toEqual([small]);
    expect(nextBatch([huge])).toMatchObject({ batch: [], bytes: 0, taken: 1, tooLarge: [huge] });
  });

  it('SPEC §9: a batch carries 100 events at most', () => {
    const plan = nextBatch(Array.from({ length: 150 }, (_, n) => ({ type: 'a', n })));
    expect(plan.batch).toHaveLength(100);
    expect(plan.taken).toBe(100);
  });

  it('SPEC §8: 400, 401, 403, 410, 422 and their realtime equivalents are never retried', () => {
    for (const status of [400, 401, 403, 410, 422]) {
      expect(clickstreamRetry({ status }, 0), `${status}`).toEqual({ retry: false });
    }
    for (const code of [101, 102, 103, 104, 106, 107, 108]) {
      expect(clickstreamRetry({ code }, 0), `${code}`).toEqual({ retry: false });
    }
    // Flagged temporary by the server: retried.
    expect(clickstreamRetry({ code: 106, temporary: true }, 0).retry).toBe(true);
  });

  it('SPEC §8, §9: other failures are retried with back-off from 500 ms to 20 s, with jitter', () => {
    expect(clickstreamRetry({ status: 500 }, 0)).toEqual({ retry: true, delayMs: 500 });
    expect(clickstreamRetry({ status: 429 }, 1)).toEqual({ retry: true, delayMs: 1000 });
    // Timeout (1), transport closed (2), token expired (109), too many requests (111).
    for (const code of [1, 2, 109, 111]) {
      expect(clickstreamRetry({ code }, 2)).toEqual({ retry: true, delayMs: 2000 });
    }
    expect(clickstreamRetry({ status: 503 }, 40)).toEqual({ retry: true, delayMs: 20_000 });
    expect(clickstreamRetry({ status: 503 }, 3, () => 0)).toEqual({ retry: true, delayMs: 2000 });
  });

  it('SPEC §8: an empty analytics payload is an error', () => {
    expect(isEmptyAnalyticsPayload({})).toBe(true);
    expect(isEmptyAnalyticsPayload({ type: 'click' })).toBe(true);
    expect(isEmptyAnalyticsPayload({ type: 'click', label: '' })).toBe(true);
    expect(isEmptyAnalyticsPayload(null)).toBe(true);
    expect(isEmptyAnalyticsPayload([])).toBe(true);
    expect(isEmptyAnalyticsPayload({ type: 'click', label: 'submit' })).toBe(false);
  });

  it('SPEC §9: a new analytics session id after 1800 s without an event', () => {
    let ids = 0;
    const newId = () => `s${(ids += 1)}`;
    const first = touchAnalyticsSession(null, 1_000, newId);
    expect(first).toEqual({ id: 's1', lastEventAt: 1_000 });
    const later = touchAnalyticsSession(first, 1_000 + 1_799_999, newId);
    expect(later).toEqual({ id: 's1', lastEventAt: 1_800_999 });
    // Idle for exactly 1800 s after the last event: a new session.
    expect(touchAnalyticsSession(later, 1_800_999 + 1_800_000, newId)).toEqual({
      id: 's2',
      lastEventAt: 3_600_999,
    });
  });

  it('SPEC §4: the amount input reports the initial amount, then a changed one only when it differs', () => {
    const start = amountReport({ reported: null }, '10');
    expect(start.report).toEqual({ action: 'initial', amount: '10' });
    const same = amountReport(start.state, '10');
    expect(same.report).toBeNull();
    expect(same.state).toBe(start.state);
    expect(amountReport(start.state, '25').report).toEqual({ action: 'changed', amount: '25' });
  });
});
