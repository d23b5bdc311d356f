/**
 * What waits for the first screen: code the first screen does not need (the realtime client) is
 * downloaded once a screen has shown its content, so that it never shares the link or the main
 * thread with what the player waits for. The method form (either flow) says when it has shown;
 * any other first screen (the method list, a result page, an error page) lets the waiting code go
 * after {@link FIRST_SCREEN_FALLBACK_MS}. The method list does not say it: the automatic method
 * choice renders it for a moment before the method page.
 *
 * @packageDocumentation
 */
import { useEffect } from 'react';
import { browserSchedule } from './schedule';
import type { Schedule } from './schedule';

/** How long code waits for a screen that never says it has shown. */
export const FIRST_SCREEN_FALLBACK_MS = 3000;

let shown = false;
const waiting = new Set<() => void>();

/** Called by a screen once its content (not its skeleton) is on screen; later calls do nothing. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const resolve of waiting) resolve();
  waiting.clear();
}

/** Marks the first screen shown once the calling component has rendered. */
export function useFirstScreenShown(): void {
  useEffect(() => {
    markFirstScreenShown();
  }, []);
}

/** Runs `callback` once the browser is idle after the current frame (at most a second later). */
function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 1000 });
  else browserSchedule(callback, 0);
}

/**
 * Resolves once a screen has shown (or the fallback has passed) and the browser is idle, so that
 * the screen's own effects and paint come first.
 */
export function afterFirstScreen(
  schedule: Schedule = browserSchedule,
  idle: (callback: () => void) => void = whenIdle,
): Promise<void> {
  return new Promise((resolve) => {
    let cancelFallback: () => void = () => undefined;
    const go = () => {
      waiting.delete(go);
      cancelFallback();
      idle(resolve);
    };
    if (shown) {
      go();
      return;
    }
    waiting.add(go);
    cancelFallback = schedule(go, FIRST_SCREEN_FALLBACK_MS);
  });
}

/** Forgets that a screen was shown (tests: each starts as a fresh page). */
export function resetFirstScreen(): void {
  shown = false;
  waiting.clear();
}
