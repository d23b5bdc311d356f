/**
 * Where an open payment of the history is resumed: the same screen its submit led to (SPEC §3 pay
 * session steps), from the pay session the history carries.
 *
 * @packageDocumentation
 */
import type { PaymentHistoryItem, PaySession, RedirectData } from '@cashdesk/contract';
import { buildRoutePath, resultPagePath } from '@cashdesk/domain';

/**
 * The router state the next screen reads, as after a submit (`{ paySession, payGroupId }`), with
 * the method's name for the display form (route-state/display-form.ts).
 */
export interface ResumeState {
  readonly paySession: PaySession;
  readonly payGroupId: string;
  readonly methodName: string;
}

/** What "Continue" does for an open payment. */
export type ResumeStep =
  /** The 3-D Secure challenge again, in a frame of the cashier (action iframe). */
  | { readonly kind: 'challenge'; readonly data: RedirectData }
  /** Another screen: the display form, the provider's interaction page or a result page. */
  | { readonly kind: 'screen'; readonly pathname: string; readonly state: ResumeState | null };

/**
 * SPEC §3 step kinds, as the method page follows them after a submit: a 3-D Secure challenge
 * opens in the cashier; another redirect goes to the alternative-payment interaction page (SPEC
 * §2), which offers the provider's page and the status check; a QR code or the bank details of a
 * transfer open the display form; anything else (a voucher, a payment awaiting or under way)
 * opens the result page of its flow and status, which shows the voucher and follows the status.
 */
export function resumeStep(item: PaymentHistoryItem, session: PaySession): ResumeStep {
  const state: ResumeState = {
    paySession: session,
    payGroupId: String(item.pay_group_id),
    methodName: item.method_name,
  };
  if (session.step === 'redirect' && session.redirect_data !== null) {
    if (session.action === 'iframe') return { kind: 'challenge', data: session.redirect_data };
    const interaction = buildRoutePath('payments-interaction', {
      provider: session.transaction_id,
    });
    if (interaction !== null) return { kind: 'screen', pathname: interaction, state: null };
  }
  const displayForm = buildRoutePath('deposit-display-form');
  if (
    session.display_form !== null &&
    (session.step === 'display_form' || session.step === 'upload') &&
    displayForm !== null
  ) {
    return { kind: 'screen', pathname: displayForm, state };
  }
  return { kind: 'screen', pathname: resultPagePath(item.flow, session.result_status), state };
}

/**
 * The status text key of a payment: what it waits for while open, how it ended once final. A
 * payment cancelled is said to be cancelled, not to have failed: by the player (a withdrawal
 * taken back, SPEC §4 withdrawal reversal result success: its amount is on the balance again),
 * or by someone else.
 */
export function statusKey(item: PaymentHistoryItem): string {
  const session = item.pay_session;
  if (!item.open || session === null) {
    if (item.cancelled_by === 'player') return 'HISTORY.STATUS.CANCELLED_BY_YOU';
    if (item.cancelled_by === 'other') return 'HISTORY.STATUS.CANCELLED';
    return item.transaction_status === 'error' ? 'HISTORY.STATUS.ERROR' : 'HISTORY.STATUS.SUCCESS';
  }
  if (session.step === 'redirect') {
    return session.action === 'iframe' ? 'HISTORY.STATUS.THREE_DS' : 'HISTORY.STATUS.REDIRECT';
  }
  if (session.step === 'display_form') return 'HISTORY.STATUS.QR';
  if (session.step === 'upload') return 'HISTORY.STATUS.BANK';
  if (session.step === 'voucher') return 'HISTORY.STATUS.VOUCHER';
  return item.transaction_status === 'await' ? 'HISTORY.STATUS.AWAIT' : 'HISTORY.STATUS.PROCESSING';
}
