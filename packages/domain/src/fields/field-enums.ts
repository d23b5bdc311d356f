/**
 * Enumerations of dynamic form fields (SPEC §3 "Form field (mapped)"): field types, extended
 * types, data types, field kinds and flow types, each a `const` array with its union type so the
 * zod contract can build `z.enum(...)` from the same list.
 *
 * Where SPEC §3 describes a value in words instead of naming it (the bank types and the phone
 * variants), the wire spelling chosen here is documented beside the array.
 *
 * @packageDocumentation
 */

/**
 * SPEC §3: field types as the server sends them in `type`. `file_upload` is listed last because
 * the spec names it as a separate type.
 */
export const FIELD_TYPES = [
  'input',
  'check',
  'select',
  'date',
  'info',
  'user_ip',
  'user_email',
  'user_phone',
  'user_country',
  'user_first_name',
  'user_last_name',
  'user_middle_name',
  'user_tax_code',
  'user_verified',
  'file_upload',
] as const;

/** SPEC §3: one of {@link FIELD_TYPES}. */
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * SPEC §3: extended types as the server sends them in `extended_type`.
 *
 * The spec describes the bank types and the phone variants in words; their wire spelling here is
 * a choice: `zotapay`, `realdeposits`, `directa24_brazil`, `directa24_nigeria`,
 * `directa24_mexico`, and `phone_with_country`, `phone_without_country`,
 * `phone_with_country_plus`.
 */
export const EXTENDED_TYPES = [
  'credit_card',
  'yandex_money',
  'qiwi',
  'skrill',
  'neteller',
  'web_money',
  'bet_shop',
  'popup',
  'save_requisites',
  'zotapay',
  'realdeposits',
  'directa24_brazil',
  'directa24_nigeria',
  'directa24_mexico',
  'predefined',
  'phone_with_country',
  'phone_without_country',
  'phone_with_country_plus',
  'card_pan',
  'card_cvv',
  'card_exp_year',
  'card_exp_month',
  'card_cardholder_name',
  'custom',
  'card_id',
  'card_bin',
  'profile_tax_code',
  'disabled_input_copy',
] as const;

/** SPEC §3: one of {@link EXTENDED_TYPES}. */
export type ExtendedType = (typeof EXTENDED_TYPES)[number];

/**
 * SPEC §3: the extended types whose value is card data (number, code, expiry, holder, saved-card
 * reference, BIN). The submit payload takes these from the card values passed in, never from the
 * generic form values, so a card number or CVV cannot leak under another field name.
 */
export const CARD_DATA_EXTENDED_TYPES = [
  'card_pan',
  'card_cvv',
  'card_exp_year',
  'card_exp_month',
  'card_cardholder_name',
  'card_id',
  'card_bin',
] as const satisfies readonly ExtendedType[];

/** SPEC §3: data types as sent in `data_type`; the mapped default is `String`. */
export const DATA_TYPES = ['String', 'Float', 'Integer', 'Boolean'] as const;

/** SPEC §3: one of {@link DATA_TYPES}. */
export type DataType = (typeof DATA_TYPES)[number];

/** SPEC §2, §3: the field kinds the widget renders, one component each. */
export const FIELD_KINDS = [
  'amount',
  'checkbox',
  'select',
  'input',
  'check',
  'expirationDate',
  'cardPan',
  'cardCvv',
  'card',
  'userPhoneVisible',
  'betShop',
  'phone',
  'date',
  'file_upload',
  'disabledInputCopy',
] as const;

/** SPEC §3: one of {@link FIELD_KINDS}. */
export type FieldKind = (typeof FIELD_KINDS)[number];

/** SPEC §1, §3: the flow a field belongs to (`flow_type` on the wire). */
export const FLOW_TYPES = ['deposit', 'withdrawal'] as const;

/** SPEC §1: one of {@link FLOW_TYPES}. */
export type FlowType = (typeof FLOW_TYPES)[number];

/** SPEC §3: narrows a wire text to a member of one of the enumerations, comparing exactly. */
export function memberOf<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((item) => item === value);
}
