import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS } from './currency-symbols';
import {
  currencyDisplayFormat,
  currencySymbol,
  formatAmount,
  formatMoney,
  groupThousands,
} from './format';

describe('number grouping by space (SPEC §9)', () => {
  it.each([
    ['0', ' ', '0'],
    ['999', ' ', '999'],
    ['1000', ' ', '1 000'],
    ['1234567', ' ', '1 234 567'],
    ['123456789012', '\u00A0', '123\u00A0456\u00A0789\u00A0012'],
    ['12a', ' ', '12a'],
    ['', ' ', ''],
  ])('groups %j with %j as %j (SPEC §9)', (digits, separator, expected) => {
    expect(groupThousands(digits, separator)).toBe(expected);
  });
});

describe('Russian-locale amount format without symbol (SPEC §9)', () => {
  it.each([
    ['1234567.891', { precision: 2 }, '1 234 567.89'],
    ['1234567.895', { precision: 2 }, '1 234 567.90'],
    ['1234567.899', { precision: 2, rounding: 'down' }, '1 234 567.89'],
    ['1000', { precision: 2, decimalSeparator: ',' }, '1 000,00'],
    ['1000', { precision: 0 }, '1 000'],
    ['1000.5', {}, '1 000.5'],
    ['1000.500', {}, '1 000.5'],
    [12.3, { precision: 3 }, '12.300'],
    ['-1234.5', { precision: 2 }, '-1 234.50'],
    ['-0.001', { precision: 2 }, '0.00'],
    ['0.1', { precision: -1 }, '0.10'],
    ['9999999999999.999', { precision: 2 }, '10 000 000 000 000.00'],
    ['1234', { groupSeparator: '\u00A0', precision: 2, decimalSeparator: ',' }, '1\u00A0234,00'],
  ] as const)('formats %j with %j as %j (SPEC §9)', (value, options, expected) => {
    expect(formatAmount(value, options)).toBe(expected);
  });

  it.each([['abc'], [''], [null], [undefined], [Number.NaN]])(
    'gives an empty text for %j instead of throwing (SPEC §9)',
    (value) => {
      expect(formatAmount(value, { precision: 2 })).toBe('');
    },
  );

  it('never goes through a float: digits beyond double precision survive (SPEC §9)', () => {
    expect(formatAmount('123456789012.1234567891', { precision: 10 })).toBe(
      '123 456 789 012.1234567891',
    );
  });
});

describe('currency display formats (SPEC §3)', () => {
  it.each([
    ['amount-code', '1234.5', '1 234.50 EUR'],
    ['code-amount', '1234.5', 'EUR 1 234.50'],
    ['amount-symbol', '1234.5', '1 234.50 €'],
    ['symbol-amount', '1234.5', '€1 234.50'],
    ['amount-code', '-5', '-5.00 EUR'],
    ['code-amount', '-5', '-EUR 5.00'],
    ['amount-symbol', '-5', '-5.00 €'],
    ['symbol-amount', '-5', '-€5.00'],
    [undefined, '5', '5.00 EUR'],
  ] as const)('%s shows %s as %j (SPEC §3)', (display, value, expected) => {
    expect(formatMoney(value, { currency: 'eur', precision: 2, display })).toBe(expected);
  });

  it.each([
    ['RUB', 'amount-symbol', '1 000,00 ₽'],
    ['USD', 'symbol-amount', '$1 000,00'],
    ['XYZ', 'amount-symbol', '1 000,00 XYZ'],
    ['', 'amount-symbol', '1 000,00'],
  ] as const)('%s in %s reads %j (SPEC §3)', (currency, display, expected) => {
    expect(formatMoney('1000', { currency, display, precision: 2, decimalSeparator: ',' })).toBe(
      expected,
    );
  });

  it('gives an empty text for a value that is not a number (SPEC §3)', () => {
    expect(formatMoney('x', { currency: 'EUR' })).toBe('');
  });

  it('accepts a symbol table override (SPEC §3)', () => {
    expect(
      formatMoney('3', { currency: 'EUR', display: 'symbol-amount', symbols: { EUR: 'E' } }),
    ).toBe('E3');
  });

  it.each([
    [1, 'amount-code'],
    [2, 'code-amount'],
    [3, 'amount-symbol'],
    [4, 'symbol-amount'],
    [' 3 ', 'amount-symbol'],
    ['4', 'symbol-amount'],
    [5, 'amount-code'],
    [0, 'amount-code'],
    [1.5, 'amount-code'],
    ['x', 'amount-code'],
    [null, 'amount-code'],
    [undefined, 'amount-code'],
  ])('currency_display_setting_id %j selects %s (SPEC §3)', (id, expected) => {
    expect(currencyDisplayFormat(id)).toBe(expected);
  });

  it('uses the given fallback for an unknown id (SPEC §3)', () => {
    expect(currencyDisplayFormat(99, 'symbol-amount')).toBe('symbol-amount');
  });
});

describe('currency symbol table (SPEC §9)', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '£'],
    ['RUB', '₽'],
    ['UAH', '₴'],
    ['INR', '₹'],
    ['JPY', '¥'],
    ['KZT', '₸'],
    ['BRL', 'R$'],
    ['XOF', 'F\u202FCFA'],
    ['AED', 'AED'],
    ['usd', '$'],
    [' eur ', '€'],
    ['ZZZ', 'ZZZ'],
    ['toString', 'TOSTRING'],
    ['constructor', 'CONSTRUCTOR'],
  ])('%j reads as %j (SPEC §9)', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('covers about 170 ISO 4217 codes, each a three-letter key with a non-empty symbol (SPEC §9)', () => {
    const codes = Object.keys(CURRENCY_SYMBOLS);
    expect(codes.length).toBeGreaterThanOrEqual(150);
    expect(codes.length).toBeLessThanOrEqual(200);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(CURRENCY_SYMBOLS[code]?.length ?? 0).toBeGreaterThan(0);
    }
  });
});
