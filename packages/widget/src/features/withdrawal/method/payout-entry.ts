/**
 * SPEC §2 "Payout entry" and §4 "Withdrawal verification", as pure functions: which field holds
 * the payout account, which of the player's accounts it offers, what the form sends for a saved
 * or a new account, and when the account must be confirmed with a one-time code first.
 *
 * @packageDocumentation
 */
import type { PayoutAccount, PayoutMethodDetail } from '@cashdesk/contract';
import { fieldKind, verificationRouting } from '@cashdesk/domain';
import type { FormField, VerificationRouting } from '@cashdesk/domain';
import { NEW_PAYOUT_ACCOUNT, readKey, removeKey, writeKey } from '../../../storage/keys';

/** The choice of "a new account" in the account select. */
export const NEW_ACCOUNT = '';

/** The submit parameter that names a saved payout account (the server's `requisite_id`). */
export const REQUISITE_ID_PARAMETER = 'requisite_id';

/**
 * SPEC §3 withdrawal fields: the field that takes the payout account: the first with a
 * user_requisite_type_id that is not a saved-card or bet-shop picker (those choose a card or a
 * shop, not an account). `null` for a method without one.
 */
export function accountField(fields: readonly FormField[]): FormField | null {
  return (
    fields.find((field) => {
      if (field.userRequisiteTypeId === undefined) return false;
      const kind = fieldKind(field);
      return kind !== 'card' && kind !== 'betShop';
    }) ?? null
  );
}

/** SPEC §2 account select: the player's accounts of this field's requisite type. */
export function accountsOf(
  field: FormField | null,
  accounts: readonly PayoutAccount[],
): readonly PayoutAccount[] {
  if (field === null) return [];
  return accounts.filter((account) => account.requisite_type === field.userRequisiteTypeId);
}

/**
 * SPEC §2: the account chosen when the form opens: the one the player has just confirmed, else
 * the first confirmed account, else a new one.
 */
export function initialAccountChoice(
  accounts: readonly PayoutAccount[],
  verifiedId: string | null,
): string {
  if (verifiedId !== null && accounts.some((account) => account.id === verifiedId)) {
    return verifiedId;
  }
  return accounts.find((account) => account.verified)?.id ?? NEW_ACCOUNT;
}

/**
 * SPEC §4: whether a new account of this method has to be confirmed before it is paid to: the
 * method or its account field asks new accounts to be verified (verifyNewPayoutAccount).
 */
export function newAccountNeedsVerification(field: FormField | null): boolean {
  return field?.verifyNewPayoutAccount === true;
}

/** What the Continue button does with the account as chosen. */
export type AccountStep =
  /** Pay out now (a confirmed account, or typed requisites of a method that does not verify). */
  | { readonly kind: 'submit'; readonly requisiteId: string | null; readonly isNew: boolean }
  /** SPEC §4: go to verification or to the blocked page first. */
  | {
      readonly kind: 'verify';
      readonly routing: VerificationRouting;
      readonly requisiteId: string | null;
    };

/**
 * SPEC §4 "after the form is prepared": a saved confirmed account is paid to; an unconfirmed one,
 * or a new one of a method that verifies new accounts, goes through the domain's
 * verificationRouting (the blocked page when new accounts are not allowed or verification is
 * blocked, else /withdrawal-verify-account with the amount stored). Typed requisites of a
 * method that does not verify are paid to directly.
 */
export function accountStep(input: {
  readonly field: FormField | null;
  readonly choice: string;
  readonly accounts: readonly PayoutAccount[];
  readonly detail: Pick<
    PayoutMethodDetail,
    'allow_new_payout_account' | 'payout_account_verification_blocked'
  >;
  readonly amount: string;
}): AccountStep {
  const { field, choice, accounts, detail, amount } = input;
  if (field === null) return { kind: 'submit', requisiteId: null, isNew: false };
  const saved = choice === NEW_ACCOUNT ? null : accounts.find((account) => account.id === choice);
  if (saved !== undefined && saved !== null) {
    if (saved.verified) return { kind: 'submit', requisiteId: saved.id, isNew: false };
    return {
      kind: 'verify',
      // An account already saved is not a new one: only the block can stop its verification.
      routing: verificationRouting({
        allowNewPayoutAccount: true,
        verificationRequired: true,
        verificationBlocked: detail.payout_account_verification_blocked,
        amount,
      }),
      requisiteId: saved.id,
    };
  }
  if (!newAccountNeedsVerification(field)) {
    return { kind: 'submit', requisiteId: null, isNew: true };
  }
  return {
    kind: 'verify',
    routing: verificationRouting({
      allowNewPayoutAccount: detail.allow_new_payout_account,
      verificationRequired: true,
      verificationBlocked: detail.payout_account_verification_blocked,
      amount,
    }),
    requisiteId: null,
  };
}

/**
 * SPEC §2: the fields the form shows: with a saved account chosen, its account field is on file
 * and hidden (with the save-account box that only concerns a new account).
 */
export function withoutAccountFields(
  shown: readonly FormField[],
  field: FormField | null,
  choice: string,
): FormField[] {
  if (field === null || choice === NEW_ACCOUNT) return [...shown];
  return shown.filter(
    (candidate) => candidate.name !== field.name && candidate.extendedType !== 'save_requisites',
  );
}

/**
 * SPEC §3 withdrawal state isNewPamAccount, §7 storage key pam_new_account: the new-account
 * marker. Set when the player hands a new account over to verification (its pay group as the
 * value), read when the confirmed account comes back, so that the withdrawal to it says
 * is_new_payout_account; cleared once that withdrawal is answered. Storage is a convenience here
 * (an embedded cashier may have none): without it the account is paid to as a saved one.
 */
export const newAccountMarker = {
  set(payGroupId: string): void {
    writeKey(NEW_PAYOUT_ACCOUNT, payGroupId);
  },
  isSetFor(payGroupId: string): boolean {
    return readKey(NEW_PAYOUT_ACCOUNT) === payGroupId;
  },
  clear(): void {
    removeKey(NEW_PAYOUT_ACCOUNT);
  },
};
