import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { FormField } from './field-types';
import { createAmountField } from './generated-fields';
import { mapField } from './map-field';
import { validateForm } from './validate-form';

const first = mapField({ name: 'first_name', is_required: true });
const iban = mapField({ name: 'iban', regexp: '^[A-Z]{2}\\d+$', validation_msg_key: 'PH.IBAN' });
const bank = mapField({ name: 'bank', type: 'select', is_required: true });
const info = mapField({ name: 'note', type: 'info', is_required: true });
const readOnly = mapField({ name: 'account', is_required: true, is_read_only: true });
const FIELDS: readonly FormField[] = [first, iban, bank, info];

describe('whole-form validation (SPEC §4, §5)', () => {
  it('reports every invalid field and the first one in field order (SPEC §5)', () => {
    expect(validateForm(FIELDS, { iban: 'de1' })).toStrictEqual({
      valid: false,
      errors: {
        first_name: { key: MESSAGE_KEYS.fieldRequired },
        iban: { key: 'PH.IBAN' },
        bank: { key: MESSAGE_KEYS.fieldRequired },
      },
      firstInvalidField: 'first_name',
    });
  });

  it('follows field order, not the order of the values (SPEC §5)', () => {
    const result = validateForm(FIELDS, {
      bank: null,
      first_name: 'Jane',
      iban: 'bad',
    });
    expect(result.firstInvalidField).toBe('iban');
    expect(Object.keys(result.errors)).toEqual(['iban', 'bank']);
  });

  it('is valid with no errors and no field to focus (SPEC §5)', () => {
    expect(
      validateForm(FIELDS, {
        first_name: 'Jane',
        iban: 'DE1',
        bank: { label: 'A', value: 'a', selected: true },
      }),
    ).toStrictEqual({ valid: true, errors: {}, firstInvalidField: null });
  });

  it('skips info fields and validates disabled ones (SPEC §5)', () => {
    const result = validateForm([info, readOnly], {});
    expect(result.errors).toStrictEqual({ account: { key: MESSAGE_KEYS.fieldRequired } });
  });

  it('uses the validator a kind is given instead of the generic rules (SPEC §5)', () => {
    const amount = createAmountField({ currency: 'EUR', flowType: 'deposit' });
    const seen: string[] = [];
    const result = validateForm(
      [first, amount],
      { first_name: 'Jane', amount: '0' },
      {
        validators: {
          amount: (field, value) => {
            seen.push(`${field.name}=${typeof value === 'string' ? value : 'not text'}`);
            return invalid(MESSAGE_KEYS.incorrectAmount);
          },
          input: () => VALID,
        },
      },
    );
    expect(seen).toEqual(['amount=0']);
    expect(result).toStrictEqual({
      valid: false,
      errors: { amount: { key: MESSAGE_KEYS.incorrectAmount } },
      firstInvalidField: 'amount',
    });
  });

  it('keeps the first error when two definitions share a name (SPEC §5)', () => {
    const month = mapField({ name: 'exp', extended_type: 'card_exp_month', is_required: true });
    const year = mapField({
      name: 'exp',
      extended_type: 'card_exp_year',
      is_required: true,
      regexp: '^x$',
    });
    const result = validateForm([month, year], { exp: '' });
    expect(result.errors).toStrictEqual({ exp: { key: MESSAGE_KEYS.fieldRequired } });
  });

  it('passes generic options through (SPEC §5 invalid pattern policy)', () => {
    const broken = mapField({ name: 'code', regexp: '(' });
    expect(validateForm([broken], { code: 'a' }).valid).toBe(true);
    expect(validateForm([broken], { code: 'a' }, { invalidPattern: 'fail' }).valid).toBe(false);
  });

  it('does not read values inherited from Object.prototype (SPEC §5)', () => {
    const field = mapField({ name: 'constructor', is_required: true });
    // Compared as entries: an own `constructor` property confuses toStrictEqual's type check.
    expect(Object.entries(validateForm([field], {}).errors)).toEqual([
      ['constructor', { key: MESSAGE_KEYS.fieldRequired }],
    ]);
  });
});
