import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './format';
import { formatDayMonth, numberSeparators } from './language-format';

describe('separators by the player language', () => {
  it.each([
    ['en', '.'],
    ['ar', '.'],
    ['uk', ','],
    ['de', ','],
    ['de-XX', ','],
    ['DE', ','],
    ['uk_UA', ','],
    ['fr', ','],
    ['ru', ','],
    ['hi', '.'],
    ['', '.'],
    ['zz', '.'],
  ] as const)('%j writes its decimals after %j', (language, decimal) => {
    expect(numberSeparators(language)).toEqual({ decimalSeparator: decimal, groupSeparator: ' ' });
  });

  it.each([
    ['en', '1000', 'amount-code', '1 000.00 GBP'],
    ['ar', '1000', 'amount-code', '1 000.00 GBP'],
    ['de', '1000', 'amount-code', '1 000,00 GBP'],
    ['uk', '1234567.5', 'amount-code', '1 234 567,50 GBP'],
    ['de', '-5', 'symbol-amount', '-£5,00'],
    ['de', '5', 'code-amount', 'GBP 5,00'],
    ['uk', '12.3', 'amount-symbol', '12,30 £'],
  ] as const)(
    'in %j, %j in format %j reads %j (SPEC §3 formats, §9 grouping by a space)',
    (language, value, display, expected) => {
      expect(
        formatMoney(value, {
          currency: 'GBP',
          precision: 2,
          display,
          ...numberSeparators(language),
        }),
      ).toBe(expected);
    },
  );

  it('never writes anything but Latin digits, spaces and the separators (SPEC §9)', () => {
    for (const language of ['en', 'ar', 'uk', 'de']) {
      expect(formatAmount('9876543.21', { precision: 2, ...numberSeparators(language) })).toMatch(
        /^[0-9 ]+[.,][0-9]{2}$/,
      );
    }
  });
});

describe('day and month by the player language (SPEC §4 restriction time)', () => {
  it.each([
    ['en', '31/12'],
    ['ar', '31/12'],
    ['de', '31.12.'],
    ['de-XX', '31.12.'],
    ['uk', '31.12'],
    ['ru', '31.12'],
    ['', '31.12'],
  ])('%j writes 31 December as %j', (language, expected) => {
    expect(formatDayMonth(31, 12, language)).toBe(expected);
  });

  it('pads single digits', () => {
    expect(formatDayMonth(1, 2, 'en')).toBe('01/02');
    expect(formatDayMonth(1, 2)).toBe('01.02');
  });
});
