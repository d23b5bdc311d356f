/**
 * A transaction's timeline for the operator (GET /transactions/{id}/timeline, scope
 * transactions:read): everything the database keeps about it, put in time order. Nothing is
 * inferred: an entry exists only where a row or a recorded time says so.
 *
 * - `created`: the transaction row's creation.
 * - `status_changed`, `provider_call`, `provider_notification`: the transaction's own history
 *   (transaction_history, decision 0108): every status change with the status it left (and,
 *   when it sent an event, the event's type and what it told), every provider call with its
 *   attempt, duration and outcome, every provider notification with what it reported and did.
 *   A transaction older than that table shows the status changes its outbox events prove
 *   (transaction.succeeded, .failed, .reversed, .refunded, payout.awaiting_approval).
 * - `provider_answer_held` / `held_answer_resolved`: a contradicting provider answer still held,
 *   and the operator's resolution of one (a resolved answer keeps only its resolution).
 * - `ledger_entry`: the transaction's and its refunds' entries of the internal ledger.
 * - `wallet_operation_queued` / `wallet_operation_answered`: the movements owed to the operator's
 *   wallet and the wallet's answer.
 * - `refund_requested` / `refund_finished`: its refunds.
 * - `webhook_recorded` / `webhook_delivered` / `webhook_dead`: its webhook events and their
 *   delivery.
 * - `operator_action`: the operator calls that changed it (audit entries whose target is the
 *   transaction or one of its refunds; reads are left out).
 *
 * Where the provider call stands is answered beside the entries (its state and count of
 * attempts). Never card data (none is stored), the provider request, a secret or the session id.
 *
 * @packageDocumentation
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TimelineEntry, TransactionTimeline } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import {
  ledgerEntries,
  operatorAuditLog,
  players,
  refunds,
  transactions,
  walletOperations,
  transactionHistory,
  webhookEvents,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isRecord } from '../../platform/is-record';
import { plainDecimal } from '../../platform/money-text';
import { getOperatorTransaction } from './transactions';

type Details = TimelineEntry['details'];

/** An entry and its rank among entries of the same instant (the order things happen in). */
interface Ranked {
  readonly entry: TimelineEntry;
  readonly rank: number;
}

/** The rank of each kind among entries of the same instant. */
const RANK: Readonly<Record<TimelineEntry['kind'], number>> = {
  created: 0,
  operator_action: 1,
  // What the provider said comes before the change it caused.
  provider_call: 1.5,
  provider_notification: 1.5,
  status_changed: 2,
  provider_answer_held: 3,
  held_answer_resolved: 3,
  refund_requested: 4,
  refund_finished: 4,
  ledger_entry: 5,
  wallet_operation_queued: 6,
  wallet_operation_answered: 6,
  webhook_recorded: 7,
  webhook_delivered: 8,
  webhook_dead: 8,
};

function entry(
  at: Date | string,
  kind: TimelineEntry['kind'],
  summary: string,
  details: Details,
): Ranked {
  const time = typeof at === 'string' ? new Date(at) : at;
  return { entry: { at: time.toISOString(), kind, summary, details }, rank: RANK[kind] };
}

/** A string field of a record, or null. */
function text(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}

/** A valid ISO time of a record, or null. */
function time(record: unknown, key: string): string | null {
  if (!isRecord(record)) return null;
  const value = text(record, key);
  return value !== null && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** The entries of a status change carried by a transaction event. */
function statusEntries(row: typeof webhookEvents.$inferSelect): Ranked[] {
  if (row.type === 'transaction.created' || !/^(transaction|payout)\./.test(row.type)) return [];
  const transaction = row.payload.transaction;
  if (!isRecord(transaction)) return [];
  const status = text(transaction, 'status');
  const awaiting = row.type === 'payout.awaiting_approval';
  return [
    entry(row.createdAt, 'status_changed', awaiting ? 'awaiting_approval' : (status ?? row.type), {
      event_type: row.type,
      status,
      error_code: text(transaction, 'error_code'),
      decline_reason: text(transaction, 'decline_reason'),
      refunded_amount: text(transaction, 'refunded_amount'),
    }),
  ];
}

/**
 * An entry of the transaction's own history (status changes with the status left, provider
 * calls and their outcomes, provider notifications); the creation is its own entry.
 */
function historyEntries(row: typeof transactionHistory.$inferSelect): Ranked[] {
  const details: Details = Object.fromEntries(
    Object.entries(row.details).filter(
      (pair): pair is [string, string | number | boolean | null] =>
        pair[1] === null || ['string', 'number', 'boolean'].includes(typeof pair[1]),
    ),
  );
  if (row.kind === 'status_changed') {
    if (details.from === null) return [];
    return [entry(row.at, 'status_changed', text(details, 'to') ?? row.kind, details)];
  }
  const summary =
    row.kind === 'provider_call'
      ? `${text(details, 'call') ?? 'call'}: ${text(details, 'answer') ?? text(details, 'outcome') ?? ''}`
      : `${text(details, 'reported') ?? 'notification'}: ${text(details, 'outcome') ?? ''}`;
  return [entry(row.at, row.kind, summary, details)];
}

/** The entries of a webhook event: recorded, then delivered or dead-lettered. */
function webhookEntries(row: typeof webhookEvents.$inferSelect): Ranked[] {
  const base = { event_id: row.id, type: row.type };
  const entries = [
    entry(row.createdAt, 'webhook_recorded', row.type, {
      ...base,
      state: row.state,
      attempts: row.attempts,
    }),
  ];
  if (row.deliveredAt !== null) {
    entries.push(
      entry(row.deliveredAt, 'webhook_delivered', row.type, {
        ...base,
        attempts: row.attempts,
        status_code: row.lastStatusCode,
      }),
    );
  }
  if (row.deadAt !== null) {
    entries.push(
      entry(row.deadAt, 'webhook_dead', row.type, {
        ...base,
        attempts: row.attempts,
        status_code: row.lastStatusCode,
        error: row.lastError,
      }),
    );
  }
  return entries;
}

/** The held provider answer and its resolution, as the transaction's provider data keeps them. */
function heldEntries(providerData: Record<string, unknown>): Ranked[] {
  const entries: Ranked[] = [];
  const held = providerData.held;
  const heldAt = time(held, 'at');
  if (isRecord(held) && heldAt !== null) {
    const amount = text(held, 'reportedAmount');
    entries.push(
      entry(heldAt, 'provider_answer_held', text(held, 'reason') ?? 'held', {
        reason: text(held, 'reason'),
        reported_amount: amount === null ? null : plainDecimal(amount),
        reported_currency: text(held, 'reportedCurrency'),
        reported_reference: text(held, 'reportedReference'),
      }),
    );
  }
  const resolved = providerData.heldResolved;
  const resolvedAt = time(resolved, 'at');
  if (isRecord(resolved) && resolvedAt !== null) {
    const resolution = text(resolved, 'resolution');
    entries.push(
      entry(resolvedAt, 'held_answer_resolved', resolution ?? 'resolved', { resolution }),
    );
  }
  return entries;
}

/**
 * The timeline of one of the brand's transactions.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown id or another brand's.
 */
export async function transactionTimeline(
  db: Executor,
  brandId: string,
  id: string,
): Promise<TransactionTimeline> {
  const transaction = await getOperatorTransaction(db, brandId, id);
  const [row] = await db
    .select({ transaction: transactions })
    .from(transactions)
    .innerJoin(players, eq(players.id, transactions.playerId))
    .where(and(eq(transactions.id, id), eq(players.brandId, brandId)));
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.transactionId' });
  const tx = row.transaction;
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.transactionId, id))
    .orderBy(asc(refunds.createdAt));
  const refundIds = refundRows.map((refund) => refund.id);
  const transactionTarget = `transaction:${id}`;
  const [ledger, wallet, events, actions, history] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(
        refundIds.length === 0
          ? eq(ledgerEntries.transactionId, id)
          : or(eq(ledgerEntries.transactionId, id), inArray(ledgerEntries.refundId, refundIds)),
      )
      .orderBy(asc(ledgerEntries.id)),
    db
      .select()
      .from(walletOperations)
      .where(eq(walletOperations.transactionId, id))
      .orderBy(asc(walletOperations.createdAt)),
    db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.transactionId, id), eq(webhookEvents.brandId, brandId)))
      .orderBy(asc(webhookEvents.seq)),
    db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.brandId, brandId),
          eq(operatorAuditLog.kind, 'change'),
          or(
            eq(operatorAuditLog.target, transactionTarget),
            sql`starts_with(${operatorAuditLog.target}, ${`${transactionTarget}:`})`,
          ),
        ),
      )
      .orderBy(asc(operatorAuditLog.seq)),
    db
      .select()
      .from(transactionHistory)
      .where(eq(transactionHistory.transactionId, id))
      .orderBy(asc(transactionHistory.id)),
  ]);

  const ranked: Ranked[] = [
    entry(tx.createdAt, 'created', tx.flow, {
      flow: tx.flow,
      amount: plainDecimal(tx.amount),
      currency: tx.currency,
      fee: plainDecimal(tx.fee),
      tax: plainDecimal(tx.tax),
      bonus: plainDecimal(tx.bonus),
      pay_group_id: tx.payGroupId,
      method_kind: tx.providerKind,
      connector: tx.connector,
      wallet: tx.wallet,
    }),
    // The transaction's own history; a transaction older than it has its events' statuses.
    ...(history.length > 0 ? history.flatMap(historyEntries) : events.flatMap(statusEntries)),
    ...heldEntries(tx.providerData),
    ...ledger.map((line) =>
      entry(line.createdAt, 'ledger_entry', line.kind, {
        kind: line.kind,
        amount: plainDecimal(line.amount),
        reserved_delta: plainDecimal(line.reservedDelta),
        currency: line.currency,
        refund_id: line.refundId,
      }),
    ),
    ...wallet.flatMap((operation) => {
      const base = {
        operation_id: operation.id,
        kind: operation.kind,
        amount: plainDecimal(operation.amount),
        bonus: plainDecimal(operation.bonus),
        currency: operation.currency,
        refund_id: operation.refundId,
      };
      const queued = entry(operation.createdAt, 'wallet_operation_queued', operation.kind, {
        ...base,
        state: operation.state,
        attempts: operation.attempts,
      });
      if (operation.answeredAt === null) return [queued];
      return [
        queued,
        entry(operation.answeredAt, 'wallet_operation_answered', operation.state, {
          ...base,
          state: operation.state,
          error: operation.lastError,
        }),
      ];
    }),
    ...refundRows.flatMap((refund) => {
      const base = {
        refund_id: refund.id,
        amount: plainDecimal(refund.amount),
        balance_debit: plainDecimal(refund.debit),
        currency: refund.currency,
        source: refund.source,
      };
      const requested = entry(refund.createdAt, 'refund_requested', refund.source, {
        ...base,
        reason: refund.reason,
        requested_by: refund.requestedBy,
        status: refund.status,
        call_state: refund.callState,
        call_attempts: refund.callAttempts,
      });
      if (refund.finishedAt === null) return [requested];
      return [
        requested,
        entry(refund.finishedAt, 'refund_finished', refund.status, {
          ...base,
          status: refund.status,
          provider_reference: refund.providerReference,
          failure_reason: refund.failureReason,
        }),
      ];
    }),
    ...events.flatMap(webhookEntries),
    ...actions.map((action) =>
      entry(action.at, 'operator_action', action.action, {
        action: action.action,
        actor: action.actor,
        target: action.target,
        request_id: action.requestId,
      }),
    ),
  ];
  // Oldest first; entries of one instant in the order things happen (stable within a kind).
  const entries = ranked
    .map((item, index) => ({ ...item, index }))
    .sort(
      (a, b) =>
        Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.rank - b.rank || a.index - b.index,
    )
    .map((item) => item.entry);
  return {
    transaction,
    provider_call: {
      state: tx.callState,
      attempts: tx.callAttempts,
      connector: tx.connector,
      provider_reference: tx.providerReference,
    },
    entries,
  };
}
