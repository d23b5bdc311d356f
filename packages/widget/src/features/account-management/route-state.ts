/**
 * The router state of the account-management screens beyond the shared hand-over of
 * route-state/payout-verification.ts (SPEC §4 "Withdrawal verification"): the instant a block
 * ends, the masked account (support page), and `returnTo` beside a verified account (status
 * pages).
 *
 * @packageDocumentation
 */
import { readPayoutVerification } from '../../route-state/payout-verification';
import type {
  PayoutVerificationState,
  VerifiedAccountState,
} from '../../route-state/payout-verification';

type Verification = PayoutVerificationState['payoutVerification'];
type Verified = VerifiedAccountState['verifiedAccount'];

/**
 * Router state of the verification, blocked and support pages: the hand-over plus, when known,
 * the end of a block (ISO instant) and the masked account being confirmed.
 */
export interface AccountManagementState extends PayoutVerificationState {
  readonly blockedUntil?: string;
  readonly maskedAccount?: string;
}

/** Router state of /account-management/status/success: the account and where to go on. */
export interface AccountStatusState extends VerifiedAccountState {
  readonly returnTo: string;
  /** Kept so that the error page's retry can start the verification again. */
  readonly payoutVerification?: Verification;
}

function textField(state: unknown, key: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value: unknown = Reflect.get(state, key);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The block's end carried in router state, or null. */
export function readBlockedUntil(state: unknown): string | null {
  return textField(state, 'blockedUntil');
}

/** The masked account carried in router state, or null. */
export function readMaskedAccount(state: unknown): string | null {
  return textField(state, 'maskedAccount');
}

/**
 * Where the player goes back to: `returnTo` of the status state, else that of the hand-over,
 * else null.
 */
export function readReturnTo(state: unknown): string | null {
  return textField(state, 'returnTo') ?? readPayoutVerification(state)?.returnTo ?? null;
}

/** The state of the account-management pages, built from its parts. */
export function accountState(
  verification: Verification,
  extra: { readonly blockedUntil?: string | null; readonly maskedAccount?: string | null } = {},
): AccountManagementState {
  return {
    payoutVerification: verification,
    ...(extra.blockedUntil == null ? {} : { blockedUntil: extra.blockedUntil }),
    ...(extra.maskedAccount == null ? {} : { maskedAccount: extra.maskedAccount }),
  };
}

/** The state of the status success page. */
export function statusState(
  verifiedAccount: Verified,
  returnTo: string,
  verification: Verification | null,
): AccountStatusState {
  return {
    verifiedAccount,
    returnTo,
    ...(verification === null ? {} : { payoutVerification: verification }),
  };
}

/** What the blocked and support pages need of the hand-over even when it names no account. */
export interface PayGroupContext {
  readonly payGroupId: string;
  readonly currency: string;
  readonly returnTo: string | null;
}

/**
 * The pay group of the hand-over, read leniently: the method page also sends the player to the
 * blocked page when it has no account to name (SPEC §4 "a new payout account is not allowed"),
 * which {@link readPayoutVerification} rejects; the page still loads the method detail for the
 * block's end and the support address.
 */
export function readPayGroupContext(state: unknown): PayGroupContext | null {
  if (typeof state !== 'object' || state === null) return null;
  const inner: unknown = Reflect.get(state, 'payoutVerification');
  const payGroupId = textField(inner, 'payGroupId');
  const currency = textField(inner, 'currency');
  if (payGroupId === null || currency === null) return null;
  return { payGroupId, currency, returnTo: textField(inner, 'returnTo') };
}
