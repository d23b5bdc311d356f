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
 * The parts: this file creates refunds (an operator's request, a late approval sent back);
 * refund-records.ts holds the rows, the figures and the reads; refund-answers.ts sends a refund
 * and applies what answers it, and the reconciler's pass; refund-notices.ts the provider's
 * webhooks about refunds.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { decimalPlaces, positiveDecimal } from '@cashdesk/domain';
import type { Executor, Transaction } from '../../db/open';
import { refunds, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { hashRequest } from '../../http/idempotency';
import { holdRefund } from '../wallet';
import { recordRefundEvent } from '../webhooks';
import { brandTransaction } from './approval';
import { leaseEnd, newOwner } from './call-lease';
import { providerOf } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { sendRefund } from './refund-answers';
import {
  byKey,
  lockDeposit,
  notRefundable,
  openAndDone,
  refundDebit,
  stateOf,
} from './refund-records';
import type { RefundRow, RefundState } from './refund-records';
import { chargedAmount, currencyPrecision } from './transaction-money';
import type { TransactionRow } from './transaction-repository';

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

/** The request's digest: a repeat of its Idempotency-Key must come with the same. */
function hashOf(request: RefundRequest): string {
  return hashRequest({
    amount: request.amount ?? null,
    reason: request.reason,
    allowNegativeBalance: request.allowNegativeBalance,
  });
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
