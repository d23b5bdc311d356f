import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { narrowLimitsForPlayer } from './player-limits';

describe('narrowLimitsForPlayer', () => {
  it.each([
    // method, player, expected
    [{ min: '10', max: '1000' }, null, { min: '10', max: '1000' }],
    [
      { min: '10', max: '1000' },
      { min: null, max: null },
      { min: '10', max: '1000' },
    ],
    [
      { min: '10', max: '1000' },
      { min: '20', max: '500' },
      { min: '20', max: '500' },
    ],
    [
      { min: '10', max: '1000' },
      { min: '5', max: '5000' },
      { min: '10', max: '1000' },
    ],
    [
      { min: '10', max: '1000' },
      { min: null, max: '250.5' },
      { min: '10', max: '250.5' },
    ],
    [
      { min: null, max: null },
      { min: '1', max: '2' },
      { min: '1', max: '2' },
    ],
    [
      { min: '10.0000000000', max: null },
      { min: '0', max: '0' },
      { min: '10.0000000000', max: null },
    ],
    [
      { min: '10', max: '100' },
      { min: '200', max: '300' },
      { min: '200', max: '100' },
    ],
  ])('narrows %j by the player %j to %j', (method, player, expected) => {
    expect(narrowLimitsForPlayer(method, player)).toEqual(expected);
  });

  it('is never looser than either set of limits', () => {
    const bound = fc.option(
      fc.integer({ min: 1, max: 1_000_000 }).map((cents) => new Big(cents).div(100).toFixed()),
    );
    fc.assert(
      fc.property(bound, bound, bound, bound, (gMin, gMax, pMin, pMax) => {
        const result = narrowLimitsForPlayer({ min: gMin, max: gMax }, { min: pMin, max: pMax });
        for (const min of [gMin, pMin]) {
          if (min !== null) expect(new Big(result.min ?? '0').gte(min)).toBe(true);
        }
        for (const max of [gMax, pMax]) {
          if (max !== null) expect(result.max !== null && new Big(result.max).lte(max)).toBe(true);
        }
        expect(result.min === null).toBe(gMin === null && pMin === null);
        expect(result.max === null).toBe(gMax === null && pMax === null);
      }),
      { numRuns: 300 },
    );
  });
});
