/**
 * Field shapes of SPEC §3: the field definition as the cashier service sends it (wire names,
 * snake_case) and the mapped form field the widget renders (camelCase).
 *
 * The wire interfaces are hand-written because `@cashdesk/domain` imports nothing; the zod
 * contract must infer types assignable to them. Hence every optional wire property is
 * `?: T | null | undefined` (fits zod's `.optional()` and `.nullish()` under
 * `exactOptionalPropertyTypes`) and arrays are `readonly`.
 *
 * Wire names SPEC §3 gives only in camelCase, chosen here:
 * - `placeholder`, `placeholder_empty_list`, `placeholder_empty_list_error`
 * - `validation_msg_key` (the custom message key of a failed pattern)
 * - `is_read_only` (the read-only flag that becomes `isDisabled`)
 * - `custom_reg_exp` {month, year}, `validation_keys` {month, year}
 * - `auto_submit`, `flow_type`, `min_length`, `max_length`
 * - `verify_new_payout_account` (withdrawal)
 *
 * @packageDocumentation
 */
import type { DataType, ExtendedType, FieldType, FlowType } from './field-enums';

/** SPEC §3: a wire number that may also come as text (limits, bounds, ids). */
export type WireNumeric = string | number;

/** SPEC §3: one option of a received select field. */
export interface ReceivedFieldOption {
  readonly label?: string | null | undefined;
  readonly value: WireNumeric;
  readonly is_selected?: boolean | null | undefined;
}

/** SPEC §3: the month and year pair of `custom_reg_exp` and `validation_keys`. */
export interface ReceivedMonthYear {
  readonly month?: string | null | undefined;
  readonly year?: string | null | undefined;
}

/** SPEC §3: the amount limits a field carries (decimal strings or numbers on the wire). */
export interface ReceivedFieldLimits {
  readonly min?: WireNumeric | null | undefined;
  readonly max?: WireNumeric | null | undefined;
}

/**
 * SPEC §3: a form field definition as received (method detail `parameters`, route response
 * `parameters`). `type`, `extended_type` and `data_type` are plain text so that a value the
 * server adds later degrades to the defaults instead of failing the whole response.
 */
export interface ReceivedField {
  readonly name: string;
  readonly key?: string | null | undefined;
  readonly type?: string | null | undefined;
  readonly extended_type?: string | null | undefined;
  readonly data_type?: string | null | undefined;
  readonly regexp?: string | null | undefined;
  readonly label?: string | null | undefined;
  readonly placeholder?: string | null | undefined;
  readonly placeholder_empty_list?: string | null | undefined;
  readonly placeholder_empty_list_error?: string | null | undefined;
  readonly is_required?: boolean | null | undefined;
  readonly is_otp_requisites?: boolean | null | undefined;
  readonly options?: readonly ReceivedFieldOption[] | null | undefined;
  /** The player's stored requisite that pre-fills the field (a text value). */
  readonly user_requisite?: string | null | undefined;
  readonly validation_msg_key?: string | null | undefined;
  readonly is_read_only?: boolean | null | undefined;
  /** Passed through untouched: SPEC §3 names `items` but not their shape. */
  readonly items?: readonly unknown[] | null | undefined;
  readonly custom_reg_exp?: ReceivedMonthYear | null | undefined;
  readonly validation_keys?: ReceivedMonthYear | null | undefined;
  readonly auto_submit?: boolean | null | undefined;
  readonly currency?: string | null | undefined;
  /** Decimal digits allowed in the value (SPEC §5: amount digits overridable per field). */
  readonly decimal?: number | null | undefined;
  readonly flow_type?: string | null | undefined;
  readonly limits?: ReceivedFieldLimits | null | undefined;
  readonly min?: WireNumeric | null | undefined;
  readonly max?: WireNumeric | null | undefined;
  readonly min_length?: number | null | undefined;
  readonly max_length?: number | null | undefined;
}

/** SPEC §3: a withdrawal form field as received; adds the payout-account properties. */
export interface ReceivedWithdrawalField extends ReceivedField {
  readonly user_requisite_type_id?: WireNumeric | null | undefined;
  readonly verify_new_payout_account?: boolean | null | undefined;
}

/** SPEC §3: one option of a mapped select field (`selected` from `is_selected`). */
export interface FormFieldOption {
  readonly label: string;
  readonly value: string;
  readonly selected: boolean;
}

/** SPEC §3: custom month and year patterns, or month and year message keys. */
export interface MonthYear {
  readonly month?: string;
  readonly year?: string;
}

/** SPEC §3: limits a field carries, as decimal strings. */
export interface FieldLimits {
  readonly min?: string;
  readonly max?: string;
}

/**
 * SPEC §3 "Form field (mapped)". Defaults of the spec are applied (type `input`, data type
 * `String`, flags false, options empty); everything else is present only when the server sent a
 * usable value. Numeric bounds are decimal strings (money is never a float).
 */
export interface FormField {
  readonly name: string;
  readonly key: string;
  readonly type: FieldType;
  readonly extendedType?: ExtendedType;
  readonly dataType: DataType;
  readonly regexp?: string;
  readonly label?: string;
  readonly placeHolder?: string;
  readonly placeHolderEmptyList?: string;
  readonly placeHolderEmptyListError?: string;
  readonly isRequired: boolean;
  readonly isOtpRequisites: boolean;
  readonly options: readonly FormFieldOption[];
  readonly userRequisite?: string;
  readonly validationMsgKey?: string;
  readonly isDisabled: boolean;
  /** Withdrawal only (`user_requisite_type_id`). */
  readonly userRequisiteTypeId?: string;
  /** Withdrawal only (`verify_new_payout_account`). */
  readonly verifyNewPayoutAccount?: boolean;
  readonly items?: readonly unknown[];
  readonly customRegExp?: MonthYear;
  readonly validationKeys?: MonthYear;
  readonly isAutoSubmit: boolean;
  readonly currency?: string;
  readonly decimal?: number;
  readonly flowType?: FlowType;
  readonly limits?: FieldLimits;
  readonly min?: string;
  readonly max?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
}

/**
 * SPEC §3, §5: the value a form holds for one field: text for inputs, dates (ISO) and file
 * names, a boolean for check boxes, the chosen option for selects; `null` or `undefined` when
 * nothing was entered.
 */
export type FieldValue = string | boolean | FormFieldOption | null | undefined;

/** SPEC §3: form values keyed by field name. */
export type FormValues = Readonly<Record<string, FieldValue>>;
