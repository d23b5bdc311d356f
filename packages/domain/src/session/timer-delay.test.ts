import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIMER_CAP_MS } from '../constants';
import { timerDelay } from './timer-delay';

describe('timer delays (SPEC §9 timer cap 2147483647 ms)', () => {
  it.each([
    [0, 0],
    [1500, 1500],
    [TIMER_CAP_MS, TIMER_CAP_MS],
    [TIMER_CAP_MS + 1, TIMER_CAP_MS],
    [30 * 24 * 60 * 60 * 1000, TIMER_CAP_MS],
    [Number.POSITIVE_INFINITY, TIMER_CAP_MS],
    [-5, 0],
    [Number.NaN, 0],
    [0.2, 1],
  ])('SPEC §9: a delay of %d ms is set as %d', (ms, expected) => {
    expect(timerDelay(ms)).toBe(expected);
  });

  it('SPEC §9: any delay becomes a whole number of milliseconds from 0 to the cap', () => {
    fc.assert(
      fc.property(fc.double(), (ms) => {
        const delay = timerDelay(ms);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(TIMER_CAP_MS);
      }),
      { numRuns: 200 },
    );
  });
});
