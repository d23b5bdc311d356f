import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, VALID } from '../messages';
import type { Validation } from '../messages';
import type { FieldValue, FormField } from './field-types';
import {
  fieldRules,
  isEmptyValue,
  isPostalCodeField,
  validateField,
  validateValue,
} from './field-validation';
import type { FieldRules } from './field-validation';
import { mapField } from './map-field';

const REQUIRED = MESSAGE_KEYS.fieldRequired;
const HAS_ERROR = MESSAGE_KEYS.fieldHasError;

function field(overrides: Partial<FormField> = {}): FormField {
  return { ...mapField({ name: 'f' }), ...overrides };
}

function errorOf(outcome: Validation): unknown {
  return outcome.valid ? null : outcome.error;
}

describe('required values (SPEC §5 generic fields)', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    ['\t\n', true],
    [false, true],
    [{ label: 'None', value: ' ', selected: false }, true],
    ['x', false],
    [' 0 ', false],
    [true, false],
    [{ label: 'A', value: 'a', selected: false }, false],
  ] as const)('%j counts as empty: %s (SPEC §5)', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });

  it.each([[undefined], ['  '], [false], [{ label: '-', value: '', selected: false }]] as const)(
    'a required field with %j gives PH.ERROR.FIELD_REQUIRED (SPEC §5)',
    (value) => {
      expect(validateValue(value, { required: true })).toStrictEqual({
        valid: false,
        error: { key: REQUIRED },
      });
    },
  );

  it('an empty optional field is valid whatever its other rules (SPEC §5)', () => {
    const rules: FieldRules = { dataType: 'Integer', min: '5', minLength: 3, pattern: '^x$' };
    expect(validateValue('  ', rules)).toBe(VALID);
  });

  it('a required select without a choice gives PH.ERROR.FIELD_REQUIRED (SPEC §5)', () => {
    const select = field({ type: 'select', isRequired: true });
    expect(errorOf(validateField(select, null))).toStrictEqual({ key: REQUIRED });
    expect(validateField(select, { label: 'A', value: 'a', selected: false })).toBe(VALID);
  });
});

describe('generic rule violations (SPEC §5 generic fields)', () => {
  it.each([
    ['min', '4', { min: '5' }, { key: HAS_ERROR, params: { min: '5' } }],
    ['max', '10.01', { max: '10' }, { key: HAS_ERROR, params: { max: '10' } }],
    ['minLength', 'ab', { minLength: 3 }, { key: HAS_ERROR, params: { minLength: '3' } }],
    ['maxLength', 'abcd', { maxLength: 3 }, { key: HAS_ERROR, params: { maxLength: '3' } }],
    ['pattern', 'abc', { pattern: '^\\d+$' }, { key: HAS_ERROR }],
    ['Float data type', '1,5', { dataType: 'Float' }, { key: HAS_ERROR }],
    ['Integer data type', '10.5', { dataType: 'Integer' }, { key: HAS_ERROR }],
    ['Integer written with a fraction part', '10.0', { dataType: 'Integer' }, { key: HAS_ERROR }],
    ['min on a non-number', 'abc', { min: '1' }, { key: HAS_ERROR, params: { min: '1' } }],
  ] as const)('%s: %j gives %j (SPEC §5)', (_rule, value, rules: FieldRules, error) => {
    expect(validateValue(value, rules)).toStrictEqual({ valid: false, error });
  });

  it.each([
    ['5', { min: '5' }],
    ['10', { max: '10' }],
    ['10.000', { max: '10' }],
    ['1 000', { min: '999', dataType: 'Float' }],
    ['-3', { dataType: 'Integer', min: '-5' }],
    ['abc', { minLength: 3, maxLength: 3 }],
    ['  abc', { minLength: 3 }],
    ['12345', { pattern: '^\\d{5}$' }],
    ['anything', { pattern: '' }],
    ['anything', { min: 'not a number' }],
    ['7', { dataType: 'Integer' }],
    ['.5', { dataType: 'Float' }],
  ] as const)('%j passes %j (SPEC §5)', (value, rules: FieldRules) => {
    expect(validateValue(value, rules)).toBe(VALID);
  });

  it('compares bounds exactly with big.js, beyond float precision (SPEC §5)', () => {
    const rules: FieldRules = { dataType: 'Float', max: '0.3' };
    expect(validateValue('0.30000000000000001', rules).valid).toBe(false);
    expect(validateValue('0.3', rules)).toBe(VALID);
    expect(
      validateValue('9007199254740993', { dataType: 'Integer', max: '9007199254740992' }).valid,
    ).toBe(false);
  });

  it('counts padding against a minimum length but not as content (SPEC §5)', () => {
    expect(validateValue(' ab ', { minLength: 3 }).valid).toBe(false);
    expect(validateValue('abc ', { maxLength: 3 }).valid).toBe(false);
  });

  it('checks rules in the order required, min, max, lengths, pattern (SPEC §5)', () => {
    const rules: FieldRules = {
      min: '10',
      minLength: 5,
      pattern: '^x$',
      patternMessageKey: 'PH.CUSTOM',
    };
    expect(errorOf(validateValue('9', rules))).toStrictEqual({
      key: HAS_ERROR,
      params: { min: '10' },
    });
    expect(errorOf(validateValue('11', rules))).toStrictEqual({
      key: HAS_ERROR,
      params: { minLength: '5' },
    });
    expect(errorOf(validateValue('12345', rules))).toStrictEqual({ key: 'PH.CUSTOM' });
  });

  it('uses a custom pattern message key in place of FIELD_HAS_ERROR (SPEC §5)', () => {
    expect(
      validateValue('abc', { pattern: '^\\d+$', patternMessageKey: 'PH.ERROR.IBAN' }),
    ).toStrictEqual({ valid: false, error: { key: 'PH.ERROR.IBAN' } });
  });

  it.each([
    [
      'required',
      undefined,
      { required: { value: true, message: 'Fill me' } },
      { key: REQUIRED, message: 'Fill me' },
    ],
    [
      'min',
      '1',
      { min: { value: '2', message: 'Too small' } },
      { key: HAS_ERROR, params: { min: '2' }, message: 'Too small' },
    ],
    [
      'max',
      '3',
      { max: { value: '2', message: 'Too big' } },
      { key: HAS_ERROR, params: { max: '2' }, message: 'Too big' },
    ],
    [
      'minLength',
      'a',
      { minLength: { value: 2, message: 'Short' } },
      { key: HAS_ERROR, params: { minLength: '2' }, message: 'Short' },
    ],
    [
      'maxLength',
      'abc',
      { maxLength: { value: 2, message: 'Long' } },
      { key: HAS_ERROR, params: { maxLength: '2' }, message: 'Long' },
    ],
    [
      'pattern',
      'a',
      { pattern: { value: '^\\d$', message: 'Digits' } },
      { key: HAS_ERROR, message: 'Digits' },
    ],
    [
      'pattern with a custom key',
      'a',
      { pattern: { value: '^\\d$', message: 'Digits' }, patternMessageKey: 'PH.K' },
      { key: 'PH.K', message: 'Digits' },
    ],
  ] as const)(
    'a %s rule with its own message carries it as-is (SPEC §5)',
    (_rule, value, rules: FieldRules, error) => {
      expect(validateValue(value, rules)).toStrictEqual({ valid: false, error });
    },
  );

  it('does not require when required is false, plain or with a message (SPEC §5)', () => {
    expect(validateValue('', { required: false })).toBe(VALID);
    expect(validateValue('', { required: { value: false, message: 'x' } })).toBe(VALID);
  });

  it('an invalid server pattern passes by default and fails when configured (SPEC §5)', () => {
    expect(validateValue('abc', { pattern: '(' })).toBe(VALID);
    expect(validateValue('abc', { pattern: '(' }, { invalidPattern: 'fail' })).toStrictEqual({
      valid: false,
      error: { key: HAS_ERROR },
    });
  });

  it('a pattern starting with + is literal (SPEC §5)', () => {
    expect(validateValue('+44 20', { pattern: '+44' })).toBe(VALID);
    expect(validateValue('44 20', { pattern: '+44' }).valid).toBe(false);
  });

  it('only checks a boolean or an option for required (SPEC §5)', () => {
    const rules: FieldRules = { minLength: 10, pattern: '^\\d+$', dataType: 'Integer' };
    expect(validateValue(true, rules)).toBe(VALID);
    expect(validateValue({ label: 'A', value: 'a', selected: false }, rules)).toBe(VALID);
  });

  it('never throws and always answers with a key (SPEC §5 totality, property)', () => {
    const value = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const rules = fc.record(
      {
        required: fc.boolean(),
        dataType: fc.constantFrom('String', 'Float', 'Integer', 'Boolean'),
        min: fc.string(),
        max: fc.string(),
        minLength: fc.integer(),
        maxLength: fc.integer(),
        pattern: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, rules, (v: FieldValue, r: FieldRules) => {
        const outcome = validateValue(v, r);
        if (!outcome.valid) expect(outcome.error.key.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe('postal codes (SPEC §5: at least 3 characters)', () => {
  it.each([
    ['postal_code', true],
    ['billing_postcode', true],
    ['post_code', true],
    ['zip', true],
    ['ZipCode', true],
    ['iban', false],
    ['poster', false],
  ])('%s is a postal code: %s (SPEC §5)', (name, expected) => {
    expect(isPostalCodeField({ name, key: name })).toBe(expected);
  });

  it('recognises a postal code by its key too (SPEC §5)', () => {
    expect(isPostalCodeField({ name: 'p1', key: 'zip' })).toBe(true);
  });

  it('refuses a postal code under 3 characters even without a server minimum (SPEC §5)', () => {
    const postal = field({ name: 'postal_code', key: 'postal_code' });
    expect(errorOf(validateField(postal, '12'))).toStrictEqual({
      key: HAS_ERROR,
      params: { minLength: '3' },
    });
    expect(validateField(postal, '123')).toBe(VALID);
  });

  it('keeps a larger server minimum for a postal code (SPEC §5)', () => {
    expect(fieldRules(field({ name: 'zip', key: 'zip', minLength: 5 })).minLength).toBe(5);
  });

  it('takes a caller predicate for what a postal code is (SPEC §5)', () => {
    const options = { isPostalCode: (f: Pick<FormField, 'name'>) => f.name === 'plz' };
    expect(validateField(field({ name: 'plz', key: 'plz' }), '12', options).valid).toBe(false);
    expect(validateField(field({ name: 'zip', key: 'zip' }), '12', options)).toBe(VALID);
  });
});

describe('field rules of a mapped field (SPEC §5)', () => {
  it('takes every rule from the definition (SPEC §3, §5)', () => {
    expect(
      fieldRules(
        field({
          isRequired: true,
          dataType: 'Float',
          min: '1',
          max: '9',
          minLength: 1,
          maxLength: 4,
          regexp: '^\\d+$',
          validationMsgKey: 'PH.KEY',
        }),
      ),
    ).toStrictEqual({
      required: true,
      dataType: 'Float',
      min: '1',
      max: '9',
      minLength: 1,
      maxLength: 4,
      pattern: '^\\d+$',
      patternMessageKey: 'PH.KEY',
    });
  });

  it('gives only required and data type for a bare field (SPEC §5)', () => {
    expect(fieldRules(field())).toStrictEqual({ required: false, dataType: 'String' });
  });
});

describe('validating a field by its kind (SPEC §5)', () => {
  it.each([
    ['check', { type: 'check' }],
    ['save-card checkbox', { name: 'save_card', key: 'save_card' }],
    ['payout card', { extendedType: 'credit_card' }],
    ['bet shop', { extendedType: 'bet_shop' }],
    ['file upload', { type: 'file_upload' }],
  ] as const)(
    'a %s is only checked for required (SPEC §5)',
    (_kind, overrides: Partial<FormField>) => {
      const chosen = field({ ...overrides, isRequired: true, regexp: '^never$', minLength: 50 });
      expect(errorOf(validateField(chosen, undefined))).toStrictEqual({ key: REQUIRED });
      expect(validateField(chosen, 'some value')).toBe(VALID);
    },
  );

  it.each([
    ['2024-02-29T00:00:00.000Z', true],
    ['2024-02-29', true],
    ['29.02.2024', true],
    ['31.02.2024', false],
    ['yesterday', false],
  ])('a date field with %s is valid: %s (SPEC §5)', (value, valid) => {
    const outcome = validateField(field({ type: 'date' }), value);
    expect(outcome).toStrictEqual(
      valid ? VALID : { valid: false, error: { key: HAS_ERROR, message: 'Invalid date' } },
    );
  });

  it('a required empty date gives FIELD_REQUIRED; an optional one is valid (SPEC §5)', () => {
    expect(errorOf(validateField(field({ type: 'date', isRequired: true }), ''))).toStrictEqual({
      key: REQUIRED,
    });
    expect(validateField(field({ type: 'date' }), '')).toBe(VALID);
  });

  it('a date field holding a non-text value is an invalid date (SPEC §5)', () => {
    expect(validateField(field({ type: 'date' }), true).valid).toBe(false);
  });

  it('an input field gets every generic rule (SPEC §5)', () => {
    const input = field({
      isRequired: true,
      regexp: '^[A-Z]{2}\\d+$',
      validationMsgKey: 'PH.IBAN',
    });
    expect(errorOf(validateField(input, ''))).toStrictEqual({ key: REQUIRED });
    expect(errorOf(validateField(input, 'de123'))).toStrictEqual({ key: 'PH.IBAN' });
    expect(validateField(input, 'DE123')).toBe(VALID);
  });
});

describe('numbers typed with a sign (SPEC §5 totality)', () => {
  it.each([
    ['+5', { dataType: 'Integer', min: '5' }, true],
    ['+5.5', { dataType: 'Float', max: '5' }, false],
    ['+-5', { dataType: 'Float' }, false],
    ['++5', { dataType: 'Float' }, false],
    ['+', { dataType: 'Float' }, false],
  ] as const)(
    '%j against %j is valid: %s, without throwing (SPEC §5)',
    (value, rules: FieldRules, valid) => {
      expect(validateValue(value, rules).valid).toBe(valid);
    },
  );

  it('maps a wire bound written with a plus sign (SPEC §3)', () => {
    expect(mapField({ name: 'x', min: '+5', max: '+x' })).toMatchObject({ min: '5' });
    expect(mapField({ name: 'x', max: '+x' }).max).toBeUndefined();
  });
});
