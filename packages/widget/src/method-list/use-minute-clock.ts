import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

function subscribe(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, MINUTE_MS / 4);
  return () => {
    window.clearInterval(timer);
  };
}

/** The current minute (ms since the epoch, floored), stable within a minute. */
function currentMinute(): number {
  return Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
}

/**
 * SPEC §4 restriction message: "now" to the minute, re-rendering when the minute changes, so
 * "available in 12 minutes" counts down while the page is open. Only subscribed when `enabled`
 * (some method is restricted), so a list without restrictions never ticks.
 */
export function useMinuteClock(enabled: boolean): number {
  return useSyncExternalStore(enabled ? subscribe : noSubscription, currentMinute, currentMinute);
}

function noSubscription(): () => void {
  return () => undefined;
}
