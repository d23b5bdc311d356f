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
  buildSubmitParameters,
  clampWithdrawalAmount,
  fieldKind,
  payoutCardFieldState,
  resultPagePath,
  setQueryParam,
} from '@cashdesk/domain';
import type { FieldValue, FormField, Method } from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PayoutVerificationState } from '../../../route-state/payout-verification';
import type { FieldError } from '../../../fields';
import {
  formSubmitBody,
  fieldsShown,
  initialValues,
  textOf,
} from '../../../method-form/method-form';
import type { MethodForm } from '../../../method-form/method-form';
import { MethodFormLayout } from '../../../method-form/method-form-layout';
import { plainAmount, useMethodForm } from '../../../method-form/use-method-form';
import { RoutingNotice, routesOnChange, useRoutedForm } from '../../../method-form/use-routed-form';
import type { PresentedField } from '../../../method-form/use-method-form';
import {
  usePayoutRouteMutation,
  usePayoutSubmitMutation,
  usePayoutUploadMutation,
} from '../withdrawal-api';
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

/**
 * SPEC §2 withdrawal method page form: the amount with the balance, the tax by tiers (shown only
 * above the non-taxable amount, recalculated as the amount changes, SPEC §5), the payout entry
 * (account select, a new account, delete with confirmation), the method's fields, and the
 * withdraw button. The amount follows the withdrawal rules of SPEC §5 (1206 when the balance is
 * not positive, below the minimum or under the amount; clamped to the maximum). A new or
 * unconfirmed account goes through the verification of SPEC §4 first; everything else is
 * submitted once (Idempotency-Key) and the answer opens the withdrawal result page. This is the
 * withdrawal's policy over the one method-form controller (`method-form/use-method-form.ts`),
 * which runs the fields, the amount and the submit for both flows.
 */
export function WithdrawalFormView({
  payGroupId,
  form: loadedForm,
  detail,
  method,
  init,
  cards,
  verified,
  storedAmount = null,
}: WithdrawalFormViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  // SPEC §7 route: a routable method's form as the last route answer made it.
  const [payoutRoute] = usePayoutRouteMutation();
  const { form, routing, route } = useRoutedForm({
    flow: 'withdrawal',
    detail,
    loadedForm,
    call: (body) => payoutRoute({ payGroupId, body }),
  });
  const account = accountField(form.fields);
  const accounts = accountsOf(account, detail.payout_accounts);
  const [choice, setChoice] = useState(() =>
    initialAccountChoice(accounts, verified?.requisiteId ?? null),
  );
  const [payoutSubmit] = usePayoutSubmitMutation();
  const [upload] = usePayoutUploadMutation();
  // A chosen account that was deleted falls back to a new one.
  const currentChoice =
    choice === NEW_ACCOUNT || accounts.some((candidate) => candidate.id === choice)
      ? choice
      : NEW_ACCOUNT;

  const controller = useMethodForm({
    payGroupId,
    form,
    detail,
    method,
    init,
    cards,
    balance: init.user_balance,
    submitCall: payoutSubmit,
    uploadCall: upload,
    policy: {
      texts: {
        submit: 'WITHDRAWAL.SUBMIT',
        submitNoAmount: 'WITHDRAWAL.SUBMIT_NO_AMOUNT',
        submitting: 'WITHDRAWAL.SUBMITTING',
      },
      // SPEC §4: the amount stored before a verification comes back with the player.
      startAmount: verified?.amount ?? storedAmount,
      // SPEC §5 withdrawal clamping: an amount above the minimum is capped at the maximum.
      normalize: (field, value) =>
        field.name === AMOUNT_FIELD_NAME && typeof value === 'string'
          ? clampWithdrawalAmount(value, field.limits ?? null)
          : value,
      shownFields: (values) =>
        withoutAccountFields(fieldsShown(form, values, cards), account, currentChoice),
      // SPEC §7: a choice in a routable method's form asks which fields follow it.
      onChanged: (field, _value, next) => {
        if (detail.is_routable === true && routesOnChange(field)) void routeWith(next);
      },
      present: payoutFieldOf,
      // SPEC §4: a new or unconfirmed account is confirmed before the payout is sent.
      beforeSubmit: ({ amount }) => !verifyFirst(amount),
      buildRequest: ({ values, shown, amount, documents }) => {
        const built = formSubmitBody(form, shown, values, [], documents);
        if (!built.ok) return built;
        const step = stepFor(amount);
        // A payout card goes by its id under the field's own name (the deposit body keeps card
        // ids out of the fields, for card data travels apart there).
        const cardFields = Object.fromEntries(
          shown
            .filter((field) => fieldKind(field) === 'card')
            .map((field) => [field.name, textOf(values[field.name]).trim()] as const)
            .filter(([, id]) => id !== ''),
        );
        const requisiteId = step.kind === 'verify' ? null : step.requisiteId;
        const fields = {
          ...built.payload.fields,
          ...cardFields,
          ...(requisiteId === null ? {} : { [REQUISITE_ID_PARAMETER]: requisiteId }),
        };
        const isNew = step.kind !== 'verify' && step.isNew;
        return {
          ok: true,
          payload: {
            payGroupId,
            body: {
              ...built.payload,
              fields,
              ...(account !== null && (isNew || newAccountJustConfirmed(requisiteId))
                ? { is_new_payout_account: true }
                : {}),
            },
            snapshot: { amount: built.payload.amount, parameters: fields },
          },
        };
      },
      onAnswer: (session) => {
        newAccountMarker.clear();
        void navigate(withdrawalResultAddress(session, search), {
          state: { paySession: session, payGroupId },
        });
      },
      // SPEC §4: the server says the account must be confirmed first.
      onFailure: (error, { amount }) => {
        if (error.errorCode !== ERROR_CODES.payoutAccountNotVerified.code) return false;
        return verifyFirst(amount);
      },
    },
  });
  const { values, money, setValues } = controller;

  /**
   * SPEC §7 POST payouts/groups/{paygroup_id}/route with the form as it now stands: the answer's
   * fields become the form's, what was typed stays, and fields new to the form start empty.
   */
  async function routeWith(next: Readonly<Record<string, FieldValue>>) {
    const shown = withoutAccountFields(fieldsShown(form, next, cards), account, currentChoice);
    // A payout form types no card data, so the card naming of the flows does not apply.
    const parameters = buildSubmitParameters({ fields: shown, values: next, flow: 'deposit' });
    const amountText = plainAmount(textOf(next[AMOUNT_FIELD_NAME]));
    const routed = await route({ currency: form.currency, amountText, parameters });
    if (routed === null) return;
    setValues((previous) => ({ ...initialValues(routed, amountText, cards), ...previous }));
  }

  /** SPEC §2 payout entry: what the chosen account asks for before a payout of `amount`. */
  function stepFor(amount: string) {
    return accountStep({ field: account, choice: currentChoice, accounts, detail, amount });
  }

  /** SPEC §4: goes to the verification when the account needs it first; says whether it did. */
  function verifyFirst(amount: string): boolean {
    const step = stepFor(amount);
    if (step.kind !== 'verify') return false;
    goVerify(step.routing.route, step.requisiteId, amount);
    return true;
  }

  /** SPEC §4: to /withdrawal-verify-account or /account-management-blocked, amount stored. */
  function goVerify(route: string, requisiteId: string | null, amount: string) {
    const state: PayoutVerificationState = {
      payoutVerification: {
        payGroupId,
        currency: form.currency,
        amount,
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
  }

  /** SPEC §3 isNewPamAccount: the account confirmed on the way back was added in this flow. */
  function newAccountJustConfirmed(requisiteId: string | null): boolean {
    return (
      requisiteId !== null &&
      requisiteId === verified?.requisiteId &&
      newAccountMarker.isSetFor(payGroupId)
    );
  }

  /**
   * SPEC §4 card field in payout: with verifyNewPayoutAccount false and a non-input type the
   * field is disabled, carries a manual error and shows its empty-list message.
   */
  function payoutFieldOf(field: FormField, error: FieldError | null): PresentedField {
    const state = payoutCardFieldState({
      type: field.type,
      verifyNewPayoutAccount: field.verifyNewPayoutAccount,
    });
    if (!state.hasManualError) return { field, error, blocked: false };
    const key = field.placeHolderEmptyListError ?? field.placeHolderEmptyList;
    return {
      field: state.isDisabled ? { ...field, isDisabled: true } : field,
      error: { key: key ?? MESSAGE_KEYS.fieldRequired },
      blocked: true,
    };
  }

  return (
    <MethodFormLayout
      form={form}
      detail={detail}
      method={method}
      controller={controller}
      notices={<RoutingNotice routing={routing} />}
      beforeAmount={
        <p className="cd-withdrawal__balance">
          <span>{t('WITHDRAWAL.BALANCE')}</span>{' '}
          <strong dir="ltr">{money(init.user_balance)}</strong>
        </p>
      }
      afterAmount={
        account === null ? null : (
          <PayoutAccountChoice
            field={account}
            accounts={accounts}
            choice={currentChoice}
            allowNew={detail.allow_new_payout_account}
            onChoose={(id) => {
              setChoice(id);
              controller.clearError(account.name);
            }}
          />
        )
      }
    />
  );
}
