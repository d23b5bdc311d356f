import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldMonitorFingerprintLoad } from './fingerprint-monitoring';

describe('fingerprint load monitoring (SPEC §9 chance 0.001)', () => {
  it.each([
    [0, true],
    [0.0009999, true],
    [0.001, false],
    [0.5, false],
    [0.999999, false],
    [-0.1, false],
    [Number.NaN, false],
  ])('SPEC §9: a draw of %d monitors the load: %s', (draw, expected) => {
    expect(shouldMonitorFingerprintLoad(() => draw)).toBe(expected);
  });

  it('SPEC §9: monitors exactly the draws below 0.001, one in a thousand of a uniform source', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        expect(shouldMonitorFingerprintLoad(() => draw)).toBe(draw < 0.001);
      }),
      { numRuns: 500 },
    );
  });
});
