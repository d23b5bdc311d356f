/**
 * Fields the widget adds to a method form itself (SPEC §3 "Generated amount field" and
 * "Generated cvv field").
 *
 * @packageDocumentation
 */
import type { FlowType } from './field-enums';
import { AMOUNT_FIELD_NAME } from '../amount/amount-messages';
import { CVV_FIELD_NAME } from './field-kind';
import type { FormField } from './field-types';
import { mapLimits, optional } from './map-field';

/** SPEC §3: what the generated amount field carries, taken from the method detail. */
export interface AmountFieldParams {
  /** `limits.min_amount` and `limits.max_amount` of the method detail. */
  readonly limits?: { readonly min?: unknown; readonly max?: unknown } | null | undefined;
  readonly currency: string;
  readonly flowType: FlowType;
  readonly isDisabled?: boolean | undefined;
  /** Decimal digits of the amount; absent means the SPEC §9 default applies downstream. */
  readonly decimal?: number | undefined;
  readonly isAutoSubmit?: boolean | undefined;
  /** `amount_reg_exp_fe` of the method detail. */
  readonly amountRegExpFe?: string | null | undefined;
}

/**
 * SPEC §3: the generated amount field: named `amount`, required, data type `Float`, carrying the
 * limits (as decimal strings), currency, flow type, disabled flag, decimal digits, auto-submit
 * flag and the front-end pattern `amount_reg_exp_fe`.
 */
export function createAmountField(params: AmountFieldParams): FormField {
  const decimal = params.decimal;
  return {
    name: AMOUNT_FIELD_NAME,
    key: AMOUNT_FIELD_NAME,
    type: 'input',
    dataType: 'Float',
    ...optional(
      'regexp',
      typeof params.amountRegExpFe === 'string' && params.amountRegExpFe !== ''
        ? params.amountRegExpFe
        : undefined,
    ),
    isRequired: true,
    isOtpRequisites: false,
    options: [],
    isDisabled: params.isDisabled === true,
    isAutoSubmit: params.isAutoSubmit === true,
    currency: params.currency,
    ...optional(
      'decimal',
      decimal !== undefined && Number.isInteger(decimal) && decimal >= 0 ? decimal : undefined,
    ),
    flowType: params.flowType,
    ...optional('limits', mapLimits(params.limits)),
  };
}

/**
 * SPEC §3: the generated CVV field: named `card_cvv`, optional, data type `String`. Its extended
 * type `card_cvv` makes it render as the card security code.
 */
export function createCvvField(): FormField {
  return {
    name: CVV_FIELD_NAME,
    key: CVV_FIELD_NAME,
    type: 'input',
    extendedType: 'card_cvv',
    dataType: 'String',
    isRequired: false,
    isOtpRequisites: false,
    options: [],
    isDisabled: false,
    isAutoSubmit: false,
  };
}
