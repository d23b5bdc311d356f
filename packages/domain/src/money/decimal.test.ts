import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, parseDecimal, roundDecimal } from './decimal';

describe('parseDecimal (ARCHITECTURE money rule, SPEC §5)', () => {
  it.each([
    ['10', '10'],
    [' 10.50 ', '10.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-3.25', '-3.25'],
    ['+5', '5'],
    ['+.5', '0.5'],
    [12.34, '12.34'],
    [0, '0'],
  ])('parses %j as %s', (input, expected) => {
    expect(parseDecimal(input)?.toString()).toBe(expected);
  });

  it.each([
    ['abc'],
    ['+'],
    ['+-1'],
    ['.'],
    [''],
    ['1e5'],
    ['1,5'],
    ['1 000'],
    [Number.NaN],
    [Infinity],
    [1e21],
    [null],
    [undefined],
    [{}],
  ])('rejects %j with null instead of throwing', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it('never throws on any text (property, ARCHITECTURE: rules are total)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseDecimal(text);
        expect(parsed === null || typeof parsed.toFixed() === 'string').toBe(true);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[+-]?\d{0,4}\.?\d{0,4}$/), (text) => {
        expect(() => parseDecimal(text)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });

  it('keeps an already parsed Big as it is', () => {
    const value = parseDecimal('1.25');
    expect(parseDecimal(value)).toBe(value);
  });

  it('never loses digits that a float would (0.1 + 0.2)', () => {
    const sum = parseDecimal('0.1')?.plus(parseDecimal('0.2') ?? 0);
    expect(sum?.toString()).toBe('0.3');
  });
});

describe('roundDecimal (SPEC §9 rounding helper)', () => {
  it.each([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.001', 2, 'up', '1.01'],
    ['1.009', 2, 'down', '1.00'],
    ['-1.005', 2, 'half-up', '-1.01'],
    ['7', 0, 'half-up', '7'],
  ] as const)('rounds %s to %i places %s as %s', (value, places, direction, expected) => {
    expect(roundDecimal(value, places, direction)).toBe(expected);
  });

  it('returns the original value on a big-number error (SPEC §8)', () => {
    expect(roundDecimal('not a number', 2)).toBe('not a number');
    expect(roundDecimal('1.5', -1)).toBe('1.5');
    expect(roundDecimal('1.5', 1.5)).toBe('1.5');
  });

  it('gives at most the requested places for any decimal (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.nat({ max: 8 }),
        fc.nat({ max: 6 }),
        (units, scale, places) => {
          const text = (units / 10 ** scale).toFixed(scale);
          const rounded = roundDecimal(text, places, 'down');
          expect(rounded.split('.')[1]?.length ?? 0).toBe(places);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('compareDecimal', () => {
  it('compares decimals exactly and answers null for garbage', () => {
    expect(compareDecimal('10.00', '10')).toBe(0);
    expect(compareDecimal('10.01', '10')).toBe(1);
    expect(compareDecimal('x', '10')).toBeNull();
  });
});
