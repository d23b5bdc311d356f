import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { AmountRules } from './validate-amount';
import {
  checkBalance,
  compileAmountPattern,
  validateAmount,
  validateWithdrawalBalance,
} from './validate-amount';

const deposit: AmountRules = { flowType: 'deposit', limits: { min: 10, max: '5000' } };
const withdrawal: AmountRules = {
  flowType: 'withdrawal',
  limits: { min: '10', max: '5000' },
  balance: '100',
  currency: 'EUR',
  precision: 2,
};

describe('amount validation: required and incorrect (SPEC §5, §8)', () => {
  it.each([[''], ['   '], [null], [undefined]])(
    'a missing amount %j sets a manual required error on the amount field (SPEC §5, §8)',
    (amount) => {
      expect(validateAmount(amount, deposit)).toEqual({
        valid: false,
        kind: 'required',
        field: 'amount',
        error: { key: 'PH.ERROR.FIELD_REQUIRED' },
      });
    },
  );

  it('a missing amount is valid when the field is not required (SPEC §5, §8)', () => {
    expect(validateAmount('', { ...deposit, required: false })).toEqual({ valid: true });
  });

  it.each([['0'], ['0.00'], ['abc'], ['-5'], ['1e3'], [Number.NaN]])(
    'zero or non-numeric %j gives PH.DEPOSIT.ERROR.INCORRECT_AMOUNT (SPEC §5, §8)',
    (amount) => {
      expect(validateAmount(amount, deposit)).toEqual({
        valid: false,
        kind: 'incorrect',
        field: 'amount',
        error: { key: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT' },
      });
    },
  );

  it.each([['100'], ['1 000'], [250], [new Big('10')], ['5000.00']])(
    'accepts %j within the limits (display text with grouping spaces too) (SPEC §5, §8)',
    (amount) => {
      expect(validateAmount(amount, deposit)).toEqual({ valid: true });
    },
  );
});

describe('amount validation: limits (SPEC §5)', () => {
  it.each([
    ['deposit', '9.99', 'under-minimum', 'PH.DEPOSIT.ERROR.MIN_AMOUNT', '10.00'],
    ['deposit', '5000.01', 'above-maximum', 'PH.DEPOSIT.ERROR.MAX_AMOUNT', '5 000.00'],
    ['withdrawal', '9.99', 'under-minimum', 'PH.WITHDRAWAL.ERROR.MIN_AMOUNT', '10.00'],
    ['withdrawal', '5000.01', 'above-maximum', 'PH.WITHDRAWAL.ERROR.MAX_AMOUNT', '5 000.00'],
  ] as const)(
    '%s amount %s fails %s with key %s and the formatted bound %s (SPEC §5)',
    (flowType, amount, kind, key, bound) => {
      const result = validateAmount(amount, {
        flowType,
        limits: { min: '10', max: '5000' },
        currency: 'EUR',
        precision: 2,
      });
      expect(result).toEqual({
        valid: false,
        kind,
        field: 'amount',
        error: { key, params: { amount: bound, currency: 'EUR' } },
      });
    },
  );

  it.each([
    ['10', true],
    ['5000', true],
  ])('bounds are inclusive: %s is valid (SPEC §5)', (amount, valid) => {
    expect(validateAmount(amount, deposit).valid).toBe(valid);
  });

  it.each([
    [{}, '0.01', true],
    [{ min: null, max: undefined }, '999999999', true],
    [{ min: '', max: '0' }, '999999999', true],
    [{ min: 'abc', max: 'xyz' }, '3', true],
    [{ max: '50' }, '50.01', false],
    [{ min: '50' }, '49', false],
  ])(
    'checks each bound only when it is set: limits %j, amount %s (SPEC §5)',
    (limits, amount, valid) => {
      expect(validateAmount(amount, { flowType: 'deposit', limits }).valid).toBe(valid);
    },
  );

  it('must also lie within the method limit amount (the tighter bounds apply) (SPEC §5)', () => {
    const rules: AmountRules = {
      flowType: 'deposit',
      limits: { min: '10', max: '5000' },
      methodLimits: { min: '20', max: '1000' },
    };
    expect(validateAmount('15', rules)).toEqual({
      valid: false,
      kind: 'under-minimum',
      field: 'amount',
      error: { key: 'PH.DEPOSIT.ERROR.MIN_AMOUNT', params: { amount: '20' } },
    });
    expect(validateAmount('1500', rules)).toEqual({
      valid: false,
      kind: 'above-maximum',
      field: 'amount',
      error: { key: 'PH.DEPOSIT.ERROR.MAX_AMOUNT', params: { amount: '1 000' } },
    });
    expect(validateAmount('1000', rules)).toEqual({ valid: true });
  });

  it('formats the bound with the requested separators (SPEC §5)', () => {
    const result = validateAmount('1', {
      flowType: 'deposit',
      limits: { min: '1500.5' },
      precision: 2,
      decimalSeparator: ',',
      groupSeparator: '\u00A0',
    });
    expect(result.valid ? null : result.error.params).toEqual({ amount: '1\u00A0500,50' });
  });
});

describe('amount validation: pattern amount_reg_exp_fe (SPEC §5)', () => {
  it.each([
    ['^\\d+(\\.\\d{1,2})?$', '10.55', true],
    ['^\\d+(\\.\\d{1,2})?$', '10.555', false],
    ['/^\\d+$/', '10', true],
    ['/^\\d+$/', '10.5', false],
    ['/^[0-9]+$/i', '12', true],
    ['([', '10.555', true],
    ['', '10.555', true],
    [null, '10.555', true],
  ])(
    'pattern %j on %s gives valid=%s (an invalid pattern is skipped) (SPEC §5)',
    (pattern, amount, valid) => {
      const result = validateAmount(amount, { flowType: 'deposit', pattern });
      expect(result).toEqual(
        valid
          ? { valid: true }
          : {
              valid: false,
              kind: 'pattern',
              field: 'amount',
              error: { key: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT' },
            },
      );
    },
  );

  it('tests the amount as text, without grouping spaces (SPEC §5)', () => {
    expect(validateAmount('1 000', { flowType: 'deposit', pattern: '^\\d{4}$' })).toEqual({
      valid: true,
    });
  });

  it.each([
    ['^a', '^a', ''],
    ['/x/g', 'x', 'g'],
  ])('compiles %j to source %j with flags %j (SPEC §5)', (pattern, source, flags) => {
    const compiled = compileAmountPattern(pattern);
    expect([compiled?.source, compiled?.flags]).toEqual([source, flags]);
  });

  it.each([['(('], ['/a/zz'], [undefined]])(
    'never throws on the invalid pattern %j (SPEC §5)',
    (pattern) => {
      expect(compileAmountPattern(pattern)).toBeNull();
    },
  );
});

describe('withdrawal balance rules (SPEC §5)', () => {
  const error = (amount?: string) => ({
    valid: false,
    kind: 'balance',
    field: 'amount',
    error:
      amount === undefined
        ? { key: 'CASHIER.PH2.ERROR_MESSAGE.1206' }
        : { key: 'CASHIER.PH2.ERROR_MESSAGE.1206', params: { amount, currency: 'EUR' } },
  });

  it.each([
    ['50', '100', { valid: true }],
    ['100', '100', { valid: true }],
    ['100.00', '100', { valid: true }],
    ['100.01', '100', error('100.00')],
    ['50', '0', error('0.00')],
    ['50', '-5', error('-5.00')],
    ['10', '9.99', error('9.99')],
    ['50', 'garbage', error()],
  ])('amount %s with balance %s (SPEC §5)', (amount, balance, expected) => {
    expect(validateAmount(amount, { ...withdrawal, balance })).toEqual(expected);
  });

  it('checks the balance before the limits: an amount above max and balance is a balance error (SPEC §5)', () => {
    expect(validateAmount('6000', withdrawal)).toEqual(error('100.00'));
  });

  it('reports the minimum when the balance covers the amount but the amount is too small (SPEC §5)', () => {
    expect(validateAmount('5', withdrawal)).toMatchObject({ kind: 'under-minimum' });
  });

  it('skips the balance check when no balance is given (SPEC §5)', () => {
    expect(validateAmount('4000', { ...withdrawal, balance: null })).toEqual({ valid: true });
    expect(validateAmount('4000', { ...withdrawal, balance: undefined })).toEqual({ valid: true });
  });

  it.each([
    ['150', '100', 'balance'],
    ['100', '100', null],
    ['50', '0', 'balance'],
    ['50', 'garbage', null],
    ['x', '100', 'incorrect'],
  ])(
    'deposit: only an amount above the balance fails (%s of %s) (SPEC §5)',
    (amount, balance, kind) => {
      const result = checkBalance(amount, balance, 'deposit');
      expect(result.valid ? null : result.kind).toBe(kind);
    },
  );

  it.each([
    ['100', '100', '10', true],
    ['100', '100', null, true],
    ['5', '8', '10', false],
    ['5', '8', '0', true],
  ])(
    'validateWithdrawalBalance(%s, %s, min %s) is valid=%s (SPEC §5)',
    (amount, balance, min, valid) => {
      expect(validateWithdrawalBalance(amount, balance, min).valid).toBe(valid);
    },
  );

  it('validateWithdrawalBalance names the balance in the message (SPEC §5)', () => {
    expect(validateWithdrawalBalance('200', '150', undefined, { precision: 2 })).toEqual({
      valid: false,
      kind: 'balance',
      field: 'amount',
      error: { key: 'CASHIER.PH2.ERROR_MESSAGE.1206', params: { amount: '150.00' } },
    });
  });
});
