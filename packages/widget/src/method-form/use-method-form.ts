/**
 * The one controller of a method form, for the deposit and the withdrawal forms: the field state,
 * the amount the form starts with (a retry's or the method's), the amount reporting, the field
 * contexts, the submit button's label, and the submit itself (SPEC §4, §5, §7): validate the shown
 * fields, stop on a field in a blocked state, build the request, confirm it where the flow asks,
 * send it once, and follow the answer or show the failure. A flow brings a small
 * {@link MethodFormPolicy}: its texts, the fields it shows, its own steps before and after the
 * submit. A fix made here is a fix to both forms.
 *
 * @packageDocumentation
 */
import type { PaySession, SavedCardWire } from '@cashdesk/contract';
import {
  AMOUNT_FIELD_NAME,
  currencyDisplayFormat,
  fieldKind,
  parseDecimal,
} from '@cashdesk/domain';
import type { FieldValue, FormField, Method, PayloadResult } from '@cashdesk/domain';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../store/hooks';
import { balanceChanged } from '../store/session-slice';
import type { ApiError } from '../api/http';
import { amountCharged, toFieldError } from '../fields';
import type { FieldContext, FieldError } from '../fields';
import { formatMoney, isolateLtr } from '../i18n/format';
import { fieldContexts } from './field-contexts';
import type { FieldContexts, FieldContextsInput } from './field-contexts';
import {
  canAutoSubmit,
  cvvCardType,
  fieldsShown,
  initialAmount,
  initialValues,
  textOf,
} from './method-form';
import type { AnyMethodDetail, MethodForm, ValidationContext } from './method-form';
import { cardForRetry, forgetCardForRetry, keepCardForRetry } from './retry-card';
import { useAmountReporting } from './use-amount-reporting';
import type { AmountReported } from './use-amount-reporting';
import { useFormFields } from './use-form-fields';
import type { BoundFieldProps, UploadCall } from './use-form-fields';
import { useSubmitOnce } from './use-submit-once';
import type { SubmitRequest, SubmitResult, SubmitTrigger } from './use-submit-once';

/** The form as it stands when a step of the policy runs. */
export interface FormMoment {
  readonly values: Readonly<Record<string, FieldValue>>;
  readonly shown: readonly FormField[];
  /** The amount as the server takes it: decimal text without grouping spaces. */
  readonly amount: string;
  /** The documents uploaded so far, by field name (SPEC §2 file upload). */
  readonly documents: Readonly<Record<string, string>>;
}

/** A field as the flow shows it: possibly disabled, with a manual error that blocks the submit. */
export interface PresentedField {
  readonly field: FormField;
  readonly error: FieldError | null;
  /** The field's state forbids the submit (SPEC §4 payout card field without accounts). */
  readonly blocked: boolean;
}

/** What a flow adds to the one controller. */
export interface MethodFormPolicy {
  /**
   * Translation keys of the submit button: with the amount, with the amount charged when the
   * player pays a fee on top of it (the button says what is charged), without one, and while
   * sending.
   */
  readonly texts: {
    readonly submit: string;
    readonly submitWithFee?: string;
    readonly submitNoAmount: string;
    readonly submitting: string;
  };
  /** The amount the form starts with instead of a retry's or the method's (SPEC §4 verification). */
  readonly startAmount?: string | null;
  /** A value as the form keeps it (the withdrawal clamps its amount, SPEC §5). */
  readonly normalize?: (field: FormField, value: FieldValue) => FieldValue;
  /** After a change is kept, with the values it made (analytics, routing, notices). */
  readonly onChanged?: (
    field: FormField,
    value: FieldValue,
    next: Readonly<Record<string, FieldValue>>,
  ) => void;
  /** The fields shown for these values (the form's own by default, SPEC §2). */
  readonly shownFields?: (values: Readonly<Record<string, FieldValue>>) => readonly FormField[];
  /** A field as this flow shows it, given the error the form holds for it. */
  readonly present?: (field: FormField, error: FieldError | null) => PresentedField;
  /** The flow's own record of the amount reports (SPEC §4 amount reporting). */
  readonly onAmountReported?: (report: AmountReported) => void;
  /** The submit button was pressed, before anything is checked (SPEC §4 click event). */
  readonly onSubmitPressed?: () => void;
  /** After the fields are valid: false stops the submit (the flow has shown why, or moved on). */
  readonly beforeSubmit?: (moment: FormMoment) => boolean;
  /** The request to send (SPEC §3, §7). */
  readonly buildRequest: (moment: FormMoment) => PayloadResult<SubmitRequest>;
  /** A check with the server before the request is sent (SPEC §7 recurring check). */
  readonly confirm?: (moment: FormMoment) => Promise<boolean>;
  /** The answer of a submit: where it leads (result page, redirect, challenge…). */
  readonly onAnswer: (session: PaySession) => void;
  /** A failed submit the flow handles itself (true), instead of the field error or popup. */
  readonly onFailure?: (error: ApiError, moment: FormMoment) => boolean;
  /** SPEC §4 auto-submit applies to this flow's forms. */
  readonly autoSubmit?: boolean;
  /** Another step of the flow is running (the button waits). */
  readonly busy?: boolean;
}

/** What the controller is built from. */
export interface MethodFormSetup {
  readonly payGroupId: string;
  readonly form: MethodForm;
  readonly detail: AnyMethodDetail;
  readonly method: Method;
  readonly init: FieldContextsInput['init'];
  readonly cards: readonly SavedCardWire[];
  /** SPEC §5: the balance a withdrawal may not exceed (withdrawals only). */
  readonly balance?: string;
  /** The flow's submit and upload calls (SPEC §7). */
  readonly submitCall: SubmitTrigger;
  readonly uploadCall: UploadCall;
  readonly policy: MethodFormPolicy;
}

/** The amount a result page's "Try again" passes in router state, if any. */
function retryAmountOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('retryAmount' in state)) return null;
  const amount: unknown = state.retryAmount;
  return typeof amount === 'string' ? amount : null;
}

/** Whether the form was opened by a result page's "Try again". */
function isRetry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'retry' in state && state.retry === true;
}

/** The amount as the server takes it: decimal text without grouping spaces. */
export function plainAmount(amount: string): string {
  return amount.replace(/\s+/g, '');
}

/** SPEC §2, §4, §5, §7: the method form controller (see the module comment). */
export function useMethodForm(setup: MethodFormSetup) {
  const { payGroupId, form, detail, method, init, cards, balance, policy } = setup;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const routerState: unknown = useLocation().state;
  const openedByRetry = isRetry(routerState);
  const { submitting, submit } = useSubmitOnce(setup.submitCall);

  const validationContext = (current: Readonly<Record<string, FieldValue>>): ValidationContext => ({
    form,
    values: current,
    cards,
    ...(balance === undefined ? {} : { balance }),
  });
  const fields = useFormFields({
    initial: () => ({
      ...initialValues(
        form,
        policy.startAmount ?? initialAmount(detail, retryAmountOf(routerState)),
        cards,
      ),
      // A retry keeps the card typed before the decline, not its CVV.
      ...(openedByRetry ? cardForRetry(payGroupId, form.fields) : {}),
    }),
    validationContext,
    ...(policy.normalize === undefined ? {} : { normalize: policy.normalize }),
    onChanged: (field, value, next) => policy.onChanged?.(field, value, next),
  });
  const { values, errors, documents, showErrors, setErrors, validateShown } = fields;

  useEffect(() => {
    // A card typed for an earlier payment is not kept beyond the retry it was kept for.
    if (!openedByRetry) forgetCardForRetry();
  }, [openedByRetry]);

  const shown = policy.shownFields?.(values) ?? fieldsShown(form, values, cards);
  const amountText = textOf(values[AMOUNT_FIELD_NAME]);
  const amount = plainAmount(amountText);
  const moment = (): FormMoment => ({ values, shown, amount, documents });

  useAmountReporting(
    payGroupId,
    amount,
    { minAmount: detail.limits.min_amount ?? null, maxAmount: detail.limits.max_amount ?? null },
    policy.onAmountReported,
  );

  const contexts: FieldContexts = fieldContexts({
    form,
    detail,
    method,
    init,
    cards,
    ...(balance === undefined ? {} : { balance }),
    uploadFor: (field) => fields.uploadTo(setup.uploadCall, payGroupId, field),
  });
  const contextFor = (field: FormField): FieldContext => {
    if (field.name === form.amountField.name) return contexts.amount;
    // SPEC §5: the CVV's length follows the card chosen or typed.
    if (fieldKind(field) === 'cardCvv') {
      return {
        ...contexts.base,
        cvv: { required: field.isRequired, cardType: cvvCardType(form, values, cards) },
      };
    }
    return contexts.contextFor(field);
  };
  const presented = (field: FormField): PresentedField => {
    const error = errors[field.name] ?? null;
    return policy.present?.(field, error) ?? { field, error, blocked: false };
  };

  /** The props of one field component, in the flow's presentation. */
  const fieldProps = (original: FormField): BoundFieldProps => {
    const { field, error } = presented(original);
    return fields.fieldProps(field, contextFor(original), error);
  };

  const showFailure = (error: ApiError) => {
    if (policy.onFailure?.(error, moment()) === true) return;
    fields.showSubmitFailure(error, shown);
  };

  const settle = (result: SubmitResult) => {
    if (result.kind === 'failed') {
      showFailure(result.error);
      return;
    }
    if (result.kind !== 'answered') return;
    // No figure when the wallet has not told the balance after this payment: the last one stays.
    const balance = result.session.user_balance;
    if (balance !== null) dispatch(balanceChanged(balance));
    if (result.session.result_status === 'success') forgetCardForRetry();
    policy.onAnswer(result.session);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    policy.onSubmitPressed?.();
    if (!validateShown(shown)) return;
    // SPEC §4: a field in a blocked state carries its manual error: no submit.
    const blocked = shown.map(presented).find((field) => field.blocked);
    if (blocked !== undefined) {
      const { field, error } = blocked;
      showErrors(error === null ? {} : { [field.name]: error }, field.name);
      return;
    }
    const now = moment();
    if (policy.beforeSubmit?.(now) === false) return;
    const built = policy.buildRequest(now);
    if (!built.ok) {
      showErrors({ [AMOUNT_FIELD_NAME]: toFieldError(built.error) }, AMOUNT_FIELD_NAME);
      return;
    }
    setErrors({});
    // Should this payment be declined, "Try again" opens with this card.
    keepCardForRetry(payGroupId, form.fields, values);
    const request = built.payload;
    if (policy.confirm === undefined) {
      void submit(request).then(settle);
      return;
    }
    void policy.confirm(now).then((allowed) => {
      if (allowed) void submit(request).then(settle);
    });
  };

  // SPEC §4 auto-submit: once, when the method is loaded and nothing is in flight; a form that
  // is not valid or has an empty required field is shown instead, without error messages.
  const autoSubmitTried = useRef(false);
  const autoSubmitRequest = useEffectEvent((): SubmitRequest | null => {
    if (policy.autoSubmit !== true || !form.autoSubmit || autoSubmitTried.current) return null;
    autoSubmitTried.current = true;
    if (!canAutoSubmit(form, shown, validationContext(values))) return null;
    const built = policy.buildRequest(moment());
    return built.ok ? built.payload : null;
  });
  const settleAutoSubmit = useEffectEvent(settle);
  useEffect(() => {
    const request = autoSubmitRequest();
    if (request === null) return undefined;
    void submit(request).then(settleAutoSubmit);
    return () => {
      // Unmounted before the answer (or React's development double mount): try again on the
      // next mount; the submit hook re-sends the same body under the same key.
      autoSubmitTried.current = false;
    };
  }, [submit]);

  // SPEC §5 fee: the button says what the player is charged, the same figure as "Total to pay".
  const typedAmount = parseDecimal(amount);
  const charged =
    typedAmount === null || typedAmount.lte(0)
      ? null
      : (amountCharged(amount, contexts.amount) ?? {
          charged: typedAmount.toFixed(),
          withFee: false,
        });
  const money = (value: string) =>
    formatMoney(value, {
      currency: form.currency,
      precision: form.precision,
      display: currencyDisplayFormat(init.widget_settings.currency_display_setting_id),
    });
  const waiting = submitting || policy.busy === true;
  const submitLabel = waiting
    ? t(policy.texts.submitting)
    : charged === null
      ? t(policy.texts.submitNoAmount)
      : t(
          charged.withFee && policy.texts.submitWithFee !== undefined
            ? policy.texts.submitWithFee
            : policy.texts.submit,
          { amount: isolateLtr(money(charged.charged)) },
        );

  return {
    values,
    setValues: fields.setValues,
    shown,
    /** The amount as typed (for the amount summary). */
    amountText,
    amount,
    documents,
    contexts,
    fieldProps,
    showErrors,
    clearError: fields.clearError,
    validateShown,
    showFailure,
    onSubmit,
    waiting,
    submitLabel,
    money,
  };
}

/** The controller of one method form. */
export type MethodFormController = ReturnType<typeof useMethodForm>;
