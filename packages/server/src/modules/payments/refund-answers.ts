/**
 * A refund's call and what answers it (refunds.ts has the rules): sending the refund under its
 * lease, applying the provider's answer once (the conditional update on `requested` where an
 * answer, a webhook and the reconciler meet), and the reconciler's pass over the refunds left
 * without an answer or still settling at the provider.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/open';
import { refunds, transactions } from '../../db/schema';
import { isProviderNotReached } from '../../providers';
import type { RefundLookup, RefundOutcome } from '../../providers';
import { retryAt, recheckAt } from '../../platform/schedule';
import { returnRefund, settleRefund } from '../wallet';
import { recordRefundEvent } from '../webhooks';
import { leaseEnd, newOwner } from './call-lease';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { lockDeposit, stateOf } from './refund-records';
import type { RefundRow, RefundState } from './refund-records';
import { chargedAmount } from './transaction-money';
import type { TransactionRow } from './transaction-repository';
import { transition } from './transactions';

/** A result to apply: the provider's, or the server's own failure. */
type RefundResult =
  | RefundOutcome
  | { readonly outcome: 'failed'; readonly reason: string; readonly refundRef?: undefined };

/**
 * Sends a refund the caller holds the lease of and applies the answer; without an answer, leaves
 * it for the reconciler (see the module comment).
 */
export async function sendRefund(
  deps: PaymentDeps,
  refund: RefundRow,
  deposit: TransactionRow,
  owner: string,
): Promise<RefundState> {
  const provider = providerOf(deps, deposit).refunds;
  if (provider === undefined || deposit.providerReference === null) {
    return finish(deps, refund.id, { outcome: 'failed', reason: 'not_refundable' });
  }
  const now = deps.clock();
  try {
    const answer = await withProviderTimeout(deps, 'refunds', (options) =>
      provider.refund(
        {
          refundId: refund.id,
          transactionId: deposit.id,
          providerRef: deposit.providerReference ?? '',
          amount: new Big(refund.amount).toFixed(),
          currency: refund.currency,
          reason: refund.reason,
        },
        now,
        options,
      ),
    );
    return await apply(deps, refund.id, answer);
  } catch (error) {
    const notReached = isProviderNotReached(error);
    deps.log?.warn(
      {
        refund_id: refund.id,
        transaction_id: deposit.id,
        outcome: notReached ? 'not_reached' : 'unknown',
        error: error instanceof Error ? error.name : typeof error,
      },
      'refund call unanswered: sent again with the same refund id',
    );
    await deps.db
      .update(refunds)
      .set({
        callState: notReached ? 'pending' : 'unknown',
        leaseOwner: null,
        leaseUntil: null,
        nextCheckAt: retryAt(now, refund.callAttempts),
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.leaseOwner, owner)));
    return stateOf(deps.db, refund);
  }
}

/** Applies a provider's answer: final results through {@link finish}, `pending` scheduled. */
async function apply(
  deps: PaymentDeps,
  refundId: string,
  answer: RefundResult,
  eventId?: string,
): Promise<RefundState> {
  if (answer.outcome !== 'pending') return finish(deps, refundId, answer, eventId);
  const now = deps.clock();
  const [row] = await deps.db
    .update(refunds)
    .set({
      callState: 'done',
      providerReference: answer.refundRef,
      leaseOwner: null,
      leaseUntil: null,
      nextCheckAt: recheckAt(now, now),
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
    .returning();
  const [current] =
    row === undefined
      ? await deps.db.select().from(refunds).where(eq(refunds.id, refundId))
      : [row];
  if (current === undefined) throw new Error(`refund ${refundId} vanished`);
  return stateOf(deps.db, current);
}

/**
 * Makes a refund final, once: the conditional update on `requested` is where an answer, a
 * webhook and the reconciler meet; the first applies the money and the event, the others change
 * nothing.
 */
export async function finish(
  deps: PaymentDeps,
  refundId: string,
  result: Exclude<RefundResult, { outcome: 'pending' }>,
  eventId?: string,
): Promise<RefundState> {
  const now = deps.clock();
  const state = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (before === undefined) throw new Error(`refund ${refundId} vanished`);
    const deposit = await lockDeposit(tx, before.transactionId);
    const [refund] = await tx
      .update(refunds)
      .set({
        status: result.outcome,
        callState: 'done',
        failureReason: result.outcome === 'failed' ? result.reason : null,
        ...(result.refundRef === undefined ? {} : { providerReference: result.refundRef }),
        ...(eventId === undefined ? {} : { providerEventId: eventId }),
        leaseOwner: null,
        leaseUntil: null,
        nextCheckAt: null,
        updatedAt: now,
        finishedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
      .returning();
    if (refund === undefined) return { refund: before, transaction: deposit, applied: false };
    let after = deposit;
    if (refund.status === 'failed') {
      // A charged-back deposit's chargeback took back what the refund did not hold already:
      // the payer has everything, so nothing comes back to the balance.
      if (deposit.status !== 'charged_back') await returnRefund(tx, deposit, refund);
    } else {
      await settleRefund(tx, deposit, refund, now);
      after = await addRefunded(tx, deposit, refund, now);
    }
    await recordRefundEvent(tx, refund, after);
    if (refund.status === 'succeeded') after = await refundedInFull(tx, after, now);
    return { refund, transaction: after, applied: true };
  });
  if (state.applied) {
    if (state.transaction.wallet === 'operator') deps.wallet.kick();
    deps.log?.info(
      {
        refund_id: state.refund.id,
        transaction_id: state.transaction.id,
        status: state.refund.status,
        failure_reason: state.refund.failureReason,
      },
      'refund final',
    );
  }
  return { refund: state.refund, transaction: state.transaction };
}

/** Adds a succeeded refund to its deposit's refunded amount. */
export async function addRefunded(
  tx: Transaction,
  deposit: TransactionRow,
  refund: RefundRow,
  now: Date,
): Promise<TransactionRow> {
  const [updated] = await tx
    .update(transactions)
    .set({
      refundedAmount: sql`${transactions.refundedAmount} + ${refund.amount}::numeric`,
      updatedAt: now,
    })
    .where(eq(transactions.id, deposit.id))
    .returning();
  if (updated === undefined) throw new Error(`deposit ${deposit.id} vanished`);
  return updated;
}

/**
 * A deposit refunded up to what it charged becomes `refunded` (its transaction.refunded event,
 * after the refund's own).
 */
export async function refundedInFull(
  tx: Transaction,
  updated: TransactionRow,
  now: Date,
): Promise<TransactionRow> {
  const full = new Big(updated.refundedAmount).gte(chargedAmount(updated));
  if (!full || updated.status !== 'success') return updated;
  const moved = await transition(tx, updated.id, 'refunded', {
    now,
    providerData: {
      reversal: {
        kind: 'refund',
        amount: new Big(updated.refundedAmount).toFixed(),
        currency: updated.currency,
        applied: true,
      },
    },
  });
  return moved.transaction;
}

/** Takes up to `limit` refunds due for a look (their call to repeat, or their result to ask). */
async function takeDue(deps: PaymentDeps, owner: string, now: Date, limit: number) {
  const due = deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'requested'),
        isNotNull(refunds.nextCheckAt),
        lte(refunds.nextCheckAt, now),
        or(isNull(refunds.leaseUntil), lt(refunds.leaseUntil, now)),
      ),
    )
    .orderBy(asc(refunds.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(refunds)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(deps, now) })
    .where(inArray(refunds.id, due))
    .returning();
}

/** One refund the reconciler took: sent again, or its result asked. */
async function reconcileRefund(deps: PaymentDeps, refund: RefundRow, owner: string) {
  const [deposit] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, refund.transactionId));
  if (deposit === undefined) return;
  const provider = providerOf(deps, deposit).refunds;
  if (refund.callState !== 'done' || provider === undefined) {
    await deps.db
      .update(refunds)
      .set({ callState: 'sending', callAttempts: sql`${refunds.callAttempts} + 1` })
      .where(eq(refunds.id, refund.id));
    await sendRefund(deps, { ...refund, callAttempts: refund.callAttempts + 1 }, deposit, owner);
    return;
  }
  const now = deps.clock();
  let found: RefundLookup;
  try {
    found = await withProviderTimeout(deps, 'refunds', (options) =>
      provider.lookupRefund(refund.id, now, options),
    );
  } catch {
    found = { outcome: 'pending', refundRef: refund.providerReference ?? '' };
  }
  if (found.outcome === 'not_found') {
    // Accepted before, unknown now: sent again (the same id cannot refund twice).
    await deps.db
      .update(refunds)
      .set({ callState: 'unknown', nextCheckAt: now, leaseOwner: null, leaseUntil: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.leaseOwner, owner)));
    return;
  }
  if (found.outcome === 'pending') {
    await deps.db
      .update(refunds)
      .set({
        nextCheckAt: recheckAt(now, refund.createdAt),
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.leaseOwner, owner)));
    return;
  }
  await apply(deps, refund.id, found);
}

/**
 * The reconciler's pass over refunds: every refund due, sent again or asked. Returns how many it
 * looked at; one that throws is left for the next pass.
 */
export async function reconcileRefunds(deps: PaymentDeps, limit = 50): Promise<number> {
  const owner = newOwner();
  const taken = await takeDue(deps, owner, deps.clock(), limit);
  for (const refund of taken) {
    try {
      await reconcileRefund(deps, refund, owner);
    } catch (error) {
      await deps.db
        .update(refunds)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(refunds.id, refund.id), eq(refunds.leaseOwner, owner)));
      deps.log?.warn(
        { refund_id: refund.id, error: error instanceof Error ? error.name : typeof error },
        'reconciler could not finish a refund: tried again in the next pass',
      );
    }
  }
  return taken.length;
}
