/**
 * What a provider's webhook does (`POST /api/providers/{connector}/webhook`, routes/
 * provider-webhooks.ts): each verified notification is applied through the status machine
 * (modules/payments/provider-outcomes.ts, modules/payments/transactions.ts), so a webhook is as
 * safe as a status poll:
 *
 * - **A contradiction is held, never applied**: a result for another amount or currency than the
 *   transaction moves, or naming another provider reference than the one it has, is `held`
 *   (recorded on the transaction for the operator, logged as an error); nothing is credited.
 * - **Duplicates change nothing**: a result the transaction already has is `duplicate`.
 * - **Out of order changes nothing**: a `pending` after the payment moved on, or any result after
 *   a final one, is `stale` (acknowledged and logged); a final result that contradicts the
 *   cashier's is `conflict`, logged as an error for the operator, and changes nothing either;
 *   but a deposit charged after the cashier ended it (expired, cancelled) is `returned`: its
 *   charge is sent back to the payer by a refund (refunds.ts), never credited.
 * - **Unknown transaction → acknowledged** (`unknown_transaction`, logged): the cashier commits a
 *   payment before it calls the provider, so a webhook of one of its own payments always finds
 *   the row; one that does not is not ours (another environment, a misrouted address) and will
 *   never be, so refusing it would only make the provider retry for days.
 * - **One connector's webhook never touches another connector's payment**: the transaction is
 *   looked up among those sent to that connector.
 * - **Refunds** are refunds.ts's: the result of one of our refunds (named by our refund id, its
 *   provider reference, or an open refund of that amount) is applied once; a refund the provider
 *   made itself is recorded with its money taken back; one contradicting the refund (another
 *   amount or currency) or the deposit (more than it charged) is `held`.
 * - **Chargebacks** of a succeeded deposit move it to `charged_back` and take back what its
 *   refunds have not (reverseDeposit: the one call that moves that money). Only a full
 *   chargeback (the charged total, in the payment's currency) is applied; a partial one is
 *   recorded on the transaction and logged for the operator (`partial`), nothing moves.
 * - A refund or chargeback of a payment still open here is `too_early` (the route answers 409 and
 *   the provider delivers it again later, by when the result has arrived); of a failed one or a
 *   payout, `not_applicable`.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import type { ProviderStatus, WebhookNotification } from '../../providers';
import { isFinalStatus, reverseDeposit } from './transactions';
import { findConnectorTransaction, updateProviderData } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';
import { chargedAmount } from './transaction-money';
import { applyProviderStatus } from './provider-outcomes';
import { applyRefundNotice } from './refund-notices';
import { returnLateApproval } from './refunds';
import { counted } from './payment-metrics';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { recordHistory } from '../webhooks';

/** What one notification did (see the module comment). */
export type NotificationOutcome =
  | 'applied'
  | 'unchanged'
  | 'duplicate'
  | 'stale'
  | 'conflict'
  | 'unknown_transaction'
  | 'too_early'
  | 'not_applicable'
  | 'partial'
  | 'held'
  | 'returned';

/** The outcome of one notification, with the transaction it concerned. */
export interface NotificationResult {
  readonly outcome: NotificationOutcome;
  readonly transactionId: string | null;
}

/** The final status a provider status means, or `null` for one that is not final. */
function finalStatusOf(status: ProviderStatus): TransactionRow['status'] | null {
  switch (status.status) {
    case 'approved':
      return 'success';
    case 'declined':
    case 'cancelled':
      return 'error';
    case 'pending':
    case 'unknown':
      return null;
  }
}

/** A status notification for a final transaction: what it means, applied to nothing. */
function afterFinal(row: TransactionRow, status: ProviderStatus): NotificationOutcome {
  const final = finalStatusOf(status);
  if (final === null) return 'stale';
  // A reversed deposit was a success: its approval repeated is a duplicate.
  const current = row.status === 'error' ? 'error' : 'success';
  return final === current ? 'duplicate' : 'conflict';
}

async function applyStatus(
  deps: PaymentDeps,
  row: TransactionRow,
  status: ProviderStatus,
): Promise<NotificationOutcome> {
  if (isFinalStatus(row.status)) return afterFinalOf(deps, row, status);
  const result = counted(deps, await applyProviderStatus(deps.db, row, status, deps.clock()));
  if (result.held !== undefined) return 'held';
  if (result.applied) return 'applied';
  // Final meanwhile (a poll or the reconciler was first), or a pending that changes nothing.
  return isFinalStatus(result.transaction.status)
    ? afterFinalOf(deps, result.transaction, status)
    : 'unchanged';
}

/**
 * A status for a final transaction; a deposit the cashier ended that the provider approved after
 * all is sent back to the payer (refunds.ts returnLateApproval): `returned`, never credited.
 */
async function afterFinalOf(
  deps: PaymentDeps,
  row: TransactionRow,
  status: ProviderStatus,
): Promise<NotificationOutcome> {
  const outcome = afterFinal(row, status);
  if (outcome !== 'conflict' || status.status !== 'approved' || row.flow !== 'deposit') {
    return outcome;
  }
  // An old event arriving out of order says approved too: the provider is asked what it holds.
  let now: ProviderStatus;
  try {
    now = await withProviderTimeout(deps, 'status', (options) =>
      providerOf(deps, row).status(status.providerRef, deps.clock(), options),
    );
  } catch {
    // No answer: the provider tells again (its webhook is retried until acknowledged).
    return 'too_early';
  }
  if (now.status !== 'approved') return outcome;
  const returned = await returnLateApproval(
    deps,
    row,
    now.moved ?? status.moved,
    status.providerRef,
  );
  return returned === null ? outcome : 'returned';
}

async function applyReversal(
  deps: PaymentDeps,
  row: TransactionRow,
  notification: Extract<WebhookNotification, { kind: 'refund' | 'chargeback' }>,
): Promise<NotificationOutcome> {
  if (row.flow !== 'deposit') return 'not_applicable';
  // A failed deposit has refunds only when a late approval was sent back (refunds.ts).
  if (notification.kind === 'refund' && row.status !== 'created' && row.status !== 'processing') {
    if (row.status === 'await') return 'too_early';
    return applyRefundNotice(deps, row, {
      amount: notification.amount,
      currency: notification.currency,
      eventId: notification.eventId,
      outcome: notification.outcome ?? 'succeeded',
      refundId: notification.refundId,
      refundRef: notification.refundRef,
    });
  }
  if (row.status === 'error') return 'not_applicable';
  if (row.status === 'refunded' || row.status === 'charged_back') return 'duplicate';
  if (row.status !== 'success') return 'too_early';
  const full =
    notification.currency === row.currency && new Big(notification.amount).eq(chargedAmount(row));
  const reversal = {
    kind: notification.kind,
    amount: notification.amount,
    currency: notification.currency,
    eventId: notification.eventId,
  };
  if (!full) {
    await updateProviderData(deps.db, row.id, { reversal: { ...reversal, applied: false } });
    return 'partial';
  }
  const result = await reverseDeposit(deps.db, row.id, reversal, deps.clock());
  if (!result.applied) return 'duplicate';
  // The operator's wallet is owed the reversal now, not at the next pass.
  deps.wallet.kick();
  return 'applied';
}

/** How loud each outcome is logged. */
const WARNINGS: ReadonlySet<NotificationOutcome> = new Set([
  'returned',
  'stale',
  'unknown_transaction',
  'too_early',
  'not_applicable',
]);
const ERRORS: ReadonlySet<NotificationOutcome> = new Set(['conflict', 'partial', 'held']);

/**
 * Applies one verified notification of `connector` (see the module comment) and logs what it
 * did: the connector, the event id, our transaction id and the outcome (never the body).
 */
export async function applyNotification(
  deps: PaymentDeps,
  connector: { readonly name: string; readonly isDefault: boolean },
  notification: WebhookNotification,
): Promise<NotificationResult> {
  const receivedAt = deps.clock();
  const row = await findConnectorTransaction(deps.db, connector, notification);
  let outcome: NotificationOutcome;
  if (row === undefined) outcome = 'unknown_transaction';
  else if (notification.kind === 'status') {
    outcome = await applyStatus(deps, row, notification.status);
  } else outcome = await applyReversal(deps, row, notification);
  const line = {
    connector: connector.name,
    event_id: notification.eventId,
    kind: notification.kind,
    ...(notification.kind === 'status' ? { status: notification.status.status } : {}),
    transaction_id: row?.id ?? null,
    transaction_status: row?.status ?? null,
    outcome,
  };
  if (row !== undefined) await recordNotification(deps, row, notification, outcome, receivedAt);
  if (ERRORS.has(outcome)) {
    deps.log?.warn(
      { ...line, needs_review: true },
      'provider webhook contradicts the cashier: nothing changed, the operator must look',
    );
  } else if (WARNINGS.has(outcome)) {
    deps.log?.warn(line, 'provider webhook acknowledged without a change');
  } else {
    deps.log?.info(line, 'provider webhook applied');
  }
  return { outcome, transactionId: row?.id ?? null };
}

/**
 * The notification in the transaction's own history: its kind, event id, what it reported and
 * what it did, at the time it was received (never its body or a signature). Written after the
 * change it made, in its own statement: a crash between the two leaves the provider without an
 * acknowledgement, and its retry is recorded (as a duplicate).
 */
async function recordNotification(
  deps: PaymentDeps,
  row: TransactionRow,
  notification: WebhookNotification,
  outcome: NotificationOutcome,
  at: Date,
): Promise<void> {
  const reported =
    notification.kind === 'status'
      ? {
          reported: notification.status.status,
          provider_reference: notification.status.providerRef,
        }
      : {
          reported: notification.kind,
          amount: notification.amount,
          currency: notification.currency,
          ...(notification.kind === 'refund' && notification.outcome !== undefined
            ? { refund_outcome: notification.outcome }
            : {}),
          ...(notification.refundId === undefined ? {} : { refund_id: notification.refundId }),
        };
  await deps.db.transaction((tx) =>
    recordHistory(tx, row.id, [
      {
        kind: 'provider_notification',
        at,
        details: {
          notification: notification.kind,
          event_id: notification.eventId,
          ...reported,
          outcome,
        },
      },
    ]),
  );
}
