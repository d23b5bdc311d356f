import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_FALLBACK_MS,
  afterFirstScreen,
  markFirstScreenShown,
  resetFirstScreen,
} from './first-screen';

beforeEach(() => {
  vi.useFakeTimers();
  resetFirstScreen();
});

/** The browser's idle callback, as a timer turn (fake timers drive it). */
const idle = (callback: () => void) => {
  setTimeout(callback, 0);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('code the first screen does not need waits for it', () => {
  it('goes once idle after a screen says it has shown, not before', async () => {
    const done = vi.fn();
    void afterFirstScreen(undefined, idle).then(done);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).not.toHaveBeenCalled();
    markFirstScreenShown();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('goes once idle when the screen has already shown', async () => {
    markFirstScreenShown();
    const done = vi.fn();
    void afterFirstScreen(undefined, idle).then(done);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('goes after the fallback when no screen says it has shown (a result or error page)', async () => {
    const done = vi.fn();
    void afterFirstScreen(undefined, idle).then(done);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(done).toHaveBeenCalledTimes(1);
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
