/**
 * Test support shared by the store-level tests (the realtime connection, the clickstream tracker
 * and its collector, the analytics cookie, the fingerprint monitoring): an app store started at an
 * address, and a scheduler whose timers a test fires itself (no real time passes). Used by tests
 * only.
 */
import type { Schedule } from '../browser/schedule';
import { readStartup } from '../startup/startup';
import { createAppStore } from '../store/store';
import type { AppStore } from '../store/store';

/** An app store of a deposit page with a session, as start-up makes it (at 1000 ms). */
export function storeAt(
  address = 'https://cashier.test/deposit?session_id=s-1',
  inFrame = true,
): AppStore {
  return createAppStore(
    readStartup({ address, windowWidth: 800, windowHeight: 600, userAgent: 'test', inFrame }),
    1_000,
  );
}

/** A scheduler whose timers run when the test fires them. */
export function fakeSchedule() {
  const pending: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const schedule: Schedule = (callback, ms) => {
    const entry = { ms, run: callback, cancelled: false };
    pending.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  /** Runs the callbacks scheduled with `ms`, still pending. */
  const fire = (ms: number) => {
    for (const entry of pending.filter((item) => item.ms === ms && !item.cancelled)) {
      entry.cancelled = true;
      entry.run();
    }
  };
  const waiting = () => pending.filter((item) => !item.cancelled).map((item) => item.ms);
  return { schedule, fire, waiting };
}
