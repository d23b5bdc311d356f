import { describe, expect, it } from 'vitest';
import type { FormField, ReceivedWithdrawalField } from './field-types';
import {
  mapField,
  mapFields,
  mapLimits,
  toDataType,
  toExtendedType,
  toFieldType,
  toFlowType,
} from './map-field';

const FULL: ReceivedWithdrawalField = {
  name: 'account',
  key: 'account_key',
  type: 'select',
  extended_type: 'skrill',
  data_type: 'Integer',
  regexp: '^\\d+$',
  label: 'Account',
  placeholder: 'Choose',
  placeholder_empty_list: 'No accounts',
  placeholder_empty_list_error: 'Add an account first',
  is_required: true,
  is_otp_requisites: true,
  options: [
    { label: 'First', value: 'a', is_selected: false },
    { label: 'Second', value: 2, is_selected: true },
    { value: 'c' },
  ],
  user_requisite: '12345',
  validation_msg_key: 'PH.ERROR.ACCOUNT',
  is_read_only: true,
  items: [{ id: 1 }],
  custom_reg_exp: { month: '^(0[1-9]|1[0-2])$', year: '^\\d{2}$' },
  validation_keys: { month: 'PH.MONTH', year: 'PH.YEAR' },
  auto_submit: true,
  currency: 'EUR',
  decimal: 2,
  flow_type: 'withdrawal',
  limits: { min: '10.00', max: 5000 },
  min: 1,
  max: '99.5',
  min_length: 3,
  max_length: 20,
  user_requisite_type_id: 7,
  verify_new_payout_account: false,
};

describe('mapping a received field (SPEC §3 Form field (mapped))', () => {
  it('maps every property of a withdrawal field (SPEC §3)', () => {
    const expected: FormField = {
      name: 'account',
      key: 'account_key',
      type: 'select',
      extendedType: 'skrill',
      dataType: 'Integer',
      regexp: '^\\d+$',
      label: 'Account',
      placeHolder: 'Choose',
      placeHolderEmptyList: 'No accounts',
      placeHolderEmptyListError: 'Add an account first',
      isRequired: true,
      isOtpRequisites: true,
      options: [
        { label: 'First', value: 'a', selected: false },
        { label: 'Second', value: '2', selected: true },
        { label: 'c', value: 'c', selected: false },
      ],
      userRequisite: '12345',
      validationMsgKey: 'PH.ERROR.ACCOUNT',
      isDisabled: true,
      userRequisiteTypeId: '7',
      verifyNewPayoutAccount: false,
      items: [{ id: 1 }],
      customRegExp: { month: '^(0[1-9]|1[0-2])$', year: '^\\d{2}$' },
      validationKeys: { month: 'PH.MONTH', year: 'PH.YEAR' },
      isAutoSubmit: true,
      currency: 'EUR',
      decimal: 2,
      flowType: 'withdrawal',
      limits: { min: '10', max: '5000' },
      min: '1',
      max: '99.5',
      minLength: 3,
      maxLength: 20,
    };
    expect(mapField(FULL)).toStrictEqual(expected);
  });

  it('applies the spec defaults to a bare field and leaves the rest absent (SPEC §3)', () => {
    expect(mapField({ name: 'iban' })).toStrictEqual({
      name: 'iban',
      key: 'iban',
      type: 'input',
      dataType: 'String',
      isRequired: false,
      isOtpRequisites: false,
      options: [],
      isDisabled: false,
      isAutoSubmit: false,
    });
  });

  it('treats null like absent, as a nullish zod schema may give (SPEC §3)', () => {
    expect(
      mapField({
        name: 'x',
        key: null,
        type: null,
        extended_type: null,
        data_type: null,
        regexp: null,
        options: null,
        is_required: null,
        is_read_only: null,
        items: null,
        custom_reg_exp: null,
        validation_keys: null,
        limits: null,
        min: null,
        decimal: null,
        flow_type: null,
      }),
    ).toStrictEqual(mapField({ name: 'x' }));
  });

  it.each([
    ['an empty pair', {}, undefined],
    ['empty texts', { month: '', year: '' }, undefined],
    ['only a month', { month: '^1$' }, { month: '^1$' }],
  ] as const)('maps custom patterns given as %s (SPEC §3)', (_label, pair, expected) => {
    expect(mapField({ name: 'exp', custom_reg_exp: pair }).customRegExp).toStrictEqual(expected);
  });

  it.each([
    [{ decimal: -1, min_length: 1.5, max_length: Number.NaN }],
    [{ decimal: 0.5, min_length: -2, max_length: Infinity }],
  ])('drops lengths and decimals that are not whole non-negative numbers: %j (SPEC §3)', (bad) => {
    const mapped = mapField({ name: 'x', ...bad });
    expect([mapped.decimal, mapped.minLength, mapped.maxLength]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('keeps a zero length and zero decimals (SPEC §3)', () => {
    const mapped = mapField({ name: 'x', decimal: 0, min_length: 0 });
    expect([mapped.decimal, mapped.minLength]).toEqual([0, 0]);
  });

  it('drops bounds that are not numbers and keeps big ones exactly (SPEC §3, money as decimal text)', () => {
    const mapped = mapField({
      name: 'x',
      min: 'ten',
      max: '123456789012345678901234.5',
      limits: { min: '1e3', max: 'abc' },
    });
    expect([mapped.min, mapped.max, mapped.limits]).toEqual([
      undefined,
      '123456789012345678901234.5',
      undefined,
    ]);
  });

  it('drops an empty user requisite type id and keeps the id as text (SPEC §3 withdrawal)', () => {
    expect(mapField({ name: 'x', user_requisite_type_id: '' }).userRequisiteTypeId).toBeUndefined();
    expect(mapField({ name: 'x', user_requisite_type_id: 'abc' }).userRequisiteTypeId).toBe('abc');
    expect(mapField({ name: 'x', verify_new_payout_account: true }).verifyNewPayoutAccount).toBe(
      true,
    );
  });

  it('maps a list in order, and nothing to an empty list (SPEC §3)', () => {
    expect(mapFields([{ name: 'a' }, { name: 'b' }]).map((field) => field.name)).toEqual([
      'a',
      'b',
    ]);
    expect(mapFields(null)).toEqual([]);
    expect(mapFields(undefined)).toEqual([]);
  });

  it('accepts a field typed the way zod infers optional properties (SPEC §3 contract)', () => {
    const fromContract: {
      name: string;
      type?: string | undefined;
      options?: { label: string; value: string; is_selected?: boolean | undefined }[] | undefined;
      limits?: { min?: string | undefined; max?: number | undefined } | undefined;
    } = { name: 'bank', type: 'select', options: [{ label: 'A', value: 'a' }] };
    expect(mapField(fromContract).options).toEqual([{ label: 'A', value: 'a', selected: false }]);
  });
});

describe('wire enumeration parsing (SPEC §3)', () => {
  it.each([
    ['select', 'select'],
    [' SELECT ', 'select'],
    ['File_Upload', 'file_upload'],
    ['unknown_type', 'input'],
    ['', 'input'],
    [null, 'input'],
    [undefined, 'input'],
  ] as const)('field type %j is %s', (wire, expected) => {
    expect(toFieldType(wire)).toBe(expected);
  });

  it.each([
    ['card_pan', 'card_pan'],
    ['CARD_PAN', 'card_pan'],
    ['new_wallet', undefined],
    [null, undefined],
  ] as const)('extended type %j is %s', (wire, expected) => {
    expect(toExtendedType(wire)).toBe(expected);
  });

  it.each([
    ['Float', 'Float'],
    ['float', 'Float'],
    ['INTEGER', 'Integer'],
    ['boolean', 'Boolean'],
    ['string', 'String'],
    ['Decimal', 'String'],
    [undefined, 'String'],
  ] as const)('data type %j is %s', (wire, expected) => {
    expect(toDataType(wire)).toBe(expected);
  });

  it.each([
    ['deposit', 'deposit'],
    ['Withdrawal', 'withdrawal'],
    ['payout', undefined],
    [null, undefined],
  ] as const)('flow type %j is %s', (wire, expected) => {
    expect(toFlowType(wire)).toBe(expected);
  });

  it('maps limits that have at least one number (SPEC §3)', () => {
    expect(mapLimits({ min: 5 })).toStrictEqual({ min: '5' });
    expect(mapLimits({ min: null, max: undefined })).toBeUndefined();
    expect(mapLimits(undefined)).toBeUndefined();
  });
});
