import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../money/format';
import { numberSeparators } from '../money/language-format';
import { AMOUNT_UNCLEAR_KEY, formatAmountInput, readAmountInput } from './amount-input';
import type { AmountReading } from './amount-input';

/** The widget's languages (packages/widget/src/startup/startup.ts SHIPPED_LANGUAGES). */
const WIDGET_LANGUAGES = ['en', 'ar', 'uk'] as const;

/** The digits of a few scripts a locale may type, zero to nine. */
const DIGIT_SCRIPTS = {
  latin: '0123456789',
  arabicIndic: '٠١٢٣٤٥٦٧٨٩',
  easternArabicIndic: '۰۱۲۳۴۵۶۷۸۹',
  fullWidth: '０１２３４５６７８９',
  devanagari: '०१२३४५६७८९',
  bengali: '০১২৩৪৫৬৭৮৯',
  thai: '๐๑๒๓๔๕๖๗๘๙',
} as const;

function inScript(text: string, script: string): string {
  return text.replace(/[0-9]/g, (digit) => Array.from(script)[Number(digit)] ?? digit);
}

function rawOf(reading: AmountReading): string | null {
  return reading.status === 'clear' ? reading.raw : null;
}

describe('the amount mask (SPEC §5, §9)', () => {
  it.each([
    ['', '', ''],
    ['1234567', '1 234 567', '1234567'],
    ['1234.5', '1 234.5', '1234.5'],
    ['12.', '12.', '12.'],
    ['.5', '0.5', '0.5'],
    ['.', '0.', '0.'],
    ['abc12x3', '123', '123'],
    ['-15', '15', '15'],
    ['1.2.3', '1.23', '1.23'],
    ['1 000 000.25', '1 000 000.25', '1000000.25'],
    ['0', '0', '0'],
    ['05', '0.5', '0.5'],
    ['007', '0.07', '0.07'],
    ['00', '0.0', '0.0'],
    ['05.3', '5.3', '5.3'],
    ['000.3', '0.3', '0.3'],
    ['1234567890123', '123 456 789 012', '123456789012'],
    ['1.123456789012', '1.1234567890', '1.1234567890'],
  ])('SPEC §5: masks %j as display %j and raw %j', (input, display, raw) => {
    expect(formatAmountInput(input)).toEqual({ display, raw });
  });

  it.each([
    [{ decimalDigits: 2 }, '12.345', '12.34'],
    [{ decimalDigits: 0 }, '12.5', '12'],
    [{ decimalDigits: 0 }, '05', '5'],
    [{ integerDigits: 4 }, '123456.7', '1 234.7'],
    [{ decimalDigits: -1 }, '1.12345678901', '1.1234567890'],
    [{ integerDigits: 0 }, '1234567890123', '123 456 789 012'],
    [{ decimalDigits: 1.5 }, '1.25', '1.25'],
    [{ decimalSeparator: ',' }, '1000.5', '1 000,5'],
  ] as const)('SPEC §5: honours per-field options %j: %j shows %j', (options, input, display) => {
    expect(formatAmountInput(input, options).display).toBe(display);
  });

  it.each([
    [12.5, '12.5'],
    [-3, '3'],
    [1e21, ''],
    [null, ''],
    [undefined, ''],
    [{}, ''],
  ])('SPEC §5: reads non-text input %j as %j without throwing', (input, display) => {
    expect(formatAmountInput(input).display).toBe(display);
  });

  it('SPEC §5: is idempotent on its raw value (property)', () => {
    const typed = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', 'a'), maxLength: 30 });
    const options = fc.record({
      integerDigits: fc.integer({ min: 1, max: 14 }),
      decimalDigits: fc.integer({ min: 0, max: 10 }),
    });
    fc.assert(
      fc.property(typed, options, (text, opts) => {
        const once = formatAmountInput(text, opts);
        expect(formatAmountInput(once.raw, opts)).toEqual(once);
        expect(once.raw).toBe(once.display.replaceAll(' ', ''));
        const [integer = '', fraction = ''] = once.raw.split('.');
        expect(integer.length).toBeLessThanOrEqual(opts.integerDigits);
        expect(fraction.length).toBeLessThanOrEqual(opts.decimalDigits);
      }),
      { numRuns: 100 },
    );
  });
});

describe('reading a typed amount in the player language (SPEC §5)', () => {
  it.each([
    // English: the comma groups thousands, the point is the decimal mark.
    ['en', '1,000', '1000'],
    ['en', '1,500', '1500'],
    ['en', '2,000.00', '2000.00'],
    ['en', '1,234,567.89', '1234567.89'],
    ['en', '1 000.5', '1000.5'],
    ['en', '10,5', '10.5'],
    ['en', '12,', '12.'],
    ['en', '1.000', '1.000'],
    // Arabic pages write amounts like English; Arabic marks and digits are read as well.
    ['ar', '1,000', '1000'],
    ['ar', '١٢٫٥', '12.5'],
    ['ar', '١٬٠٠٠٫٥', '1000.5'],
    ['ar', '۱۲۳٫۴۵', '123.45'],
    ['ar', '\u200f1,000\u200f', '1000'],
    // Ukrainian: the comma is the decimal mark, thousands are grouped by spaces.
    ['uk', '1 000,50', '1000.50'],
    ['uk', '1000,5', '1000.5'],
    ['uk', '12.50', '12.50'],
    ['uk', '1.000,50', '1000.50'],
    ['uk', '1.000.000', '1000000'],
    ['uk', '１２，５', '12.5'],
    // German groups with a point.
    ['de', '1.000', '1000'],
    ['de', '1.000,5', '1000.5'],
  ])('SPEC §5: in %s, %j is %j', (language, typed, raw) => {
    expect(rawOf(readAmountInput(typed, { language }))).toBe(raw);
  });

  it.each([
    ['en', '1.000.000', 'decimal-marks'],
    ['en', '1,00,000', 'grouping'],
    ['en', '1,000.5,0', 'grouping'],
    ['en', '1.5٫5', 'decimal-marks'],
    ['ar', '1,00,000', 'grouping'],
    ['uk', '1.000', 'either'],
    ['uk', '١٢.٥٠٠', 'either'],
    ['uk', '1,000,000', 'decimal-marks'],
    ['uk', '1.00.000', 'grouping'],
  ])('SPEC §5: in %s, %j is unclear (%s) and never guessed', (language, typed, reason) => {
    const reading = readAmountInput(typed, { language });
    expect(reading.status).toBe('unclear');
    if (reading.status !== 'unclear') return;
    expect(reading.reason).toBe(reason);
    expect(reading.error.key).toBe(AMOUNT_UNCLEAR_KEY);
    expect(reading.error.params?.text).toBe(reading.asTyped);
  });

  it('SPEC §5: the unclear message shows an amount written the language way', () => {
    const english = readAmountInput('1.000.000', { language: 'en' });
    const ukrainian = readAmountInput('1.000', { language: 'uk', decimalDigits: 2 });
    const yen = readAmountInput('1.000', { language: 'uk', decimalDigits: 0 });
    expect(english.status === 'unclear' && english.error.params).toEqual({
      text: '1.000.000',
      example: '1 234.50',
    });
    expect(ukrainian.status === 'unclear' && ukrainian.error.params?.example).toBe('1 234,50');
    expect(yen.status === 'unclear' && yen.error.params?.example).toBe('1 234');
  });

  it.each(Object.entries(DIGIT_SCRIPTS))(
    'SPEC §5: digits of the %s script are read, never dropped',
    (_script, digits) => {
      expect(rawOf(readAmountInput(`${digits}.5`, { language: 'en' }))).toBe('123456789.5');
      expect(rawOf(readAmountInput(digits.slice(1, 4), { language: 'ar' }))).toBe('123');
    },
  );

  it('SPEC §5: a grouping mark is kept as typed until the field is left; plain text shows at once', () => {
    const grouped = readAmountInput('1,0', { language: 'en' });
    expect(grouped).toMatchObject({ status: 'clear', raw: '1.0', asTyped: '1,0' });
    expect(readAmountInput('1,000', { language: 'en' })).toMatchObject({
      raw: '1000',
      display: '1 000',
      asTyped: '1,000',
    });
    expect(readAmountInput('١٢٣٤', { language: 'ar' })).toMatchObject({
      raw: '1234',
      display: '1 234',
      asTyped: null,
    });
    // A cut by the mask shows what the field keeps.
    expect(readAmountInput('1,000.123', { language: 'en', decimalDigits: 2 })).toMatchObject({
      raw: '1000.12',
      asTyped: null,
    });
  });

  it('SPEC §5, §9: format then read gives the amount back in every widget language, in any digits (property)', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 3 }))
      .chain(([integer, decimals]) =>
        fc.bigInt({ min: 0n, max: 10n ** BigInt(decimals) - 1n }).map((fraction) => ({
          decimals,
          value:
            decimals === 0
              ? integer.toString()
              : `${integer.toString()}.${fraction.toString().padStart(decimals, '0')}`,
        })),
      );
    const language = fc.constantFrom(...WIDGET_LANGUAGES);
    const script = fc.constantFrom(...Object.values(DIGIT_SCRIPTS));
    fc.assert(
      fc.property(amount, language, script, ({ value, decimals }, lang, digits) => {
        const shown = formatAmount(value, { precision: decimals, ...numberSeparators(lang) });
        const reading = readAmountInput(inScript(shown, digits), {
          language: lang,
          decimalDigits: decimals,
        });
        expect(reading.status).toBe('clear');
        expect(rawOf(reading)).toBe(value);
        // The field's own display reads back to the same amount.
        if (reading.status === 'clear') {
          expect(rawOf(readAmountInput(reading.display, { language: lang }))).toBe(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('SPEC §5: a thousands mark before three digits is never read as a decimal mark in English (property)', () => {
    const groups = fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), groups, (head, rest) => {
        const typed = [String(head), ...rest.map((group) => String(group).padStart(3, '0'))].join(
          ',',
        );
        expect(rawOf(readAmountInput(typed, { language: 'en' }))).toBe(typed.replaceAll(',', ''));
      }),
      { numRuns: 200 },
    );
  });

  it('SPEC §5: one point before three digits in Ukrainian is always unclear (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 999 }),
        (a, b) => {
          const reading = readAmountInput(`${String(a)}.${String(b).padStart(3, '0')}`, {
            language: 'uk',
          });
          expect(reading.status).toBe('unclear');
        },
      ),
      { numRuns: 200 },
    );
  });
});
