import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountInput } from './amount-input';

describe('amount input formatting (SPEC §5, §9)', () => {
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
    ['10,5', '10.5', '10.5'],
    ['1,000.50', '1 000.50', '1000.50'],
    ['1234567890123', '123 456 789 012', '123456789012'],
    ['1.123456789012', '1.1234567890', '1.1234567890'],
  ])('formats %j as display %j and raw %j (SPEC §5, §9)', (input, display, raw) => {
    expect(formatAmountInput(input)).toEqual({ display, raw });
  });

  it.each([
    [{ decimalDigits: 2 }, '12.345', '12.34'],
    [{ decimalDigits: 0 }, '12.5', '12'],
    [{ decimalDigits: 0 }, '05', '5'],
    [{ integerDigits: 4 }, '123456.7', '1 234.7'],
    [{ commaAsDecimal: false }, '10,5', '105'],
    [{ decimalDigits: -1 }, '1.12345678901', '1.1234567890'],
    [{ integerDigits: 0 }, '1234567890123', '123 456 789 012'],
    [{ decimalDigits: 1.5 }, '1.25', '1.25'],
  ])('honours per-field options %j: %j shows %j (SPEC §5, §9)', (options, input, display) => {
    expect(formatAmountInput(input, options).display).toBe(display);
  });

  it.each([
    [12.5, '12.5'],
    [-3, '3'],
    [1e21, ''],
    [null, ''],
    [undefined, ''],
    [{}, ''],
  ])('reads non-text input %j as %j without throwing (SPEC §5, §9)', (input, display) => {
    expect(formatAmountInput(input).display).toBe(display);
  });

  it('is idempotent on its own display for any typed text (SPEC §5, property)', () => {
    const typed = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '.', ',', ' ', 'a', '-'),
      maxLength: 30,
    });
    const options = fc.record({
      integerDigits: fc.integer({ min: 1, max: 14 }),
      decimalDigits: fc.integer({ min: 0, max: 10 }),
      commaAsDecimal: fc.boolean(),
    });
    fc.assert(
      fc.property(typed, options, (text, opts) => {
        const once = formatAmountInput(text, opts);
        expect(formatAmountInput(once.display, opts)).toEqual(once);
        expect(formatAmountInput(once.raw, opts)).toEqual(once);
        expect(once.raw).toBe(once.display.replaceAll(' ', ''));
        const [integer = '', fraction = ''] = once.raw.split('.');
        expect(integer.length).toBeLessThanOrEqual(opts.integerDigits);
        expect(fraction.length).toBeLessThanOrEqual(opts.decimalDigits);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['1000,5', '1 000,5', '1000.5'],
    ['1000.5', '1 000,5', '1000.5'],
    ['1.000,50', '1 000,50', '1000.50'],
    ['12,', '12,', '12.'],
    [',5', '0,5', '0.5'],
    ['05', '0,5', '0.5'],
    ['1 234,5,6', '1 234,56', '1234.56'],
    ['1000', '1 000', '1000'],
  ])('with a decimal comma (German, Ukrainian) %j shows %j and keeps %j', (input, display, raw) => {
    expect(formatAmountInput(input, { decimalSeparator: ',' })).toEqual({ display, raw });
  });

  it('is idempotent with a decimal comma too (property)', () => {
    const typed = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '.', ',', ' ', 'a'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 10 }), (text, decimalDigits) => {
        const opts = { decimalDigits, decimalSeparator: ',' } as const;
        const once = formatAmountInput(text, opts);
        expect(formatAmountInput(once.display, opts)).toEqual(once);
        expect(formatAmountInput(once.raw, opts)).toEqual(once);
        expect(once.raw).toBe(once.display.replaceAll(' ', '').replace(',', '.'));
        expect(once.raw).toMatch(/^(\d+(\.\d*)?)?$/);
      }),
      { numRuns: 200 },
    );
  });
});
