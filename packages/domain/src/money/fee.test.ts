import { describe, expect, it } from 'vitest';
import { computeFee, feeDisplay, parseFeePercent } from './fee';

describe('fee percentage from text (SPEC §5)', () => {
  it.each([
    ['2%', '2'],
    ['2.5 %', '2.5'],
    ['  2.5%  ', '2.5'],
    ['2,5%', '2.5'],
    ['.5%', '0.5'],
    ['0%', '0'],
    ['2', '2'],
    [2.5, '2.5'],
    [0, '0'],
  ])('reads %j as %s (SPEC §5)', (text, expected) => {
    expect(parseFeePercent(text)?.toString()).toBe(expected);
  });

  it.each([
    ['abc'],
    ['%'],
    [''],
    ['-2%'],
    ['2%%'],
    ['2 % 3'],
    ['1e2%'],
    [-1],
    [Number.NaN],
    [null],
    [{}],
  ])('gives no fee for %j (SPEC §5)', (text) => {
    expect(parseFeePercent(text)).toBeNull();
  });
});

describe('fee computation (SPEC §3 merchant_user_fee, §5)', () => {
  it.each([
    ['100', '2%', 2, '2.00'],
    ['100', '2.5 %', 2, '2.50'],
    ['33.33', '1.5%', 2, '0.50'],
    ['33.33', '1.5%', 0, '0'],
    ['1000', '1%', 3, '10.000'],
    ['100', 'abc', 2, null],
    ['100', '0%', 2, '0.00'],
    ['abc', '2%', 2, null],
    ['-1', '2%', 2, null],
    ['100', null, 2, null],
    ['100', undefined, 2, null],
  ] as const)(
    'amount %s with fee %j at precision %s is %j (SPEC §3)',
    (amount, fee, precision, expected) => {
      expect(computeFee(amount, fee, { precision })).toBe(expected);
    },
  );

  it.each([
    [{ percentage: 2, fix: '0.5' }, '100', '2.50'],
    [{ percentage: '2%', fix: 0.3 }, '10.01', '0.50'],
    [{ percentage: '1.25', fix: '0' }, '99.99', '1.25'],
    [{ fix: '1.999' }, '10', '2.00'],
    [{ percentage: 'bad', fix: '1' }, '10', '1.00'],
    [{ percentage: 'bad', fix: '-1' }, '10', null],
    [{}, '10', null],
  ])(
    'merchant user fee %j on %s is %j (percentage plus fix) (SPEC §3)',
    (fee, amount, expected) => {
      expect(computeFee(amount, fee, { precision: 2 })).toBe(expected);
    },
  );

  it('SPEC §5: takes the fixed part at the currency precision, half up, before adding it (docs/fees.md)', () => {
    // 15.45 + 0.25 would round to 16; 0.25 of a yen is 0 yen, so the fee is 15.45 → 15.
    expect(computeFee('1030', { percentage: '1.5', fix: '0.25' }, { precision: 0 })).toBe('15');
    expect(computeFee('1030', { percentage: '1.5', fix: '0.5' }, { precision: 0 })).toBe('16');
    expect(computeFee('10', { fix: '0.125' }, { precision: 2 })).toBe('0.13');
  });

  it.each([
    ['half-up', '0.34'],
    ['down', '0.33'],
    ['up', '0.34'],
  ] as const)('rounds to the currency precision %s (SPEC §3)', (rounding, expected) => {
    expect(computeFee('33.5', '1%', { precision: 2, rounding })).toBe(expected);
  });

  it('falls back to the default precision for a bad one (SPEC §3)', () => {
    expect(computeFee('100', '2%', { precision: -3 })).toBe('2.00');
    expect(computeFee('100', '2%')).toBe('2.00');
  });
});

describe('fee display (SPEC §9: percentage message plus optional fixed part)', () => {
  it('shows a percentage alone (SPEC §9)', () => {
    expect(feeDisplay('2.50%')).toEqual({
      message: { key: 'PH.FEE.PERCENT', params: { percent: '2.5' } },
      text: '2.5%',
      percent: '2.5',
      fixed: null,
    });
  });

  it('adds the fixed part with its currency (SPEC §9)', () => {
    expect(
      feeDisplay(
        { percentage: 2.5, fix: '0.5' },
        { currency: 'EUR', precision: 2, decimalSeparator: ',' },
      ),
    ).toEqual({
      message: {
        key: 'PH.FEE.PERCENT_WITH_FIXED',
        params: { percent: '2,5', fixed: '0,50 EUR' },
      },
      text: '2,5% + 0,50 EUR',
      percent: '2,5',
      fixed: '0,50 EUR',
    });
  });

  it('shows a fixed part alone in the chosen currency format (SPEC §9)', () => {
    expect(
      feeDisplay({ percentage: '0%', fix: 1000 }, { currency: 'USD', display: 'symbol-amount' }),
    ).toEqual({
      message: { key: 'PH.FEE.FIXED', params: { fixed: '$1 000.00' } },
      text: '$1 000.00',
      percent: null,
      fixed: '$1 000.00',
    });
  });

  it('shows a fixed part without currency when none is given (SPEC §9)', () => {
    expect(feeDisplay({ fix: '3' }, { precision: 0 })?.text).toBe('3');
  });

  it.each([[null], [undefined], ['abc'], ['0%'], [{ percentage: 0, fix: 0 }], [{}]])(
    'shows no fee line for %j (SPEC §9)',
    (fee) => {
      expect(feeDisplay(fee)).toBeNull();
    },
  );
});
