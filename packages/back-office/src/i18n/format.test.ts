import { describe, expect, it } from 'vitest';
import { formatAmount, formatFileSize } from './format';

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

describe('formatFileSize', () => {
  it('shows bytes, then decimal kilobytes and megabytes with at most one decimal', () => {
    expect(formatFileSize('en', 1)).toBe('1 byte');
    expect(formatFileSize('en', 812)).toBe('812 bytes');
    expect(formatFileSize('en', 40_000)).toBe('40 kB');
    expect(formatFileSize('en', 40_960)).toBe('41 kB');
    expect(formatFileSize('en', 1_250)).toBe('1.3 kB');
    // The upload limit (SPEC §5: 20971520 bytes).
    expect(formatFileSize('en', 20_971_520)).toBe('21 MB');
  });

  it('never shows 1,000 kB: what rounds to it is 1 MB', () => {
    expect(formatFileSize('en', 999_949)).toBe('999.9 kB');
    expect(formatFileSize('en', 999_999)).toBe('1 MB');
  });

  it('formats per locale', () => {
    expect(plain(formatFileSize('de', 1_250))).toBe('1,3 kB');
  });
});
