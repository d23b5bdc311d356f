/**
 * What a provider call without an answer leaves (provider-calls.ts has the rules): a deposit the
 * provider certainly never got fails at once, nothing charged; any other call waits for a later
 * try with the same key (`pending` when it never reached the provider, `unknown` otherwise). The
 * call's entry of the history is written with the state it leaves, in one database transaction.
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { transactions } from '../../db/schema';
import { isProviderNotReached } from '../../providers';
import { retryAt } from '../../platform/schedule';
import { recordHistory } from '../webhooks';
import type { HistoryRecord } from '../webhooks';
import { errorKind } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';
import type { TransactionRow } from './transaction-repository';
import { completeTransaction } from './transactions';

/** Fails a payment that never reached the provider: nothing was charged or paid. */
export async function failAsNotReceived(
  deps: PaymentDeps,
  row: TransactionRow,
  now: Date,
  history?: readonly HistoryRecord[],
) {
  counted(
    deps,
    await completeTransaction(
      deps.db,
      row.id,
      { result: 'declined', reason: 'not_received' },
      now,
      undefined,
      history,
    ),
  );
}

/**
 * What a call without an answer leaves (see the module comment), with `record`, the call's entry
 * of the history (call-history.ts unansweredCallRecord).
 */
export async function callFailed(
  deps: PaymentDeps,
  row: TransactionRow,
  error: unknown,
  record: HistoryRecord,
) {
  if (isProviderNotReached(error) && row.flow === 'deposit') {
    deps.log?.warn(
      { transaction_id: row.id, error: errorKind(error) },
      'deposit never reached the provider: failed, nothing charged',
    );
    await failAsNotReceived(deps, row, deps.clock(), [record]);
    return;
  }
  const callState = isProviderNotReached(error) ? 'pending' : 'unknown';
  deps.log?.warn(
    {
      transaction_id: row.id,
      flow: row.flow,
      attempt: row.callAttempts,
      call_state: callState,
      error: errorKind(error),
    },
    'provider call without an answer: resolved later with the same key',
  );
  await retryLater(deps, row, callState, [record]);
}

/** Leaves a call for a later try (the reconciler's, a poll's or a retry's). */
export async function retryLater(
  deps: PaymentDeps,
  row: TransactionRow,
  callState: 'pending' | 'unknown',
  history: readonly HistoryRecord[] = [],
): Promise<void> {
  const update = (db: Executor) =>
    db
      .update(transactions)
      .set({ callState, nextCheckAt: retryAt(deps.clock(), row.callAttempts) })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'created')));
  if (history.length === 0) {
    await update(deps.db);
    return;
  }
  // The call's outcome is recorded with the state it leaves, in one database transaction.
  await deps.db.transaction(async (tx) => {
    await update(tx);
    await recordHistory(tx, row.id, history);
  });
}
