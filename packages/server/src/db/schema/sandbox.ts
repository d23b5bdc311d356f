/**
 * The sandbox provider's state: its payments, card tokens, idempotency records and one-time
 * code outbox, kept in the database so that every server process sees the same.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contactType, providerKind } from './enums';
import { sessions } from './players';

/**
 * The card columns of the sandbox's tables: what may be kept of a card (the provider contract's
 * CardSummary), never its number or security code; the CHECKs refuse a longer number in `last4`
 * or `bin` as `saved_cards` does.
 */
const sandboxCard = {
  cardLast4: text('card_last4'),
  cardBin: text('card_bin'),
  /** Two digits, "01" to "12". */
  cardExpMonth: text('card_exp_month'),
  /** Four digits. */
  cardExpYear: text('card_exp_year'),
  cardHolder: text('card_holder'),
  /** A domain CARD_TYPE id, or "unknown". */
  cardType: text('card_type'),
};

/** How a sandbox card token behaves when it pays again (providers/sandbox/provider-ref.ts). */
export type SandboxTokenBehaviour = 'approved' | 'challenge' | 'processing' | 'declined';

/** Where the browser returns after a sandbox page (the provider contract's ReturnUrls). */
export interface StoredReturnUrls {
  threeDsReturn: string;
  success: string;
  fail: string;
}

/**
 * The sandbox provider's payments (providers/sandbox/database-store.ts), one per reference it
 * issued: what its challenge and interaction pages show (amount as the request wrote it,
 * merchant, the card's summary), where the browser returns, the result an action fixed
 * (`resolution`: 3-D Secure answer, interaction page, receipt, cancellation) and the token minted
 * once the payment was approved. Kept in the database so that every server process sees the same
 * payment and a restart loses none. A row without a transaction id is a bare reference (made
 * before the sandbox kept its state here) on which an action fixed a result; its status follows
 * from the reference.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    ref: text('ref').primaryKey(),
    transactionId: text('transaction_id'),
    methodKind: providerKind('method_kind'),
    /** As the request wrote it (the provider's echo, not a ledger amount). */
    amount: text('amount'),
    currency: text('currency'),
    payGroup: text('pay_group'),
    merchantName: text('merchant_name'),
    returnUrls: jsonb('return_urls').$type<StoredReturnUrls>(),
    betShop: jsonb('bet_shop').$type<{ id: string; name: string }>(),
    /** The payment reference shown to the player, or the voucher code. */
    reference: text('reference'),
    /** The behaviour of the token to mint once approved (a card the player asked to save). */
    saveAs: text('save_as').$type<SandboxTokenBehaviour>(),
    ...sandboxCard,
    /** `settled`, `declined` (with `decline_reason`) or `cancelled`; null while time decides. */
    resolution: text('resolution').$type<'settled' | 'declined' | 'cancelled'>(),
    declineReason: text('decline_reason'),
    cardToken: text('card_token'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'sandbox_payments_details',
      sql`${t.transactionId} is null or (${t.methodKind} is not null and ${t.amount} is not null and ${t.currency} is not null and ${t.payGroup} is not null and ${t.merchantName} is not null)`,
    ),
    check(
      'sandbox_payments_save_as',
      sql`${t.saveAs} is null or ${t.saveAs} in ('approved', 'challenge', 'processing', 'declined')`,
    ),
    check(
      'sandbox_payments_resolution',
      sql`(${t.resolution} is null and ${t.declineReason} is null) or (${t.resolution} in ('settled', 'cancelled') and ${t.declineReason} is null) or (${t.resolution} = 'declined' and ${t.declineReason} is not null)`,
    ),
    check(
      'sandbox_payments_card',
      sql`${t.cardLast4} is null or (${t.cardLast4} ~ '^[0-9]{4}$' and ${t.cardBin} ~ '^[0-9]{6,8}$' and ${t.cardExpMonth} ~ '^(0[1-9]|1[0-2])$' and ${t.cardExpYear} ~ '^[0-9]{4}$' and ${t.cardHolder} is not null and ${t.cardType} is not null)`,
    ),
  ],
);

/**
 * The card tokens the sandbox minted (`sbxtok_…`: random bytes and a behaviour letter, nothing of
 * the card number) and the card summary behind each, so that a saved card pays, pays out and
 * expires the same on every server process.
 */
export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    token: text('token').primaryKey(),
    behaviour: text('behaviour').$type<SandboxTokenBehaviour>().notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBin: text('card_bin').notNull(),
    cardExpMonth: text('card_exp_month').notNull(),
    cardExpYear: text('card_exp_year').notNull(),
    cardHolder: text('card_holder').notNull(),
    cardType: text('card_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'sandbox_tokens_behaviour',
      sql`${t.behaviour} in ('approved', 'challenge', 'processing', 'declined')`,
    ),
    check(
      'sandbox_tokens_card',
      sql`${t.cardLast4} ~ '^[0-9]{4}$' and ${t.cardBin} ~ '^[0-9]{6,8}$' and ${t.cardExpMonth} ~ '^(0[1-9]|1[0-2])$' and ${t.cardExpYear} ~ '^[0-9]{4}$'`,
    ),
  ],
);

/**
 * The sandbox's idempotency records: the first result of every transaction id it was asked to
 * charge or pay (the PaymentProvider contract: a repeat returns it and never charges again), how
 * often it was asked, and what it charged, first seen first (`seq`). The primary key is where two
 * server processes sending the same transaction id at once meet: one result is kept.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    flow: text('flow').$type<'deposit' | 'payout'>().notNull(),
    /** The deposit's total or the payout's amount, as the request wrote it. */
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
    /** The first result, as the provider protocol writes it (providers/http/protocol.ts). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    calls: integer('calls').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_transactions_flow', sql`${t.flow} in ('deposit', 'payout')`),
    check('sandbox_transactions_calls', sql`${t.calls} >= 1`),
  ],
);

/**
 * The refunds the sandbox was asked for, one row per refund id (its idempotency key): the payment
 * refunded, the amount, the first answer, how often it was asked, and the result that time or a
 * settle fixed. A repeat of a refund id answers the first result and never refunds again.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The refund's own reference. */
    ref: text('ref').notNull(),
    /** The payment refunded. */
    paymentRef: text('payment_ref').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    /** `succeeded`, `failed` (with `failure_reason`) or `pending` until `settles_at`. */
    outcome: text('outcome').$type<'succeeded' | 'failed' | 'pending'>().notNull(),
    failureReason: text('failure_reason'),
    /** A pending refund's result at its settle time. */
    settlesTo: text('settles_to').$type<'succeeded' | 'failed'>(),
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    calls: integer('calls').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_refunds_payment').on(t.paymentRef),
    check('sandbox_refunds_outcome', sql`${t.outcome} in ('succeeded', 'failed', 'pending')`),
  ],
);

/**
 * Sandbox mode only: the latest one-time code sent in a session, in plain, for the demo page's
 * GET /sandbox/otp/latest (the sandbox has no e-mail or SMS gateway: this table and a log line are
 * its sender). Production never writes here unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true
 * (modules/accounts/otp-senders/sandbox-outbox.ts); the codes themselves
 * are checked against `otp_challenges.code_hash`, never against this table. One row per session,
 * replaced by the next code; rows go with their session, and codes past their expiry are deleted
 * whenever a code is sent.
 */
export const sandboxOtpOutbox = pgTable(
  'sandbox_otp_outbox',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    requisiteId: text('requisite_id').notNull(),
    contactType: contactType('contact_type').notNull(),
    maskedContact: text('masked_contact').notNull(),
    code: text('code').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_otp_outbox_expires').on(t.expiresAt)],
);
