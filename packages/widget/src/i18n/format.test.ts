import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY_DISPLAY,
  DEFAULT_CURRENCY_DISPLAY_SETTING_ID,
  currencyDisplayFormat,
  formatAmount,
  formatMoney,
  groupThousands,
  isolate,
  isolateLtr,
  isolateParams,
  wireMoney,
  moneyFormat,
  languageSeparators,
  setNumberLanguage,
} from './format';

describe('number grouping and amounts (SPEC §9)', () => {
  it('groups thousands by a plain space', () => {
    expect(groupThousands('1234567')).toBe('1 234 567');
    expect(groupThousands('999')).toBe('999');
  });

  it('writes amounts in the Russian-locale style without symbol, exact to the last digit', () => {
    const format = moneyFormat(1);
    expect(format.amount('1234567.5', 2)).toBe('1 234 567.50');
    expect(format.amount('12345678901.123456789')).toBe('12 345 678 901.123456789');
    expect(format.amount('-1000', 0)).toBe('-1 000');
    expect(format.amount('not a number')).toBe('');
    expect(formatAmount('0.1', { precision: 3 })).toBe('0.100');
  });
});

describe('currency display formats by currency_display_setting_id (SPEC §3)', () => {
  it('maps the four settings to the four formats', () => {
    expect(moneyFormat(1).money('1234.5', 'EUR', 2)).toBe('1 234.50 EUR');
    expect(moneyFormat(2).money('1234.5', 'EUR', 2)).toBe('EUR 1 234.50');
    expect(moneyFormat(3).money('1234.5', 'EUR', 2)).toBe('1 234.50 €');
    expect(moneyFormat(4).money('1234.5', 'USD', 2)).toBe('$1 234.50');
    expect(moneyFormat(4).money('-5', 'USD', 2)).toBe('-$5.00');
    expect(moneyFormat('3').display).toBe('amount-symbol');
  });

  it('uses setting 1 (digits then ISO code) when the brand sent none or an unknown one', () => {
    expect(DEFAULT_CURRENCY_DISPLAY_SETTING_ID).toBe(1);
    expect(currencyDisplayFormat(DEFAULT_CURRENCY_DISPLAY_SETTING_ID)).toBe(
      DEFAULT_CURRENCY_DISPLAY,
    );
    for (const missing of [undefined, null, 0, 9, 'x', {}]) {
      expect(moneyFormat(missing).display).toBe('amount-code');
      expect(moneyFormat(missing).money('10', 'JPY', 0)).toBe('10 JPY');
    }
  });
});

describe('Arabic screens keep Latin digits for amounts (SPEC §1 RTL, §9)', () => {
  it('formats the same digits whatever the language, never Arabic-Indic ones', () => {
    const withCode = moneyFormat(1).money('9876543.21', 'KWD', 3);
    expect(withCode).toBe('9 876 543.210 KWD');
    const withSymbol = moneyFormat(3).money('9876543.21', 'EUR', 2);
    expect(withSymbol).toBe('9 876 543.21 €');
    expect(`${withCode} ${withSymbol}`).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  });

  it('SPEC §1: isolates a left-to-right amount for interpolation into right-to-left text', () => {
    document.documentElement.dir = 'rtl';
    try {
      expect(isolateLtr('-5.00 EUR')).toBe('\u2066-5.00 EUR\u2069');
      expect(isolate('5 000.00')).toBe('\u20685 000.00\u2069');
      expect(isolateParams({ amount: '10.00', currency: 'EUR' })).toEqual({
        amount: '\u206810.00\u2069',
        currency: '\u2068EUR\u2069',
      });
      expect(wireMoney('20.00', 'EUR')).toBe('\u206620.00 EUR\u2069');
      expect(isolateLtr('')).toBe('');
    } finally {
      document.documentElement.dir = '';
    }
  });

  it('SPEC §1: leaves texts as they are on a left-to-right page', () => {
    document.documentElement.dir = 'ltr';
    expect(isolateLtr('-5.00 EUR')).toBe('-5.00 EUR');
    expect(isolate('5 000.00')).toBe('5 000.00');
    expect(wireMoney('1234.50', 'EUR', 'symbol-amount')).toBe('€1 234.50');
    document.documentElement.dir = '';
  });
});

describe('no amount is formatted with Intl (SPEC §9)', () => {
  it('no widget source uses Intl.NumberFormat or toLocaleString', async () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
    });
    // The scan must see the widget (this file and format.ts at least), not an empty set.
    expect(Object.keys(sources)).toContain('./format.ts');
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const [path, load] of Object.entries(sources)) {
      const text = await load();
      if (/Intl\s*\.\s*NumberFormat|\.toLocaleString\s*\(/.test(text)) offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});

describe('amounts by the player language (decimal separator; SPEC §9 grouping by space)', () => {
  it.each([
    ['en', '1 000.00 GBP', '1 234 567.50'],
    ['ar', '1 000.00 GBP', '1 234 567.50'],
    ['uk', '1 000,00 GBP', '1 234 567,50'],
    ['de', '1 000,00 GBP', '1 234 567,50'],
  ])('in %j money reads %j and amounts %j', (language, money, amount) => {
    setNumberLanguage(language);
    try {
      const format = moneyFormat(1);
      expect(format.money('1000', 'GBP', 2)).toBe(money);
      expect(format.amount('1234567.5', 2)).toBe(amount);
      expect(formatMoney('1000', { currency: 'GBP', precision: 2 })).toBe(money);
      expect(wireMoney('1000.00', 'GBP')).toBe(money);
      expect(languageSeparators().groupSeparator).toBe(' ');
    } finally {
      setNumberLanguage('en');
    }
  });

  it('lets a caller name its own separator', () => {
    setNumberLanguage('de');
    try {
      expect(formatAmount('1000', { precision: 2, decimalSeparator: '.' })).toBe('1 000.00');
    } finally {
      setNumberLanguage('en');
    }
  });

  it("no widget source formats amounts with the domain's functions directly (they ignore the language)", async () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
    });
    const offenders: string[] = [];
    for (const [path, load] of Object.entries(sources)) {
      const text = await load();
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@cashdesk\/domain'/g)) {
        const names = (match[1] ?? '').split(',').map((name) => name.trim());
        if (names.includes('formatAmount') || names.includes('formatMoney')) offenders.push(path);
      }
    }
    // format.ts renames them (formatAmount as formatAmountIn) to wrap them.
    expect(offenders).toEqual([]);
  });
});
