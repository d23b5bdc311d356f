import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_HEIGHT, frameHeight, frameHeightLimits } from './frame-height';

describe('the automatic frame height', () => {
  it('defaults to a 440 px minimum and no maximum', () => {
    expect(frameHeightLimits()).toEqual({ minHeight: DEFAULT_MIN_HEIGHT, maxHeight: null });
    expect(DEFAULT_MIN_HEIGHT).toBe(440);
  });

  it.each([
    [900, { minHeight: 440, maxHeight: null }, 900],
    [300, { minHeight: 440, maxHeight: null }, 440],
    [900, { minHeight: 440, maxHeight: 700 }, 700],
    [500, { minHeight: 0, maxHeight: 700 }, 500],
    [700, { minHeight: 700, maxHeight: 700 }, 700],
  ])('content %d within %j gives %d', (reported, limits, expected) => {
    expect(frameHeight(reported, limits)).toBe(expected);
  });

  it.each([
    [-1, undefined],
    [Number.NaN, undefined],
    [undefined, Number.POSITIVE_INFINITY],
    [500, 400],
  ])('refuses minHeight %d with maxHeight %d', (minHeight, maxHeight) => {
    expect(() => frameHeightLimits(minHeight, maxHeight)).toThrow(TypeError);
  });

  it('always lies within the bounds, and follows the content between them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
        (reported, min, extra) => {
          const limits = frameHeightLimits(min, extra === undefined ? undefined : min + extra);
          const height = frameHeight(reported, limits);
          expect(height).toBeGreaterThanOrEqual(limits.minHeight);
          if (limits.maxHeight !== null) expect(height).toBeLessThanOrEqual(limits.maxHeight);
          const inside =
            reported >= limits.minHeight &&
            (limits.maxHeight === null || reported <= limits.maxHeight);
          if (inside) expect(height).toBe(reported);
        },
      ),
      { numRuns: 300 },
    );
  });
});
