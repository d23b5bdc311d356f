import { afterEach, describe, expect, it } from 'vitest';
import { storeAt } from '../test/app-store';
import { fakeSchedule } from '../test/fake-schedule';
import { startClickstreamPublisher, trackClickstream } from './clickstream';
import type { ClickstreamLog, ClickstreamPublisher } from './clickstream';

const quiet: ClickstreamLog = { info: () => undefined, error: () => undefined };

/** A call the test answers: its data and how to settle it. */
interface Call {
  readonly data: unknown;
  resolve(): void;
  reject(error: unknown): void;
}

function recorder() {
  const calls: Call[] = [];
  const call = (data: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({
        data,
        resolve: () => {
          resolve(undefined);
        },
        reject,
      });
    });
  return { calls, call };
}

async function settled(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

const click = (target: string) =>
  trackClickstream({ type: 'click', data: { target } }, { newId: () => 'a-1', log: quiet });

let publisher: ClickstreamPublisher | null = null;
afterEach(() => {
  publisher?.stop();
  publisher = null;
});

function started() {
  const store = storeAt(undefined, 1_000);
  const timers = fakeSchedule();
  const published = recorder();
  const collected = recorder();
  publisher = startClickstreamPublisher({
    store,
    publish: (_channel, data) => published.call(data),
    collect: (data) => collected.call(data),
    schedule: timers.schedule,
    log: quiet,
    random: () => 1,
  });
  const running = publisher;
  store.subscribe(() => {
    running.drain();
  });
  return { store, timers, published, collected, publisher: running };
}

describe('the clickstream over HTTP when the realtime connection failed (SPEC §7 /psp/cashier-service/analytics, §8)', () => {
  it('SPEC §7, §8: once the connection failed, waiting and new events go to the collector in batches, one at a time', async () => {
    const { store, timers, published, collected } = started();
    store.dispatch(click('first'));
    expect(collected.calls).toHaveLength(0);
    timers.fire(5000);
    expect(store.getState().realtime.clickstream).toBe('failed');
    expect(collected.calls.map((call) => call.data)).toEqual([
      { events: [expect.objectContaining({ data: { target: 'first' } })] },
    ]);
    store.dispatch(click('second'));
    expect(collected.calls).toHaveLength(1);
    collected.calls[0]?.resolve();
    await settled();
    expect(collected.calls).toHaveLength(2);
    expect(collected.calls[1]?.data).toEqual({
      events: [expect.objectContaining({ data: { target: 'second' } })],
    });
    expect(published.calls).toHaveLength(0);
  });

  it('SPEC §8: a refusal (400) is not retried; a server error is, after the back-off', async () => {
    const { store, timers, collected } = started();
    timers.fire(5000);
    store.dispatch(click('refused'));
    collected.calls[0]?.reject(Object.assign(new Error('400'), { status: 400 }));
    await settled();
    expect(store.getState().realtime.clickstreamQueue).toEqual([]);
    expect(timers.waiting()).toEqual([]);
    store.dispatch(click('retried'));
    collected.calls[1]?.reject(Object.assign(new Error('503'), { status: 503 }));
    await settled();
    expect(store.getState().realtime.clickstreamQueue).toHaveLength(1);
    expect(timers.waiting()).toEqual([500]);
    timers.fire(500);
    expect(collected.calls).toHaveLength(3);
  });

  it('SPEC §7: when the connection opens again, events go over it, not the collector', () => {
    const { store, timers, published, collected, publisher: running } = started();
    timers.fire(5000);
    running.connected();
    store.dispatch(click('live'));
    expect(published.calls).toHaveLength(1);
    expect(collected.calls).toHaveLength(0);
  });
});
