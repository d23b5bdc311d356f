import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBonus } from './bonus';
import { roundDecimal } from './decimal';
import { computeFee } from './fee';
import { formatAmount } from './format';
import { decimalPlaces } from './precision';
import { computeTax } from './tax';

/** A non-negative decimal text built from integer units and a scale, never from a float. */
function decimal(maxUnits: bigint, maxScale: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.bigInt({ min: 0n, max: maxUnits }), fc.nat({ max: maxScale }))
    .map(([units, scale]) => {
      const digits = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    });
}

const amount = decimal(10n ** 14n, 6);
const rate = decimal(100_000n, 3);
const precision = fc.nat({ max: 8 });

const tier = fc.record({
  from: decimal(10n ** 8n, 2),
  to: fc.option(decimal(10n ** 9n, 2), { nil: null }),
  percent_value: fc.oneof(rate, fc.constant('0')),
  absolute_value: fc.oneof(decimal(10_000n, 2), fc.constant('0')),
});

/** Decimals written after the point of a decimal text. */
function places(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

describe('money properties (SPEC §5, §9)', () => {
  it('tax is never negative, never above the amount, and has 2 decimals (SPEC §5)', () => {
    fc.assert(
      fc.property(amount, fc.array(tier, { maxLength: 5 }), (value, tiers) => {
        const result = computeTax(value, tiers);
        expect(result).not.toBeNull();
        if (result === null) return;
        const tax = new Big(result.taxValue);
        expect(tax.gte(0)).toBe(true);
        expect(tax.lte(new Big(value))).toBe(true);
        expect(places(result.taxValue)).toBe(2);
        expect(new Big(result.amountAfterTax).plus(tax).eq(new Big(value))).toBe(true);
        expect(result.shown).toBe(new Big(value).gt(result.nonTaxableAmount) && tax.gt(0));
      }),
      { numRuns: 100 },
    );
  });

  it('a fee has exactly the currency precision and is percentage plus fix, the fix at the precision (SPEC §5)', () => {
    fc.assert(
      fc.property(amount, rate, decimal(100_000n, 4), precision, (value, percent, fix, digits) => {
        const fee = computeFee(value, { percentage: `${percent}%`, fix }, { precision: digits });
        expect(fee).not.toBeNull();
        if (fee === null) return;
        expect(places(fee)).toBe(digits);
        // docs/fees.md: the fixed part counts at the currency precision (half up).
        const fixAtPrecision = new Big(fix).round(digits, Big.roundHalfUp);
        const exact = new Big(value).times(percent).div(100).plus(fixAtPrecision);
        // Rounding to `digits` moves the fee by at most half a unit of the last place.
        expect(new Big(fee).minus(exact).abs().lte(new Big(10).pow(-digits).div(2))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('a bonus has at most the currency precision and a percentage bonus never exceeds maxBonusValue (SPEC §5)', () => {
    const info = fc.record({
      percentBonusValue: rate,
      maxBonusValue: fc.option(decimal(10n ** 6n, 4), { nil: undefined }),
      minDepositAmount: fc.option(decimal(10_000n, 2), { nil: undefined }),
      maxDepositAmount: fc.option(decimal(10n ** 8n, 2), { nil: undefined }),
    });
    fc.assert(
      fc.property(amount, info, precision, (value, bonusInfo, digits) => {
        const result = computeBonus(value, bonusInfo, { precision: digits });
        if (result === null) return;
        expect(result.kind).toBe('percent');
        expect(places(result.value)).toBe(digits);
        expect(new Big(result.value).gt(0)).toBe(true);
        const cap = bonusInfo.maxBonusValue;
        if (cap !== undefined && new Big(cap).gt(0)) {
          expect(new Big(result.value).lte(new Big(cap))).toBe(true);
        }
        const minDeposit = bonusInfo.minDepositAmount;
        if (minDeposit !== undefined) {
          expect(new Big(value).gte(new Big(minDeposit))).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('formatting only groups and rounds: without spaces it is the rounded decimal (SPEC §9)', () => {
    fc.assert(
      fc.property(amount, precision, (value, digits) => {
        const shown = formatAmount(value, { precision: digits });
        expect(shown.replaceAll(' ', '')).toBe(roundDecimal(value, digits));
        expect(decimalPlaces(new Big(shown.replaceAll(' ', '')))).toBeLessThanOrEqual(digits);
      }),
      { numRuns: 100 },
    );
  });
});
