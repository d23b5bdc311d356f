/**
 * Operator API: the brand's transactions: one by id, a filtered list with cursor
 * pagination, and the same list as CSV; the documents the player uploaded to one. A transaction is answered exactly as the webhooks carry
 * it ({@link WebhookTransaction}), so the API and the events agree on every field and status;
 * never a card number (none is stored) or a session id.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal, UPLOAD_MAX_BYTES } from './common';
import { PageQuery } from './operator';
import { UPLOAD_MIME_TYPES } from './payment';
import { PaymentFlowSchema, PlayerRef } from './sandbox';
import { OperatorTransactionStatus, WebhookTransaction } from './webhooks';
import { METHOD_KINDS } from '../values';

export { METHOD_KINDS };

/** A transaction of the operator API: the webhook's shape, field for field. */
export const OperatorTransaction = z.object({ ...WebhookTransaction.shape }).check(
  z.meta({
    id: 'OperatorTransaction',
    description:
      'A transaction of the brand, as its webhook events carry it (same fields, same statuses). Money as decimal strings; player_id is the id the brand knows the player by.',
  }),
);
/** The type of {@link OperatorTransaction}. */
export type OperatorTransaction = z.infer<typeof OperatorTransaction>;

/** Path parameters naming a transaction. */
export const OperatorTransactionParams = z.object({
  transactionId: z.uuid(),
});

/** The filters of the list and the CSV export (all optional, combined with AND). */
export const TransactionFilterQuery = z.object({
  status: z.optional(OperatorTransactionStatus),
  flow: z.optional(PaymentFlowSchema),
  player_id: z.optional(PlayerRef),
  currency: z.optional(Currency),
  /** Created at or after. */
  created_from: z.optional(DateTime),
  /** Created before. */
  created_to: z.optional(DateTime),
  pay_group_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  method_kind: z.optional(z.enum(METHOD_KINDS)),
  /** The connector the payment was sent to (its name in the server's configuration). */
  connector: z.optional(
    z
      .string()
      .check(
        z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a connector name'),
        z.describe(
          'The connector the payment was sent to, by its configured name (CONNECTORS). Payments made before connectors were named carry none and match no name.',
        ),
      ),
  ),
  /** The provider's reference of the payment, exactly. */
  provider_reference: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(200),
        z.describe("The provider's reference of the payment, exactly as the provider gave it."),
      ),
  ),
  /** Amount at least (what the player asked for, in the transaction's currency). */
  amount_from: z
    .optional(Decimal)
    .check(
      z.describe(
        'Only amounts at or above this (the amount the player asked for, a decimal string). Mixing currencies compares the numbers only: add currency to compare money.',
      ),
    ),
  /** Amount at most. */
  amount_to: z
    .optional(Decimal)
    .check(z.describe('Only amounts at or below this (a decimal string).')),
  /**
   * `true`: only the withdrawals that wait for the operator's approval (the approval queue);
   * `false`: every other transaction.
   */
  held: z.optional(
    z.enum(['true', 'false']).check(
      z.meta({
        description:
          'true: only the transactions holding a provider answer that contradicted them (held_answer, to resolve); false: every other transaction.',
      }),
    ),
  ),
  awaiting_approval: z.optional(
    z.enum(['true', 'false']).check(
      z.meta({
        description:
          "true: only the withdrawals that wait for the operator's approval (the approval queue); false: every other transaction. Any other value is 400 naming query.awaiting_approval.",
      }),
    ),
  ),
});

/** GET /transactions: the filters, a page size and the cursor of the previous page. */
export const TransactionListQuery = z.object({
  ...TransactionFilterQuery.shape,
  ...PageQuery.shape,
});

/** A page of the transaction list. */
export const TransactionPage = z
  .object({ transactions: z.array(OperatorTransaction), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'TransactionPage',
      description:
        'A page of transactions, newest first (by creation time, then id). next_cursor fetches the next page and is null on the last; the pages of one walk never repeat or skip a row, also while new transactions are made (those come first in a new walk).',
    }),
  );
/** The type of {@link TransactionPage}. */
export type TransactionPage = z.infer<typeof TransactionPage>;

/** GET /transactions/count: how many transactions the filters select. */
export const TransactionCount = z.object({ count: z.number().check(z.int(), z.gte(0)) }).check(
  z.meta({
    id: 'TransactionCount',
    description:
      "How many of the brand's transactions the filters select (the list's filters, without a page). With awaiting_approval=true: the length of the approval queue.",
  }),
);
/** The type of {@link TransactionCount}. */
export type TransactionCount = z.infer<typeof TransactionCount>;

/** The columns of the CSV export, in order (the header row). */
export const TRANSACTION_CSV_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'flow',
  'status',
  'amount',
  'fee',
  'method_fee',
  'tax',
  'bonus',
  'currency',
  'player_id',
  'pay_group_id',
  'pay_group',
  'method_kind',
  'provider_reference',
  'error_code',
  'error_message',
  'decline_reason',
  'refunded_amount',
  'awaiting_approval',
  'new_payout_account',
] as const satisfies readonly (keyof OperatorTransaction)[];

/**
 * The kinds of a transaction's timeline entries, each read from what the database keeps (nothing
 * is inferred): its creation, each status change its webhook events recorded, the provider
 * answers held for review and their resolution, the ledger entries, the movements owed to the
 * operator's wallet and their answers, its refunds, its webhook events and their deliveries, and
 * the operator calls that named it.
 */
export const TIMELINE_ENTRY_KINDS = [
  'created',
  'status_changed',
  'provider_call',
  'provider_notification',
  'provider_answer_held',
  'held_answer_resolved',
  'ledger_entry',
  'wallet_operation_queued',
  'wallet_operation_answered',
  'refund_requested',
  'refund_finished',
  'webhook_recorded',
  'webhook_delivered',
  'webhook_dead',
  'operator_action',
] as const;

/** One entry of a transaction's timeline. */
export const TimelineEntry = z
  .object({
    at: DateTime,
    kind: z.enum(TIMELINE_ENTRY_KINDS),
    /** Short and machine-readable: the new status, the ledger kind, the event type, the call. */
    summary: z.string(),
    /** Flat facts of the entry: amounts as decimal strings, ids, states; never card data. */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .check(
    z.meta({
      id: 'TimelineEntry',
      description:
        'One thing that happened to a transaction: when, what kind, a short machine-readable summary (a status, a ledger kind, an event type, an endpoint id) and its details (amounts as decimal strings; never card data, secrets or session ids).',
    }),
  );
/** The type of {@link TimelineEntry}. */
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** Where the transaction's own provider call stands (no history of single calls is kept). */
export const ProviderCallState = z
  .object({
    state: z.enum(['pending', 'sending', 'unknown', 'done', 'approval']),
    attempts: z.number().check(z.int(), z.gte(0)),
    connector: z.nullable(z.string()),
    provider_reference: z.nullable(z.string()),
  })
  .check(
    z.meta({
      id: 'ProviderCallState',
      description:
        "Where the transaction's charging call (authorise or payout) stands: pending (not sent), sending (in flight), unknown (no answer yet, asked again), done (answered) or approval (waits for the operator); how many times it was started, the connector and the provider's reference. The time of each single call is not kept.",
    }),
  );

/** GET /transactions/{id}/timeline. */
export const TransactionTimeline = z
  .object({
    transaction: OperatorTransaction,
    provider_call: ProviderCallState,
    entries: z.array(TimelineEntry),
  })
  .check(
    z.meta({
      id: 'TransactionTimeline',
      description:
        'A transaction, where its provider call stands and everything recorded about it in time order (oldest first; entries of the same instant in the order they happen: creation, status, provider, ledger, wallet, refunds, webhooks, operator calls).',
    }),
  );
/** The type of {@link TransactionTimeline}. */
export type TransactionTimeline = z.infer<typeof TransactionTimeline>;

/** Path parameters naming one document of a transaction. */
export const TransactionDocumentParams = z.object({
  transactionId: z.uuid(),
  documentId: z.uuid(),
});

/** One document a player uploaded to a transaction (SPEC §5 file upload, §7 upload). */
export const TransactionDocument = z
  .object({
    id: z.uuid(),
    /** The name the player's file had (without a path or control characters). */
    file_name: z.string().check(z.minLength(1), z.maxLength(255)),
    mime_type: z.enum(UPLOAD_MIME_TYPES),
    size: z.number().check(z.int(), z.gte(1), z.lte(UPLOAD_MAX_BYTES)),
    /** The SHA-256 of the bytes as they arrived, in hex. */
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    uploaded_at: DateTime,
  })
  .check(
    z.meta({
      id: 'TransactionDocument',
      description:
        "A document the player uploaded to the transaction (a bank transfer's receipt): the name their file had, the MIME type detected from its bytes (pdf, heic, jpeg or png, never the name's), its size in bytes, the SHA-256 of the bytes that arrived and when it was uploaded.",
    }),
  );
/** The type of {@link TransactionDocument}. */
export type TransactionDocument = z.infer<typeof TransactionDocument>;

/** GET /transactions/{id}/documents. */
export const TransactionDocumentList = z.object({ documents: z.array(TransactionDocument) }).check(
  z.meta({
    id: 'TransactionDocumentList',
    description:
      'The documents uploaded to a transaction, oldest first (an empty list when it has none).',
  }),
);
/** The type of {@link TransactionDocumentList}. */
export type TransactionDocumentList = z.infer<typeof TransactionDocumentList>;
