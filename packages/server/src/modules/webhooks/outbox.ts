/**
 * The transactional outbox of the webhooks to the operator: every event is a row of
 * `webhook_events` written with the executor of the change it reports, inside that change's
 * database transaction, so the event exists exactly when the change committed (a rolled-back
 * payment leaves none, a committed one cannot lose its event). The dispatcher (dispatcher.ts)
 * sends the rows; this module only records them.
 *
 * What is recorded:
 * - about a transaction, whenever one is created (modules/payments/transaction-repository.ts) or
 *   the status machine (modules/payments/transactions.ts) applies a move: the event type is
 *   {@link transactionEventType}, the ONE place where a status becomes an event (`null`: the move
 *   is not reported, e.g. processing ↔ await);
 * - `payout_account.verified` when a payout account's one-time code verified it
 *   (modules/accounts/payout-accounts.ts);
 * - `payout.awaiting_approval` after the `transaction.created` of a withdrawal that waits for the
 *   operator's approval (modules/payments/transaction-repository.ts createTransaction);
 * - `refund.*` with each change of a refund (modules/payments/refunds.ts) and `balance.adjusted`
 *   with an operator's adjustment (modules/operator/adjustments.ts).
 *
 * Each recording also sends `NOTIFY cashdesk_webhook_events`, which PostgreSQL (and PGlite)
 * deliver only when the transaction commits: the dispatchers listening (notify.ts) make their
 * prompt attempt right after the commit, without waiting for their next tick.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import {
  AdjustmentEvent,
  Decimal,
  PayoutAccountEvent,
  RefundEvent,
  TransactionEvent,
} from '@cashdesk/contract';
import type {
  RefundEventType,
  TransactionEventType,
  WebhookAdjustment,
  WebhookEvent,
  WebhookRefund,
  WebhookTransaction,
} from '@cashdesk/contract';
import type { Executor, Transaction } from '../../db/open';
import type { payoutAccounts, refunds, transactions } from '../../db/schema';
import { payGroups, players, transactionHistory, webhookEvents } from '../../db/schema';
import { plainDecimal } from '../../platform/money-text';
import { REVERSED_MESSAGE_KEY } from './reversal-marker';
import { ShapedStatement, rawStatement } from '../../db/statement-shapes';
import { publishCall, sessionEnvelope } from '../realtime';

/** The channel a recorded event is announced on, after its commit (notify.ts listens). */
export const WEBHOOK_CHANNEL = 'cashdesk_webhook_events';

type TransactionRow = typeof transactions.$inferSelect;
type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Whether `db` is a transaction (or a savepoint in one) rather than the database itself. */
export function isTransaction(db: Executor): db is Transaction {
  return db instanceof PgTransaction;
}

/**
 * The event a transaction's state is reported as, right after a change put it there: created →
 * `transaction.created`; success → `transaction.succeeded`; error → `transaction.reversed` when
 * the player reversed it (the reversal marker), else `transaction.failed`; the waiting statuses
 * are not reported; a refunded or charged-back deposit → `transaction.refunded`. A status added
 * to the machine fails to compile until it is given a line here. (`payout.awaiting_approval` is
 * not a status: it is recorded beside `transaction.created`, see the module comment.)
 */
export function transactionEventType(
  row: Pick<TransactionRow, 'status' | 'errorMessage'>,
): TransactionEventType | null {
  switch (row.status) {
    case 'created':
      return 'transaction.created';
    case 'success':
      return 'transaction.succeeded';
    case 'error':
      return row.errorMessage === REVERSED_MESSAGE_KEY
        ? 'transaction.reversed'
        : 'transaction.failed';
    case 'refunded':
    case 'charged_back':
      return 'transaction.refunded';
    case 'processing':
    case 'await':
      return null;
  }
}

const DeclineReason = z.object({ declineReason: z.string() });

/** A held provider answer as provider-outcomes.ts stores it. */
const HeldAnswer = z.object({
  held: z.object({
    reason: z.enum(['amount', 'reference']),
    reportedAmount: z.optional(z.string()),
    reportedCurrency: z.optional(z.string()),
    reportedReference: z.optional(z.string()),
    at: z.string(),
  }),
});

/** The held answer of a transaction's provider data, as the operator sees it. */
function heldAnswerOf(providerData: unknown): WebhookTransaction['held_answer'] {
  const parsed = z.safeParse(HeldAnswer, providerData);
  if (!parsed.success) return null;
  const { held } = parsed.data;
  return {
    reason: held.reason,
    reported_amount: held.reportedAmount ?? null,
    reported_currency: held.reportedCurrency ?? null,
    reported_reference: held.reportedReference ?? null,
    at: held.at,
  };
}

/** SPEC §3 is_new_payout_account, as the payout policy stored it with the withdrawal. */
const NewPayoutAccount = z.object({ newPayoutAccount: z.literal(true) });

/**
 * docs/fees.md: the method fee the operator absorbs, as the submit recorded it in the provider
 * data (modules/payments deposit-policy.ts, payout-policy.ts). Never part of `fee`.
 */
const MethodFee = z.object({ methodFee: Decimal });

/**
 * Writes event rows and announces them (delivered on commit), in ONE statement: the insert is a
 * data-modifying CTE and the `pg_notify` its select, so recording costs one round trip. A
 * realtime publication (modules/realtime/publish.ts) goes in the same select; alone (a move no
 * webhook reports) it is one statement of its own.
 */
/**
 * The outbox insert of n events with its wake-up (and the session's realtime message), built once
 * per number of events (db/statement-shapes.ts). The values are per event i `id{i}`, `type{i}`,
 * `brand{i}`, `payload{i}` and `createdAt{i}`, and `transactionId` and `realtime` once; the variant
 * is the number of events, `+` when a realtime message goes with them.
 */
const insertEventsStatement = new ShapedStatement<
  Readonly<Record<string, unknown>>,
  unknown,
  string
>((db, _slots, variant) => {
  const [eventCount = 0, historyCount = 0] = variant
    .split('|')
    .map((part) => Number.parseInt(part, 10));
  const realtime = variant.endsWith('+');
  const publication = realtime ? publishCall(sql`${sql.placeholder('realtime')}`) : sql`1`;
  const logged =
    historyCount === 0
      ? undefined
      : db.insert(transactionHistory).values(
          Array.from({ length: historyCount }, (_, index) => ({
            transactionId: sql.placeholder('transactionId'),
            at: sql.placeholder(`historyAt${String(index)}`),
            kind: sql.placeholder(`historyKind${String(index)}`),
            details: sql.placeholder(`historyDetails${String(index)}`),
          })),
        );
  const withLogged = logged === undefined ? sql`` : sql`logged as (${logged.getSQL()}), `;
  if (eventCount === 0) {
    return rawStatement(db, sql`with ${withLogged}none as (select 1) select ${publication}`);
  }
  const insert = db
    .insert(webhookEvents)
    .values(
      Array.from({ length: eventCount }, (_, index) => ({
        id: sql.placeholder(`id${String(index)}`),
        type: sql.placeholder(`type${String(index)}`),
        brandId: sql.placeholder(`brand${String(index)}`),
        transactionId: sql.placeholder('transactionId'),
        payload: sql.placeholder(`payload${String(index)}`),
        createdAt: sql.placeholder(`createdAt${String(index)}`),
      })),
    )
    .returning({ id: webhookEvents.id });
  return rawStatement(
    db,
    sql`with ${withLogged}inserted as (${insert.getSQL()}) select pg_notify(${WEBHOOK_CHANNEL}, '')${realtime ? sql`, ${publication}` : sql``} from (select 1 from inserted limit 1) as once`,
  );
});

/**
 * An entry of a transaction's own history (db/schema transaction_history), written by the
 * statement that records the change's events: what changed, when, and details without card data,
 * a provider's raw request, a secret or a session id.
 */
export interface HistoryRecord {
  readonly kind: (typeof transactionHistory.$inferInsert)['kind'];
  readonly at: Date;
  readonly details: Readonly<Record<string, unknown>>;
}

async function insertEvents(
  tx: Transaction,
  events: readonly WebhookEvent[],
  transactionId: string | null,
  realtime?: string,
  history: readonly HistoryRecord[] = [],
): Promise<void> {
  const logged = transactionId === null ? [] : history;
  if (events.length === 0 && logged.length === 0) {
    if (realtime !== undefined) {
      await tx.execute(sql`select 1, ${publishCall(sql`${realtime}`)}`);
    }
    return;
  }
  const values: Record<string, unknown> = { transactionId };
  if (realtime !== undefined) values.realtime = realtime;
  events.forEach((event, index) => {
    values[`id${String(index)}`] = event.id;
    values[`type${String(index)}`] = event.type;
    values[`brand${String(index)}`] = event.brand;
    values[`payload${String(index)}`] = { ...event };
    values[`createdAt${String(index)}`] = new Date(event.created_at);
  });
  logged.forEach((entry, index) => {
    values[`historyAt${String(index)}`] = entry.at;
    values[`historyKind${String(index)}`] = entry.kind;
    values[`historyDetails${String(index)}`] = { ...entry.details };
  });
  await insertEventsStatement.run(
    tx,
    values,
    `${String(events.length)}|${String(logged.length)}|${realtime === undefined ? '' : '+'}`,
  );
}

/**
 * Writes history entries of a transaction on their own (a change that records no event: a
 * provider call left without an answer, a duplicate notification), in the caller's database
 * transaction.
 */
export async function recordHistory(
  tx: Transaction,
  transactionId: string,
  history: readonly HistoryRecord[],
): Promise<void> {
  await insertEvents(tx, [], transactionId, undefined, history);
}

/** What a transaction's operator view needs besides its row: its player's and pay group's names. */
export interface TransactionOwner {
  /** The player's id as the brand knows it. */
  readonly playerRef: string;
  /** The pay group's short name. */
  readonly payGroup: string;
}

/**
 * A transaction's owner with its brand: what a recording needs besides the row. A caller that
 * has it already (the submission pipeline read the player and the pay group to validate) passes
 * it, so recording reads nothing.
 */
export interface EventOwner extends TransactionOwner {
  readonly brand: string;
}

/**
 * A transaction as the operator sees it: the ONE builder of the contract's WebhookTransaction,
 * which the webhooks and the operator API (its OperatorTransaction) both carry.
 */
export function transactionWire(row: TransactionRow, owner: TransactionOwner): WebhookTransaction {
  const decline = z.safeParse(DeclineReason, row.providerData);
  const methodFee = z.safeParse(MethodFee, row.providerData);
  return {
    id: row.id,
    flow: row.flow,
    status: row.status,
    amount: plainDecimal(row.amount),
    fee: plainDecimal(row.fee),
    method_fee: methodFee.success ? plainDecimal(methodFee.data.methodFee) : '0',
    tax: plainDecimal(row.tax),
    bonus: plainDecimal(row.bonus),
    currency: row.currency,
    player_id: owner.playerRef,
    pay_group_id: row.payGroupId,
    pay_group: owner.payGroup,
    method_kind: row.providerKind,
    provider_reference: row.providerReference,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    decline_reason: decline.success ? decline.data.declineReason : null,
    refunded_amount: plainDecimal(row.refundedAmount),
    held_answer: heldAnswerOf(row.providerData),
    awaiting_approval: row.status === 'created' && row.callState === 'approval',
    new_payout_account: z.safeParse(NewPayoutAccount, row.providerData).success,
    connector: row.connector,
    attempts: attemptsOf(row, decline.success ? decline.data.declineReason : null),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A connector a payment left for the next one, as `provider_data.cascaded` keeps it
 * (payments/provider-calls.ts cascade): its answer, its decline code and when.
 */
export const CascadedAttempt = z.object({
  connector: z.string(),
  outcome: z.enum(['declined', 'not_reached']),
  reason: z.nullable(z.string()),
  code: z.nullable(z.string()),
  at: z.string(),
});

const Cascaded = z.object({ cascaded: z.array(CascadedAttempt) });

/**
 * The connectors a transaction was sent to (WebhookTransaction.attempts): those it cascaded from,
 * then the one it is at, answered as the transaction stands.
 */
function attemptsOf(
  row: TransactionRow,
  declineReason: string | null,
): WebhookTransaction['attempts'] {
  const left = z.safeParse(Cascaded, row.providerData);
  const before = (left.success ? left.data.cascaded : []).map((attempt) => ({
    connector: attempt.connector,
    outcome: attempt.outcome,
    decline_reason: attempt.reason,
    decline_code: attempt.code,
    at: attempt.at,
  }));
  if (row.connector === null) return before;
  const outcome =
    row.status === 'error'
      ? 'declined'
      : row.status === 'success' || row.status === 'refunded' || row.status === 'charged_back'
        ? 'approved'
        : 'pending';
  return [
    ...before,
    {
      connector: row.connector,
      outcome,
      decline_reason: outcome === 'declined' ? declineReason : null,
      decline_code: null,
      at: row.updatedAt.toISOString(),
    },
  ];
}

/** The owner of a transaction's row, read. */
async function ownerOf(db: Executor, row: TransactionRow): Promise<EventOwner> {
  const [owner] = await db
    .select({
      brand: players.brandId,
      playerRef: players.externalId,
      payGroup: payGroups.shortName,
    })
    .from(players)
    .innerJoin(payGroups, eq(payGroups.id, row.payGroupId))
    .where(eq(players.id, row.playerId));
  if (owner === undefined) throw new Error(`transaction ${row.id}: player or pay group missing`);
  return owner;
}

/** {@link transactionWire} of a row, its owner read (or given), with the brand it belongs to. */
export async function operatorTransaction(
  db: Executor,
  row: TransactionRow,
  known?: EventOwner,
): Promise<{ readonly brand: string; readonly wire: WebhookTransaction }> {
  const owner = known ?? (await ownerOf(db, row));
  return { brand: owner.brand, wire: transactionWire(row, owner) };
}

/**
 * Records the events of a transaction's state in the transaction `tx` that made the change: the
 * event of its state (see {@link transactionEventType}), if it has one, or the events `types`
 * given, all in one statement. The payload is the transaction as it is now, with the brand and
 * the player's id as the brand knows it (`owner` when the caller has it, else read).
 *
 * @returns the events recorded (none when the state is not reported).
 */
export async function recordTransactionEvents(
  tx: Transaction,
  row: TransactionRow,
  options: {
    readonly types?: readonly TransactionEventType[];
    readonly owner?: EventOwner;
    /** The transaction's history entries of this change, written in the same statement. */
    readonly history?: readonly HistoryRecord[];
  } = {},
): Promise<readonly WebhookEvent[]> {
  const stateType = transactionEventType(row);
  const types = options.types ?? (stateType === null ? [] : [stateType]);
  // Every move is published to the session's transactions channel, in this statement.
  const realtime = realtimeMove(row);
  const history = options.history ?? [];
  if (types.length === 0) {
    await insertEvents(tx, [], row.id, realtime, history);
    return [];
  }
  const transaction = await operatorTransaction(tx, row, options.owner);
  const createdAt = new Date().toISOString();
  const events = types.map((type) =>
    z.parse(TransactionEvent, {
      id: randomUUID(),
      type,
      created_at: createdAt,
      brand: transaction.brand,
      transaction: transaction.wire,
    }),
  );
  await insertEvents(
    tx,
    events,
    row.id,
    realtime,
    withEventFacts(history, types, transaction.wire),
  );
  return events;
}

/**
 * The status changes of `history` with what their event told the operator: the event's type and
 * the transaction's status, error code, decline reason and refunded amount as the event carried
 * them (a change that names its event type already keeps it).
 */
function withEventFacts(
  history: readonly HistoryRecord[],
  types: readonly TransactionEventType[],
  wire: WebhookTransaction,
): readonly HistoryRecord[] {
  return history.map((record) => {
    if (record.kind !== 'status_changed') return record;
    const type =
      typeof record.details.event_type === 'string'
        ? record.details.event_type
        : record.details.from === null
          ? 'transaction.created'
          : types.find((candidate) => candidate !== 'transaction.created');
    if (type === undefined || !types.some((candidate) => candidate === type)) return record;
    return {
      ...record,
      details: {
        ...record.details,
        event_type: type,
        status: wire.status,
        error_code: wire.error_code,
        decline_reason: wire.decline_reason,
        refunded_amount: wire.refunded_amount,
      },
    };
  });
}

/**
 * The realtime publication of a transaction's move to its session's transactions channel
 * (modules/realtime/channels.ts): what the widget's waiting pages need to move on; `undefined` for
 * a transaction without a session (made by the operator).
 */
function realtimeMove(row: TransactionRow): string | undefined {
  if (row.sessionId === null) return undefined;
  return sessionEnvelope(row.sessionId, 'transactions', {
    transaction_id: row.id,
    status: row.status,
    transaction_status: row.transactionStatus,
    result_status: row.resultStatus,
  });
}

/** A refund as the operator sees it: the ONE builder of the contract's WebhookRefund. */
export function refundWire(row: RefundRow): WebhookRefund {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    status: row.status,
    amount: plainDecimal(row.amount),
    currency: row.currency,
    balance_debit: plainDecimal(row.debit),
    reason: row.reason,
    source: row.source,
    provider_reference: row.providerReference,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Records the event of a refund's state (`refund.requested`, `.succeeded` or `.failed`) in the
 * transaction `tx` that put it there, with its deposit as it is now.
 */
export async function recordRefundEvent(
  tx: Transaction,
  refund: RefundRow,
  deposit: TransactionRow,
): Promise<WebhookEvent> {
  const type: RefundEventType = `refund.${refund.status}`;
  const transaction = await operatorTransaction(tx, deposit);
  const event = z.parse(RefundEvent, {
    id: randomUUID(),
    type,
    created_at: new Date().toISOString(),
    brand: transaction.brand,
    refund: refundWire(refund),
    transaction: transaction.wire,
  });
  await insertEvents(tx, [event], deposit.id);
  return event;
}

/**
 * Records `balance.adjusted` for an operator's adjustment (modules/operator/adjustments.ts), in
 * the transaction `tx` that made it.
 */
export async function recordAdjustmentEvent(
  tx: Transaction,
  brand: string,
  adjustment: WebhookAdjustment,
): Promise<WebhookEvent> {
  const event = z.parse(AdjustmentEvent, {
    id: randomUUID(),
    type: 'balance.adjusted',
    created_at: new Date().toISOString(),
    brand,
    adjustment,
  });
  await insertEvents(tx, [event], null);
  return event;
}

/**
 * Records `payout_account.verified` for an account that has just been verified, in the
 * transaction `tx` that marked it so. Never the account's details: its masked value only.
 */
export async function recordPayoutAccountVerified(
  tx: Transaction,
  account: PayoutAccountRow,
): Promise<WebhookEvent> {
  const [owner] = await tx
    .select({ brand: players.brandId, playerRef: players.externalId })
    .from(players)
    .where(eq(players.id, account.playerId));
  if (owner === undefined) throw new Error(`payout account ${account.id}: player missing`);
  const verifiedAt = account.verifiedAt ?? new Date();
  const event = z.parse(PayoutAccountEvent, {
    id: randomUUID(),
    type: 'payout_account.verified',
    created_at: new Date().toISOString(),
    brand: owner.brand,
    payout_account: {
      id: account.id,
      player_id: owner.playerRef,
      pay_group_id: account.payGroupId,
      requisite_type: account.requisiteType,
      masked_value: account.maskedValue,
      verified_at: verifiedAt.toISOString(),
      created_at: account.createdAt.toISOString(),
    },
  });
  await insertEvents(tx, [event], null);
  return event;
}
