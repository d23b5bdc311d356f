/**
 * Payout approval. A brand with `payout_approval` keeps each withdrawal, its amount reserved, in
 * call state `approval` (modules/payments/transaction-repository.ts createTransaction): nothing
 * sends it (takeCall and the reconciler pass it by), the player sees it as processing and may still
 * reverse it (reversal.ts), and the operator decides through the operator API:
 *
 * - **approve**: the call becomes `pending` and is sent at once, like any payout (provider-calls.ts):
 *   with our transaction id as the provider's idempotency key, leased, recovered by the reconciler
 *   if this process dies before the answer;
 * - **reject**: the withdrawal fails (`rejected`) through the status machine, which returns the
 *   reserved amount exactly once.
 *
 * Both take the transaction's lease with one conditional update, as the player's reversal does, so
 * approve, reject and reverse meet at one row: whichever comes first wins, the others answer that
 * the payout no longer awaits approval (409, 1805) and change nothing. An operator wallet's
 * authorize is sent when the payout is created, so the money is held while the operator decides;
 * a refusal fails the payout at once.
 *
 * @packageDocumentation
 */
import { and, eq, sql } from 'drizzle-orm';
import { players, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { Executor } from '../../db/open';
import { isUuid } from '../../platform/ids';
import { completeTransaction } from './transactions';
import type { TransactionRow } from './transaction-repository';
import { counted } from './payment-metrics';
import { leaseEnd, newOwner, releaseLease } from './call-lease';
import { resolveCall } from './provider-calls';
import type { PaymentDeps } from './payment-deps';

/**
 * After a withdrawal awaiting approval was created: an operator wallet is asked to hold its
 * amount now (a refusal fails it, nothing held); unanswered, the authorize is sent again when the
 * payout is approved. The internal ledger reserved it in the creating transaction already.
 */
export async function holdForApproval(
  deps: PaymentDeps,
  row: TransactionRow,
): Promise<TransactionRow> {
  if (row.wallet !== 'operator') return row;
  const answer = await deps.wallet.reservePayout(row);
  if (answer.outcome !== 'refused') return row;
  const reason = answer.reason === 'insufficient_funds' ? 'insufficient_funds' : 'declined';
  const result = counted(
    deps,
    await completeTransaction(deps.db, row.id, { result: 'declined', reason }, deps.clock()),
  );
  return result.transaction;
}

/** A transaction of the brand's players, or 404 (1803): another brand's is not found either. */
export async function brandTransaction(
  deps: Pick<PaymentDeps, 'db'>,
  brandId: string,
  transactionId: string,
): Promise<TransactionRow> {
  const [found] = isUuid(transactionId)
    ? await deps.db
        .select({ transaction: transactions })
        .from(transactions)
        .innerJoin(players, eq(players.id, transactions.playerId))
        .where(and(eq(players.brandId, brandId), eq(transactions.id, transactionId)))
    : [];
  if (found === undefined) {
    throw new ApiError('operatorNotFound', { field: 'params.transactionId' });
  }
  return found.transaction;
}

/** A withdrawal awaiting approval, taken for one decision by `owner` at `now`. */
interface TakenForDecision {
  readonly before: TransactionRow;
  readonly owner: string;
  readonly now: Date;
}

/**
 * Takes a withdrawal of the brand awaiting approval for one decision: its lease, by one
 * conditional update (the player's reversal takes the same), so one decision wins.
 *
 * @throws {ApiError} operatorNotFound; operatorConflict when it no longer awaits approval
 * (approved, rejected or reversed first) or another request holds it right now.
 */
async function takeForDecision(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
): Promise<TakenForDecision> {
  const before = await brandTransaction(deps, brandId, transactionId);
  const now = deps.clock();
  const owner = newOwner();
  const [taken] = await deps.db
    .update(transactions)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(deps, now) })
    .where(
      and(
        eq(transactions.id, before.id),
        eq(transactions.flow, 'withdrawal'),
        eq(transactions.status, 'created'),
        eq(transactions.callState, 'approval'),
        sql`(${transactions.leaseUntil} is null or ${transactions.leaseUntil} < ${now})`,
      ),
    )
    .returning({ id: transactions.id });
  if (taken === undefined) throw notAwaiting(before);
  return { before, owner, now };
}

function notAwaiting(row: TransactionRow): ApiError {
  return new ApiError('operatorConflict', {
    field: 'params.transactionId',
    detail: `transaction ${row.id} does not await approval (status ${row.status}, call ${row.callState})`,
  });
}

/** What a decision did: the transaction before and after it. */
export interface PayoutDecision {
  readonly before: TransactionRow;
  readonly after: TransactionRow;
}

/** Called inside the database transaction that applies a decision (the audit trail's entry). */
export type DecisionRecorder = (tx: Executor, decision: PayoutDecision) => Promise<void>;

/**
 * Approves a withdrawal awaiting approval: it is released to be sent and sent at once (see the
 * module comment). Answers the transaction as it stands after the provider's answer (or without
 * one: still created, resolved later like any payout).
 *
 * @throws {ApiError} operatorNotFound, operatorConflict when it does not await approval.
 */
export async function approvePayout(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
  onDecided: DecisionRecorder,
): Promise<TransactionRow> {
  const { before, owner, now } = await takeForDecision(deps, brandId, transactionId);
  // The decision's lease is kept through the send: released between the two, the player's
  // reversal could take the payout after the operator was told it was approved.
  const released = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({ callState: 'pending', nextCheckAt: now })
      .where(and(eq(transactions.id, before.id), eq(transactions.leaseOwner, owner)))
      .returning();
    if (row === undefined) throw notAwaiting(before);
    await onDecided(tx, { before, after: row });
    return row;
  });
  deps.log?.info({ transaction_id: released.id }, 'payout approved by the operator: sending');
  return resolveCall(deps, released, null, owner);
}

/**
 * Rejects a withdrawal awaiting approval: it fails (`rejected`) and its amount returns to the
 * balance once, through the status machine.
 *
 * @throws {ApiError} operatorNotFound, operatorConflict when it does not await approval.
 */
export async function rejectPayout(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
  onDecided: DecisionRecorder,
): Promise<TransactionRow> {
  const { before, owner, now } = await takeForDecision(deps, brandId, transactionId);
  try {
    const result = counted(
      deps,
      await deps.db.transaction(async (tx) => {
        // A savepoint inside this transaction: the move, its money and the decision's record
        // commit together.
        const moved = await completeTransaction(
          tx,
          before.id,
          { result: 'declined', reason: 'rejected' },
          now,
        );
        if (!moved.applied) throw notAwaiting(before);
        await onDecided(tx, { before, after: moved.transaction });
        return moved;
      }),
    );
    deps.log?.info({ transaction_id: before.id }, 'payout rejected by the operator: returned');
    return result.transaction;
  } finally {
    await releaseLease(deps.db, before.id, owner);
  }
}
