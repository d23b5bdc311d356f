/**
 * SPEC §7 GET payments/reverse-pending-withdrawal: the player takes back what pending
 * withdrawals reserved.
 *
 * - A withdrawal the provider has not been sent (`created`, call `pending`: the provider was
 *   unreachable, or the server died before calling it) is reversed here, under its lease, so the
 *   reconciler cannot send it at the same moment.
 * - A withdrawal on its way (`processing`/`await`) is cancelled at the provider first; only a
 *   cancelled one is reversed. One the provider paid or declined meanwhile is settled or returned
 *   by that result instead.
 * - A withdrawal whose call is in flight or unanswered (`sending`, `unknown`) cannot be reversed
 *   until the provider's answer is known: it counts as kept (fail_amount).
 *
 * A reversal is `error` with the reversal marker (error_message {@link REVERSED_MESSAGE_KEY}) and
 * the reservation back on the balance, in one database transaction, once: the status machine's
 * conditional update and the ledger's one-entry-per-kind rule both guard it.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@cashdesk/contract';
import type { ReversePendingWithdrawalResponse } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { moneyAtPrecision } from '../../platform/money-text';
import type { SessionContext } from '../../http/sessions';
import { declineMessageKey, transition } from './transactions';
import type { TransactionRow } from './transaction-repository';
import { currencyPrecision } from './transaction-money';
import { applyProviderStatus } from './provider-outcomes';
import { releasePayout } from '../wallet';
import { counted } from './payment-metrics';
import { REVERSED_MESSAGE_KEY } from '../webhooks';
import { leaseEnd, newOwner, releaseLease } from './call-lease';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';

export { REVERSED_MESSAGE_KEY };

/** Statuses of a withdrawal whose amount is still reserved. */
const OPEN_STATUSES: readonly TransactionRow['status'][] = ['created', 'processing', 'await'];

/**
 * The player's open withdrawals in a currency (not final), oldest first. Their amounts are what
 * the balance's `reserved` holds.
 */
export async function openWithdrawals(
  db: Executor,
  playerId: string,
  currency: string,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.playerId, playerId),
        eq(transactions.currency, currency),
        eq(transactions.flow, 'withdrawal'),
        inArray(transactions.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(transactions.createdAt, transactions.id);
}

/**
 * Who ends a withdrawal: the player (SPEC §7 reverse-pending-withdrawal: the reversal marker,
 * `transaction.reversed`) or the operator (operator API cancel: a decline `cancelled`,
 * `transaction.failed`, recorded in the audit trail by `record` in the same database
 * transaction).
 */
export type WithdrawalEnder =
  | { readonly by: 'player' }
  | {
      readonly by: 'operator';
      readonly record: (
        tx: Executor,
        before: TransactionRow,
        after: TransactionRow,
      ) => Promise<void>;
    };

const PLAYER: WithdrawalEnder = { by: 'player' };

/**
 * Ends one withdrawal as reversed (or cancelled by the operator), once (see the module comment).
 * `false` when another request finished it first.
 */
async function reverseOne(
  deps: Pick<PaymentDeps, 'db' | 'metrics'>,
  row: TransactionRow,
  now: Date,
  ender: WithdrawalEnder = PLAYER,
): Promise<boolean> {
  const reversed = await deps.db.transaction(async (tx) => {
    const result = await transition(tx, row.id, 'error', {
      now,
      step: 'result',
      redirect: null,
      errorCode: ender.by === 'player' ? null : ERROR_CODES.paymentDeclined.code,
      errorMessage: ender.by === 'player' ? REVERSED_MESSAGE_KEY : declineMessageKey('cancelled'),
      errorFatal: false,
      declinePageSettings: null,
      providerData: { declineReason: 'cancelled' },
    });
    if (!result.applied) return null;
    if (ender.by === 'operator') await ender.record(tx, row, result.transaction);
    // For operators: when the player took the money back (outside the typed provider data).
    await tx
      .update(transactions)
      .set({
        providerData: sql`${transactions.providerData} || ${JSON.stringify({ reversedAt: now.toISOString() })}::jsonb`,
      })
      .where(eq(transactions.id, row.id));
    return (await releasePayout(tx, result.transaction, now)) ? result : null;
  });
  if (reversed === null) return false;
  counted(deps, reversed);
  return true;
}

/**
 * Reverses a withdrawal that was never sent, under its lease (the reconciler takes the same
 * lease to send it, so exactly one of the two happens). `false` when it is being sent or was.
 */
async function reverseUnsent(
  deps: PaymentDeps,
  row: TransactionRow,
  now: Date,
  ender: WithdrawalEnder,
) {
  const owner = newOwner();
  const [taken] = await deps.db
    .update(transactions)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(deps, now) })
    .where(
      and(
        eq(transactions.id, row.id),
        eq(transactions.status, 'created'),
        // Unsent: due to be sent, or awaiting the operator's approval.
        inArray(transactions.callState, ['pending', 'approval']),
        sql`(${transactions.leaseUntil} is null or ${transactions.leaseUntil} < ${now})`,
      ),
    )
    .returning({ id: transactions.id });
  if (taken === undefined) return false;
  try {
    return await reverseOne(deps, row, now, ender);
  } finally {
    await releaseLease(deps.db, row.id, owner);
  }
}

/**
 * What happened to one open withdrawal: returned to the balance, kept (reserved, on its way or
 * paid), or gone (another request ended it first: counted by that request).
 */
export type Fate = 'returned' | 'kept' | 'gone';

/** The fate of a withdrawal this request could not end: gone when someone else ended it. */
async function notEnded(db: Executor, transactionId: string): Promise<Fate> {
  const [row] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row === undefined || row.status === 'error' ? 'gone' : 'kept';
}

/**
 * Ends one open withdrawal if it can be (see the module comment): returned, kept (on its way,
 * paid or its outcome unknown) or gone (ended by someone else first).
 */
export async function reverseOrKeep(
  deps: PaymentDeps,
  row: TransactionRow,
  now: Date,
  ender: WithdrawalEnder = PLAYER,
): Promise<Fate> {
  if (row.status === 'created') {
    const unsent = row.callState === 'pending' || row.callState === 'approval';
    if (unsent && (await reverseUnsent(deps, row, now, ender))) return 'returned';
    return notEnded(deps.db, row.id);
  }
  const reference = row.providerReference;
  if (reference === null) return 'kept';
  let cancel;
  try {
    cancel = await withProviderTimeout(deps, 'cancelPayout', (options) =>
      providerOf(deps, row).cancelPayout(reference, now, options),
    );
  } catch {
    // No answer: the payout may be on its way; it stays reserved and pending.
    return 'kept';
  }
  const status = cancel.outcome === 'cancelled' ? null : cancel.status;
  if (status === null || status.status === 'cancelled') {
    return (await reverseOne(deps, row, now, ender)) ? 'returned' : 'gone';
  }
  if (status.status === 'approved' || status.status === 'declined') {
    const result = counted(deps, await applyProviderStatus(deps.db, row, status, now));
    if (!result.applied) return 'gone';
    return status.status === 'declined' ? 'returned' : 'kept';
  }
  // Still pending but not cancellable (already on its way), or unknown to the provider.
  return 'kept';
}

/**
 * SPEC §7 GET payments/reverse-pending-withdrawal (see the module comment): returns what could be
 * reversed to the balance (success_amount) and reports what could not (fail_amount).
 *
 * @throws {ApiError} nothingToReverse (1501) when nothing is pending, or a concurrent reversal
 * took everything first.
 */
export async function reversePendingWithdrawal(
  deps: PaymentDeps,
  session: SessionContext,
): Promise<ReversePendingWithdrawalResponse> {
  const now = deps.clock();
  const open = await openWithdrawals(deps.db, session.playerId, session.currency);
  let returned = new Big(0);
  let kept = new Big(0);
  for (const row of open) {
    const fate = await reverseOrKeep(deps, row, now);
    if (fate === 'returned') returned = returned.plus(row.amount);
    if (fate === 'kept') kept = kept.plus(row.amount);
  }
  if (returned.eq(0) && kept.eq(0)) {
    throw new ApiError('nothingToReverse', {
      detail: `no pending withdrawal in ${session.currency}`,
    });
  }
  const precision = await currencyPrecision(deps.db, session.currency);
  return {
    success_amount: returned.gt(0) ? moneyAtPrecision(returned.toFixed(), precision) : null,
    fail_amount: kept.gt(0) ? moneyAtPrecision(kept.toFixed(), precision) : null,
    currency: session.currency,
  };
}
