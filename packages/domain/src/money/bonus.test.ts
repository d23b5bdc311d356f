import { describe, expect, it } from 'vitest';
import type { BonusInfo } from './bonus';
import { computeBonus } from './bonus';

describe('deposit bonus (SPEC §3 bonus info, §5)', () => {
  const percent: BonusInfo = {
    percentBonusValue: 50,
    maxBonusValue: '100',
    minDepositAmount: '20',
  };

  it.each([
    ['19.99', null],
    ['20', { value: '10.00', kind: 'percent', capped: false }],
    ['150', { value: '75.00', kind: 'percent', capped: false }],
    ['200', { value: '100.00', kind: 'percent', capped: false }],
    ['500', { value: '100.00', kind: 'percent', capped: true }],
    ['33.33', { value: '16.66', kind: 'percent', capped: false }],
    ['0', null],
    ['-50', null],
    ['abc', null],
  ])('percentage bonus on %s is %j (SPEC §3)', (amount, expected) => {
    expect(computeBonus(amount, percent, { precision: 2 })).toEqual(expected);
  });

  it.each([
    [{ absoluteBonusValue: '25', percentBonusValue: 50 }, '1000', '25.00', 'absolute'],
    [{ absoluteBonusValue: 0, percentBonusValue: 10 }, '1000', '100.00', 'percent'],
    [{ absoluteBonusValue: '12.345', maxBonusValue: '5' }, '1000', '12.34', 'absolute'],
  ])('absolute wins over percentage: %j on %s gives %s (SPEC §3)', (info, amount, value, kind) => {
    expect(computeBonus(amount, info, { precision: 2 })).toEqual({ value, kind, capped: false });
  });

  it('takes the percentage of at most maxDepositAmount (SPEC §3)', () => {
    const info: BonusInfo = { percentBonusValue: 10, maxDepositAmount: '500' };
    expect(computeBonus('400', info, { precision: 2 })?.value).toBe('40.00');
    expect(computeBonus('2000', info, { precision: 2 })?.value).toBe('50.00');
  });

  it.each([
    [
      { percentBonusValue: 10, minDepositAmount: 0, maxDepositAmount: 0, maxBonusValue: 0 },
      '5000',
      '500.00',
    ],
    [{ percentBonusValue: 10, minDepositAmount: null, maxBonusValue: 'x' }, '1', '0.10'],
  ])(
    'reads zero or missing settings %j as not set (%s gives %s) (SPEC §3)',
    (info, amount, value) => {
      expect(computeBonus(amount, info, { precision: 2 })?.value).toBe(value);
    },
  );

  it('rounds down to the currency precision (SPEC §3)', () => {
    expect(computeBonus('99', { percentBonusValue: '3.3333' }, { precision: 0 })?.value).toBe('3');
    expect(computeBonus('99', { percentBonusValue: '3.3333' })?.value).toBe('3.29');
  });

  it.each([
    [null],
    [undefined],
    [{}],
    [{ percentBonusValue: 0 }],
    [{ percentBonusValue: 'x', absoluteBonusValue: -5 }],
    [{ percentBonusValue: '0.0001' }],
    [{ absoluteBonusValue: '0.001' }],
  ])('gives no bonus for %j (SPEC §3)', (info) => {
    expect(computeBonus('10', info, { precision: 2 })).toBeNull();
  });
});
