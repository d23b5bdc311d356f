import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSchedule } from './schedule';

afterEach(() => {
  vi.useRealTimers();
});

describe('the widget waits through one schedule (SPEC §9 timer cap)', () => {
  it('SPEC §9: a wait longer than a timer holds is capped, not run at once', () => {
    vi.useFakeTimers();
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const done = vi.fn();
    browserSchedule(done, 30 * 24 * 60 * 60 * 1000);
    expect(setTimer).toHaveBeenLastCalledWith(expect.any(Function), 2_147_483_647);
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
  });

  it('runs a short wait once and cancels one that is not due', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    browserSchedule(first, 1000);
    const cancel = browserSchedule(second, 2000);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});
