import { describe, expect, it } from 'vitest';
import type { TaxTier } from './tax';
import { computeTax } from './tax';

/** A zero tier up to 100, then 10 % up to 1000, then 20 % plus 5 above. */
const tiers: TaxTier[] = [
  { from: 0, to: 100, percent_value: 0, absolute_value: 0 },
  { from: 100, to: 1000, percent_value: 10, absolute_value: 0 },
  { from: 1000, to: null, percent_value: '20', absolute_value: '5' },
];

describe('tax by tiers (SPEC §3, §5)', () => {
  it.each([
    ['50', '100.00', '0.00', '50.00', false],
    ['100', '100.00', '0.00', '100.00', false],
    ['150', '100.00', '5.00', '145.00', true],
    ['1000', '100.00', '90.00', '910.00', true],
    ['1000.01', '100.00', '95.00', '905.01', true],
    ['1500', '100.00', '195.00', '1305.00', true],
    ['100.05', '100.00', '0.01', '100.04', true],
    ['100.04', '100.00', '0.00', '100.04', false],
    ['0', '100.00', '0.00', '0.00', false],
    ['150.125', '100.00', '5.01', '145.115', true],
  ])(
    'amount %s: non-taxable %s, tax %s, after tax %s, shown %s (SPEC §3, §5)',
    (amount, nonTaxableAmount, taxValue, amountAfterTax, shown) => {
      expect(computeTax(amount, tiers)).toEqual({
        nonTaxableAmount,
        taxValue,
        amountAfterTax,
        shown,
      });
    },
  );

  it('rounds each tier half up to 2 decimals before adding them (SPEC §3, §5)', () => {
    const thirds: TaxTier[] = [
      { from: 0, to: 10, percent_value: '0.05' },
      { from: 10, to: 20, percent_value: '0.05' },
    ];
    // Each tier: 10 × 0.05 % = 0.005 → 0.01; rounding the sum instead would also give 0.01.
    expect(computeTax('20', thirds)?.taxValue).toBe('0.02');
  });

  it('charges absolute_value once per tier the amount reaches (SPEC §3, §5)', () => {
    const fixed: TaxTier[] = [
      { from: 0, to: 100, absolute_value: 1 },
      { from: 100, to: 200, absolute_value: 2 },
      { from: 200, absolute_value: 4 },
    ];
    expect(computeTax('100', fixed)?.taxValue).toBe('1.00');
    expect(computeTax('150', fixed)?.taxValue).toBe('3.00');
    expect(computeTax('250', fixed)?.taxValue).toBe('7.00');
  });

  it('caps the tax at the amount (SPEC §3, §5)', () => {
    const steep: TaxTier[] = [{ from: 0, absolute_value: 5, percent_value: 150 }];
    expect(computeTax('1.005', steep)).toEqual({
      nonTaxableAmount: '0.00',
      taxValue: '1.00',
      amountAfterTax: '0.005',
      shown: true,
    });
  });

  it('reads no tiers as no tax (SPEC §3, §5)', () => {
    const expected = {
      nonTaxableAmount: '0.00',
      taxValue: '0.00',
      amountAfterTax: '10.00',
      shown: false,
    };
    expect(computeTax('10', [])).toEqual(expected);
    expect(computeTax('10', null)).toEqual(expected);
    expect(computeTax('10', undefined)).toEqual(expected);
  });

  it('skips invalid tiers and treats negative rates as zero (SPEC §3, §5)', () => {
    const odd: TaxTier[] = [
      { from: 50, to: 10, percent_value: 10 },
      { from: -5, to: 10, percent_value: 10 },
      { from: 0, to: 100, percent_value: -10, absolute_value: -3 },
      { from: 'x', to: 'y', percent_value: 'z' },
    ];
    // The negative tier counts as a zero tier up to 100; the garbage tier reads as an open zero tier.
    expect(computeTax('80', odd)).toEqual({
      nonTaxableAmount: '100.00',
      taxValue: '0.00',
      amountAfterTax: '80.00',
      shown: false,
    });
  });

  it('takes the largest bound of several zero tiers as the non-taxable amount (SPEC §3, §5)', () => {
    const zeros: TaxTier[] = [
      { from: 0, to: 50, percent_value: 0, absolute_value: 0 },
      { from: 50, to: 80, percent_value: '0', absolute_value: '0.00' },
      { from: 80, percent_value: 10 },
    ];
    expect(computeTax('90', zeros)?.nonTaxableAmount).toBe('80.00');
    expect(computeTax('90', zeros)?.taxValue).toBe('1.00');
  });

  it.each([['abc'], ['-1'], [null], [undefined]])(
    'gives no result for the amount %j (SPEC §3, §5)',
    (amount) => {
      expect(computeTax(amount, tiers)).toBeNull();
    },
  );
});
