/**
 * The webhooks the cashier-service sends to the operator's backend (docs/webhooks.md): one JSON
 * event per money movement or account change, POSTed to the operator's endpoint at least once,
 * signed (`Cashdesk-Signature`) and identified by its event id, by which the receiver
 * de-duplicates. The OpenAPI document lists them under its top-level `webhooks` (openapi.ts).
 *
 * Every event is `{id, type, created_at, brand, …}` with one object named after what it is about:
 * `transaction` for the `transaction.*` and `payout.*` types, `payout_account` for
 * `payout_account.verified`. Money is a decimal string, as everywhere in the contract.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal } from './common';
import {
  OPERATOR_TRANSACTION_STATUSES,
  REFUND_EVENT_TYPES,
  TRANSACTION_EVENT_TYPES,
} from '../values';
import type { WEBHOOK_EVENT_TYPES } from '../values';
import { BrandId, PaymentFlowSchema } from './sandbox';

export { REFUND_EVENT_TYPES, TRANSACTION_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../values';

/** Where a refund stands. */
export const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const;

/** One of {@link REFUND_EVENT_TYPES}. */
export type RefundEventType = (typeof REFUND_EVENT_TYPES)[number];

/** One of {@link TRANSACTION_EVENT_TYPES}. */
export type TransactionEventType = (typeof TRANSACTION_EVENT_TYPES)[number];

/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event type means (the OpenAPI document's summaries, the table of docs/webhooks.md). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEventType, string>> = {
  'transaction.created':
    'A deposit or withdrawal was created (committed before the payment provider is called). A withdrawal has reserved its amount from the balance.',
  'transaction.succeeded':
    'A transaction reached success: a deposit is credited to the balance (amount less tax, plus bonus), a withdrawal is paid and its reservation settled.',
  'transaction.failed':
    'A transaction reached error without the player reversing it (declined, expired, cancelled, never received): a deposit credited nothing, a withdrawal returned its reservation to the balance. error_code and decline_reason say why.',
  'transaction.reversed':
    'The player reversed a pending withdrawal (SPEC §2 /reject-withdrawal): its reservation is back on the balance.',
  'transaction.refunded':
    'A succeeded deposit was refunded or charged back (status refunded or charged_back): the money went back to the payer.',
  'payout.awaiting_approval':
    "A withdrawal of a brand that approves payouts was created and waits for the operator's approval (operator API: approve or reject) before it is sent; its amount is reserved. Sent right after its transaction.created.",
  'refund.requested':
    "A refund of a succeeded deposit was asked for: what it takes back (balance_debit) has left the player's balance on the internal ledger; the provider is asked with the refund id as its idempotency key.",
  'refund.succeeded':
    "The provider sent the refund's amount back to the payer (final). On the operator's wallet, the balance_debit is sent as a reversal. A deposit refunded in full becomes refunded (with its transaction.refunded).",
  'refund.failed':
    'The provider refused the refund, or one it had accepted did not go through (final): nothing went back to the payer, and what the refund held is back on the balance.',
  'balance.adjusted':
    "The operator adjusted a player's balance by hand (operator API): a credit or a debit of the internal ledger, with its reason and the balance after it.",
  'payout_account.verified':
    "A player's payout account passed its one-time-code verification and may be paid to.",
};

/** Event ids: UUIDs, the receiver's de-duplication key. */
const EventId = z.string().check(
  z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  z.meta({
    id: 'WebhookEventId',
    description:
      'The event id (a UUID), also sent as Cashdesk-Event-Id. A redelivery of the same event has the same id: process each id once.',
  }),
);

/**
 * A transaction's status as the operator sees it: the player's statuses, and the two a succeeded
 * deposit may move on to (the player sees those as success: the payment did succeed).
 */
export const OperatorTransactionStatus = z.enum(OPERATOR_TRANSACTION_STATUSES).check(
  z.meta({
    id: 'OperatorTransactionStatus',
    description:
      'Status of a transaction: created, then processing or await, then success or error (final); a succeeded deposit may later become refunded or charged_back (final).',
  }),
);

/** A transaction as an event carries it: the state right after the change that caused it. */
export const WebhookTransaction = z
  .object({
    id: z.string(),
    flow: PaymentFlowSchema,
    status: OperatorTransactionStatus,
    /** The amount the player asked for. */
    amount: Decimal,
    /**
     * The fee the player paid (docs/fees.md): the pay group's merchant_user_fee, on top of a
     * deposit's amount or taken from a withdrawal's; never the method fee.
     */
    fee: Decimal,
    /**
     * The method fee the operator absorbs (docs/fees.md): the pay group currency's `fee`, taken
     * from what the operator receives, never charged to the player.
     */
    method_fee: Decimal,
    tax: Decimal,
    bonus: Decimal,
    currency: Currency,
    /** The player's id as the brand knows it. */
    player_id: z.string(),
    pay_group_id: z.number(),
    /** The pay group's short name, e.g. card. */
    pay_group: z.string(),
    /** card, alternative, mobile, display_form, bank_transfer or bet_shop. */
    method_kind: z.string(),
    provider_reference: z.nullable(z.string()),
    error_code: z.nullable(z.string()),
    /** The message key of an error, e.g. CASHIER.WITHDRAWAL.REVERSED for a reversal. */
    error_message: z.nullable(z.string()),
    /** Why the provider declined it (declined, insufficient_funds, expired, cancelled, …). */
    decline_reason: z.nullable(z.string()),
    /**
     * What the deposit's succeeded refunds sent back to the payer ("0" for a payout or a deposit
     * never refunded); the deposit becomes refunded when it reaches what it charged.
     */
    refunded_amount: Decimal,
    /**
     * A provider answer that contradicted the transaction (another amount or currency than it
     * moves, another reference than it has), held instead of applied; `null` when none is held.
     * Resolve it with POST /transactions/{id}/resolve-hold.
     */
    held_answer: z.nullable(
      z.object({
        reason: z.enum(['amount', 'reference']),
        reported_amount: z.nullable(z.string()),
        reported_currency: z.nullable(z.string()),
        reported_reference: z.nullable(z.string()),
        at: DateTime,
      }),
    ),
    /**
     * A withdrawal (status created) that waits for the operator's approval before it
     * is sent; approve or reject it with the operator API.
     */
    awaiting_approval: z.boolean(),
    /**
     * SPEC §3 is_new_payout_account: the player's first withdrawal to this payout account (its
     * requisites, typed or saved), false on every later one. Always false for a deposit, a card
     * or a bet shop.
     */
    new_payout_account: z.boolean(),
    /**
     * The connector (payment provider) the payment is at; null for one written before
     * connectors were recorded.
     */
    connector: z.nullable(z.string()),
    /**
     * Every connector the payment was sent to, in order, with its answer: a connector left after
     * a soft decline or without receiving it (declined or not_reached: nothing was charged there,
     * the payment cascaded to the next), then the one it is at (approved, declined or pending as
     * the transaction stands).
     */
    attempts: z.array(
      z.object({
        connector: z.string(),
        outcome: z.enum(['approved', 'declined', 'not_reached', 'pending']),
        decline_reason: z.nullable(z.string()),
        decline_code: z.nullable(z.string()),
        at: DateTime,
      }),
    ),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .check(
    z.meta({
      id: 'WebhookTransaction',
      description:
        "A transaction as of the change the event reports. Money as decimal strings: amount is what the player asked for; fee is the fee the player paid (the pay group's merchant_user_fee): a deposit charges the player amount + fee and credits amount - tax (+ bonus), a withdrawal pays out amount - fee - tax. method_fee is the method fee (currencies[].fee) the operator absorbs: taken from what the operator receives, in none of the player's figures (docs/fees.md). player_id is the id the brand knows the player by. new_payout_account is true exactly on the player's first withdrawal to a payout account (its requisites, typed or saved: one deleted and added again is the same account; first requested, not counting failed ones; of two at once exactly one) and false on every later one (SPEC §3 is_new_payout_account), for the operator's risk checks; the client's is_new_payout_account does not move it.",
    }),
  );
/** The type of {@link WebhookTransaction}. */
export type WebhookTransaction = z.infer<typeof WebhookTransaction>;

/** A payout account as `payout_account.verified` carries it (never the account's details). */
export const WebhookPayoutAccount = z
  .object({
    id: z.string(),
    player_id: z.string(),
    pay_group_id: z.nullable(z.number()),
    requisite_type: z.string(),
    /** The account as the player sees it, masked. */
    masked_value: z.string(),
    verified_at: DateTime,
    created_at: DateTime,
  })
  .check(
    z.meta({
      id: 'WebhookPayoutAccount',
      description:
        'A payout account (SPEC §7 requisite): its id (the requisite_id), the masked value and when it was verified. The full account details are never sent.',
    }),
  );
/** The type of {@link WebhookPayoutAccount}. */
export type WebhookPayoutAccount = z.infer<typeof WebhookPayoutAccount>;

/** A refund as an event carries it: the state right after the change that caused it. */
export const WebhookRefund = z
  .object({
    id: z.string().check(z.meta({ description: 'The refund id (a UUID).' })),
    transaction_id: z.string().check(z.meta({ description: 'The deposit refunded.' })),
    status: z.enum(REFUND_STATUSES).check(
      z.meta({
        description:
          'requested (held from the balance and sent, or being settled by the provider), then succeeded (the money went back to the payer) or failed (nothing went back; what was held is back on the balance).',
      }),
    ),
    /** What goes back to the payer. */
    amount: Decimal,
    currency: Currency,
    /**
     * What the refund takes back from the player's balance: its share of what the deposit
     * credited (amount less tax, plus bonus), pro rata to the amount refunded; the refund that
     * completes the deposit takes exactly what is left.
     */
    balance_debit: Decimal,
    reason: z.string(),
    source: z.enum(['operator', 'provider']).check(
      z.meta({
        description:
          'operator: asked for through this API; provider: reported by the provider (a refund made in its own dashboard).',
      }),
    ),
    provider_reference: z.nullable(z.string()),
    failure_reason: z.nullable(
      z.string().check(
        z.meta({
          description:
            'Why it failed: declined, exceeds_captured, not_refundable or unknown_payment (the provider), or the server own reasons.',
        }),
      ),
    ),
    created_at: DateTime,
    updated_at: DateTime,
    finished_at: z.nullable(DateTime),
  })
  .check(
    z.meta({
      id: 'WebhookRefund',
      description:
        'A refund of a deposit, with its own status. Money as decimal strings; amount is what goes back to the payer, balance_debit what leaves the balance.',
    }),
  );
/** The type of {@link WebhookRefund}. */
export type WebhookRefund = z.infer<typeof WebhookRefund>;

/** The fields every event has. */
const eventBase = {
  id: EventId,
  created_at: DateTime,
  /** The brand the player belongs to. */
  brand: BrandId,
};

/** An event about a transaction (every type of {@link TRANSACTION_EVENT_TYPES}). */
export const TransactionEvent = z
  .object({
    ...eventBase,
    type: z.enum(TRANSACTION_EVENT_TYPES),
    transaction: WebhookTransaction,
  })
  .check(
    z.meta({
      id: 'TransactionEvent',
      description:
        'An event about a transaction. Events of one transaction are delivered in the order they happened: transaction.created before its final event.',
    }),
  );
/** The type of {@link TransactionEvent}. */
export type TransactionEvent = z.infer<typeof TransactionEvent>;

/** An event about a refund (every type of {@link REFUND_EVENT_TYPES}), with its deposit. */
export const RefundEvent = z
  .object({
    ...eventBase,
    type: z.enum(REFUND_EVENT_TYPES),
    refund: WebhookRefund,
    transaction: WebhookTransaction,
  })
  .check(
    z.meta({
      id: 'RefundEvent',
      description:
        'An event about a refund, with its deposit as it is after the change. Events of one refund are delivered in the order they happened: refund.requested before its final event.',
    }),
  );
/** The type of {@link RefundEvent}. */
export type RefundEvent = z.infer<typeof RefundEvent>;

/** An adjustment as `balance.adjusted` carries it. */
export const WebhookAdjustment = z
  .object({
    id: z.string(),
    /** The player's id as the brand knows it. */
    player_id: z.string(),
    direction: z.enum(['credit', 'debit']),
    amount: Decimal,
    currency: Currency,
    reason: z.string(),
    /** The balance right after it; negative after a debit the operator allowed below zero. */
    balance_after: z.string(),
    created_at: DateTime,
  })
  .check(
    z.meta({
      id: 'WebhookAdjustment',
      description:
        "A manual adjustment of a player's balance: direction credit or debit, the amount (positive) and the balance right after it.",
    }),
  );

/** The type of {@link WebhookAdjustment}. */
export type WebhookAdjustment = z.infer<typeof WebhookAdjustment>;

/** `balance.adjusted`. */
export const AdjustmentEvent = z
  .object({
    ...eventBase,
    type: z.literal('balance.adjusted'),
    adjustment: WebhookAdjustment,
  })
  .check(z.meta({ id: 'AdjustmentEvent', description: 'An event about a balance adjustment.' }));
/** The type of {@link AdjustmentEvent}. */
export type AdjustmentEvent = z.infer<typeof AdjustmentEvent>;

/** `payout_account.verified`. */
export const PayoutAccountEvent = z
  .object({
    ...eventBase,
    type: z.literal('payout_account.verified'),
    payout_account: WebhookPayoutAccount,
  })
  .check(
    z.meta({
      id: 'PayoutAccountEvent',
      description: 'An event about a payout account.',
    }),
  );
/** The type of {@link PayoutAccountEvent}. */
export type PayoutAccountEvent = z.infer<typeof PayoutAccountEvent>;

/** Any event, as POSTed to the operator. */
export const WebhookEvent = z.discriminatedUnion('type', [
  TransactionEvent,
  RefundEvent,
  AdjustmentEvent,
  PayoutAccountEvent,
]);
/** The type of {@link WebhookEvent}. */
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The headers of every delivery (names as sent; HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  signature: 'Cashdesk-Signature',
  keyId: 'Cashdesk-Key-Id',
  eventId: 'Cashdesk-Event-Id',
  eventType: 'Cashdesk-Event-Type',
  attempt: 'Cashdesk-Delivery-Attempt',
} as const;

/** What each header carries (the OpenAPI document's parameter descriptions). */
export const WEBHOOK_HEADER_DESCRIPTIONS: Readonly<
  Record<(typeof WEBHOOK_HEADERS)[keyof typeof WEBHOOK_HEADERS], string>
> = {
  'Cashdesk-Signature':
    't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>. Verify it against the raw body before parsing, and refuse a t older than your tolerance (5 minutes).',
  'Cashdesk-Key-Id':
    'The id of the secret the signature was made with, so that a receiver can hold the old and the new secret during a rotation.',
  'Cashdesk-Event-Id': "The event id (the body's id): the de-duplication key.",
  'Cashdesk-Event-Type': "The event type (the body's type).",
  'Cashdesk-Delivery-Attempt': 'Which attempt this is: 1 for the first, more for redeliveries.',
};
