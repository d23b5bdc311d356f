import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOBILE_MAX_WIDTH_PX } from '../constants';
import { isMobileWidth, splitIntoColumns } from './columns';

describe('mobile threshold (SPEC §9)', () => {
  it.each([
    [320, true],
    [MOBILE_MAX_WIDTH_PX, true],
    [1023, true],
    [1024, false],
    [1920, false],
    [Number.NaN, true],
    [Number.POSITIVE_INFINITY, true],
  ])('width %d is mobile: %s', (width, expected) => {
    expect(isMobileWidth(width)).toBe(expected);
  });
});

describe('two alternating columns (SPEC §2)', () => {
  it.each([
    [[], [], []],
    [['a'], ['a'], []],
    [['a', 'b'], ['a'], ['b']],
    [
      ['a', 'b', 'c', 'd', 'e'],
      ['a', 'c', 'e'],
      ['b', 'd'],
    ],
  ])('splits %j into %j and %j', (items, left, right) => {
    expect(splitIntoColumns(items)).toEqual([left, right]);
  });

  it('interleaving the columns gives back the list (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (items) => {
        const [left, right] = splitIntoColumns(items);
        const merged: number[] = [];
        left.forEach((item, index) => {
          merged.push(item);
          const partner = right[index];
          if (partner !== undefined) merged.push(partner);
        });
        expect(merged).toEqual(items);
        expect(left.length - right.length).toBeGreaterThanOrEqual(0);
        expect(left.length - right.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });
});
