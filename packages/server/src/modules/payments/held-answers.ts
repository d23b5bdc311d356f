/**
 * The operator's resolution of a provider answer held for review (provider-outcomes.ts
 * `providerDisagreement`: another amount or currency than the transaction moves, another
 * reference than it has). After checking with the provider, the operator:
 *
 * - **approves**: the transaction succeeds through the status machine as if the provider had
 *   said so, with its own amount and its own provider reference (never the reported ones): a
 *   deposit is credited once, a withdrawal's reservation settled;
 * - **declines**: it fails (`declined`), nothing credited, a withdrawal's reservation back once;
 * - **dismisses**: the held answer is dropped and the transaction keeps waiting for the provider.
 *
 * The resolution is kept with the transaction (`heldResolved`) and audited in the database
 * transaction that applies it. A transaction that is final, or holds nothing, is refused (409).
 *
 * @packageDocumentation
 */
import { sql, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { brandTransaction } from './approval';
import { counted } from './payment-metrics';
import type { PaymentDeps } from './payment-deps';
import type { TransactionRow } from './transaction-repository';
import { completeTransaction, isFinalStatus } from './transactions';

/** What the operator decided. */
export type HoldResolution = 'approve' | 'decline' | 'dismiss';

/** Records the resolution (the audit trail) in the database transaction that applies it. */
export type HoldRecorder = (
  tx: Executor,
  before: TransactionRow,
  after: TransactionRow,
) => Promise<void>;

function notHeld(row: TransactionRow): ApiError {
  return new ApiError('operatorConflict', {
    field: 'params.transactionId',
    detail: `transaction ${row.id} (${row.status}) holds no provider answer to resolve`,
  });
}

/**
 * Resolves the held answer of one of the brand's transactions (see the module comment).
 *
 * @throws {ApiError} operatorNotFound; operatorConflict when it is final or holds nothing.
 */
export async function resolveHeldAnswer(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
  resolution: HoldResolution,
  record: HoldRecorder,
): Promise<TransactionRow> {
  const row = await brandTransaction(deps, brandId, transactionId);
  if (isFinalStatus(row.status) || !('held' in row.providerData)) throw notHeld(row);
  const now = deps.clock();
  const resolved = JSON.stringify({ heldResolved: { resolution, at: now.toISOString() } });
  return deps.db.transaction(async (tx) => {
    // The held answer moves to the record of its resolution, once: a second resolution finds
    // nothing held.
    const [cleared] = await tx
      .update(transactions)
      .set({ providerData: sql`(${transactions.providerData} - 'held') || ${resolved}::jsonb` })
      .where(sql`${transactions.id} = ${row.id} and ${transactions.providerData} ? 'held'`)
      .returning();
    if (cleared === undefined) throw notHeld(row);
    let after: TransactionRow;
    if (resolution !== 'dismiss') {
      const result = counted(
        deps,
        await completeTransaction(
          tx,
          row.id,
          resolution === 'approve'
            ? { result: 'approved', providerRef: row.providerReference ?? undefined }
            : { result: 'declined', reason: 'declined' },
          now,
        ),
      );
      if (!result.applied) throw notHeld(row);
      after = result.transaction;
    } else {
      const [current] = await tx.select().from(transactions).where(eq(transactions.id, row.id));
      after = current ?? cleared;
    }
    await record(tx, row, after);
    deps.log?.info(
      { transaction_id: row.id, resolution },
      'held provider answer resolved by the operator',
    );
    return after;
  });
}
