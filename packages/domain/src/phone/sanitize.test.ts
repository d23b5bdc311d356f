import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneDigits, sanitizePhoneInput } from './sanitize';

/** Strings made mostly of what users type into a phone field, so properties hit the rules. */
const phoneLikeText = fc.string({
  unit: fc.constantFrom(
    '+',
    '0',
    '1',
    '5',
    '9',
    ' ',
    '-',
    '(',
    ')',
    '.',
    'a',
    'Z',
    '_',
    '#',
    '٣',
    '۷',
  ),
  maxLength: 30,
});
const anyText = fc.oneof(phoneLikeText, fc.string({ unit: 'grapheme', maxLength: 30 }));

describe('phone input sanitising (SPEC §5)', () => {
  it.each([
    ['', '', false],
    ['380501234567', '380501234567', false],
    ['+380 50 123-45-67', '+380501234567', false],
    ['(050) 123.45.67', '0501234567', false],
    ['+1\t212\u00a0555', '+1212555', false],
    ['+38a0', '+380', true],
    ['12_3', '123', true],
    ['ABC', '', true],
    ['#*,', '', true],
    ['+7😀9', '+79', true],
    ['+380+44', '+44', false],
    ['380+44', '+44', false],
    ['++1', '+1', false],
    ['+12+', '+', false],
    ['+', '+', false],
    ['+١٢٣', '+123', false],
    ['۰۵۰', '050', false],
  ])('%j becomes %j (rejected: %s)', (raw, value, rejected) => {
    expect(sanitizePhoneInput(raw)).toEqual({ value, rejected });
  });

  it.each([
    ['+380 50 123', '38050123'],
    ['', ''],
    ['+', ''],
    ['a1b2', '12'],
  ])('phoneDigits(%j) is %j', (value, digits) => {
    expect(phoneDigits(value)).toBe(digits);
  });

  it('always gives digits with at most a leading plus (SPEC §5, property)', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        expect(sanitizePhoneInput(raw).value).toMatch(/^\+?\d*$/);
      }),
      { numRuns: 100 },
    );
  });

  it('is idempotent and rejects nothing the second time (SPEC §5, property)', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const once = sanitizePhoneInput(raw).value;
        expect(sanitizePhoneInput(once)).toEqual({ value: once, rejected: false });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the digits after the last plus, in order (SPEC §5, property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('+', '1', '2', 'x'), maxLength: 20 }),
        (raw) => {
          const afterLastPlus = raw.slice(raw.lastIndexOf('+') + 1).replace(/\D/g, '');
          expect(phoneDigits(raw)).toBe(afterLastPlus);
        },
      ),
      { numRuns: 100 },
    );
  });
});
