import { describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../store/store';
import { storeAt } from '../test/app-store';
import { monitorFingerprintLoad } from './fingerprint-monitoring';

/** A clock that moves 3 ms each time it is read. */
function steppingClock() {
  let now = 100;
  return () => (now += 3);
}

const events = (store: AppStore) =>
  store.getState().realtime.clickstreamQueue.filter((event) => event.type === 'fingerprint_load');

const failing = () => Promise.reject(new Error('no canvas'));

describe('fingerprint load monitoring (SPEC §9 chance 0.001)', () => {
  it('SPEC §9: a sampled page load reports whether the fingerprint loaded and in how long, never the fingerprint', async () => {
    window.localStorage.setItem('PH_fingerprint', 'fp-secret-value');
    const store = storeAt(undefined, 1_000);
    const compute = vi.fn(failing);
    await monitorFingerprintLoad(store, { random: () => 0.0005, now: steppingClock(), compute });
    const [event] = events(store);
    expect(event?.data).toEqual({ loaded: true, load_ms: 3 });
    expect(JSON.stringify(event)).not.toContain('fp-secret-value');
    // A kept fingerprint is not computed again.
    expect(compute).not.toHaveBeenCalled();
    window.localStorage.removeItem('PH_fingerprint');
  });

  it('SPEC §9: a page load outside the one in a thousand reports nothing', async () => {
    const store = storeAt(undefined, 1_000);
    await monitorFingerprintLoad(store, {
      random: () => 0.001,
      now: steppingClock(),
      compute: failing,
    });
    expect(events(store)).toEqual([]);
  });

  it('reports a fingerprint the browser could not give as not loaded', async () => {
    const store = storeAt(undefined, 1_000);
    await monitorFingerprintLoad(store, {
      random: () => 0,
      now: steppingClock(),
      compute: failing,
    });
    expect(events(store)[0]?.data).toEqual({ loaded: false, load_ms: 3 });
  });

  it('SPEC §7, §9: without a kept fingerprint, computes one and keeps it under PH_fingerprint', async () => {
    window.localStorage.removeItem('PH_fingerprint');
    const store = storeAt(undefined, 1_000);
    await monitorFingerprintLoad(store, {
      random: () => 0,
      now: steppingClock(),
      compute: () => Promise.resolve('0123456789abcdef0123456789abcdef'),
    });
    expect(window.localStorage.getItem('PH_fingerprint')).toBe('0123456789abcdef0123456789abcdef');
    expect(events(store)[0]?.data).toEqual({ loaded: true, load_ms: 3 });
    window.localStorage.removeItem('PH_fingerprint');
  });
});
