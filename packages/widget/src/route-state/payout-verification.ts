/**
 * The hand-over between the withdrawal method page and the account-management screens (SPEC §4
 * "Withdrawal verification"): features never import each other, so the router state both read
 * is defined here, below both (route-state/: router state one feature hands another). Router
 * state survives a reload of the tab (it lives in the history entry), which the cashier's
 * storage, denied inside a third-party frame, cannot promise.
 *
 * The flow: the method page decides with the domain's verificationRouting that a payout account
 * must be confirmed and navigates to /withdrawal-verify-account (or /account-management-blocked)
 * with {@link PayoutVerificationState}. The verification page creates the requisite when it is
 * new, sends and checks the one-time code, and on success sends the player back to `returnTo`
 * with {@link VerifiedAccountState}: the method page then selects the confirmed account and
 * restores the stored amount.
 *
 * @packageDocumentation
 */

/** A new payout account to create with requisite/create (SPEC §7 "requisite payload"). */
export interface NewPayoutAccount {
  /** The field's user_requisite_type_id, as text. */
  readonly requisiteType: string;
  /** The account as typed (a phone number, an IBAN, a wallet id). */
  readonly value: string;
  /** The form field that holds it, so the method page can show an error on it. */
  readonly fieldName: string;
}

/** Router state of /withdrawal-verify-account and /account-management-blocked. */
export interface PayoutVerificationState {
  readonly payoutVerification: {
    /** The withdrawal pay group (as text, the route's provider). */
    readonly payGroupId: string;
    readonly currency: string;
    /** SPEC §4: the amount stored for after the verification (decimal text, no grouping). */
    readonly amount: string;
    /** The account to create, or null when `requisiteId` names an existing unconfirmed one. */
    readonly newAccount: NewPayoutAccount | null;
    /** An account the player already has but has not confirmed. */
    readonly requisiteId: string | null;
    /** Where to go back to: the method page's path and query. */
    readonly returnTo: string;
  };
}

/** Router state the method page reads when the player comes back after a verification. */
export interface VerifiedAccountState {
  readonly verifiedAccount: {
    readonly requisiteId: string;
    /** SPEC §4: the amount stored before the verification. */
    readonly amount: string;
  };
}

function objectField(value: unknown, key: string): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const inner: unknown = Reflect.get(value, key);
  if (typeof inner !== 'object' || inner === null) return null;
  const record: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(inner)) record[name] = entry;
  return record;
}

function text(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}

/** Reads {@link PayoutVerificationState} from router state; null when absent or malformed. */
export function readPayoutVerification(
  state: unknown,
): PayoutVerificationState['payoutVerification'] | null {
  const record = objectField(state, 'payoutVerification');
  if (record === null) return null;
  const payGroupId = text(record, 'payGroupId');
  const currency = text(record, 'currency');
  const amount = text(record, 'amount');
  const returnTo = text(record, 'returnTo');
  const requisiteId = text(record, 'requisiteId');
  if (payGroupId === null || currency === null || amount === null || returnTo === null) {
    return null;
  }
  const account = objectField(record, 'newAccount');
  let newAccount: NewPayoutAccount | null = null;
  if (account !== null) {
    const requisiteType = text(account, 'requisiteType');
    const value = text(account, 'value');
    const fieldName = text(account, 'fieldName');
    if (requisiteType === null || value === null || fieldName === null) return null;
    newAccount = { requisiteType, value, fieldName };
  }
  if (newAccount === null && requisiteId === null) return null;
  return { payGroupId, currency, amount, newAccount, requisiteId, returnTo };
}

/** Reads {@link VerifiedAccountState} from router state; null when absent or malformed. */
export function readVerifiedAccount(
  state: unknown,
): VerifiedAccountState['verifiedAccount'] | null {
  const record = objectField(state, 'verifiedAccount');
  if (record === null) return null;
  const requisiteId = text(record, 'requisiteId');
  const amount = text(record, 'amount');
  if (requisiteId === null || amount === null) return null;
  return { requisiteId, amount };
}
