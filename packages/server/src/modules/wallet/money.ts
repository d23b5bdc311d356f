/**
 * What a transaction's status change does to money, for either wallet: the one place
 * the status machine (modules/payments/transactions.ts), the pipeline's creating transaction
 * (modules/payments/pipeline.ts) and a reversal (modules/payments/reversal.ts) move money.
 * Each function runs in the caller's database transaction, so the money moves (or is owed) exactly
 * when the change commits:
 *
 * - `internal` wallet: the cashier's ledger (modules/wallet/ledger.ts) is changed at once, as it
 *   always was;
 * - `operator` wallet: the movement is queued for the operator's wallet (./wallet-operations.ts)
 *   and sent after the commit, with the same operation id until the wallet answers.
 *
 * A transaction's wallet is the one it was created with (`transactions.wallet`).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import type { Executor } from '../../db/open';
import { and, eq, ne } from 'drizzle-orm';
import { refunds, walletOperations } from '../../db/schema';
import type { transactions } from '../../db/schema';
import {
  creditOnce,
  moveForRefund,
  releaseReservation,
  reserveWithdrawal,
  reverseCredit,
  settleReservation,
} from './ledger';
import { findWalletOperation, queueWalletOperation } from './wallet-operations';

type Row = Pick<
  typeof transactions.$inferSelect,
  'id' | 'playerId' | 'currency' | 'amount' | 'wallet'
>;

/**
 * A payout's amount leaves the spendable balance when the payout is created. Internal: reserved
 * in the ledger now, after checking the balance again under its lock (SPEC §5; throws
 * insufficientBalance). Operator: the wallet's authorize is queued; the pipeline sends it and
 * waits for its answer before the provider is asked to pay.
 */
export async function reservePayout(
  tx: Executor,
  row: Row,
  minAmount: string | null,
  now: Date,
): Promise<void> {
  if (row.wallet === 'internal') {
    await reserveWithdrawal(tx, {
      playerId: row.playerId,
      currency: row.currency,
      amount: row.amount,
      transactionId: row.id,
      minAmount,
    });
    return;
  }
  await queueWalletOperation(tx, { ...movement(row, row.amount), kind: 'reserve', now });
}

/** A deposit succeeded: its credit (the amount after tax) and its bonus reach the balance. */
export async function creditDeposit(
  tx: Executor,
  row: Row,
  amount: Big,
  bonus: Big,
  now: Date,
): Promise<void> {
  if (row.wallet === 'operator') {
    if (amount.gt(0) || bonus.gt(0)) {
      // The operation's amount is positive by its CHECK; a deposit all taxed away is bonus only.
      const credited = amount.gt(0) ? amount : bonus;
      const extra = amount.gt(0) ? bonus : new Big(0);
      await queueWalletOperation(tx, {
        ...movement(row, credited.toFixed()),
        bonus: extra.toFixed(),
        kind: 'credit',
        now,
      });
    }
    return;
  }
  // One statement for both entries and the balance (ledger.ts creditOnce).
  await creditOnce(tx, {
    playerId: row.playerId,
    currency: row.currency,
    transactionId: row.id,
    credits: [
      ...(amount.gt(0) ? [{ kind: 'deposit' as const, amount: amount.toFixed() }] : []),
      ...(bonus.gt(0) ? [{ kind: 'bonus' as const, amount: bonus.toFixed() }] : []),
    ],
  });
}

/** A payout was paid: its reservation is spent for good. */
export async function settlePayout(tx: Executor, row: Row, now: Date): Promise<void> {
  if (row.wallet === 'internal') {
    await settleReservation(tx, row.id);
    return;
  }
  await queueWalletOperation(tx, { ...movement(row, row.amount), kind: 'commit', now });
}

/**
 * A payout failed or was reversed: what it reserved returns to the balance, once. `true` when
 * this call returned it (or, for the operator's wallet, queued its return). A payout the wallet
 * refused to authorize has nothing to return; one whose authorize got no answer is cancelled all
 * the same (the protocol's cancel wins over a late authorize).
 */
export async function releasePayout(tx: Executor, row: Row, now: Date): Promise<boolean> {
  if (row.wallet === 'internal') {
    const released = await releaseReservation(tx, row.id);
    return released?.applied === true;
  }
  const reserve = await findWalletOperation(tx, row.id, 'reserve');
  if (reserve === undefined || reserve.state === 'refused') return false;
  if (reserve.state === 'pending') {
    // Never answered: nobody sends it again; the cancel below settles it either way.
    await tx
      .update(walletOperations)
      .set({ state: 'abandoned', nextAttemptAt: null })
      .where(and(eq(walletOperations.id, reserve.id), eq(walletOperations.state, 'pending')));
  }
  return queueWalletOperation(tx, { ...movement(row, row.amount), kind: 'release', now });
}

/**
 * A succeeded deposit was refunded or charged back: what it credited (the amount after tax and
 * the bonus) goes back, once, even below zero (the player may have spent it).
 */
export async function takeBackDeposit(
  tx: Executor,
  row: Row,
  kind: 'refund' | 'chargeback',
  now: Date,
): Promise<void> {
  if (row.wallet === 'internal') {
    await reverseCredit(tx, { transactionId: row.id, kind });
    return;
  }
  const credited = await findWalletOperation(tx, row.id, 'credit');
  if (credited === undefined) return;
  // Less what the deposit's refunds took back (or will, once they succeed).
  const refunded = await tx
    .select({ debit: refunds.debit })
    .from(refunds)
    .where(and(eq(refunds.transactionId, row.id), ne(refunds.status, 'failed')));
  const amount = refunded.reduce(
    (left, refund) => left.minus(refund.debit),
    new Big(credited.amount).plus(credited.bonus),
  );
  if (amount.lte(0)) return;
  await queueWalletOperation(tx, { ...movement(row, amount.toFixed()), kind: 'reverse', now });
}

/** A refund as its money moves need it. */
type RefundRow = Pick<
  typeof refunds.$inferSelect,
  'id' | 'transactionId' | 'playerId' | 'currency' | 'debit' | 'allowNegativeBalance'
>;

/**
 * A refund was requested: on the internal ledger what it takes back leaves the balance now, so
 * the player cannot spend it while the provider works (below zero only when the refund allows
 * it; throws balanceTooLow otherwise). The operator's wallet is sent nothing until the refund
 * succeeded.
 */
export async function holdRefund(tx: Executor, row: Row, refund: RefundRow): Promise<void> {
  if (row.wallet !== 'internal') return;
  await moveForRefund(tx, {
    playerId: refund.playerId,
    currency: refund.currency,
    transactionId: refund.transactionId,
    refundId: refund.id,
    amount: refund.debit,
    kind: 'refund',
    allowNegative: refund.allowNegativeBalance,
  });
}

/** A refund failed: what it held is back on the internal balance, once. */
export async function returnRefund(tx: Executor, row: Row, refund: RefundRow): Promise<void> {
  if (row.wallet !== 'internal') return;
  await moveForRefund(tx, {
    playerId: refund.playerId,
    currency: refund.currency,
    transactionId: refund.transactionId,
    refundId: refund.id,
    amount: refund.debit,
    kind: 'refund_return',
    allowNegative: true,
  });
}

/**
 * A refund succeeded: the operator's wallet is owed its reversal (one per refund, the refund's
 * id naming the operation); the internal ledger took it when it was requested.
 */
export async function settleRefund(
  tx: Executor,
  row: Row,
  refund: RefundRow,
  now: Date,
): Promise<void> {
  if (row.wallet !== 'operator' || new Big(refund.debit).lte(0)) return;
  await queueWalletOperation(tx, {
    ...movement(row, refund.debit),
    refundId: refund.id,
    kind: 'reverse',
    now,
  });
}

function movement(row: Row, amount: string) {
  return {
    transactionId: row.id,
    playerId: row.playerId,
    currency: row.currency,
    amount,
  };
}
