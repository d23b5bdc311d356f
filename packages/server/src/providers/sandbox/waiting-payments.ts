/**
 * The answers that fix a waiting payment's result: the 3-D Secure page's Pass or Fail, the
 * interaction page's Approve or Decline (redirect, await, QR-code and voucher payments), a bank
 * transfer's receipt, and a payout's cancellation. An answer that comes when the payment no
 * longer waits leaves it as it is; two answers at once leave the first one standing.
 *
 * @packageDocumentation
 */
import type {
  CancelOutcome,
  ProviderRef,
  ProviderStatus,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
} from '../payment-provider';
import type { InteractionAction } from './interaction-page';
import type { PaymentRecords } from './payment-records';
import { parseRef } from './provider-ref';
import { THREE_DS_CHOICES, THREE_DS_RESULT_FIELD } from './three-ds-page';

/** The 3-D Secure page's answer: Pass approves (to the card's final result), Fail declines. */
export async function answerChallenge(
  payments: PaymentRecords,
  providerRef: ProviderRef,
  challengeResult: ThreeDsChallengeResult,
  now: Date,
): Promise<ThreeDsOutcome> {
  const parsed = parseRef(providerRef);
  if (parsed?.step !== 'challenge') {
    return { outcome: 'declined', providerRef, reason: 'unknown_reference' };
  }
  let state = await payments.load(parsed);
  if (state.resolution === undefined && payments.currentStatus(state, now).status === 'pending') {
    const passed = challengeResult.fields[THREE_DS_RESULT_FIELD] === THREE_DS_CHOICES.pass;
    // The result that stands: this answer's, or the one a call at the same time fixed first.
    ({ state } = await payments.resolve(
      parsed,
      passed ? { kind: 'settled' } : { kind: 'declined', reason: 'authentication_failed' },
    ));
  }
  const status = await payments.status(state, now);
  if (status.status === 'approved') {
    return { outcome: 'approved', providerRef, cardToken: status.cardToken, card: status.card };
  }
  // Expired challenges decline; a challenge never stays pending once answered.
  return {
    outcome: 'declined',
    providerRef,
    reason: status.status === 'declined' ? status.reason : 'expired',
  };
}

/**
 * The interaction page's answer. Approve settles a pending redirect, await, QR-code or voucher
 * payment at once (to its final result, so an amount ending in .14 still declines); Decline
 * declines it (`cancelled`). A payment that is no longer pending is left as it is. Returns the
 * state after the answer.
 */
export function answerInteraction(
  payments: PaymentRecords,
  providerRef: ProviderRef,
  action: InteractionAction,
  now: Date,
): Promise<ProviderStatus> {
  return payments.resolveIfPending(
    providerRef,
    now,
    ['redirect', 'await', 'display_form', 'voucher'],
    action === 'approve' ? 'settle' : 'cancel',
  );
}

/** A bank transfer's receipt: settles the waiting transfer to its final result. */
export function recordReceipt(
  payments: PaymentRecords,
  providerRef: ProviderRef,
  now: Date,
): Promise<ProviderStatus> {
  return payments.resolveIfPending(providerRef, now, ['bank_transfer'], 'settle');
}

/** Cancels a payout still pending; anything else is not cancellable, with its status. */
export async function cancelPayout(
  payments: PaymentRecords,
  providerRef: ProviderRef,
  now: Date,
): Promise<CancelOutcome> {
  const parsed = parseRef(providerRef);
  if (parsed === null) {
    return {
      outcome: 'not_cancellable',
      providerRef,
      status: { status: 'unknown', providerRef },
    };
  }
  const current = await payments.status(await payments.load(parsed), now);
  if (parsed.flow !== 'payout' || current.status !== 'pending') {
    return { outcome: 'not_cancellable', providerRef, status: current };
  }
  const { state, applied } = await payments.resolve(parsed, { kind: 'cancelled' });
  if (applied) return { outcome: 'cancelled', providerRef };
  // A call at the same time fixed the result first (a cancellation, or a settlement).
  const status = await payments.status(state, now);
  return { outcome: 'not_cancellable', providerRef, status };
}
