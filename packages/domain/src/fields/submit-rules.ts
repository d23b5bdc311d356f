/**
 * The per-kind submit rules of SPEC §5, the one table the widget checks a form with before a
 * submit and the server checks it with on receipt (docs/architecture.md: a rule both apply lives
 * once, here).
 *
 * @packageDocumentation
 */
import { validateAmount } from '../amount/validate-amount';
import { validateCardNumberOnSubmit } from '../cards/card-number';
import { validateCardholderName } from '../cards/cardholder-name';
import { validateCvv } from '../cards/cvv';
import { validateExpiry } from '../cards/expiry';
import { VALID } from '../messages';
import type { Validation } from '../messages';
import { validatePhone } from '../phone/validate';
import type { PaymentFlow } from '../routing/page-kind';
import type { FieldKind } from './field-enums';
import type { FieldValue, FormField, FormValues } from './field-types';
import { validateField } from './field-validation';
import { validateForm, validateFormField } from './validate-form';
import type { FieldValidator, FormValidation } from './validate-form';

/** SPEC §3: the extended type (and generated name) of the cardholder name field. */
const CARDHOLDER_NAME = 'card_cardholder_name';

/**
 * SPEC §3, §5: whether a field is the cardholder name (extended type or name
 * `card_cardholder_name`). Its kind is a plain input; the cardholder name rule of SPEC §5
 * replaces the generic rules for it.
 */
export function isCardholderNameField(field: Pick<FormField, 'name' | 'extendedType'>): boolean {
  return field.extendedType === CARDHOLDER_NAME || field.name === CARDHOLDER_NAME;
}

/** SPEC §5: what the per-kind rules need besides the field and its value. */
export interface SubmitRuleContext {
  /** SPEC §1: 'deposit' or 'withdrawal'; decides the amount rules and their message keys. */
  readonly flow: PaymentFlow;
  /** ISO code, written into the amount messages with the formatted bound (SPEC §5). */
  readonly currency: string;
  /** Currency precision (SPEC §3), of the formatted bounds in the amount messages. */
  readonly precision: number;
  /** The decimal separator of those bounds (the player's language's); default '.'. */
  readonly decimalSeparator?: string | undefined;
  /**
   * Withdrawal: the player's balance (SPEC §5, CASHIER.PH2.ERROR_MESSAGE.1206); a withdrawal
   * without a known balance is checked against 0, so it fails: no money is known to be there.
   * Ignored for deposits.
   */
  readonly balance?: string | null | undefined;
  /**
   * The card type the CVV length follows (SPEC §5): the saved card's, else the typed number's;
   * `null` (or absent) when unknown, which allows the default length 3.
   */
  readonly cvvCardType?: string | null | undefined;
  /** "Now" for the expiry rule, in ms since the epoch. */
  readonly now: number;
  /**
   * Local time minus UTC in minutes (east positive), which decides the current month of the
   * expiry rule near a month's end; default 0, the calendar of UTC.
   */
  readonly timeZoneOffsetMinutes?: number | undefined;
}

/** The text of a value: a select's option value, '' for anything that is not text. */
function textOf(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return value.value;
  return '';
}

/**
 * SPEC §5: the rules of the kinds that have their own, keyed by field kind; every kind left out
 * (select, check boxes, saved cards, bet shops, uploads, dates, the visible phone, copyable text)
 * gets the generic rules of {@link validateField}, which check a chosen value only for required.
 *
 * - `amount`: validateAmount with the field's limits and `regexp` (amount_reg_exp_fe), the
 *   flow's message keys, and for a withdrawal the balance (key 1206);
 * - `cardPan`: the card number on submit (Luhn, card type lengths; PH.ERROR.INCORRECT_CARD_NUMBER);
 * - `cardCvv`: the CVV length of {@link SubmitRuleContext.cvvCardType} (PH.ERROR.INCORRECT_CVV);
 * - `expirationDate`: MM/YY not past, at most 19 years ahead, the field's custom month and year
 *   patterns and message keys (PH.ERROR.INCORRECT_EXP_DATE);
 * - `phone`: validatePhone (required and the field's pattern, compiled by compileFieldPattern);
 * - `input`: the cardholder name rule for the cardholder name ({@link isCardholderNameField}),
 *   the generic rules for any other input.
 *
 * Each rule takes `required` from the field, except the amount, which is always required.
 */
export function submitValidators(
  context: SubmitRuleContext,
): Readonly<Partial<Record<FieldKind, FieldValidator>>> {
  return {
    amount: (field, value): Validation => {
      const result = validateAmount(textOf(value), {
        flowType: context.flow,
        ...(context.flow === 'withdrawal' ? { balance: context.balance ?? '0' } : {}),
        limits: field.limits ?? null,
        pattern: field.regexp ?? null,
        currency: context.currency,
        precision: context.precision,
        decimalSeparator: context.decimalSeparator,
      });
      return result.valid ? VALID : { valid: false, error: result.error };
    },
    cardPan: (field, value) =>
      validateCardNumberOnSubmit(textOf(value), { required: field.isRequired }),
    cardCvv: (field, value) =>
      validateCvv(textOf(value), {
        cardType: context.cvvCardType ?? null,
        required: field.isRequired,
      }),
    expirationDate: (field, value) =>
      validateExpiry(textOf(value), context.now, {
        required: field.isRequired,
        customRegExp: field.customRegExp ?? null,
        validationKeys: field.validationKeys ?? null,
        timeZoneOffsetMinutes: context.timeZoneOffsetMinutes ?? 0,
      }),
    phone: (field, value) =>
      validatePhone(textOf(value), {
        required: field.isRequired,
        pattern: field.regexp ?? null,
        patternMessageKey: field.validationMsgKey ?? null,
      }),
    input: (field, value) =>
      isCardholderNameField(field)
        ? validateCardholderName(textOf(value), { required: field.isRequired })
        : validateField(field, value),
  };
}

/**
 * SPEC §4, §5: validateForm with {@link submitValidators}: what the widget checks before a
 * submit and the server checks on receipt. Every field in field order (`info` fields skipped),
 * each error keyed by field name, and the first invalid field.
 */
export function validateSubmittedForm(
  fields: readonly FormField[],
  values: FormValues,
  context: SubmitRuleContext,
): FormValidation {
  return validateForm(fields, values, { validators: submitValidators(context) });
}

/**
 * SPEC §5: one field's submit rule from {@link submitValidators} (the generic rules for a kind
 * without one), for checking a field on its own as the player leaves or fixes it.
 */
export function validateSubmittedField(
  field: FormField,
  value: FieldValue,
  context: SubmitRuleContext,
): Validation {
  return validateFormField(field, value, { validators: submitValidators(context) });
}
