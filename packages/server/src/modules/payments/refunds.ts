/**
 * Refunds of succeeded deposits (docs/refunds.md): each its own record (`refunds`) with its own
 * status (`requested` → `succeeded` | `failed`), webhook events and provider call state, sent to
 * the deposit's connector with the refund's id as the provider's idempotency key.
 *
 * Money, exactly once, in the database transaction of the change that causes it:
 * - **What a refund takes back** from the balance (`debit`) is its share of what the deposit
 *   credited (amount less tax, plus bonus), pro rata to the amount refunded of what the deposit
 *   charged, rounded down to the currency's precision; the refund that completes the deposit
 *   takes exactly what is left, so the refunds of a deposit together take back exactly its
 *   credit.
 * - **Internal ledger**: the debit leaves the balance when the refund is requested (so the
 *   player cannot spend it while the provider works) and comes back if the refund fails. A
 *   balance that no longer holds it (the player spent or withdrew the money) refuses the refund
 *   (409, 1842) unless the operator allows a negative balance; a refund the provider reports
 *   itself is a fact and always taken, below zero if need be.
 * - **Operator's wallet**: the debit is sent as a reversal (`{refund id}:reverse`) once the refund
 *   succeeded; its balance is asked first when the operator did not allow a negative balance.
 * - A deposit whose succeeded refunds reach what it charged becomes `refunded`.
 *
 * The call: the refund is committed (`call_state` `sending`, leased) before the provider is
 * asked, like a payment. An answer is applied at once; no answer (a time-out, an error, a crash)
 * leaves it `unknown` and the reconciler sends the same refund again (same id: the provider
 * answers its first result, never refunds twice); a provider that certainly never got it
 * (`pending`) is sent it again too; a refund the provider is settling (`pending` at the
 * provider) is looked up until final. A provider's webhook about a refund applies the same
 * result through the same conditional update, so an answer and a webhook crossing each other
 * apply it once.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { decimalPlaces, positiveDecimal } from '@cashdesk/domain';
import type { Executor, Transaction } from '../../db/open';
import { refunds, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { hashRequest } from '../../http/idempotency';
import { isProviderNotReached } from '../../providers';
import type { RefundLookup, RefundOutcome } from '../../providers';
import { retryAt, recheckAt } from '../../platform/schedule';
import { holdRefund, returnRefund, settleRefund } from '../wallet';
import { recordRefundEvent } from '../webhooks';
import { brandTransaction } from './approval';
import { chargedAmount, currencyPrecision, depositCredit } from './transaction-money';
import type { TransactionRow } from './transaction-repository';
import { transition } from './transactions';
import { leaseEnd, newOwner } from './call-lease';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';

/** A refund's row. */
export type RefundRow = typeof refunds.$inferSelect;

/** An operator's refund request (operator API). */
export interface RefundRequest {
  /** What goes back to the payer; `undefined`: all that remains refundable. */
  readonly amount: string | undefined;
  readonly reason: string;
  readonly allowNegativeBalance: boolean;
  readonly idempotencyKey: string;
  /** The operator's key id. */
  readonly requestedBy: string;
  /** Records the new refund (the audit trail) in the database transaction that creates it. */
  readonly record?: ((tx: Transaction, state: RefundState) => Promise<void>) | undefined;
}

/** A refund and its deposit, as they are after a change. */
export interface RefundState {
  readonly refund: RefundRow;
  readonly transaction: TransactionRow;
}

/** The deposit's row under its row lock, so refunds of one deposit are decided one at a time. */
async function lockDeposit(tx: Transaction, transactionId: string): Promise<TransactionRow> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.transactionId' });
  return row;
}

/** The deposit's refunds that did not fail: what they send back, and what they take back. */
async function openAndDone(tx: Executor, transactionId: string) {
  const rows = await tx
    .select({ amount: refunds.amount, debit: refunds.debit })
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), ne(refunds.status, 'failed')));
  return {
    refunded: rows.reduce((sum, row) => sum.plus(row.amount), new Big(0)),
    debited: rows.reduce((sum, row) => sum.plus(row.debit), new Big(0)),
  };
}

/**
 * What a request asks to refund of a deposit, with what its earlier refunds hold and what is left
 * to refund: all that is left when the request names no amount; `null` for an amount that is not
 * a positive decimal.
 */
async function requestedOf(db: Executor, deposit: TransactionRow, request: RefundRequest) {
  const before = await openAndDone(db, deposit.id);
  const left = new Big(chargedAmount(deposit)).minus(before.refunded);
  const amount = request.amount === undefined ? left : positiveDecimal(request.amount);
  return { before, left, amount };
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
function notRefundable(deposit: TransactionRow): string | null {
  if (deposit.flow !== 'deposit') return 'only a deposit can be refunded';
  if (deposit.status === 'refunded') return 'the deposit was refunded in full';
  if (deposit.status === 'charged_back') return 'the deposit was charged back';
  if (deposit.status !== 'success') return 'the deposit has not succeeded';
  if (deposit.providerReference === null) return 'the provider never named the payment';
  return null;
}

/** The refund's reason text, trimmed. */
function hashOf(request: RefundRequest): string {
  return hashRequest({
    amount: request.amount ?? null,
    reason: request.reason,
    allowNegativeBalance: request.allowNegativeBalance,
  });
}

async function byKey(db: Executor, transactionId: string, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.idempotencyKey, key)));
  return row;
}

/** A repeat of a request: its refund, or 422 (1007) when the key came with another body. */
function replay(existing: RefundRow, request: RefundRequest): RefundRow {
  if (existing.requestHash !== hashOf(request)) {
    throw new ApiError('idempotencyConflict', {
      detail: 'the Idempotency-Key was used for another refund request',
    });
  }
  return existing;
}

/** Whether an error is the unique index of (transaction, idempotency key) refusing a second row. */
function isDuplicateKey(error: unknown): boolean {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    if (at.message.includes('refunds_transaction_idempotency_key')) return true;
    if ('constraint' in at && at.constraint === 'refunds_transaction_idempotency_key') return true;
  }
  return false;
}

/**
 * Creates an operator's refund of one of the brand's deposits and sends it (see the module
 * comment). A repeat of the Idempotency-Key answers the refund it created, as it is now.
 *
 * @throws {ApiError} operatorNotFound, refundNotAllowed, refundExceedsCaptured, balanceTooLow,
 *   idempotencyConflict, walletUnavailable (the operator's wallet could not be asked its
 *   balance: nothing was held or sent).
 */
export async function requestRefund(
  deps: PaymentDeps,
  brandId: string,
  transactionId: string,
  request: RefundRequest,
): Promise<RefundState> {
  const deposit = await brandTransaction(deps, brandId, transactionId);
  const known = await byKey(deps.db, deposit.id, request.idempotencyKey);
  if (known !== undefined) return stateOf(deps.db, replay(known, request));
  const problem = notRefundable(deposit);
  if (problem !== null) throw new ApiError('refundNotAllowed', { detail: problem });
  if (providerOf(deps, deposit).refunds === undefined) {
    throw new ApiError('refundNotAllowed', {
      detail: `the connector ${deposit.connector ?? 'default'} does not refund`,
    });
  }
  const precision = await currencyPrecision(deps.db, deposit.currency);
  await checkWalletBalance(deps, deposit, request, precision);
  const now = deps.clock();
  const owner = newOwner();
  let created: RefundState;
  try {
    created = await deps.db.transaction(async (tx) => {
      const locked = await lockDeposit(tx, deposit.id);
      const again = await byKey(tx, deposit.id, request.idempotencyKey);
      if (again !== undefined) return { refund: replay(again, request), transaction: locked };
      const lockedProblem = notRefundable(locked);
      if (lockedProblem !== null) throw new ApiError('refundNotAllowed', { detail: lockedProblem });
      const { before, left, amount } = await requestedOf(tx, locked, request);
      if (amount === null || amount.lte(0) || decimalPlaces(amount) > precision) {
        throw new ApiError('invalidField', {
          field: 'body.amount',
          detail: `a positive amount with at most ${String(precision)} decimals`,
        });
      }
      if (amount.gt(left)) {
        throw new ApiError('refundExceedsCaptured', {
          field: 'body.amount',
          detail: `at most ${left.toFixed(precision)} ${locked.currency} is left to refund`,
        });
      }
      const debit = refundDebit(locked, amount, before, precision);
      const [refund] = await tx
        .insert(refunds)
        .values({
          transactionId: locked.id,
          playerId: locked.playerId,
          amount: amount.toFixed(),
          currency: locked.currency,
          debit: debit.toFixed(),
          reason: request.reason,
          source: 'operator',
          allowNegativeBalance: request.allowNegativeBalance,
          callState: 'sending',
          callAttempts: 1,
          idempotencyKey: request.idempotencyKey,
          requestHash: hashOf(request),
          requestedBy: request.requestedBy,
          leaseOwner: owner,
          leaseUntil: leaseEnd(deps, now),
          // Should this process die before the answer, the reconciler sends it again then.
          nextCheckAt: leaseEnd(deps, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (refund === undefined) throw new Error('refund row not written');
      await holdRefund(tx, locked, refund);
      await recordRefundEvent(tx, refund, locked);
      await request.record?.(tx, { refund, transaction: locked });
      return { refund, transaction: locked };
    });
  } catch (error) {
    // Two requests with one key at once: the first one's refund is the answer.
    if (!isDuplicateKey(error)) throw error;
    const winner = await byKey(deps.db, deposit.id, request.idempotencyKey);
    if (winner === undefined) throw error;
    return stateOf(deps.db, replay(winner, request));
  }
  if (created.refund.leaseOwner !== owner) return stateOf(deps.db, created.refund);
  return sendRefund(deps, created.refund, created.transaction, owner);
}

/**
 * On the operator's wallet, a refund the operator did not allow to go below zero is refused when
 * the wallet's balance does not hold what it would take back: asked before anything is written,
 * so a refusal leaves no refund behind (the wallet stays the authority: it applies the reversal
 * it is sent once the refund succeeded).
 *
 * @throws {ApiError} balanceTooLow; walletUnavailable when the wallet does not answer.
 */
async function checkWalletBalance(
  deps: PaymentDeps,
  deposit: TransactionRow,
  request: RefundRequest,
  precision: number,
): Promise<void> {
  if (deposit.wallet !== 'operator' || request.allowNegativeBalance) return;
  const { before, left, amount } = await requestedOf(deps.db, deposit, request);
  // An amount the creation refuses anyway is refused there, with its own error.
  if (amount === null || amount.lte(0) || amount.gt(left)) return;
  const debit = refundDebit(deposit, amount, before, precision);
  const { balance } = await deps.wallet.balance(deps.db, deposit.playerId, deposit.currency);
  if (new Big(balance).gte(debit)) return;
  throw new ApiError('balanceTooLow', {
    field: 'body.amount',
    detail: `the wallet holds ${balance}, the refund takes back ${debit.toFixed()}`,
  });
}

/** The refund and its deposit, read. */
async function stateOf(db: Executor, refund: RefundRow): Promise<RefundState> {
  const [deposit] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, refund.transactionId));
  if (deposit === undefined) throw new Error(`refund ${refund.id}: deposit missing`);
  const [fresh] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return { refund: fresh ?? refund, transaction: deposit };
}

/** A result to apply: the provider's, or the server's own failure. */
type RefundResult =
  | RefundOutcome
  | { readonly outcome: 'failed'; readonly reason: string; readonly refundRef?: undefined };

/**
 * Sends a refund the caller holds the lease of and applies the answer; without an answer, leaves
 * it for the reconciler (see the module comment).
 */
async function sendRefund(
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
async function finish(
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
async function addRefunded(
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
async function refundedInFull(
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

// --- a late approval -------------------------------------------------------------------------------

/** The Idempotency-Key of the refund that sends a late approval back (one per deposit). */
const LATE_APPROVAL_KEY = 'late-approval';

/**
 * A deposit the cashier ended (expired, cancelled, never received) that the provider approved
 * after all: the charge is sent back to the payer by a refund of what the provider moved, which
 * takes nothing from the balance (the deposit credited nothing). Once per deposit, whatever the
 * number of late reports. `null` when the deposit's connector cannot refund (the operator must
 * look at it).
 */
export async function returnLateApproval(
  deps: PaymentDeps,
  deposit: TransactionRow,
  moved: { readonly amount: string; readonly currency: string } | undefined,
  providerRef: string,
): Promise<RefundState | null> {
  if (deposit.flow !== 'deposit' || deposit.status !== 'error') return null;
  if (providerOf(deps, deposit).refunds === undefined) return null;
  const known = await byKey(deps.db, deposit.id, LATE_APPROVAL_KEY);
  if (known !== undefined) return stateOf(deps.db, known);
  const now = deps.clock();
  const owner = newOwner();
  const amount = moved?.currency === deposit.currency ? moved.amount : chargedAmount(deposit);
  const created = await deps.db.transaction(async (tx) => {
    const locked = await lockDeposit(tx, deposit.id);
    if ((await byKey(tx, locked.id, LATE_APPROVAL_KEY)) !== undefined) return null;
    if (locked.providerReference === null) {
      await tx
        .update(transactions)
        .set({ providerReference: providerRef })
        .where(eq(transactions.id, locked.id));
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        transactionId: locked.id,
        playerId: locked.playerId,
        amount: new Big(amount).toFixed(),
        currency: locked.currency,
        debit: '0',
        reason: 'approved by the provider after the cashier had ended the payment',
        source: 'operator',
        allowNegativeBalance: false,
        callState: 'sending',
        callAttempts: 1,
        idempotencyKey: LATE_APPROVAL_KEY,
        requestHash: LATE_APPROVAL_KEY,
        requestedBy: 'cashdesk',
        leaseOwner: owner,
        leaseUntil: leaseEnd(deps, now),
        nextCheckAt: leaseEnd(deps, now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (refund === undefined) return null;
    await recordRefundEvent(tx, refund, locked);
    return {
      refund,
      transaction: { ...locked, providerReference: locked.providerReference ?? providerRef },
    };
  });
  if (created === null) {
    const winner = await byKey(deps.db, deposit.id, LATE_APPROVAL_KEY);
    return winner === undefined ? null : stateOf(deps.db, winner);
  }
  deps.log?.warn(
    { transaction_id: deposit.id, refund_id: created.refund.id },
    'provider approved a deposit the cashier had ended: sent back to the payer',
  );
  return sendRefund(deps, created.refund, created.transaction, owner);
}

// --- the reconciler's side ------------------------------------------------------------------------

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

// --- reads -----------------------------------------------------------------------------------------

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

// --- the provider's webhook -------------------------------------------------------------------------

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
