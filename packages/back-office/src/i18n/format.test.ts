import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';

/** The text with Intl's no-break spaces as plain spaces, to compare with. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('shows every digit of a decimal string, never a float rounding of it', () => {
    // 0.1 + 0.2 style: a float would print 12345678901234.57 for this one.
    expect(formatAmount('en', '12345678901234.5678', 'EUR')).toBe('€12,345,678,901,234.5678');
    expect(formatAmount('en', '0.30000000000000004', 'EUR')).toBe('€0.30000000000000004');
  });

  it("pads to the currency's usual decimals without rounding", () => {
    expect(formatAmount('en', '120.5', 'EUR')).toBe('€120.50');
    expect(formatAmount('en', '25', 'EUR')).toBe('€25.00');
    expect(formatAmount('en', '1500', 'JPY')).toBe('¥1,500');
    expect(plain(formatAmount('en', '1.234', 'KWD'))).toBe('KWD 1.234');
  });

  it('keeps the sign of a balance below zero, and formats per locale', () => {
    expect(formatAmount('en', '-10.5', 'EUR')).toBe('-€10.50');
    expect(plain(formatAmount('de', '1234.5', 'EUR'))).toBe('1.234,50 €');
  });

  it('shows what is not a decimal as it came, with its currency', () => {
    expect(formatAmount('en', 'n/a', 'EUR')).toBe('n/a EUR');
  });
});
