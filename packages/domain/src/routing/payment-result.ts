/**
 * When a result page reports its payment to the host (SPEC §2 result pages, §4 final result): only
 * a final result the server confirmed, with the figures the page knows.
 *
 * @packageDocumentation
 */
import { paymentResultMessage } from './host-messages';
import type { PaymentResultMessage, PaymentResultStatus } from './host-messages';
import type { PaymentFlow } from './page-kind';
import type { ResultStatus } from './result-route';

/** The pay session of the submit (or of a later status answer) a result page was opened with. */
export interface ResultPagePaySession {
  readonly resultStatus: ResultStatus;
  readonly transactionId: string;
  /** Decimal string, as the server sent it. */
  readonly amount: string;
  readonly currency: string;
}

/** The server's answer to the status poll of the page's transaction. */
export interface ResultPageServerStatus {
  readonly resultStatus: ResultStatus;
  /** True once the status is final (success or error). */
  readonly terminal: boolean;
  /** The payment's amount and currency, when the answer carries them. */
  readonly amount?: string | null;
  readonly currency?: string | null;
}

/** What {@link resultPagePaymentResult} reads. */
export interface ResultPageFacts {
  readonly flow: PaymentFlow;
  /** The status of the page shown (from its route). */
  readonly pageStatus: ResultStatus;
  readonly paySession: ResultPagePaySession | null;
  readonly server: ResultPageServerStatus | null;
  /** The `transaction_id` of the page's query, when it has one. */
  readonly transactionId: string | null;
}

/** The final result a page status stands for; `null` for processing and await. */
export function finalResultOfPage(status: ResultStatus): PaymentResultStatus | null {
  if (status === 'success' || status === 'charity-success') return 'success';
  return status === 'error' ? 'error' : null;
}

/** A charity success page shows a payment the server calls a success. */
function sameResult(page: ResultStatus, server: ResultStatus): boolean {
  return page === server || (page === 'charity-success' && server === 'success');
}

/**
 * The payment result a result page reports, or `null` while there is nothing final to report.
 * A page's route alone proves nothing (an address can be typed or reloaded), so the result must be
 * confirmed by the server: by the pay session the page was opened with (the submit's answer, or
 * the status the processing page moved on with) or by a terminal status answer, naming the same
 * result as the page. The amount and currency come from the pay session, else from the status
 * answer (a page opened from a provider's return address has no pay session); `null` when
 * neither tells them.
 */
export function resultPagePaymentResult(facts: ResultPageFacts): PaymentResultMessage | null {
  const status = finalResultOfPage(facts.pageStatus);
  if (status === null) return null;
  const { paySession, server } = facts;
  const bySession = paySession !== null && sameResult(facts.pageStatus, paySession.resultStatus);
  const byServer =
    server !== null && server.terminal && sameResult(facts.pageStatus, server.resultStatus);
  const transactionId = paySession?.transactionId ?? facts.transactionId;
  if ((!bySession && !byServer) || transactionId === null) return null;
  return paymentResultMessage({
    flow: facts.flow,
    status,
    amount: paySession?.amount ?? server?.amount ?? null,
    currency: paySession?.currency ?? server?.currency ?? null,
    transactionId,
  });
}
