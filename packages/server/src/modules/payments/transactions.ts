/**
 * Transactions: the status machine, the one way a transaction's status changes.
 *
 * Status machine (a transaction starts `created`):
 *
 * ```
 * created ──▶ processing ◀──▶ await
 *    │            │             │
 *    └────────────┴─────────────┴──▶ success | error   (final: never change again)
 *                                       │
 *                                       └──▶ refunded | charged_back   (deposits; final)
 * ```
 *
 * - A succeeded deposit whose money the provider later returned to the payer (a refund, a
 *   chargeback: provider webhooks) moves on once more, to `refunded` or `charged_back`
 *   ({@link reverseDeposit}); that is the only move out of a final status. The wire has no such
 *   statuses: the widget sees them as `success` (the payment went through; the reversal shows
 *   in the balance), see modules/payments/pay-session.ts wireStatusOf.
 *
 * - `processing` and `await` may follow each other (a bank transfer awaits its receipt, then is
 *   processing while the receipt is reviewed) and may repeat themselves, which records a new step
 *   (e.g. a status poll that learnt a settle time) without a new status.
 * - Nothing returns to `created`; a final status is never left. A move out of a final status is not
 *   an error but a no-op answering `applied: false` with the row as it is: the first final result
 *   wins (a 3-D Secure return and a status poll that race each other both see the same provider
 *   truth, and the loser must not credit twice).
 * - Every move is one conditional `UPDATE … WHERE status IN (allowed predecessors)`, so the check
 *   and the write cannot be separated by a concurrent request.
 *
 * Money on a final result ({@link completeTransaction}), in the same database transaction as the
 * status change, so a result is applied exactly once:
 * - deposit success: the ledger is credited with the amount after tax (and the bonus, as its own
 *   ledger entry), the card is saved when the player asked for it (token, last four, BIN, expiry,
 *   holder, type: never the number or CVV; modules/accounts/card-saving.ts), and the pay group
 *   becomes the player's last used one;
 * - withdrawal success: the reservation is settled; withdrawal error: the reservation is released.
 *
 * Every transition also marks the provider call as done (`call_state`) and schedules the
 * reconciler's next look (`next_check_at`: none once final; the provider's settle time or a
 * growing interval while waiting); a waiting one gets the deadline of what it waits for
 * (`expires_at`, platform/schedule.ts).
 *
 * Every creation (modules/payments/transaction-repository.ts) and every applied move records its
 * webhook event for the operator in the same database transaction (modules/webhooks/outbox.ts
 * decides which moves are reported).
 *
 * Around the machine: modules/payments/transaction-repository.ts creates, reads and bookkeeps the
 * rows; modules/payments/provider-outcomes.ts turns a provider's answer into a move;
 * modules/payments/pay-session.ts builds the SPEC §3 pay session of the contract from a row;
 * modules/payments/transaction-money.ts holds what a transaction charges, pays out and credits.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@cashdesk/contract';
import type { PaySession, SubmitStep } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { lastUsedMethods, transactions } from '../../db/schema';
import type { StoredRedirect } from '../../db/schema';
import { ShapedStatement, updateSetOf } from '../../db/statement-shapes';
import { ApiError } from '../../http/api-error';
import type { CardSummary, CashPickup, DeclineReason } from '../../providers';
import { creditDeposit, releasePayout, settlePayout, takeBackDeposit } from '../wallet';
import { recheckAt } from '../../platform/schedule';
import {
  getTransaction,
  mergeProviderData,
  providerDataOf,
  setSavedCard,
} from './transaction-repository';
import type { StoredProviderData, TransactionRow } from './transaction-repository';
import { depositCredit } from './transaction-money';
import { saveCard } from '../accounts';
import { isTransaction, recordHistory, recordTransactionEvents } from '../webhooks';
import type { EventOwner, HistoryRecord } from '../webhooks';

/** One of the statuses of the machine. */
export type TransactionStatus = TransactionRow['status'];

/** Statuses of a finished payment (a succeeded deposit may still be reversed, see above). */
export const FINAL_STATUSES: readonly TransactionStatus[] = [
  'success',
  'error',
  'refunded',
  'charged_back',
];

/** The allowed moves: from a status to the statuses it may become (see the module comment). */
export const TRANSACTION_TRANSITIONS: Readonly<
  Record<TransactionStatus, readonly TransactionStatus[]>
> = {
  created: ['processing', 'await', 'success', 'error'],
  processing: ['processing', 'await', 'success', 'error'],
  await: ['processing', 'await', 'success', 'error'],
  success: ['refunded', 'charged_back'],
  error: [],
  refunded: [],
  charged_back: [],
};

/** Whether `to` may follow `from`. */
export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

/** Whether a status is final. */
export function isFinalStatus(status: TransactionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** The statuses `to` may be reached from. */
function predecessorsOf(to: TransactionStatus): TransactionStatus[] {
  const all: readonly TransactionStatus[] = [
    'created',
    'processing',
    'await',
    'success',
    'error',
    'refunded',
    'charged_back',
  ];
  return all.filter((from) => canTransition(from, to));
}

/** A move the machine does not allow (a programming error: answered as a 500). */
export class TransactionTransitionError extends Error {
  override readonly name = 'TransactionTransitionError';
  constructor(
    readonly transactionId: string,
    readonly from: TransactionStatus,
    readonly to: TransactionStatus,
  ) {
    super(`transaction ${transactionId}: ${from} -> ${to} is not an allowed transition`);
  }
}

// --- transitions --------------------------------------------------------------------------------

/** Columns a transition may set besides the status. */
export interface TransitionFields {
  readonly step?: SubmitStep | undefined;
  readonly providerReference?: string | null | undefined;
  readonly redirect?: StoredRedirect | null | undefined;
  readonly errorCode?: string | null | undefined;
  readonly errorMessage?: string | null | undefined;
  readonly errorFatal?: boolean | undefined;
  readonly declinePageSettings?: Record<string, unknown> | null | undefined;
  readonly savedCardId?: string | null | undefined;
  /** Merged into the stored provider data (keys given replace the stored ones). */
  readonly providerData?: StoredProviderData | undefined;
  /** The clock of the change (default: now), for the reconciler's schedule. */
  readonly now?: Date | undefined;
  /** The reconciler's next look while waiting (default: platform/schedule recheckAt). */
  readonly nextCheckAt?: Date | undefined;
  /** The deadline of what the transaction waits for, when this move sets one. */
  readonly expiresAt?: Date | null | undefined;
  /** Who the webhook event of the move names, when the caller knows it (else read). */
  readonly owner?: EventOwner | undefined;
  /**
   * What else the transaction's history records with the move (the provider call or
   * notification that caused it), written in the same statement as its status change.
   */
  readonly history?: readonly HistoryRecord[] | undefined;
}

/** The result of a transition. */
export interface TransitionResult {
  /** False when the transaction was already final (nothing changed). */
  readonly applied: boolean;
  readonly transaction: TransactionRow;
  /** Set when a provider answer contradicted the transaction and was held instead of applied. */
  readonly held?: 'amount' | 'reference' | undefined;
}

/** SPEC §2 result status of a transaction status. */
export function resultStatusOf(status: TransactionStatus): PaySession['result_status'] {
  switch (status) {
    case 'success':
    case 'refunded':
    case 'charged_back':
      return 'success';
    case 'error':
      return 'error';
    case 'await':
      return 'await';
    case 'created':
    case 'processing':
      return 'processing';
  }
}

/** SPEC §3 redirect result action: a 3-D Secure challenge opens inside the cashier. */
function actionOf(status: TransactionStatus, step: SubmitStep | undefined) {
  if (isFinalStatus(status) || step !== 'redirect') return 'none';
  return 'redirect';
}

/** SPEC §3 pay session values that follow from the status (kept in their columns for operators). */
function sessionColumns(status: TransactionStatus, step: SubmitStep | undefined) {
  return {
    resultStatus: resultStatusOf(status),
    sessionStatus: isFinalStatus(status) ? 'completed' : 'active',
    transactionStatus: status,
    action: actionOf(status, step),
  };
}

/** A move's values: the columns it sets, the transaction, a patch of its provider data. */
interface MoveValues extends Partial<typeof transactions.$inferInsert> {
  readonly transactionId: string;
  /** JSON merged into the provider data (see {@link mergeProviderData}). */
  readonly providerDataPatch?: string;
}

/**
 * The status move: conditional on a status the machine allows it from (the variant, so the list
 * is part of the text), built once per set of columns set (db/statement-shapes.ts).
 */
const moveTransaction = new ShapedStatement<
  MoveValues,
  (TransactionRow & { movedFrom: TransactionStatus })[],
  TransactionStatus
>((db, { transactionId, providerDataPatch, ...columns }, to) =>
  db
    .update(transactions)
    .set({
      ...updateSetOf(transactions, columns),
      ...(providerDataPatch === undefined
        ? {}
        : { providerData: mergeProviderData(providerDataPatch) }),
    })
    .where(
      and(eq(transactions.id, transactionId), inArray(transactions.status, predecessorsOf(to))),
    )
    .returning({
      ...getTableColumns(transactions),
      // The status before the move, for the history: a subquery of RETURNING reads the
      // statement's snapshot, the row as it was.
      movedFrom: sql<TransactionStatus>`(select "before"."status" from "transactions" as "before" where "before"."id" = "transactions"."id")`,
    }),
);

/**
 * Moves a transaction to `to` and sets `fields`, atomically (see the module comment).
 *
 * @returns `applied: false` and the row unchanged when the transaction is already final.
 * @throws {ApiError} notFound for an unknown id.
 * @throws {TransactionTransitionError} for a move the machine does not allow from a non-final
 *   status (only a move back to `created`).
 */
export async function transition(
  db: Executor,
  transactionId: string,
  to: TransactionStatus,
  fields: TransitionFields = {},
): Promise<TransitionResult> {
  // An applied move and its webhook event commit together (modules/webhooks/outbox.ts).
  if (!isTransaction(db)) return db.transaction((tx) => transition(tx, transactionId, to, fields));
  const patch: StoredProviderData = {
    ...(fields.providerData ?? {}),
    ...(fields.step === undefined ? {} : { step: fields.step }),
  };
  const now = fields.now ?? new Date();
  // A fresh wait is looked at soon; the reconciler spaces later looks by the payment's age.
  const nextCheckAt = isFinalStatus(to) ? null : (fields.nextCheckAt ?? recheckAt(now, now));
  const [moved] = await moveTransaction.run(
    db,
    {
      transactionId,
      status: to,
      callState: 'done',
      // A move ends the work of whoever held the transaction (its call, a check, a reversal).
      leaseOwner: null,
      leaseUntil: null,
      nextCheckAt,
      ...(fields.expiresAt === undefined ? {} : { expiresAt: fields.expiresAt }),
      ...sessionColumns(to, fields.step),
      ...(fields.providerReference === undefined
        ? {}
        : { providerReference: fields.providerReference }),
      ...(fields.redirect === undefined ? {} : { redirect: fields.redirect }),
      ...(fields.errorCode === undefined ? {} : { errorCode: fields.errorCode }),
      ...(fields.errorMessage === undefined ? {} : { errorMessage: fields.errorMessage }),
      ...(fields.errorFatal === undefined ? {} : { errorFatal: fields.errorFatal }),
      ...(fields.declinePageSettings === undefined
        ? {}
        : { declinePageSettings: fields.declinePageSettings }),
      ...(fields.savedCardId === undefined ? {} : { savedCardId: fields.savedCardId }),
      ...(Object.keys(patch).length === 0 ? {} : { providerDataPatch: JSON.stringify(patch) }),
      updatedAt: new Date(),
    },
    to,
  );
  const causes = fields.history ?? [];
  if (moved !== undefined) {
    const { movedFrom, ...row } = moved;
    await recordTransactionEvents(db, row, {
      ...(fields.owner === undefined ? {} : { owner: fields.owner }),
      history: [
        ...causes,
        {
          kind: 'status_changed',
          at: now,
          details: {
            from: movedFrom,
            to,
            ...(fields.step === undefined ? {} : { step: fields.step }),
          },
        },
      ],
    });
    return { applied: true, transaction: row };
  }
  const current = await getTransaction(db, transactionId);
  if (current === undefined) {
    throw new ApiError('notFound', { detail: `transaction ${transactionId}` });
  }
  if (isFinalStatus(current.status)) {
    // The cause is history even when the transaction was already final (a late answer).
    if (causes.length > 0) await recordHistory(db, transactionId, causes);
    return { applied: false, transaction: current };
  }
  throw new TransactionTransitionError(transactionId, current.status, to);
}

// --- final results ------------------------------------------------------------------------------

/** A final provider result, whatever call produced it. */
export type FinalResult =
  | {
      readonly result: 'approved';
      readonly providerRef?: string | undefined;
      readonly cardToken?: string | undefined;
      readonly card?: CardSummary | undefined;
      readonly pickup?: CashPickup | undefined;
    }
  | {
      readonly result: 'declined';
      readonly providerRef?: string | undefined;
      readonly reason: DeclineReason;
    };

/**
 * Decline reasons after which retrying the same payment cannot help (SPEC §3 error_fatal): the
 * method, the amount or the token itself is refused.
 */
const FATAL_REASONS: readonly DeclineReason[] = [
  'invalid_token',
  'unsupported',
  'invalid_amount',
  'unknown_reference',
  'rejected',
];

/** The message key of a decline reason, e.g. CASHIER.DECLINE.INSUFFICIENT_FUNDS. */
export function declineMessageKey(reason: DeclineReason): string {
  return `CASHIER.DECLINE.${reason.toUpperCase()}`;
}

/** SPEC §3 decline_page_settings of a decline (SPEC §2 result page buttons). */
function declinePageSettings(reason: DeclineReason) {
  return {
    retry: !FATAL_REASONS.includes(reason),
    change_method: true,
    all_methods: true,
    into_game: true,
    message_key: declineMessageKey(reason),
  };
}

/** SPEC §3 last_used: the pay group the player used last in this flow. */
export async function setLastUsed(
  db: Executor,
  playerId: string,
  flow: TransactionRow['flow'],
  payGroupId: number,
): Promise<void> {
  await setLastUsedStatement.run(db, { playerId, flow, payGroupId, usedAt: new Date() }, '');
}

/** {@link setLastUsed}'s upsert, built once (db/statement-shapes.ts). */
const setLastUsedStatement = new ShapedStatement<typeof lastUsedMethods.$inferInsert, unknown>(
  (db, slots) =>
    db
      .insert(lastUsedMethods)
      .values(slots)
      .onConflictDoUpdate({
        target: [lastUsedMethods.playerId, lastUsedMethods.flow],
        set: updateSetOf(lastUsedMethods, { payGroupId: slots.payGroupId, usedAt: slots.usedAt }),
      }),
);

/**
 * Applies a final result once: moves the transaction to success or error and, in the same
 * database transaction, does what the result means for money (see the module comment).
 * A transaction that is already final is left as it is (`applied: false`, no money moves).
 */
export async function completeTransaction(
  db: Executor,
  transactionId: string,
  final: FinalResult,
  now: Date = new Date(),
  owner?: EventOwner,
  history?: readonly HistoryRecord[],
): Promise<TransitionResult> {
  // Inside the caller's database transaction as it is (no savepoint: a failure rolls all back).
  if (!isTransaction(db)) {
    return db.transaction((tx) =>
      completeTransaction(tx, transactionId, final, now, owner, history),
    );
  }
  const tx = db;
  const known = {
    ...(owner === undefined ? {} : { owner }),
    ...(history === undefined ? {} : { history }),
  };
  if (final.result === 'declined') {
    const result = await transition(tx, transactionId, 'error', {
      ...known,
      now,
      step: 'result',
      ...(final.providerRef === undefined ? {} : { providerReference: final.providerRef }),
      redirect: null,
      errorCode: ERROR_CODES.paymentDeclined.code,
      errorMessage: ERROR_CODES.paymentDeclined.messageKey,
      errorFatal: FATAL_REASONS.includes(final.reason),
      declinePageSettings: declinePageSettings(final.reason),
      providerData: { declineReason: final.reason },
    });
    if (result.applied && result.transaction.flow === 'withdrawal') {
      await releasePayout(tx, result.transaction, now);
    }
    return result;
  }

  const voucher =
    final.pickup === undefined
      ? {}
      : {
          voucher: { code: final.pickup.code, expires_at: final.pickup.expiresAt.toISOString() },
        };
  const result = await transition(tx, transactionId, 'success', {
    ...known,
    now,
    step: 'result',
    ...(final.providerRef === undefined ? {} : { providerReference: final.providerRef }),
    redirect: null,
    errorCode: null,
    errorMessage: null,
    errorFatal: false,
    declinePageSettings: null,
    providerData: voucher,
  });
  if (!result.applied) return result;
  const row = result.transaction;
  if (row.flow === 'withdrawal') {
    await settlePayout(tx, row, now);
    await setLastUsed(tx, row.playerId, row.flow, row.payGroupId);
    return result;
  }

  await creditDeposit(tx, row, depositCredit(row), new Big(row.bonus), now);
  await setLastUsed(tx, row.playerId, row.flow, row.payGroupId);
  if (
    providerDataOf(row).saveCard === true &&
    final.cardToken !== undefined &&
    final.card !== undefined
  ) {
    const savedCardId = await saveCard(
      tx,
      row.playerId,
      final.cardToken,
      final.card,
      row.connector,
    );
    if (savedCardId !== null) {
      const updated = await setSavedCard(tx, transactionId, savedCardId);
      if (updated !== undefined) return { applied: true, transaction: updated };
    }
  }
  return result;
}

// --- refunds and chargebacks ---------------------------------------------------------------------

/** What the provider reported returning to the payer of a succeeded deposit. */
export interface DepositReversal {
  readonly kind: 'refund' | 'chargeback';
  /** What the provider returned, decimal string (the charged total for a full reversal). */
  readonly amount: string;
  readonly currency: string;
  /** The provider's id of the event, kept for the operator. */
  readonly eventId?: string | undefined;
}

/**
 * Applies a refund or chargeback of a succeeded deposit, once: `success → refunded |
 * charged_back` and, in the same database transaction, the ledger takes back what the deposit
 * credited (modules/wallet/money.ts takeBackDeposit: the ledger's reverseCredit, or a reversal
 * owed to the operator's wallet). A second
 * report, or the other kind after the first, changes nothing (`applied: false`).
 *
 * @throws {TransactionTransitionError} when the transaction has not succeeded yet (the caller
 *   checks the status first: a reversal of a payment still open cannot be applied yet).
 */
export async function reverseDeposit(
  db: Executor,
  transactionId: string,
  reversal: DepositReversal,
  now: Date = new Date(),
  history?: readonly HistoryRecord[],
): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const result = await transition(
      tx,
      transactionId,
      reversal.kind === 'refund' ? 'refunded' : 'charged_back',
      {
        now,
        ...(history === undefined ? {} : { history }),
        step: 'result',
        providerData: {
          reversal: {
            kind: reversal.kind,
            amount: reversal.amount,
            currency: reversal.currency,
            eventId: reversal.eventId,
            applied: true,
          },
        },
      },
    );
    if (!result.applied) return result;
    await takeBackDeposit(tx, result.transaction, reversal.kind, now);
    return result;
  });
}
