import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCardNumberInput } from './cards/card-number';
import { formatCvvInput } from './cards/cvv';
import { formatExpiryInput } from './cards/expiry';
import { isDigitChar, latinDigits } from './digits';
import { sanitizePhoneInput } from './phone/sanitize';

/** Zero of a few scripts of Unicode's decimal digits (general category Nd). */
const ZEROS = [
  0x30, // Latin
  0x660, // Arabic-Indic
  0x6f0, // Eastern Arabic-Indic (Persian, Urdu)
  0x966, // Devanagari
  0x9e6, // Bengali
  0xe50, // Thai
  0xff10, // full-width
  0x1d7ce, // mathematical bold
  0x1d7f6, // mathematical monospace, the last of five runs in a row
];

function inScript(latin: string, zero: number): string {
  return latin.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}

describe('digits of every script (SPEC §5 "input keeps digits")', () => {
  it('SPEC §5: every decimal digit of any script reads as its Latin digit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,20}$/), fc.constantFrom(...ZEROS), (latin, zero) => {
        const typed = inScript(latin, zero);
        expect(latinDigits(typed)).toBe(latin);
        expect(Array.from(typed).every(isDigitChar)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('SPEC §5: other characters stay as they are', () => {
    expect(latinDigits('١٢٫٥ EUR')).toBe('12٫5 EUR');
    expect(isDigitChar('٫')).toBe(false);
    expect(isDigitChar('a')).toBe(false);
  });

  it.each([
    ['Arabic-Indic', '٤١١١١١١١١١١١١١١١', '4111 1111 1111 1111'],
    ['Persian', '۴۱۱۱۱۱۱۱۱۱۱۱۱۱۱۱', '4111 1111 1111 1111'],
    ['full-width', '４１１１ １１１１ １１１１ １１１１', '4111 1111 1111 1111'],
  ])('SPEC §5 card number: %s digits are kept, never dropped', (_script, typed, shown) => {
    expect(formatCardNumberInput(typed)).toBe(shown);
  });

  it('SPEC §5 CVV, expiry and phone keep digits of every script', () => {
    expect(formatCvvInput('١٢٣')).toBe('123');
    expect(formatExpiryInput('١٢/٣٠')).toBe('12/30');
    expect(formatExpiryInput('۱۲۳۰')).toBe('12/30');
    expect(sanitizePhoneInput('+٤٩ ١٥١').value).toBe('+49151');
    expect(sanitizePhoneInput('+４９१५१').value).toBe('+49151');
  });
});
