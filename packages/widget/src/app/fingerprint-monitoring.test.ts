import { describe, expect, it } from 'vitest';
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

describe('fingerprint load monitoring (SPEC §9 chance 0.001)', () => {
  it('SPEC §9: a sampled page load reports whether the fingerprint loaded and in how long, never the fingerprint', () => {
    window.localStorage.setItem('PH_fingerprint', 'fp-secret-value');
    const store = storeAt(undefined, 1_000);
    monitorFingerprintLoad(store, { random: () => 0.0005, now: steppingClock() });
    const [event] = events(store);
    expect(event?.data).toEqual({ loaded: true, load_ms: 3 });
    expect(JSON.stringify(event)).not.toContain('fp-secret-value');
    window.localStorage.removeItem('PH_fingerprint');
  });

  it('SPEC §9: a page load outside the one in a thousand reports nothing', () => {
    const store = storeAt(undefined, 1_000);
    monitorFingerprintLoad(store, { random: () => 0.001, now: steppingClock() });
    expect(events(store)).toEqual([]);
  });

  it('reports a missing fingerprint as not loaded', () => {
    const store = storeAt(undefined, 1_000);
    monitorFingerprintLoad(store, { random: () => 0, now: steppingClock() });
    expect(events(store)[0]?.data).toEqual({ loaded: false, load_ms: 3 });
  });
});
