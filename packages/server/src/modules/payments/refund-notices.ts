/**
 * A provider's webhook about a refund (refunds.ts has the rules): the result of one of our
 * refunds, applied once through the same conditional update as a call's answer; or a refund the
 * provider made on its own (its dashboard), recorded as succeeded and taken back from the
 * balance. A notification that contradicts what we know is held for the operator, never applied.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { refunds } from '../../db/schema';
import { holdRefund, settleRefund } from '../wallet';
import { recordRefundEvent } from '../webhooks';
import type { PaymentDeps } from './payment-deps';
import { addRefunded, finish, refundedInFull } from './refund-answers';
import {
  listRefunds,
  lockDeposit,
  notRefundable,
  openAndDone,
  refundDebit,
} from './refund-records';
import type { RefundRow } from './refund-records';
import { chargedAmount, currencyPrecision } from './transaction-money';
import type { TransactionRow } from './transaction-repository';

/** A refund notification of the provider's webhook, about a deposit it found. */
export interface RefundNotice {
  readonly amount: string;
  readonly currency: string;
  readonly eventId: string;
  readonly outcome: 'succeeded' | 'failed';
  readonly refundId: string | undefined;
  readonly refundRef: string | undefined;
}

/** What a refund notification did. */
export type RefundNoticeOutcome = 'applied' | 'duplicate' | 'held' | 'not_applicable';

/** The refund a notification is about: by our id, by the provider's reference, or by amount. */
async function refundOfNotice(
  db: Executor,
  deposit: TransactionRow,
  notice: RefundNotice,
): Promise<RefundRow | undefined> {
  const all = await listRefunds(db, deposit.id);
  return (
    all.find((refund) => refund.id === notice.refundId) ??
    all.find(
      (refund) => notice.refundRef !== undefined && refund.providerReference === notice.refundRef,
    ) ??
    // A provider that names neither: an open refund of that amount that it has not named yet.
    (notice.refundId === undefined
      ? all.find(
          (refund) =>
            refund.status === 'requested' &&
            refund.providerReference === null &&
            new Big(refund.amount).eq(notice.amount),
        )
      : undefined)
  );
}

/**
 * Applies a provider's refund notification to a deposit (see the module comment): the result of
 * one of our refunds, once; or a refund the provider made itself (its dashboard), recorded and
 * taken back from the balance (below zero if need be: the money is gone). A notification whose
 * amount or currency contradicts the refund, or that would refund more than the deposit charged,
 * is held (logged for the operator), never applied.
 */
export async function applyRefundNotice(
  deps: PaymentDeps,
  deposit: TransactionRow,
  notice: RefundNotice,
): Promise<RefundNoticeOutcome> {
  const refund = await refundOfNotice(deps.db, deposit, notice);
  if (refund !== undefined) {
    if (notice.currency !== refund.currency || !new Big(notice.amount).eq(refund.amount)) {
      return 'held';
    }
    if (refund.status !== 'requested') {
      return refund.status === notice.outcome ? 'duplicate' : 'held';
    }
    const state = await finish(
      deps,
      refund.id,
      notice.outcome === 'succeeded'
        ? { outcome: 'succeeded', refundRef: notice.refundRef ?? refund.providerReference ?? '' }
        : { outcome: 'failed', reason: 'declined', refundRef: notice.refundRef },
      notice.eventId,
    );
    return state.refund.status === notice.outcome ? 'applied' : 'duplicate';
  }
  if (notice.outcome === 'failed' || notice.refundId !== undefined) return 'not_applicable';
  return recordProviderRefund(deps, deposit, notice);
}

/** A refund the provider made on its own, recorded as succeeded with its money taken back. */
async function recordProviderRefund(
  deps: PaymentDeps,
  deposit: TransactionRow,
  notice: RefundNotice,
): Promise<RefundNoticeOutcome> {
  if (notice.currency !== deposit.currency) return 'held';
  const precision = await currencyPrecision(deps.db, deposit.currency);
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx): Promise<RefundNoticeOutcome> => {
    const locked = await lockDeposit(tx, deposit.id);
    const [seen] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(eq(refunds.transactionId, locked.id), eq(refunds.providerEventId, notice.eventId)),
      );
    if (seen !== undefined) return 'duplicate';
    if (notRefundable(locked) !== null) return 'not_applicable';
    const before = await openAndDone(tx, locked.id);
    const amount = new Big(notice.amount);
    if (amount.lte(0) || before.refunded.plus(amount).gt(chargedAmount(locked))) return 'held';
    const [refund] = await tx
      .insert(refunds)
      .values({
        transactionId: locked.id,
        playerId: locked.playerId,
        amount: amount.toFixed(),
        currency: locked.currency,
        debit: refundDebit(locked, amount, before, precision).toFixed(),
        reason: 'refunded at the provider',
        status: 'succeeded',
        source: 'provider',
        allowNegativeBalance: true,
        callState: 'done',
        providerReference: notice.refundRef ?? null,
        providerEventId: notice.eventId,
        createdAt: now,
        updatedAt: now,
        finishedAt: now,
      })
      .returning();
    if (refund === undefined) throw new Error('refund row not written');
    await holdRefund(tx, locked, refund);
    await settleRefund(tx, locked, refund, now);
    const after = await addRefunded(tx, locked, refund, now);
    await recordRefundEvent(tx, refund, after);
    await refundedInFull(tx, after, now);
    return 'applied';
  });
  if (outcome === 'applied' && deposit.wallet === 'operator') deps.wallet.kick();
  return outcome;
}
