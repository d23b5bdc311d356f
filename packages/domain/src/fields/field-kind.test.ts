import { describe, expect, it } from 'vitest';
import { EXTENDED_TYPES, FIELD_KINDS, FIELD_TYPES } from './field-enums';
import type { ExtendedType, FieldKind, FieldType } from './field-enums';
import { fieldKind } from './field-kind';

/** Every field type with no extended type, and the kind it renders as. */
const BY_TYPE: readonly (readonly [FieldType, FieldKind])[] = [
  ['input', 'input'],
  ['check', 'check'],
  ['select', 'select'],
  ['date', 'date'],
  ['info', 'input'],
  ['user_ip', 'input'],
  ['user_email', 'input'],
  ['user_phone', 'userPhoneVisible'],
  ['user_country', 'input'],
  ['user_first_name', 'input'],
  ['user_last_name', 'input'],
  ['user_middle_name', 'input'],
  ['user_tax_code', 'input'],
  ['user_verified', 'check'],
  ['file_upload', 'file_upload'],
];

/**
 * Every extended type, with the kind on an `input` field and on a `select` field. Extended types
 * that only qualify the value follow the type.
 */
const BY_EXTENDED_TYPE: readonly (readonly [ExtendedType, FieldKind, FieldKind])[] = [
  ['credit_card', 'card', 'card'],
  ['yandex_money', 'input', 'select'],
  ['qiwi', 'input', 'select'],
  ['skrill', 'input', 'select'],
  ['neteller', 'input', 'select'],
  ['web_money', 'input', 'select'],
  ['bet_shop', 'betShop', 'betShop'],
  ['popup', 'input', 'select'],
  ['save_requisites', 'checkbox', 'checkbox'],
  ['zotapay', 'input', 'select'],
  ['realdeposits', 'input', 'select'],
  ['directa24_brazil', 'input', 'select'],
  ['directa24_nigeria', 'input', 'select'],
  ['directa24_mexico', 'input', 'select'],
  ['predefined', 'input', 'select'],
  ['phone_with_country', 'phone', 'phone'],
  ['phone_without_country', 'phone', 'phone'],
  ['phone_with_country_plus', 'phone', 'phone'],
  ['card_pan', 'cardPan', 'cardPan'],
  ['card_cvv', 'cardCvv', 'cardCvv'],
  ['card_exp_year', 'expirationDate', 'expirationDate'],
  ['card_exp_month', 'expirationDate', 'expirationDate'],
  ['card_cardholder_name', 'input', 'select'],
  ['custom', 'input', 'select'],
  ['card_id', 'card', 'card'],
  ['card_bin', 'input', 'select'],
  ['profile_tax_code', 'input', 'select'],
  ['disabled_input_copy', 'disabledInputCopy', 'disabledInputCopy'],
];

describe('field kind decision (SPEC §3)', () => {
  it('has a row for every field type and every extended type, once each (SPEC §3)', () => {
    expect(BY_TYPE.map(([type]) => type).sort()).toEqual([...FIELD_TYPES].sort());
    expect(BY_EXTENDED_TYPE.map(([type]) => type).sort()).toEqual([...EXTENDED_TYPES].sort());
  });

  it.each(BY_TYPE)('type %s renders as %s (SPEC §3)', (type, kind) => {
    expect(fieldKind({ name: 'some_field', type })).toBe(kind);
  });

  it.each(BY_EXTENDED_TYPE)(
    'extended type %s renders as %s on an input and %s on a select (SPEC §3)',
    (extendedType, onInput, onSelect) => {
      expect(fieldKind({ name: 'some_field', type: 'input', extendedType })).toBe(onInput);
      expect(fieldKind({ name: 'some_field', type: 'select', extendedType })).toBe(onSelect);
    },
  );

  it.each(EXTENDED_TYPES)(
    'a file_upload type stays an upload with extended type %s (SPEC §3)',
    (extendedType) => {
      expect(fieldKind({ name: 'doc', type: 'file_upload', extendedType })).toBe('file_upload');
    },
  );

  it.each([
    ['amount', 'input', 'amount'],
    ['card_cvv', 'input', 'cardCvv'],
    ['expirationDate', 'input', 'expirationDate'],
    ['save_card', 'check', 'checkbox'],
    ['amount', 'file_upload', 'amount'],
  ] as const)('the widget field %s (type %s) renders as %s (SPEC §3)', (name, type, kind) => {
    expect(fieldKind({ name, type })).toBe(kind);
  });

  it('a phone extended type wins over the profile phone type (SPEC §3)', () => {
    expect(
      fieldKind({ name: 'phone', type: 'user_phone', extendedType: 'phone_with_country' }),
    ).toBe('phone');
  });

  it('a name that only exists on Object.prototype is not a widget field (SPEC §3)', () => {
    expect(fieldKind({ name: 'toString', type: 'input' })).toBe('input');
    expect(fieldKind({ name: '__proto__', type: 'select' })).toBe('select');
  });

  it('every kind is reachable (SPEC §3)', () => {
    const reached = new Set<FieldKind>([
      ...BY_TYPE.map(([, kind]) => kind),
      ...BY_EXTENDED_TYPE.flatMap(([, a, b]) => [a, b]),
      'amount',
    ]);
    expect([...reached].sort()).toEqual([...FIELD_KINDS].sort());
  });
});
