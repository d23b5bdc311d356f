import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCardNumber,
  formatCardNumberInput,
  unformatCardNumber,
  validateCardNumberOnBlur,
  validateCardNumberOnSubmit,
} from './card-number';
import { luhnCheckDigit } from './luhn';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A Luhn-valid number of `length` digits starting with `prefix`. */
function cardNumber(prefix: string, length = 16): string {
  const body = prefix.padEnd(length - 1, '0');
  return `${body}${luhnCheckDigit(body) ?? ''}`;
}

/** The same number with its last digit changed, so that it fails Luhn. */
function broken(number: string): string {
  const last = Number(number.slice(-1));
  return `${number.slice(0, -1)}${String((last + 1) % 10)}`;
}

const INCORRECT = { valid: false, error: { key: 'PH.ERROR.INCORRECT_CARD_NUMBER' } };
const REQUIRED = { valid: false, error: { key: 'PH.ERROR.FIELD_REQUIRED' } };

describe('card number check (SPEC §5)', () => {
  it.each([
    // number, isValid, isPotentiallyValid, isAccepted, type
    ['4111111111111111', true, true, true, 'visa'],
    ['4111 1111 1111 1111', true, true, true, 'visa'],
    ['4111-1111-1111-1111', true, true, true, 'visa'],
    [broken('4111111111111111'), false, true, false, 'visa'],
    [cardNumber('4', 18), true, true, true, 'visa'],
    [cardNumber('4', 19), true, true, true, 'visa'],
    [cardNumber('4', 17), true, true, true, 'visa-like'],
    [broken(cardNumber('4', 17)), false, true, false, 'visa'],
    [broken(cardNumber('4', 19)), false, false, false, 'visa'],
    ['5555555555554444', true, true, true, 'mastercard'],
    [broken('5555555555554444'), false, false, false, 'mastercard'],
    ['378282246310005', true, true, true, 'american-express'],
    [broken('378282246310005'), false, false, false, 'american-express'],
    ['30569309025904', true, true, true, 'diners-club'],
    ['6011111111111117', true, true, true, 'discover'],
    [cardNumber('8'), true, true, true, 'local-8'],
    [broken(cardNumber('8')), false, false, false, 'local-8'],
    [cardNumber('9'), true, true, true, 'local-9'],
    [cardNumber('61'), true, true, true, 'local-6'],
    [broken(cardNumber('61')), false, true, false, 'maestro'],
    [cardNumber('61', 12), true, true, true, 'maestro'],
    [cardNumber('61', 19), true, true, true, 'maestro'],
    [broken(cardNumber('61', 17)), false, true, false, 'maestro'],
    [cardNumber('6759', 12), true, true, true, 'maestro'],
    [cardNumber('62'), true, true, true, 'unionpay'],
    [broken(cardNumber('62')), false, true, false, 'unionpay'],
    ['4111', false, true, true, 'visa'],
    ['411111111111111', false, true, true, 'visa'],
    ['6', false, true, true, null],
    ['', false, true, true, null],
    ['1234567890123456', false, false, false, null],
    [`${cardNumber('4', 19)}0`, false, false, false, 'visa'],
    ['4111a11111111111', false, false, false, null],
  ])(
    'SPEC §5: %j: valid %s, potentially %s, accepted %s, type %s',
    (number, valid, potential, accepted, type) => {
      const check = checkCardNumber(number);
      expect(check.isValid).toBe(valid);
      expect(check.isPotentiallyValid).toBe(potential);
      expect(check.isAccepted).toBe(accepted);
      expect(check.cardType?.type ?? null).toBe(type);
    },
  );

  it('SPEC §5: UnionPay must pass Luhn unless the caller exempts it as card-validator does', () => {
    const number = broken(cardNumber('62'));
    expect(checkCardNumber(number).isValid).toBe(false);
    expect(checkCardNumber(number, { luhnValidateUnionPay: false }).isValid).toBe(true);
  });

  it('SPEC §5: the lenient digit count is a parameter', () => {
    expect(checkCardNumber('4111', { strictFromDigits: 0 }).isAccepted).toBe(false);
    expect(checkCardNumber(broken('4111111111111111'), { strictFromDigits: 17 }).isAccepted).toBe(
      true,
    );
  });

  it('SPEC §5: the detected type carries its code size for the CVV rule', () => {
    expect(checkCardNumber('378282246310005').cardType).toEqual({
      type: 'american-express',
      niceType: 'American Express',
      lengths: [15],
      gaps: [4, 10],
      code: { name: 'CID', size: 4 },
    });
  });

  it('SPEC §5: the result never echoes the number', () => {
    expect(JSON.stringify(checkCardNumber('4111111111111111'))).not.toContain('4111111111111111');
  });
});

describe('card number on blur and on submit (SPEC §5)', () => {
  it.each([
    ['4111 1111 1111 1111', { valid: true }, { valid: true }],
    [broken('4111111111111111'), INCORRECT, INCORRECT],
    ['1234', INCORRECT, INCORRECT],
    ['4111', { valid: true }, { valid: true }],
    ['', { valid: true }, REQUIRED],
    ['   ', { valid: true }, REQUIRED],
  ])('SPEC §5: %j gives %j on blur and %j on submit', (number, onBlur, onSubmit) => {
    expect(validateCardNumberOnBlur(number)).toEqual(onBlur);
    expect(validateCardNumberOnSubmit(number)).toEqual(onSubmit);
  });

  it('SPEC §5: whether an empty number is an error is a parameter', () => {
    expect(validateCardNumberOnBlur('', { required: true })).toEqual(REQUIRED);
    expect(validateCardNumberOnSubmit('', { required: false })).toEqual({ valid: true });
  });
});

describe('card number input formatting (SPEC §5, §9)', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['4111-1111-1111-1111', '4111 1111 1111 1111'],
    ['4111111111111111222', '4111 1111 1111 1111 222'],
    ['41111111111111112222', '4111 1111 1111 1111 222'],
    ['ab4 1c1 1', '4111'],
    ['  4111   22  ', '4111 22'],
    ['٤١١١', '4111'],
  ])('SPEC §5: %j is shown as %j', (raw, shown) => {
    expect(formatCardNumberInput(raw)).toBe(shown);
  });

  it.each([
    [0, ''],
    [4, '4111'],
    [5, '4111 1'],
    [16, '4111 1111 1111 1111'],
    [19, '4111 1111 1111 1111 123'],
    [Number.NaN, '4111 1111 1111 1111 123'],
  ])('SPEC §9: with at most %d digits the number is %j', (maxDigits, shown) => {
    expect(formatCardNumberInput('41111111111111111234', maxDigits)).toBe(shown);
  });

  it.each([
    ['a 19-digit Visa', '4000000000000000006', '4000 0000 0000 0000 006'],
    ['a 19-digit Maestro', '6759000000000000005', '6759 0000 0000 0000 005'],
    ['an 18-digit Visa', '400000000000000002', '4000 0000 0000 0000 02'],
  ])('SPEC §5: %s is kept whole and stays valid', (_name, digits, shown) => {
    expect(formatCardNumberInput(digits)).toBe(shown);
    expect(unformatCardNumber(formatCardNumberInput(digits))).toBe(digits);
    expect(validateCardNumberOnSubmit(unformatCardNumber(shown)).valid).toBe(true);
  });

  it.each([
    ['4111 1111 1111 1111', '4111111111111111'],
    ['4111 1', '41111'],
    ['', ''],
  ])('SPEC §5: the stored value of %j is %j', (shown, stored) => {
    expect(unformatCardNumber(shown)).toBe(stored);
  });

  it('SPEC §5: formatting is idempotent and never holds more than 19 digits (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const shown = formatCardNumberInput(raw);
        expect(formatCardNumberInput(shown)).toBe(shown);
        expect(unformatCardNumber(shown).length).toBeLessThanOrEqual(19);
        expect(shown.length).toBeLessThanOrEqual(23);
        expect(shown).toMatch(/^(\d{4}( \d{4})*( \d{1,3})?|\d{1,3})?$/);
      }),
      { numRuns: 100 },
    );
  });

  it('SPEC §5: formatting keeps the digits, in order, up to 19 (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...DIGITS, ' ', '-', 'x'), maxLength: 40 }),
        (raw) => {
          expect(unformatCardNumber(formatCardNumberInput(raw))).toBe(
            raw.replace(/\D/g, '').slice(0, 19),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
