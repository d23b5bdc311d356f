/**
 * The field kind decision of SPEC §3: which of the fifteen field components renders a field,
 * decided from its name, type and extended type.
 *
 * @packageDocumentation
 */
import type { ExtendedType, FieldKind, FieldType } from './field-enums';
import type { FormField } from './field-types';
import { AMOUNT_FIELD_NAME } from '../amount/amount-messages';

/** SPEC §3: the generated CVV field's name. */
export const CVV_FIELD_NAME = 'card_cvv';
/** SPEC §3: the combined MM/YY expiry value of the deposit form. */
export const EXPIRATION_DATE_FIELD_NAME = 'expirationDate';
/** SPEC §3: the save-card check box of the deposit form. */
export const SAVE_CARD_FIELD_NAME = 'save_card';

/** Fields the widget itself adds, recognised by name before anything else. */
const KIND_BY_NAME: Readonly<Record<string, FieldKind>> = {
  [AMOUNT_FIELD_NAME]: 'amount',
  [CVV_FIELD_NAME]: 'cardCvv',
  [EXPIRATION_DATE_FIELD_NAME]: 'expirationDate',
  [SAVE_CARD_FIELD_NAME]: 'checkbox',
};

/**
 * Extended types that decide the kind regardless of the plain type. Extended types missing here
 * (wallets, bank types, popup, predefined, custom, cardholder name, BIN, tax code) only qualify
 * the value and leave the decision to the type.
 */
const KIND_BY_EXTENDED_TYPE: Readonly<Partial<Record<ExtendedType, FieldKind>>> = {
  card_pan: 'cardPan',
  card_cvv: 'cardCvv',
  card_exp_month: 'expirationDate',
  card_exp_year: 'expirationDate',
  credit_card: 'card',
  card_id: 'card',
  bet_shop: 'betShop',
  phone_with_country: 'phone',
  phone_without_country: 'phone',
  phone_with_country_plus: 'phone',
  disabled_input_copy: 'disabledInputCopy',
  save_requisites: 'checkbox',
};

/**
 * Kinds of the plain types. The profile types (`user_*`) are inputs pre-filled from the player's
 * profile, except the profile phone, which is the read-only visible phone, and the verified
 * flag, which is a yes/no check. `info` is a read-only text input.
 */
const KIND_BY_TYPE: Readonly<Record<FieldType, FieldKind>> = {
  input: 'input',
  check: 'check',
  select: 'select',
  date: 'date',
  info: 'input',
  user_ip: 'input',
  user_email: 'input',
  user_phone: 'userPhoneVisible',
  user_country: 'input',
  user_first_name: 'input',
  user_last_name: 'input',
  user_middle_name: 'input',
  user_tax_code: 'input',
  user_verified: 'check',
  file_upload: 'file_upload',
};

/**
 * SPEC §3: decides the field kind. In order: the widget's own fields by name (`amount`,
 * `card_cvv`, `expirationDate`, `save_card`); a `file_upload` type (an upload is never anything else); the
 * extended types that name a component (card number, CVV, expiry month or year, saved card or
 * payout card, bet shop, the phone variants, copyable disabled text, save-requisites check box);
 * then the plain type. Anything else is a generic input.
 */
export function fieldKind(field: Pick<FormField, 'name' | 'type' | 'extendedType'>): FieldKind {
  const byName = Object.hasOwn(KIND_BY_NAME, field.name) ? KIND_BY_NAME[field.name] : undefined;
  if (byName !== undefined) return byName;
  if (field.type === 'file_upload') return 'file_upload';
  const byExtended =
    field.extendedType === undefined ? undefined : KIND_BY_EXTENDED_TYPE[field.extendedType];
  return byExtended ?? KIND_BY_TYPE[field.type];
}
