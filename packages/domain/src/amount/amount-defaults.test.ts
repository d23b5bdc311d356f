import { describe, expect, it } from 'vitest';
import {
  clampWithdrawalAmount,
  defaultAmount,
  minLimitHint,
  resolveAmountBlocks,
} from './amount-defaults';
import { combineLimits, isWithinLimits, parseLimits } from './amount-limits';
import { AMOUNT_MESSAGE_KEYS } from './amount-messages';
import Big from 'big.js';

describe('withdrawal clamping (SPEC §5)', () => {
  it.each([
    ['6000', { min: '10', max: '5000' }, '5000'],
    ['5000.01', { min: '10', max: '5000.00' }, '5000'],
    ['5000', { min: '10', max: '5000' }, '5000'],
    ['300', { min: '10', max: '5000' }, '300'],
    ['10', { min: '10', max: '5' }, '10'],
    ['5', { min: '10', max: '3' }, '5'],
    ['6000', { max: '5000' }, '5000'],
    ['6 000', { max: '5000' }, '5000'],
    ['6000', { min: '10' }, '6000'],
    ['6000', null, '6000'],
    ['abc', { max: '5' }, 'abc'],
  ])('clamps %j under limits %j to %j (SPEC §5)', (amount, limits, expected) => {
    expect(clampWithdrawalAmount(amount, limits)).toBe(expected);
  });
});

describe('default amount (SPEC §5, §9)', () => {
  const limits = { min: '10', max: '1000' };
  it.each([
    [{ presetAmount: '50.00', preselectedBlock: 100, limits }, '50', 'preset'],
    [{ presetAmount: '5000', preselectedBlock: 100, limits }, '100', 'block'],
    [{ presetAmount: 'x', preselectedBlock: '250.5', limits }, '250.5', 'block'],
    [
      { presetAmount: '50', allowPresetAmount: false, preselectedBlock: 100, limits },
      '100',
      'block',
    ],
    [{ presetAmount: '50', allowPresetAmount: true, limits }, '50', 'preset'],
    [{ presetAmount: '0', preselectedBlock: '2000', limits }, '10', 'minimum'],
    [{ presetAmount: null, limits: { min: '25.50' } }, '25.5', 'minimum'],
    [{}, '1', 'fallback'],
    [{ limits: { min: '0', max: '100' } }, '1', 'fallback'],
    [{ fallback: '5' }, '5', 'fallback'],
    [{ presetAmount: 7 }, '7', 'preset'],
  ] as const)('chooses from %j: %s (%s) (SPEC §5, §9)', (input, amount, source) => {
    expect(defaultAmount(input)).toEqual({ amount, source });
  });
});

describe('amount blocks from an experiment (SPEC §5)', () => {
  const defaults = ['10', '50', '100'];
  it.each([
    [['20', '200', '500'], { min: '10', max: '500' }, ['20', '200', '500']],
    [['10', '500'], { min: '10', max: '500' }, ['10', '500']],
    [['5', '200'], { min: '10', max: '500' }, defaults],
    [['20', '501'], { min: '10', max: '500' }, defaults],
    [['20', 'abc'], { min: '10', max: '500' }, defaults],
    [['0', '20'], {}, defaults],
    [['99999'], null, ['99999']],
    [[], { min: '10' }, defaults],
    [null, { min: '10' }, defaults],
    [undefined, { min: '10' }, defaults],
  ])('experiment %j within %j gives %j (SPEC §5)', (experiment, limits, expected) => {
    expect(resolveAmountBlocks(experiment, defaults, limits)).toEqual(expected);
  });

  it('keeps numeric blocks as they came (SPEC §5)', () => {
    expect(resolveAmountBlocks([20, 30], [10], { max: 100 })).toEqual([20, 30]);
  });
});

describe('minimum-limit hint (SPEC §5, §8)', () => {
  it.each([
    [
      true,
      '10',
      2,
      { key: 'PH.MIN_LIMIT_INFO_TEXT', params: { amount: '10.00', currency: 'EUR' } },
    ],
    [
      true,
      1500,
      undefined,
      { key: 'PH.MIN_LIMIT_INFO_TEXT', params: { amount: '1 500', currency: 'EUR' } },
    ],
    [true, '0', 2, null],
    [true, '-1', 2, null],
    [true, null, 2, null],
    [false, '10', 2, null],
    [undefined, '10', 2, null],
    [null, '10', 2, null],
  ])(
    'displayLimits %j, min %j, precision %j gives %j (SPEC §5, §8)',
    (displayLimits, min, precision, expected) => {
      expect(minLimitHint({ displayLimits, min, currency: 'EUR', precision })).toEqual(expected);
    },
  );

  it('uses the requested separators (SPEC §5, §8)', () => {
    expect(
      minLimitHint({
        displayLimits: true,
        min: '1234.5',
        currency: 'RUB',
        precision: 2,
        decimalSeparator: ',',
      }),
    ).toEqual({ key: 'PH.MIN_LIMIT_INFO_TEXT', params: { amount: '1 234,50', currency: 'RUB' } });
  });
});

describe('amount limits (SPEC §3, §5)', () => {
  it('reads zero, empty and garbage bounds as not set (SPEC §3, §5)', () => {
    expect(parseLimits({ min: 0, max: '' })).toEqual({ min: null, max: null });
    expect(parseLimits(null)).toEqual({ min: null, max: null });
    expect(parseLimits({ min: 'x', max: '5' }).max?.toString()).toBe('5');
  });

  it('combines limit sets into the tighter bounds (SPEC §3, §5)', () => {
    const combined = combineLimits({ min: '10', max: '500' }, { min: '5', max: '300' }, null);
    expect([combined.min?.toString(), combined.max?.toString()]).toEqual(['10', '300']);
    const reversed = combineLimits({ min: '5', max: '300' }, { min: '10', max: '500' });
    expect([reversed.min?.toString(), reversed.max?.toString()]).toEqual(['10', '300']);
  });

  it.each([
    ['10', true],
    ['300', true],
    ['9.99', false],
    ['300.01', false],
  ])('%s lies within 10..300: %s (SPEC §3, §5)', (value, expected) => {
    expect(isWithinLimits(new Big(value), parseLimits({ min: '10', max: '300' }))).toBe(expected);
  });
});

describe('amount message keys (SPEC §5, §8)', () => {
  it('names one key per flow and error type (SPEC §5, §8)', () => {
    expect(AMOUNT_MESSAGE_KEYS).toEqual({
      deposit: {
        required: 'PH.ERROR.FIELD_REQUIRED',
        incorrect: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT',
        underMinimum: 'PH.DEPOSIT.ERROR.MIN_AMOUNT',
        aboveMaximum: 'PH.DEPOSIT.ERROR.MAX_AMOUNT',
        balance: 'CASHIER.PH2.ERROR_MESSAGE.1206',
      },
      withdrawal: {
        required: 'PH.ERROR.FIELD_REQUIRED',
        incorrect: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT',
        underMinimum: 'PH.WITHDRAWAL.ERROR.MIN_AMOUNT',
        aboveMaximum: 'PH.WITHDRAWAL.ERROR.MAX_AMOUNT',
        balance: 'CASHIER.PH2.ERROR_MESSAGE.1206',
      },
    });
  });
});
