import { ERROR_CODES } from '@cashdesk/contract';
import type {
  PaySession,
  PayoutInitResponse,
  PayoutMethodDetail,
  SavedCardWire,
} from '@cashdesk/contract';
import {
  AMOUNT_FIELD_NAME,
  MESSAGE_KEYS,
  clampWithdrawalAmount,
  currencyDisplayFormat,
  fieldKind,
  parseDecimal,
  payoutCardFieldState,
  resultPagePath,
  setQueryParam,
} from '@cashdesk/domain';
import type { FieldValue, FormField, Method } from '@cashdesk/domain';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import type { PayoutVerificationState } from '../../../app/payout-verification';
import { balanceChanged } from '../../../app/session-slice';
import type { ApiError } from '../../../api/http';
import { AmountSummary, FieldView, toFieldError } from '../../../fields';
import type { FieldContext, FieldError } from '../../../fields';
import { formatMoney, isolateLtr } from '../../../i18n/format';
import {
  formSubmitBody,
  fieldsShown,
  initialAmount,
  initialValues,
  textOf,
} from '../../../method-form/method-form';
import type { MethodForm, ValidationContext } from '../../../method-form/method-form';
import { fieldContexts } from '../../../method-form/field-contexts';
import { useFormFields } from '../../../method-form/use-form-fields';
import { useAmountReporting } from '../../../method-form/use-amount-reporting';
import { useSubmitOnce } from '../../../method-form/use-submit-once';
import type { SubmitResult } from '../../../method-form/use-submit-once';
import { Button } from '../../../ui/button';
import { usePayoutSubmitMutation, usePayoutUploadMutation } from '../withdrawal-api';
import {
  NEW_ACCOUNT,
  REQUISITE_ID_PARAMETER,
  accountField,
  accountStep,
  accountsOf,
  initialAccountChoice,
  newAccountMarker,
  withoutAccountFields,
} from './payout-entry';
import { PayoutAccountChoice } from './payout-account-choice';

export interface WithdrawalFormViewProps {
  readonly payGroupId: string;
  readonly form: MethodForm;
  readonly detail: PayoutMethodDetail;
  readonly method: Method;
  readonly init: PayoutInitResponse;
  /** The player's saved cards, for a payout to a card (SPEC §2 /withdrawal-cards). */
  readonly cards: readonly SavedCardWire[];
  /** SPEC §4: the account just confirmed and the amount stored before the verification. */
  readonly verified: { readonly requisiteId: string; readonly amount: string } | null;
  /** SPEC §4: the amount stored when the player comes back to try the verification again. */
  readonly storedAmount?: string | null;
}

/** SPEC §2: the withdrawal result page of a pay session, with the query and the transaction. */
function withdrawalResultAddress(session: PaySession, search: string): string {
  const query =
    search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return setQueryParam(
    `${resultPagePath('withdrawal', session.result_status)}${query}`,
    'transaction_id',
    session.transaction_id,
  );
}

/** The amount as the server takes it: decimal text without grouping spaces. */
function plainAmount(amount: string): string {
  return amount.replace(/\s+/g, '');
}

/**
 * SPEC §2 withdrawal method page form: the amount with the balance, the tax by tiers (shown only
 * above the non-taxable amount, recalculated as the amount changes, SPEC §5), the payout entry
 * (account select, a new account, delete with confirmation), the method's fields, and the
 * withdraw button. The amount follows the withdrawal rules of SPEC §5 (1206 when the balance is
 * not positive, below the minimum or under the amount; clamped to the maximum). A new or
 * unconfirmed account goes through the verification of SPEC §4 first; everything else is
 * submitted once (Idempotency-Key) and the answer opens the withdrawal result page.
 */
export function WithdrawalFormView({
  payGroupId,
  form,
  detail,
  method,
  init,
  cards,
  verified,
  storedAmount = null,
}: WithdrawalFormViewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const account = accountField(form.fields);
  const accounts = accountsOf(account, detail.payout_accounts);
  const [choice, setChoice] = useState(() =>
    initialAccountChoice(accounts, verified?.requisiteId ?? null),
  );
  const [payoutSubmit] = usePayoutSubmitMutation();
  const { submitting, submit } = useSubmitOnce(payoutSubmit);
  const [upload] = usePayoutUploadMutation();
  const balance = init.user_balance;
  const validationContext = (current: Readonly<Record<string, FieldValue>>): ValidationContext => ({
    form,
    values: current,
    cards,
    balance,
  });
  const {
    values,
    validateShown,
    showSubmitFailure,
    errors,
    setErrors,
    documents,
    showErrors,
    clearError,
    fieldProps: bind,
    uploadTo,
  } = useFormFields({
    initial: () =>
      initialValues(form, verified?.amount ?? storedAmount ?? initialAmount(detail), cards),
    validationContext,
    // SPEC §5 withdrawal clamping: an amount above the minimum is capped at the maximum.
    normalize: (field, value) =>
      field.name === AMOUNT_FIELD_NAME && typeof value === 'string'
        ? clampWithdrawalAmount(value, field.limits ?? null)
        : value,
  });

  // A chosen account that was deleted falls back to a new one.
  const currentChoice =
    choice === NEW_ACCOUNT || accounts.some((candidate) => candidate.id === choice)
      ? choice
      : NEW_ACCOUNT;
  const shown = withoutAccountFields(fieldsShown(form, values, cards), account, currentChoice);
  const amount = textOf(values[AMOUNT_FIELD_NAME]);
  useAmountReporting(payGroupId, plainAmount(amount), {
    minAmount: detail.limits.min_amount ?? null,
    maxAmount: detail.limits.max_amount ?? null,
  });
  const display = currencyDisplayFormat(init.widget_settings.currency_display_setting_id);
  const money = (value: string) =>
    formatMoney(value, { currency: form.currency, precision: form.precision, display });

  /** SPEC §4: to /withdrawal-verify-account or /account-management-blocked, amount stored. */
  const goVerify = (route: string, requisiteId: string | null) => {
    const state: PayoutVerificationState = {
      payoutVerification: {
        payGroupId,
        currency: form.currency,
        amount: plainAmount(amount),
        newAccount:
          requisiteId !== null || account === null
            ? null
            : {
                requisiteType: account.userRequisiteTypeId ?? '',
                value: textOf(values[account.name]).trim(),
                fieldName: account.name,
              },
        requisiteId,
        returnTo: `${location.pathname}${search}`,
      },
    };
    if (state.payoutVerification.newAccount === null) newAccountMarker.clear();
    else newAccountMarker.set(payGroupId);
    void navigate({ pathname: route, search }, { state });
  };

  const showFailure = (error: ApiError) => {
    // SPEC §4: the server says the account must be confirmed first.
    if (error.errorCode === ERROR_CODES.payoutAccountNotVerified.code) {
      const step = accountStep({ field: account, choice: currentChoice, accounts, detail, amount });
      if (step.kind === 'verify') {
        goVerify(step.routing.route, step.requisiteId);
        return;
      }
    }
    showSubmitFailure(error, shown);
  };

  const settle = (result: SubmitResult) => {
    if (result.kind === 'failed') {
      showFailure(result.error);
      return;
    }
    if (result.kind !== 'answered') return;
    newAccountMarker.clear();
    dispatch(balanceChanged(result.session.user_balance));
    void navigate(withdrawalResultAddress(result.session, search), {
      state: { paySession: result.session, payGroupId },
    });
  };

  /** SPEC §3 isNewPamAccount: the account confirmed on the way back was added in this flow. */
  const newAccountJustConfirmed = (requisiteId: string | null): boolean =>
    requisiteId !== null &&
    requisiteId === verified?.requisiteId &&
    newAccountMarker.isSetFor(payGroupId);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!validateShown(shown)) return;
    // SPEC §4: a payout card field in its blocked state carries a manual error: no submit.
    const blocked = shown.map(payoutFieldOf).find((payout) => payout.blocked);
    if (blocked !== undefined) {
      const { field, error } = blocked;
      showErrors(error === null ? {} : { [field.name]: error }, field.name);
      return;
    }
    const step = accountStep({ field: account, choice: currentChoice, accounts, detail, amount });
    if (step.kind === 'verify') {
      goVerify(step.routing.route, step.requisiteId);
      return;
    }
    const built = formSubmitBody(form, shown, values, [], documents);
    if (!built.ok) {
      showErrors({ [AMOUNT_FIELD_NAME]: toFieldError(built.error) }, AMOUNT_FIELD_NAME);
      return;
    }
    setErrors({});
    // A payout card goes by its id under the field's own name (the deposit body keeps card ids
    // out of the fields, for card data travels apart there).
    const cardFields = Object.fromEntries(
      shown
        .filter((field) => fieldKind(field) === 'card')
        .map((field) => [field.name, textOf(values[field.name]).trim()] as const)
        .filter(([, id]) => id !== ''),
    );
    const fields = {
      ...built.payload.fields,
      ...cardFields,
      ...(step.requisiteId === null ? {} : { [REQUISITE_ID_PARAMETER]: step.requisiteId }),
    };
    const body = {
      ...built.payload,
      fields,
      ...(account !== null && (step.isNew || newAccountJustConfirmed(step.requisiteId))
        ? { is_new_payout_account: true }
        : {}),
    };
    void submit({
      payGroupId,
      body,
      snapshot: { amount: built.payload.amount, parameters: fields },
    }).then(settle);
  };

  const contexts = fieldContexts({
    form,
    detail,
    method,
    init,
    balance,
    cards,
    uploadFor: (field) => uploadTo(upload, payGroupId, field),
  });
  const amountContext = contexts.amount;
  const contextFor = contexts.contextFor;

  /**
   * SPEC §4 card field in payout: with verifyNewPayoutAccount false and a non-input type the
   * field is disabled, carries a manual error and shows its empty-list message.
   */
  const payoutFieldOf = (
    field: FormField,
  ): { field: FormField; error: FieldError | null; blocked: boolean } => {
    const state = payoutCardFieldState({
      type: field.type,
      verifyNewPayoutAccount: field.verifyNewPayoutAccount,
    });
    if (!state.hasManualError) {
      return { field, error: errors[field.name] ?? null, blocked: false };
    }
    const key = field.placeHolderEmptyListError ?? field.placeHolderEmptyList;
    return {
      field: state.isDisabled ? { ...field, isDisabled: true } : field,
      error: { key: key ?? MESSAGE_KEYS.fieldRequired },
      blocked: true,
    };
  };

  const fieldProps = (original: FormField, context: FieldContext) => {
    const { field, error } = payoutFieldOf(original);
    return bind(field, context, error);
  };

  const parsedAmount = parseDecimal(plainAmount(amount));
  const submitLabel =
    parsedAmount === null || parsedAmount.lte(0)
      ? t('WITHDRAWAL.SUBMIT_NO_AMOUNT')
      : t('WITHDRAWAL.SUBMIT', { amount: isolateLtr(money(parsedAmount.toFixed())) });

  return (
    <form
      className="cd-method__form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="cd-method-title"
    >
      <p className="cd-withdrawal__balance">
        <span>{t('WITHDRAWAL.BALANCE')}</span> <strong dir="ltr">{money(balance)}</strong>
      </p>
      <div className="cd-method__amount">
        <FieldView {...fieldProps(form.amountField, amountContext)} />
        <AmountSummary amount={amount} context={amountContext} />
      </div>
      {account === null ? null : (
        <PayoutAccountChoice
          field={account}
          accounts={accounts}
          choice={currentChoice}
          allowNew={detail.allow_new_payout_account}
          onChoose={(id) => {
            setChoice(id);
            clearError(account.name);
          }}
        />
      )}
      {shown.map((field) => (
        <FieldView key={field.name} {...fieldProps(field, contextFor(field))} />
      ))}
      <Button
        type="submit"
        block
        className="cd-method__submit"
        disabled={submitting}
        aria-busy={submitting}
      >
        {submitting ? t('WITHDRAWAL.SUBMITTING') : submitLabel}
      </Button>
    </form>
  );
}
