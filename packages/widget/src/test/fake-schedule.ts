/**
 * A scheduler whose timers a test fires itself (no real time passes), for the tests of the parts
 * that take a `Schedule` (the realtime connection, the clickstream tracker and its collector).
 */
import type { Schedule } from '../browser/schedule';

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
