import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { weightShares } from './weight-shares';

describe('routing weight shares', () => {
  it('splits by weight in percent, rounded half up to two decimals, without trailing zeros', () => {
    expect(weightShares([70, 30])).toEqual(['70', '30']);
    expect(weightShares([100, 0])).toEqual(['100', '0']);
    expect(weightShares([1, 1, 1])).toEqual(['33.33', '33.33', '33.33']);
    expect(weightShares([2, 1])).toEqual(['66.67', '33.33']);
    expect(weightShares([1, 7])).toEqual(['12.5', '87.5']);
  });

  it('splits nothing for weights a rule refuses', () => {
    expect(weightShares([0, 0])).toBeNull();
    expect(weightShares([])).toBeNull();
    expect(weightShares([101])).toBeNull();
    expect(weightShares([-1, 50])).toBeNull();
    expect(weightShares([1.5, 50])).toBeNull();
  });

  it('keeps every share within half a hundredth of the exact one, the order of the weights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 5 }),
        (weights) => {
          const shares = weightShares(weights);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          if (total === 0) return shares === null;
          return weights.every((weight, index) => {
            const exact = new Big(weight).times(100).div(total);
            return exact
              .minus(shares?.[index] ?? 'NaN')
              .abs()
              .lte('0.005');
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
