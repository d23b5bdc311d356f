import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, resolvePrecision, roundToPrecision } from './precision';
import { optionalDecimal, positiveDecimal } from './values';

describe('currency precision (SPEC §3, §9)', () => {
  it.each([
    [0, 0],
    [2, 2],
    [8, 8],
    [10, 10],
    [11, 2],
    [-1, 2],
    [1.5, 2],
    [Number.NaN, 2],
    [null, 2],
    [undefined, 2],
  ])('precision %j resolves to %i (SPEC §3, §9)', (precision, expected) => {
    expect(resolvePrecision(precision)).toBe(expected);
  });

  it('uses the given fallback (SPEC §3, §9)', () => {
    expect(resolvePrecision(undefined, 3)).toBe(3);
  });

  it.each([
    ['0', 0],
    ['100', 0],
    ['1.25', 2],
    ['0.05', 2],
    ['1.10', 1],
    ['123.0000001', 7],
  ])('%s has %i decimal places (SPEC §3, §9)', (value, expected) => {
    expect(decimalPlaces(new Big(value))).toBe(expected);
  });

  it.each([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.009', 2, 'down', '1.00'],
    ['1.001', 2, 'up', '1.01'],
    ['7', 3, undefined, '7.000'],
  ] as const)(
    'rounds %s to %i places %s as %s (SPEC §9 rounding helper)',
    (value, places, direction, expected) => {
      expect(roundToPrecision(new Big(value), places, direction)).toBe(expected);
    },
  );
});

describe('optional money values (SPEC §3, §5)', () => {
  it.each([
    ['5', false, '5'],
    [0, false, '0'],
    [0, true, null],
    ['0.00', true, null],
    ['', false, null],
    [null, false, null],
    ['x', false, null],
  ])('optionalDecimal(%j, zeroIsUnset=%s) is %j (SPEC §3, §5)', (value, zeroIsUnset, expected) => {
    expect(optionalDecimal(value, zeroIsUnset)?.toString() ?? null).toBe(expected);
  });

  it.each([
    ['5', '5'],
    ['0', null],
    ['-1', null],
    [undefined, null],
  ])('positiveDecimal(%j) is %j (SPEC §3, §5)', (value, expected) => {
    expect(positiveDecimal(value)?.toString() ?? null).toBe(expected);
  });
});
