import { useLayoutEffect, useRef, useState } from 'react';

const SECOND_MS = 1000;

/**
 * Calls `tick` once a second while `running`: the one clock behind every countdown the player
 * sees (the redirect, the time left to pay, the resend wait, the verification block).
 *
 * The interval starts in a layout effect, in the same commit that puts the first value on the
 * screen, not in a passive effect that React may run a frame (or, on a busy phone, several)
 * later. So the first tick comes one second after the player saw the first value, and anything
 * that watches the screen, a test's fake clock included, never sees a countdown whose clock has
 * not started yet.
 *
 * `tick` is read when the timer fires, so a new function each render neither restarts the
 * interval nor runs a stale one.
 */
export function useEverySecond(running: boolean, tick: () => void): void {
  const latest = useRef(tick);
  useLayoutEffect(() => {
    latest.current = tick;
  });
  useLayoutEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => {
      latest.current();
    }, SECOND_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [running]);
}

/**
 * The current time (epoch ms), read again every second until `until` (epoch ms) has passed.
 * Screens compute what they show from the deadline and this clock, never by counting ticks, so a
 * throttled background tab still shows the right time when it wakes up.
 */
export function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const running = until !== null && Number.isFinite(until) && now < until;
  useEverySecond(running, () => {
    setNow(Date.now());
  });
  return now;
}
