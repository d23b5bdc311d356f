/**
 * A refund's records (refunds.ts has the rules): its row, the deposit it belongs to under its
 * row lock, what the deposit's refunds hold, what one refund takes back from the balance, and the
 * reads of the operator API.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/open';
import { refunds, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { brandTransaction } from './approval';
import type { PaymentDeps } from './payment-deps';
import { chargedAmount, depositCredit } from './transaction-money';
import type { TransactionRow } from './transaction-repository';

/** A refund's row. */
export type RefundRow = typeof refunds.$inferSelect;

/** A refund and its deposit, as they are after a change. */
export interface RefundState {
  readonly refund: RefundRow;
  readonly transaction: TransactionRow;
}

/** The deposit's row under its row lock, so refunds of one deposit are decided one at a time. */
export async function lockDeposit(tx: Transaction, transactionId: string): Promise<TransactionRow> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.transactionId' });
  return row;
}

/** The deposit's refunds that did not fail: what they send back, and what they take back. */
export async function openAndDone(tx: Executor, transactionId: string) {
  const rows = await tx
    .select({ amount: refunds.amount, debit: refunds.debit })
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), ne(refunds.status, 'failed')));
  return {
    refunded: rows.reduce((sum, row) => sum.plus(row.amount), new Big(0)),
    debited: rows.reduce((sum, row) => sum.plus(row.debit), new Big(0)),
  };
}

/** The figures of a deposit that decide what its refunds take back. */
type DepositFigures = Pick<TransactionRow, 'amount' | 'fee' | 'tax' | 'bonus'>;

/** What a deposit credited to the balance, the bonus included. */
function creditOf(deposit: DepositFigures): Big {
  return depositCredit(deposit).plus(deposit.bonus);
}

/**
 * What a refund of `amount` takes back (see the module comment): pro rata, rounded down, the
 * last refund taking what is left.
 */
export function refundDebit(
  deposit: DepositFigures,
  amount: Big,
  before: { readonly refunded: Big; readonly debited: Big },
  precision: number,
): Big {
  const charged = new Big(chargedAmount(deposit));
  const credit = creditOf(deposit);
  if (before.refunded.plus(amount).gte(charged)) {
    const left = credit.minus(before.debited);
    return left.lt(0) ? new Big(0) : left;
  }
  return credit.times(amount).div(charged).round(precision, Big.roundDown);
}

/** Why a deposit cannot be refunded now, or `null` when it can. */
export function notRefundable(deposit: TransactionRow): string | null {
  if (deposit.flow !== 'deposit') return 'only a deposit can be refunded';
  if (deposit.status === 'refunded') return 'the deposit was refunded in full';
  if (deposit.status === 'charged_back') return 'the deposit was charged back';
  if (deposit.status !== 'success') return 'the deposit has not succeeded';
  if (deposit.providerReference === null) return 'the provider never named the payment';
  return null;
}

/** The deposit's refund made under an Idempotency-Key, if any. */
export async function byKey(db: Executor, transactionId: string, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.idempotencyKey, key)));
  return row;
}

/** The refund and its deposit, read. */
export async function stateOf(db: Executor, refund: RefundRow): Promise<RefundState> {
  const [deposit] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, refund.transactionId));
  if (deposit === undefined) throw new Error(`refund ${refund.id}: deposit missing`);
  const [fresh] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return { refund: fresh ?? refund, transaction: deposit };
}

/** A deposit's refunds, oldest first. */
export async function listRefunds(db: Executor, transactionId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.transactionId, transactionId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** One of the brand's refunds with its deposit, or 404 (1803). */
export async function brandRefund(
  deps: Pick<PaymentDeps, 'db'>,
  brandId: string,
  refundId: string,
): Promise<RefundState> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (refund === undefined) throw new ApiError('operatorNotFound', { field: 'params.refundId' });
  const transaction = await brandTransaction(deps, brandId, refund.transactionId).catch(() => {
    throw new ApiError('operatorNotFound', { field: 'params.refundId' });
  });
  return { refund, transaction };
}
