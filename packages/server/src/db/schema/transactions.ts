/**
 * Transactions and the money they move: the deposit or withdrawal with its status machine and
 * provider call state, the append-only ledger of the cashier's own balances, and the movements
 * owed to the operator's wallet.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { betShops } from './brand-content';
import { currencies } from './brands';
import { createdAt, money, updatedAt } from './columns';
import {
  ledgerKind,
  paymentFlow,
  providerCallState,
  providerKind,
  refundSource,
  refundStatus,
  transactionStatus,
  walletKind,
  walletOperationKind,
  walletOperationState,
} from './enums';
import { payGroups } from './pay-groups';
import { payoutAccounts } from './payout-accounts';
import { players, sessions } from './players';
import { savedCards } from './saved-cards';

/** SPEC §3 redirect result: action plus redirect_data {url, method, fields}. */
export interface StoredRedirect {
  action: string;
  redirect_data: { url: string; method: string; fields: Record<string, string> };
}

/**
 * A deposit or withdrawal with the status machine created -> processing | await -> success |
 * error, and the pay session fields of SPEC §3 (action, result_status, session_status,
 * transaction_status, experiment_user_group, decline_page_settings, error_fatal and the merchant
 * URLs). `parameters` holds the submitted form values that are not card data; a card number or
 * CVV never reaches this table (the provider gets them and returns a token).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id),
    flow: paymentFlow('flow').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    fee: money('fee').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    bonus: money('bonus').notNull().default('0'),
    /** What the deposit's succeeded refunds sent back to the payer (see {@link refunds}). */
    refundedAmount: money('refunded_amount').notNull().default('0'),
    status: transactionStatus('status').notNull().default('created'),
    // SPEC §3 pay session fields.
    action: text('action'),
    resultStatus: text('result_status'),
    sessionStatus: text('session_status'),
    transactionStatus: text('transaction_status'),
    experimentUserGroup: text('experiment_user_group'),
    declinePageSettings: jsonb('decline_page_settings').$type<Record<string, unknown>>(),
    errorFatal: boolean('error_fatal').notNull().default(false),
    successUrl: text('success_url'),
    failUrl: text('fail_url'),
    processingUrl: text('processing_url'),
    merchantUrl: text('merchant_url'),
    redirect: jsonb('redirect').$type<StoredRedirect>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    // Provider side.
    providerKind: providerKind('provider_kind').notNull(),
    /**
     * The connector the payment was sent to, fixed at creation: every follow-up call (status,
     * 3-D Secure, receipt, cancel, lookup, reconciler) goes there even if the pay group moves to
     * another connector later. `null` (rows of an earlier version): the default connector.
     */
    connector: text('connector'),
    /** The provider's reference of the payment, unique per connector. */
    providerReference: text('provider_reference'),
    /** Provider state (sandbox scenario, settle time, QR payload, voucher); never card data. */
    providerData: jsonb('provider_data').$type<Record<string, unknown>>().notNull().default({}),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'set null',
    }),
    betShopId: integer('bet_shop_id').references(() => betShops.id, { onDelete: 'set null' }),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    /** The wallet that keeps this transaction's money (see {@link walletKind}). */
    wallet: walletKind('wallet').notNull().default('internal'),
    /** The provider call's state (see {@link providerCallState}). */
    callState: providerCallState('call_state').notNull().default('done'),
    /** How many times the charging call (authorise or payout) was started. */
    callAttempts: integer('call_attempts').notNull().default(0),
    /**
     * The request the provider gets, without card data or a security code: a payout is sent
     * again from it after a crash; a deposit keeps it for the record (its card comes only from
     * the player's own retry).
     */
    providerRequest: jsonb('provider_request').$type<Record<string, unknown>>(),
    /** Who works on the transaction (a request or a reconciler) until when: one at a time. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the reconciler looks at the transaction next; `null` once it is final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The method's deadline: an abandoned payment still waiting then is ended. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_player_created').on(t.playerId, t.createdAt),
    index('transactions_next_check')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    uniqueIndex('transactions_connector_provider_reference')
      .on(t.connector, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A refund of a succeeded deposit: money sent back to the payer through the deposit's connector,
 * asked for by the operator (operator API) or reported by the provider (its webhook). Its own
 * record, with its own status ({@link refundStatus}) and provider call state: the call carries the
 * refund's id as the provider's idempotency key, so a repeat after a lost answer or a crash never
 * refunds twice. Several partial refunds of one deposit may not together exceed what it charged.
 *
 * `debit` is what the refund takes back from the player's balance: its share of what the deposit
 * credited (modules/payments/refunds.ts). On the internal ledger it is held from the moment the
 * refund is requested and returned if it fails; on the operator's wallet it is sent as a reversal
 * once the refund succeeded.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The deposit refunded. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** What goes back to the payer (at most what the deposit charged, with its fee). */
    amount: money('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    /** What the refund takes back from the player's balance (see above). */
    debit: money('debit').notNull(),
    reason: text('reason').notNull(),
    status: refundStatus('status').notNull().default('requested'),
    source: refundSource('source').notNull(),
    /** Whether the operator allowed the refund to take the balance below zero. */
    allowNegativeBalance: boolean('allow_negative_balance').notNull().default(false),
    /** Where the provider call stands (the transactions' {@link providerCallState}). */
    callState: providerCallState('call_state').notNull().default('pending'),
    callAttempts: integer('call_attempts').notNull().default(0),
    /** The provider's id of the refund, once it answered. */
    providerReference: text('provider_reference'),
    /** Why it failed (the provider's reason, or the server's own). */
    failureReason: text('failure_reason'),
    /** The operator's Idempotency-Key, and the hash of the request it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** Who asked: the operator's key id; `null` for a refund the provider reported. */
    requestedBy: text('requested_by'),
    /** The provider's event that reported it or its result, kept for the operator. */
    providerEventId: text('provider_event_id'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the reconciler looks at it next; `null` once it is final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_transaction').on(t.transactionId, t.createdAt),
    uniqueIndex('refunds_transaction_idempotency_key')
      .on(t.transactionId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('refunds_next_check')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_debit_not_negative', sql`${t.debit} >= 0`),
  ],
);

/**
 * An operator's manual change of a player's balance on the internal ledger: a credit (a goodwill
 * payment, a correction) or a debit, with its reason, once per Idempotency-Key.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    /** Signed: a credit is positive, a debit negative; never zero. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The operator's key id. */
    requestedBy: text('requested_by').notNull(),
    /** The balance right after it. */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adjustments_player_idempotency_key').on(t.playerId, t.idempotencyKey),
    index('adjustments_player_created').on(t.playerId, t.createdAt),
    check('adjustments_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The append-only ledger. `amount` is the signed change of `player_balances.balance`,
 * `reserved_delta` the signed change of `player_balances.reserved`, so for every player and
 * currency the sums of the two columns equal the balance row. One entry of a kind per
 * transaction, per refund and per adjustment (unique indexes): a repeated settle, release, credit,
 * refund hold or return is a no-op, never a double.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    amount: money('amount').notNull(),
    reservedDelta: money('reserved_delta').notNull().default('0'),
    kind: ledgerKind('kind').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** The operator's refund the entry belongs to (its hold or its return). */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** The operator's manual adjustment the entry is. */
    adjustmentId: uuid('adjustment_id').references(() => adjustments.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_player_currency').on(t.playerId, t.currency),
    uniqueIndex('ledger_entries_transaction_kind')
      .on(t.transactionId, t.kind)
      .where(sql`${t.transactionId} is not null and ${t.refundId} is null`),
    uniqueIndex('ledger_entries_refund_kind')
      .on(t.refundId, t.kind)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex('ledger_entries_adjustment')
      .on(t.adjustmentId)
      .where(sql`${t.adjustmentId} is not null`),
  ],
);

/**
 * The money movements owed to the operator's wallet (transactions whose `wallet` is
 * `operator`), each written in the same database transaction as the status change that causes it
 * and sent until the wallet answers, always with the same operation id (`{transaction}:{kind}`),
 * so a repeat is the wallet's idempotent replay, never a second movement. One per transaction and
 * kind. Whoever sends one holds its lease.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** A refund's reversal: one per refund (its id is the operation's). */
    refundId: uuid('refund_id').references(() => refunds.id),
    kind: walletOperationKind('kind').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    /** What moves (a deposit's credit: the amount after tax). */
    amount: money('amount').notNull(),
    /** A deposit's bonus, credited with it as its own figure. */
    bonus: money('bonus').notNull().default('0'),
    state: walletOperationState('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker sends it (again); `null` once answered. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The wallet's answer, or the last failure's kind (never a secret). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_operations_transaction_kind')
      .on(t.transactionId, t.kind)
      .where(sql`${t.refundId} is null`),
    uniqueIndex('wallet_operations_refund_kind')
      .on(t.refundId, t.kind)
      .where(sql`${t.refundId} is not null`),
    index('wallet_operations_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('wallet_operations_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** What a transaction's history records (modules/payments/transaction-history.ts). */
export const TRANSACTION_HISTORY_KINDS = [
  'status_changed',
  'provider_call',
  'provider_notification',
] as const;

/**
 * A transaction's own history, append-only: each status change, each provider call's outcome and
 * each provider notification, written in the same database transaction as the change it records
 * (so an entry exists exactly when its change committed). `details` never holds card data, a
 * provider's raw request, a secret or a session id. Read by the operator's timeline.
 */
export const transactionHistory = pgTable(
  'transaction_history',
  {
    /** Recording order within a transaction (and overall). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: TRANSACTION_HISTORY_KINDS }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('transaction_history_transaction').on(t.transactionId, t.id),
    check(
      'transaction_history_kind',
      sql`${t.kind} in ('status_changed', 'provider_call', 'provider_notification')`,
    ),
  ],
);

/**
 * The health of each connector, shared by every process (modules/routing/health.ts): calls and
 * failures (time-outs, not reached, errors) in the current window and failures in a row; once
 * either passes its threshold the connector is `open` (skipped by routing where another candidate exists) until a
 * cool-down has passed, then one payment probes it (`probe_until`, its lease) and closes or
 * reopens it.
 */
export const connectorHealth = pgTable(
  'connector_health',
  {
    connector: text('connector').primaryKey(),
    state: text('state', { enum: ['closed', 'open'] })
      .notNull()
      .default('closed'),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    /** Calls without an answer in a row, whatever the window (an answer resets it). */
    streak: integer('streak').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    probeUntil: timestamp('probe_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('connector_health_state', sql`${t.state} in ('closed', 'open')`)],
);
