import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

/** The largest random numbers in [0, 1) give the ceiling itself. */
const ALMOST_ONE = 1 - 1e-10;
const policy = { retryBaseMs: 10_000, retryMaxMs: 3_600_000 };

describe('retryDelayMs (exponential back-off with equal jitter)', () => {
  it('doubles its ceiling after each failure, up to the cap', () => {
    expect([1, 2, 3, 4].map((failed) => retryDelayMs(failed, policy, ALMOST_ONE))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect([1, 2, 3, 4].map((failed) => retryDelayMs(failed, policy, 0))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(retryDelayMs(20, policy, ALMOST_ONE)).toBe(3_600_000);
    expect(retryDelayMs(1_000, policy, 0)).toBe(1_800_000);
  });

  it('stays between half its ceiling and the ceiling, never above the cap, for any attempt and random number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 100, max: 86_400_000 }),
        fc.integer({ min: 0, max: 600_000_000 }),
        (failed, random, base, extra) => {
          const bounds = { retryBaseMs: base, retryMaxMs: base + extra };
          const ceiling = Math.min(bounds.retryMaxMs, base * 2 ** Math.min(failed - 1, 30));
          const delay = retryDelayMs(failed, bounds, random);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeLessThanOrEqual(bounds.retryMaxMs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
