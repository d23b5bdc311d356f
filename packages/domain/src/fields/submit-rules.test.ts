import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE_KEYS } from '../amount/amount-messages';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import { validatePhone } from '../phone/validate';
import { validateField } from './field-validation';
import type { FieldValue, FormField } from './field-types';
import { createAmountField, createCvvField } from './generated-fields';
import { mapField } from './map-field';
import type { SubmitRuleContext } from './submit-rules';
import {
  isCardholderNameField,
  submitValidators,
  validateSubmittedField,
  validateSubmittedForm,
} from './submit-rules';
import { validateForm } from './validate-form';

const NOW = Date.UTC(2025, 5, 15, 12, 0); // 15 June 2025
const DEPOSIT: SubmitRuleContext = { flow: 'deposit', currency: 'EUR', precision: 2, now: NOW };
const WITHDRAWAL: SubmitRuleContext = { ...DEPOSIT, flow: 'withdrawal', balance: '100' };
const UA_PATTERN = '+380\\d{9}';
const HAS_ERROR = invalid(MESSAGE_KEYS.fieldHasError);
const REQUIRED = invalid(MESSAGE_KEYS.fieldRequired);

const phone = (regexp?: string): FormField =>
  mapField({
    name: 'wallet_phone',
    extended_type: 'phone_with_country',
    is_required: true,
    ...(regexp === undefined ? {} : { regexp }),
  });

/** The one field's outcome through the whole-form check, as the server runs it. */
function submitted(field: FormField, value: FieldValue, context: SubmitRuleContext = DEPOSIT) {
  const result = validateSubmittedForm([field], { [field.name]: value }, context);
  const error = result.errors[field.name];
  return error === undefined ? VALID : { valid: false, error };
}

describe('one pattern rule for phone and generic fields (SPEC §5)', () => {
  it('SPEC §5: a pattern starting with + keeps the plus literal and the rest a regex (+380\\d{9} accepts +380501234567)', () => {
    const field = phone(UA_PATTERN);
    expect(validateSubmittedForm([field], { wallet_phone: '+380501234567' }, DEPOSIT)).toEqual({
      valid: true,
      errors: {},
      firstInvalidField: null,
    });
    expect(validatePhone('+380501234567', { pattern: UA_PATTERN })).toEqual(VALID);
    // The generic rules (the server's earlier call, validateForm without validators) agree now.
    expect(validateForm([field], { wallet_phone: '+380501234567' }).valid).toBe(true);
  });

  it('SPEC §5: +380\\d{9} refuses a short number, the literal pattern text and a missing plus', () => {
    const field = phone(UA_PATTERN);
    expect(submitted(field, '+38050123')).toEqual(HAS_ERROR);
    expect(submitted(field, '+380\\d{9}')).toEqual(HAS_ERROR);
    expect(submitted(field, '380501234567')).toEqual(HAS_ERROR);
    expect(submitted(field, '')).toEqual(REQUIRED);
  });

  const PATTERNS = [
    UA_PATTERN,
    '+44',
    '+7\\d{10}$',
    '+(44|49)\\d{6,}',
    '^\\+\\d{10,15}$',
    '^\\d{12}$',
    '\\d{3}',
    '+(',
    '[',
    '',
    '   ',
  ];

  it.each(PATTERNS)(
    'SPEC §5: validatePhone and the generic rule give the same answer for %j on a table of numbers',
    (pattern) => {
      const generic = mapField({ name: 'account', regexp: pattern });
      const values = ['+380501234567', '+3805012345', '380501234567', '+447400123456', '+12', '5'];
      for (const value of values) {
        expect(validatePhone(value, { pattern })).toEqual(validateField(generic, value));
      }
    },
  );

  it('SPEC §5: validatePhone and the generic rule give the same answer for any number (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERNS),
        fc.stringMatching(/^\+?[0-9]{1,14}$/),
        fc.boolean(),
        (pattern, value, required) => {
          const generic = mapField({ name: 'account', regexp: pattern, is_required: required });
          const phoneRule = validatePhone(value, { pattern, required });
          expect(phoneRule).toEqual(validateField(generic, value));
          // And through the table: the phone kind and a plain input with the same pattern.
          const asPhone = { ...phone(pattern), isRequired: required };
          expect(submitted(asPhone, value)).toEqual(phoneRule);
          expect(submitted(generic, value)).toEqual(phoneRule);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the submit rules per field kind (SPEC §5)', () => {
  describe('amount', () => {
    const amount = (flowType: 'deposit' | 'withdrawal') =>
      createAmountField({ currency: 'EUR', flowType, limits: { min: '5', max: '500' } });

    it('SPEC §5: a zero or non-numeric amount is PH.DEPOSIT.ERROR.INCORRECT_AMOUNT, a missing one required', () => {
      expect(submitted(amount('deposit'), '0')).toEqual(invalid(MESSAGE_KEYS.incorrectAmount));
      expect(submitted(amount('deposit'), 'abc')).toEqual(invalid(MESSAGE_KEYS.incorrectAmount));
      expect(submitted(amount('deposit'), '')).toEqual(REQUIRED);
    });

    it('SPEC §5: the limits give the flow’s messages with the formatted bound', () => {
      expect(submitted(amount('deposit'), '4')).toEqual(
        invalid(AMOUNT_MESSAGE_KEYS.deposit.underMinimum, { amount: '5.00', currency: 'EUR' }),
      );
      expect(submitted(amount('withdrawal'), '501', { ...WITHDRAWAL, balance: '1000' })).toEqual(
        invalid(AMOUNT_MESSAGE_KEYS.withdrawal.aboveMaximum, { amount: '500.00', currency: 'EUR' }),
      );
      expect(submitted(amount('deposit'), '1 000')).toEqual(
        invalid(AMOUNT_MESSAGE_KEYS.deposit.aboveMaximum, { amount: '500.00', currency: 'EUR' }),
      );
    });

    it('SPEC §5: a withdrawal above the balance is CASHIER.PH2.ERROR_MESSAGE.1206', () => {
      const field = amount('withdrawal');
      expect(submitted(field, '100', WITHDRAWAL)).toEqual(VALID);
      expect(submitted(field, '100.01', WITHDRAWAL)).toEqual(
        invalid(MESSAGE_KEYS.withdrawalBalance, { amount: '100.00', currency: 'EUR' }),
      );
    });

    it('SPEC §5: a withdrawal with a balance below the minimum, none or no known balance is 1206', () => {
      const field = amount('withdrawal');
      for (const balance of ['3', '0', null, undefined]) {
        const outcome = submitted(field, '5', { ...WITHDRAWAL, balance });
        expect(outcome.valid).toBe(false);
        expect(outcome).toMatchObject({ error: { key: MESSAGE_KEYS.withdrawalBalance } });
      }
    });

    it('SPEC §5: a deposit ignores the balance', () => {
      expect(submitted(amount('deposit'), '400', { ...DEPOSIT, balance: '1' })).toEqual(VALID);
    });

    it('SPEC §5: the amount pattern (amount_reg_exp_fe) is tested against the amount text', () => {
      const field = createAmountField({
        currency: 'EUR',
        flowType: 'deposit',
        amountRegExpFe: '^\\d+$',
      });
      expect(submitted(field, '10')).toEqual(VALID);
      expect(submitted(field, '10.5')).toEqual(invalid(MESSAGE_KEYS.incorrectAmount));
    });
  });

  describe('card number', () => {
    const pan = mapField({ name: 'card_pan', extended_type: 'card_pan', is_required: true });

    it('SPEC §5: a number failing the Luhn check is PH.ERROR.INCORRECT_CARD_NUMBER on submit', () => {
      expect(submitted(pan, '4111 1111 1111 1111')).toEqual(VALID);
      expect(submitted(pan, '4111111111111112')).toEqual(invalid(MESSAGE_KEYS.incorrectCardNumber));
      expect(submitted(pan, '')).toEqual(REQUIRED);
    });
  });

  describe('CVV', () => {
    const cvv = { ...createCvvField(), isRequired: true };

    it('SPEC §5: the CVV length follows the card type (American Express 4 digits)', () => {
      const amex = { ...DEPOSIT, cvvCardType: 'american-express' };
      expect(submitted(cvv, '1234', amex)).toEqual(VALID);
      expect(submitted(cvv, '123', amex)).toEqual(invalid(MESSAGE_KEYS.incorrectCvv));
    });

    it('SPEC §5: 3 digits for a Visa or an unknown card, anything else PH.ERROR.INCORRECT_CVV', () => {
      for (const cvvCardType of ['visa', null, undefined]) {
        const context = { ...DEPOSIT, cvvCardType };
        expect(submitted(cvv, '123', context)).toEqual(VALID);
        expect(submitted(cvv, '1234', context)).toEqual(invalid(MESSAGE_KEYS.incorrectCvv));
        expect(submitted(cvv, '12a', context)).toEqual(invalid(MESSAGE_KEYS.incorrectCvv));
      }
      expect(submitted(cvv, '')).toEqual(REQUIRED);
      expect(submitted(createCvvField(), '')).toEqual(VALID);
    });
  });

  describe('expiry', () => {
    const expiry = mapField({ name: 'expirationDate', is_required: true });

    it('SPEC §5: a past month or a year more than 19 ahead is PH.ERROR.INCORRECT_EXP_DATE', () => {
      expect(submitted(expiry, '06/25')).toEqual(VALID);
      expect(submitted(expiry, '05/25')).toEqual(invalid(MESSAGE_KEYS.incorrectExpDate));
      expect(submitted(expiry, '12/44')).toEqual(VALID);
      expect(submitted(expiry, '01/45')).toEqual(invalid(MESSAGE_KEYS.incorrectExpDate));
      expect(submitted(expiry, '13/26')).toEqual(invalid(MESSAGE_KEYS.incorrectExpDate));
      expect(submitted(expiry, '')).toEqual(REQUIRED);
    });

    it('SPEC §5: the current month is the player’s (local minus UTC), UTC by default', () => {
      const lastHourOfJune = Date.UTC(2025, 5, 30, 23, 0);
      const context = { ...DEPOSIT, now: lastHourOfJune };
      expect(submitted(expiry, '06/25', context)).toEqual(VALID);
      expect(submitted(expiry, '06/25', { ...context, timeZoneOffsetMinutes: 180 })).toEqual(
        invalid(MESSAGE_KEYS.incorrectExpDate),
      );
    });

    it('SPEC §5: the field’s custom month pattern and message key apply', () => {
      const custom = {
        ...expiry,
        customRegExp: { month: '^0[1-6]$' },
        validationKeys: { month: 'PH.ERROR.MONTH' },
      };
      expect(submitted(custom, '06/26')).toEqual(VALID);
      expect(submitted(custom, '07/26')).toEqual(invalid('PH.ERROR.MONTH'));
      expect(submitted(expiry, '07/26')).toEqual(VALID);
    });
  });

  describe('cardholder name', () => {
    const holder = mapField({
      name: 'holder',
      extended_type: 'card_cardholder_name',
      is_required: true,
    });
    const plain = mapField({ name: 'holder', is_required: true });

    it('SPEC §5: only digits, spaces and dashes is PH.ERROR.FIELD_HAS_ERROR; a plain input takes it', () => {
      expect(submitted(holder, 'Jane  Doe ')).toEqual(VALID);
      expect(submitted(holder, '4111 1111-11')).toEqual(HAS_ERROR);
      expect(submitted(plain, '4111 1111-11')).toEqual(VALID);
      expect(submitted(holder, '   ')).toEqual(REQUIRED);
    });

    it('SPEC §5: at most 255 characters after collapsing white space', () => {
      expect(submitted(holder, `${'a'.repeat(200)}     ${'b'.repeat(54)}`)).toEqual(VALID);
      expect(submitted(holder, 'a'.repeat(256))).toEqual(HAS_ERROR);
    });

    it('SPEC §3: the cardholder name is known by extended type or by name', () => {
      expect(isCardholderNameField(holder)).toBe(true);
      expect(isCardholderNameField({ name: 'card_cardholder_name' })).toBe(true);
      expect(isCardholderNameField(plain)).toBe(false);
    });
  });

  describe('select', () => {
    const bank = mapField({ name: 'bank', type: 'select', is_required: true, regexp: '^x$' });

    it('SPEC §5: a select is only required (PH.ERROR.FIELD_REQUIRED), its pattern does not apply', () => {
      expect(submitted(bank, { label: 'A', value: 'abc', selected: true })).toEqual(VALID);
      expect(submitted(bank, { label: 'A', value: ' ', selected: true })).toEqual(REQUIRED);
      expect(submitted(bank, null)).toEqual(REQUIRED);
    });
  });

  describe('other inputs', () => {
    const iban = mapField({
      name: 'iban',
      regexp: '^[A-Z]{2}\\d+$',
      validation_msg_key: 'PH.IBAN',
    });

    it('SPEC §5: a plain input keeps the generic rules with its custom pattern message', () => {
      expect(submitted(iban, 'DE12')).toEqual(VALID);
      expect(submitted(iban, 'de12')).toEqual(invalid('PH.IBAN'));
    });
  });

  it('SPEC §5: the table has a rule for exactly the kinds with their own rules', () => {
    expect(Object.keys(submitValidators(DEPOSIT)).sort()).toEqual([
      'amount',
      'cardCvv',
      'cardPan',
      'expirationDate',
      'input',
      'phone',
    ]);
  });

  it('SPEC §4, §5: reports every invalid field in field order, the first to focus', () => {
    const fields = [
      createAmountField({ currency: 'EUR', flowType: 'deposit', limits: { min: '5' } }),
      mapField({ name: 'card_pan', extended_type: 'card_pan', is_required: true }),
      phone(UA_PATTERN),
    ];
    const result = validateSubmittedForm(
      fields,
      { amount: '10', card_pan: '4111111111111112', wallet_phone: '+3805' },
      DEPOSIT,
    );
    expect(result).toEqual({
      valid: false,
      errors: {
        card_pan: { key: MESSAGE_KEYS.incorrectCardNumber },
        wallet_phone: { key: MESSAGE_KEYS.fieldHasError },
      },
      firstInvalidField: 'card_pan',
    });
  });

  it('SPEC §5: one field on its own gets the same answer as in the whole form', () => {
    const cases: [FormField, string][] = [
      [phone(UA_PATTERN), '+3805'],
      [phone(UA_PATTERN), '+380501234567'],
      [{ ...createCvvField(), isRequired: true }, '12'],
      [mapField({ name: 'holder', extended_type: 'card_cardholder_name' }), '1234'],
      [mapField({ name: 'zip', is_required: true }), '12'],
    ];
    for (const [field, value] of cases) {
      expect(validateSubmittedField(field, value, DEPOSIT)).toEqual(submitted(field, value));
    }
  });
});
