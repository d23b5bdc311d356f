/**
 * The operator's cancellation of a pending payment (operator API `POST /transactions/{id}/
 * cancel`), audited in the database transaction that makes it:
 *
 * - **a withdrawal** is ended as the player's reversal ends it (reversal.ts), as `cancelled`: one
 *   not sent yet (waiting for its call or for approval) at once, under its lease; one at the
 *   provider only once the provider cancelled it (its reservation back on the balance, once). One
 *   the provider paid or declined meanwhile takes that result instead; one on its way that the
 *   provider will not cancel, or whose call is unanswered, is refused (409, 1844) and stays as it
 *   is;
 * - **a deposit** waiting for the player (an interaction page, a QR code, a transfer, a voucher, a
 *   confirmation in an app) ends as `cancelled`: nothing was charged, nothing is credited. Should
 *   the provider approve it after all, the late approval is sent back to the payer by a refund
 *   (refunds.ts `returnLateApproval`): never credited, never kept. A deposit whose call is in
 *   flight or unanswered (the provider may be charging it right now) is refused (409, 1844): the
 *   reconciler resolves it first.
 *
 * A payment already final is refused (409, 1844); so is one another request ended first.
 *
 * @packageDocumentation
 */
import type { Executor } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { brandTransaction } from './approval';
import { counted } from './payment-metrics';
import type { PaymentDeps } from './payment-deps';
import { reverseOrKeep } from './reversal';
import type { TransactionRow } from './transaction-repository';
import { getTransaction } from './transaction-repository';
import { completeTransaction, isFinalStatus } from './transactions';

/** Records the cancellation (the audit trail) in the database transaction that makes it. */
export type CancellationRecorder = (
  tx: Executor,
  before: TransactionRow,
  after: TransactionRow,
) => Promise<void>;

function refused(row: TransactionRow, why: string): ApiError {
  return new ApiError('cancelNotAllowed', {
    field: 'params.transactionId',
    detail: `transaction ${row.id} (${row.status}): ${why}`,
  });
}

/**
 * Cancels one of the brand's pending payments (see the module comment) and answers it as it
 * stands afterwards.
 *
 * @throws {ApiError} operatorNotFound; cancelNotAllowed (409, 1844).
 */
export async function cancelTransaction(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
  record: CancellationRecorder,
): Promise<TransactionRow> {
  const row = await brandTransaction(deps, brandId, transactionId);
  if (isFinalStatus(row.status)) throw refused(row, 'it is final');
  const now = deps.clock();
  if (row.flow === 'withdrawal') {
    const fate = await reverseOrKeep(deps, row, now, { by: 'operator', record });
    const after = (await getTransaction(deps.db, row.id)) ?? row;
    if (fate === 'returned') return after;
    if (fate === 'gone' && isFinalStatus(after.status)) {
      throw refused(after, 'it ended before the cancellation');
    }
    throw refused(after, 'the provider has it on its way, or its call is unanswered');
  }
  if (row.status === 'created' && row.callState !== 'pending' && row.callState !== 'done') {
    throw refused(row, 'its call to the provider is in flight or unanswered');
  }
  const result = counted(
    deps,
    await deps.db.transaction(async (tx) => {
      const moved = await completeTransaction(
        tx,
        row.id,
        { result: 'declined', reason: 'cancelled' },
        now,
      );
      if (moved.applied) await record(tx, row, moved.transaction);
      return moved;
    }),
  );
  if (!result.applied) throw refused(result.transaction, 'it ended before the cancellation');
  deps.log?.info({ transaction_id: row.id }, 'deposit cancelled by the operator');
  return result.transaction;
}
