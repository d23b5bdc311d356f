/**
 * Mapping of a received field definition to the form field of SPEC §3 "Form field (mapped)".
 *
 * @packageDocumentation
 */
import { parseDecimal } from '../money/decimal';
import { DATA_TYPES, EXTENDED_TYPES, FIELD_TYPES, FLOW_TYPES, memberOf } from './field-enums';
import type { DataType, ExtendedType, FieldType, FlowType } from './field-enums';
import type {
  FieldLimits,
  FormField,
  FormFieldOption,
  MonthYear,
  ReceivedField,
  ReceivedFieldOption,
  ReceivedMonthYear,
  ReceivedWithdrawalField,
} from './field-types';

/**
 * SPEC §3: builds `{ [key]: value }` or `{}`, so an optional property of a mapped shape is absent
 * rather than `undefined` (exactOptionalPropertyTypes).
 */
export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  if (value !== undefined) out[key] = value;
  return out;
}

function text(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function flag(value: boolean | null | undefined): boolean {
  return value === true;
}

/** SPEC §3: decimal text of a wire number, in plain notation; absent when it is no number. */
export function decimalText(value: unknown): string | undefined {
  return parseDecimal(value)?.toFixed();
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function normalised(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** SPEC §3: the field type, `input` when missing or unknown. */
export function toFieldType(value: string | null | undefined): FieldType {
  return memberOf(FIELD_TYPES, normalised(value)) ?? 'input';
}

/** SPEC §3: the extended type, absent when missing or unknown. */
export function toExtendedType(value: string | null | undefined): ExtendedType | undefined {
  return memberOf(EXTENDED_TYPES, normalised(value));
}

/** SPEC §3: the data type, matched without regard to case; `String` when missing or unknown. */
export function toDataType(value: string | null | undefined): DataType {
  const wanted = normalised(value);
  return DATA_TYPES.find((type) => type.toLowerCase() === wanted) ?? 'String';
}

/** SPEC §3: the flow type, absent when missing or unknown. */
export function toFlowType(value: string | null | undefined): FlowType | undefined {
  return memberOf(FLOW_TYPES, normalised(value));
}

function mapOption(option: ReceivedFieldOption): FormFieldOption {
  const value = String(option.value);
  return { label: text(option.label) ?? value, value, selected: flag(option.is_selected) };
}

function mapMonthYear(pair: ReceivedMonthYear | null | undefined): MonthYear | undefined {
  if (pair === null || pair === undefined) return undefined;
  const mapped = { ...optional('month', text(pair.month)), ...optional('year', text(pair.year)) };
  return Object.keys(mapped).length === 0 ? undefined : mapped;
}

/** SPEC §3: limits as decimal strings; absent when neither bound is a number. */
export function mapLimits(
  limits: { readonly min?: unknown; readonly max?: unknown } | null | undefined,
): FieldLimits | undefined {
  if (limits === null || limits === undefined) return undefined;
  const mapped = {
    ...optional('min', decimalText(limits.min)),
    ...optional('max', decimalText(limits.max)),
  };
  return Object.keys(mapped).length === 0 ? undefined : mapped;
}

function withdrawalAdditions(
  field: ReceivedWithdrawalField,
): Pick<FormField, 'userRequisiteTypeId' | 'verifyNewPayoutAccount'> {
  const typeId = field.user_requisite_type_id;
  const verify = field.verify_new_payout_account;
  return {
    ...optional(
      'userRequisiteTypeId',
      typeId === null || typeId === undefined || typeId === '' ? undefined : String(typeId),
    ),
    ...optional('verifyNewPayoutAccount', typeof verify === 'boolean' ? verify : undefined),
  };
}

/**
 * SPEC §3: maps a received field definition (deposit or withdrawal) to the form field.
 *
 * Defaults from the spec: type `input`, data type `String`. `key` falls back to `name`;
 * `isDisabled` comes from `is_read_only`; option `selected` from `is_selected` and an option
 * without a label shows its value. Unknown type, extended type, data type or flow type texts
 * fall back to the defaults (or are dropped) rather than failing the form, so the server can add
 * values before the widget knows them. Bounds that are not numbers and negative or fractional
 * lengths are dropped.
 */
export function mapField(field: ReceivedField | ReceivedWithdrawalField): FormField {
  return {
    name: field.name,
    key: text(field.key) ?? field.name,
    type: toFieldType(field.type),
    ...optional('extendedType', toExtendedType(field.extended_type)),
    dataType: toDataType(field.data_type),
    ...optional('regexp', text(field.regexp)),
    ...optional('label', text(field.label)),
    ...optional('placeHolder', text(field.placeholder)),
    ...optional('placeHolderEmptyList', text(field.placeholder_empty_list)),
    ...optional('placeHolderEmptyListError', text(field.placeholder_empty_list_error)),
    isRequired: flag(field.is_required),
    isOtpRequisites: flag(field.is_otp_requisites),
    options: (field.options ?? []).map(mapOption),
    ...optional('userRequisite', text(field.user_requisite)),
    ...optional('validationMsgKey', text(field.validation_msg_key)),
    isDisabled: flag(field.is_read_only),
    ...withdrawalAdditions(field),
    ...optional('items', field.items ?? undefined),
    ...optional('customRegExp', mapMonthYear(field.custom_reg_exp)),
    ...optional('validationKeys', mapMonthYear(field.validation_keys)),
    isAutoSubmit: flag(field.auto_submit),
    ...optional('currency', text(field.currency)),
    ...optional('decimal', count(field.decimal)),
    ...optional('flowType', toFlowType(field.flow_type)),
    ...optional('limits', mapLimits(field.limits)),
    ...optional('min', decimalText(field.min)),
    ...optional('max', decimalText(field.max)),
    ...optional('minLength', count(field.min_length)),
    ...optional('maxLength', count(field.max_length)),
  };
}

/** SPEC §3: maps every received field, keeping their order (the order fields are shown in). */
export function mapFields(
  fields: readonly (ReceivedField | ReceivedWithdrawalField)[] | null | undefined,
): FormField[] {
  return (fields ?? []).map(mapField);
}
