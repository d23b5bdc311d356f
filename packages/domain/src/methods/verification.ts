/**
 * Routing after a withdrawal form is prepared (SPEC §4 "Withdrawal verification").
 *
 * @packageDocumentation
 */

/** SPEC §2: the page shown when payout account verification is blocked. */
export const ACCOUNT_MANAGEMENT_BLOCKED_ROUTE = '/account-management-blocked';
/** SPEC §2: the payout account verification page. */
export const WITHDRAWAL_VERIFY_ACCOUNT_ROUTE = '/withdrawal-verify-account';

/** SPEC §3, §4: the facts the verification routing reads. */
export interface VerificationRoutingInput {
  /** Withdrawal detail `allow_new_payout_account`. */
  readonly allowNewPayoutAccount: boolean;
  /** Withdrawal state `verifyNewPayoutAccount`: verification of a new payout account is required. */
  readonly verificationRequired: boolean;
  /** Withdrawal detail `payout_account_verification_blocked`. */
  readonly verificationBlocked: boolean;
  /** The withdrawal amount (decimal string) to keep for the verification page. */
  readonly amount: string;
}

/**
 * SPEC §4: which clause of the verification rule decided: the first that holds, in the order the
 * spec writes them.
 */
export type VerificationRoutingReason =
  'new-account-not-allowed' | 'verification-not-needed' | 'verification-blocked' | 'verify';

/** SPEC §4: where to go, and the amount to store when going to verification. */
export type VerificationRouting =
  | {
      readonly route: typeof ACCOUNT_MANAGEMENT_BLOCKED_ROUTE;
      readonly reason: Exclude<VerificationRoutingReason, 'verify'>;
    }
  | {
      readonly route: typeof WITHDRAWAL_VERIFY_ACCOUNT_ROUTE;
      readonly reason: 'verify';
      readonly storeAmount: string;
    };

/**
 * SPEC §4, implemented exactly as written: after the form is prepared, if a new payout account
 * is not allowed and verification is required, or verification is not needed, or verification
 * is blocked, the user goes to /account-management-blocked; otherwise to
 * /withdrawal-verify-account and the amount is stored.
 *
 * Note what this means: the second clause sends a player whose verification is *not needed* to
 * the blocked page, and the first clause then only matters when verification is required, so the
 * verification page is reached only when a new account is allowed, verification is required and
 * not blocked. That reads like an inverted condition in the source, but the spec is the
 * authority here; the widget should only call this where verification is at stake.
 */
export function verificationRouting(input: VerificationRoutingInput): VerificationRouting {
  if (!input.allowNewPayoutAccount && input.verificationRequired) {
    return { route: ACCOUNT_MANAGEMENT_BLOCKED_ROUTE, reason: 'new-account-not-allowed' };
  }
  if (!input.verificationRequired) {
    return { route: ACCOUNT_MANAGEMENT_BLOCKED_ROUTE, reason: 'verification-not-needed' };
  }
  if (input.verificationBlocked) {
    return { route: ACCOUNT_MANAGEMENT_BLOCKED_ROUTE, reason: 'verification-blocked' };
  }
  return { route: WITHDRAWAL_VERIFY_ACCOUNT_ROUTE, reason: 'verify', storeAmount: input.amount };
}
