/**
 * Transactions as stored: the row, what its `provider_data` holds, and the statements that create,
 * read and update a transaction outside the status machine (modules/payments/transactions.ts moves
 * the status).
 *
 * - A transaction is created in status `created` with its brand's merchant URLs copied onto it;
 *   the row and its webhook event commit together (modules/webhooks/outbox.ts).
 * - Reads answer `undefined` (or 404 for a player's transaction) for an id that is no
 *   transaction; one connector's lookup never finds another connector's payment.
 * - `provider_data` is read back through its schema ({@link providerDataOf}) and merged, never
 *   replaced, when a move or a bookkeeping update adds to it.
 *
 * @packageDocumentation
 */
import { eq, sql } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import * as z from 'zod/mini';
import { CHANNELS, CLIENT_PLATFORMS, DEVICE_KINDS } from '@cashdesk/domain';
import {
  DateTime,
  Decimal,
  DisplayFormData,
  SubmitStep as SubmitStepSchema,
  TaxFigures,
} from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { brands, transactions } from '../../db/schema';
import { ShapedStatement } from '../../db/statement-shapes';
import { ApiError } from '../../http/api-error';
import { DECLINE_REASONS } from '../../providers';
import { isUuid } from '../../platform/ids';
import { payoutAwaitsApproval } from '../brand-config';
import { CascadedAttempt, isTransaction, recordTransactionEvents } from '../webhooks';
import type { EventOwner } from '../webhooks';

/** A transaction row as stored. */
export type TransactionRow = typeof transactions.$inferSelect;

// --- provider data ------------------------------------------------------------------------------

/**
 * What `transactions.provider_data` holds (jsonb), read back through this schema so a row written
 * by an older version cannot smuggle in a wrong type. Never card data.
 */
const StoredProviderData = z.object({
  /** SPEC §3 step kind the widget shows next (see the contract's SubmitStep). */
  step: z.optional(SubmitStepSchema),
  /** The player asked to save the card (save_card); the token is stored on approval. */
  saveCard: z.optional(z.boolean()),
  declineReason: z.optional(z.enum(DECLINE_REASONS)),
  /** Display form (QR code) or bank transfer details as the pay session sends them. */
  displayForm: z.optional(DisplayFormData),
  /** A bet-shop cash voucher or payout pick-up code. */
  voucher: z.optional(z.object({ code: z.string(), expires_at: DateTime })),
  /** When the provider expects the final result (processing). */
  settlesAt: z.optional(DateTime),
  /** What the player has to do while the cashier waits (await). */
  instructions: z.optional(z.string()),
  pollAfterMs: z.optional(z.number()),
  /**
   * Charges computed at submit (SPEC §5), for the operator's view: the method fee the operator
   * absorbs and the merchant user fee the player pays (= the row's fee), docs/fees.md.
   */
  methodFee: z.optional(Decimal),
  merchantFee: z.optional(Decimal),
  /** The receipt document of a bank transfer (documents.id). */
  receiptDocumentId: z.optional(z.string()),
  /** Set once the receipt was reported to the provider. */
  receiptRecorded: z.optional(z.boolean()),
  /**
   * The return addresses the deposit was authorised with (the provider's ReturnUrls), so that the
   * 3-D Secure and interaction routes send the browser where the provider was told to.
   */
  returnUrls: z.optional(
    z.object({ threeDsReturn: z.string(), success: z.string(), fail: z.string() }),
  ),
  /**
   * SPEC §3 is_new_payout_account: the player's first withdrawal to this payout account
   * (first-payout.ts decides it when the withdrawal is created), for the operator.
   */
  newPayoutAccount: z.optional(z.boolean()),
  /** The key of the payout account's requisites a withdrawal went to (first-payout.ts). */
  payoutAccountKey: z.optional(z.string()),
  /** A withdrawal's tax figures (SPEC §3, §5) as its submit answered them, for a retry's answer. */
  taxFigures: z.optional(TaxFigures),
  /**
   * SPEC §1: the channel, platform and device the player's cashier named when the
   * payment was submitted (`x-channel`, `x-platform`, `x-device`), for the operator's view.
   */
  client: z.optional(
    z.object({
      channel: z.enum(CHANNELS),
      platform: z.enum(CLIENT_PLATFORMS),
      device: z.enum(DEVICE_KINDS),
    }),
  ),
  /**
   * A refund or chargeback the provider reported for this deposit: what it returned to the payer
   * and its event id; `applied` false when the cashier did not take it back itself (a partial
   * amount, left to the operator).
   */
  reversal: z.optional(
    z.object({
      kind: z.enum(['refund', 'chargeback']),
      amount: Decimal,
      currency: z.string(),
      eventId: z.optional(z.string()),
      applied: z.boolean(),
    }),
  ),
  /**
   * The route the payment was given when created (payment-route.ts): the rule that took it, the
   * connectors it may be tried on in order, and whether a soft decline cascades.
   */
  route: z.optional(
    z.object({
      rule: z.nullable(z.string()),
      candidates: z.array(z.string()),
      cascade: z.boolean(),
    }),
  ),
  /**
   * The connectors the payment was tried on before the one it is at, each left after a soft
   * decline or never receiving it (nothing charged there), in order (provider-calls.ts cascade).
   */
  cascaded: z.optional(z.array(CascadedAttempt)),
  /**
   * A provider answer that contradicts the transaction (another amount or currency than it
   * moves, another reference than the one it gave): held for the operator, never applied.
   */
  held: z.optional(
    z.object({
      reason: z.enum(['amount', 'reference']),
      reportedAmount: z.optional(Decimal),
      reportedCurrency: z.optional(z.string()),
      reportedReference: z.string(),
      at: z.string(),
    }),
  ),
});

/** The parsed `provider_data` of a transaction. */
export type StoredProviderData = z.infer<typeof StoredProviderData>;

/** Reads a row's provider data; unknown keys are dropped, a malformed value reads as empty. */
export function providerDataOf(row: Pick<TransactionRow, 'providerData'>): StoredProviderData {
  const parsed = z.safeParse(StoredProviderData, row.providerData);
  return parsed.success ? parsed.data : {};
}

/** JSON of a provider-data patch, as a jsonb value merged into the stored one. */
export function mergeProviderData(patchJson: string | Placeholder) {
  return sql`${transactions.providerData} || ${patchJson}::jsonb`;
}

// --- create, read -------------------------------------------------------------------------------

/** What {@link createTransaction} needs. */
export interface CreateTransactionInput {
  /** Chosen by the caller when the provider request names it before the row exists. */
  readonly id?: string | undefined;
  readonly playerId: string;
  readonly brandId: string;
  /** The cashier session it was made in (`null` for a server-side transaction). */
  readonly sessionId: string | null;
  readonly payGroupId: number;
  readonly flow: TransactionRow['flow'];
  /** Positive decimal string, already validated against the limits and the precision. */
  readonly amount: string;
  readonly currency: string;
  readonly providerKind: TransactionRow['providerKind'];
  /**
   * The connector the payment is sent to (resolved: never `null` for a new payment); follow-ups
   * go there too. `null`: the default connector.
   */
  readonly connector?: string | null | undefined;
  readonly fee?: string | undefined;
  readonly tax?: string | undefined;
  readonly bonus?: string | undefined;
  /** Submitted form values that are not card data (the caller strips card_pan, card_cvv). */
  readonly parameters?: Readonly<Record<string, unknown>> | undefined;
  readonly providerData?: StoredProviderData | undefined;
  readonly idempotencyKey?: string | null | undefined;
  readonly savedCardId?: string | null | undefined;
  readonly payoutAccountId?: string | null | undefined;
  readonly betShopId?: number | null | undefined;
  /** The wallet that keeps its money; default the cashier's own ledger. */
  readonly wallet?: TransactionRow['wallet'] | undefined;
  /**
   * The brand's row as the caller read it (its merchant URLs and payout approval), so the insert
   * reads nothing first; read when absent.
   */
  readonly brand?: CreatingBrand | undefined;
  /** Who the webhook event names (outbox.ts EventOwner); read when absent. */
  readonly owner?: EventOwner | undefined;
  /**
   * The provider call this transaction starts with: the request without card data,
   * and who holds the call until when. Without it the transaction needs no call (`done`).
   */
  readonly call?:
    | {
        readonly request: Readonly<Record<string, unknown>>;
        readonly owner: string;
        readonly leaseUntil: Date;
      }
    | undefined;
}

/** What a new transaction copies from its brand. */
export type CreatingBrand = Pick<
  typeof brands.$inferSelect,
  | 'id'
  | 'merchantSuccessUrl'
  | 'merchantFailUrl'
  | 'merchantProcessingUrl'
  | 'merchantUrl'
  | 'payoutApproval'
  | 'settings'
>;

/** A new transaction's row, built once per set of columns given (db/statement-shapes.ts). */
const insertTransaction = new ShapedStatement<typeof transactions.$inferInsert, TransactionRow[]>(
  (db, slots) => db.insert(transactions).values(slots).returning(),
);

/**
 * Creates a transaction in status `created`, with the brand's merchant URLs copied onto it (the
 * pay session keeps the URLs that were valid when the payment started).
 *
 * @throws {ApiError} notFound when the brand does not exist.
 */
export async function createTransaction(
  db: Executor,
  input: CreateTransactionInput,
): Promise<TransactionRow> {
  // The row and its webhook event commit together (modules/webhooks/outbox.ts).
  if (!isTransaction(db)) return db.transaction((tx) => createTransaction(tx, input));
  const brand =
    input.brand?.id === input.brandId
      ? input.brand
      : (await db.select().from(brands).where(eq(brands.id, input.brandId)))[0];
  if (brand === undefined) throw new ApiError('notFound', { detail: `brand ${input.brandId}` });
  const call = input.call;
  // A brand that approves payouts keeps each withdrawal unsent until the operator does, but for
  // one strictly below the exempt amount of its currency (modules/brand-config/payout-approval.ts).
  const awaitsApproval =
    call !== undefined &&
    input.flow === 'withdrawal' &&
    payoutAwaitsApproval(brand, input.currency, input.amount);
  const [row] = await insertTransaction.run(
    db,
    {
      ...(input.id === undefined ? {} : { id: input.id }),
      ...(call === undefined
        ? {}
        : awaitsApproval
          ? // Nobody sends it (no lease, nothing for the reconciler) until it is approved.
            { callState: 'approval' as const, providerRequest: { ...call.request } }
          : {
              callState: 'sending' as const,
              callAttempts: 1,
              providerRequest: { ...call.request },
              leaseOwner: call.owner,
              leaseUntil: call.leaseUntil,
              // Looked at by the reconciler if its caller dies before the provider answers.
              nextCheckAt: call.leaseUntil,
            }),
      playerId: input.playerId,
      sessionId: input.sessionId,
      payGroupId: input.payGroupId,
      wallet: input.wallet ?? 'internal',
      flow: input.flow,
      amount: input.amount,
      currency: input.currency,
      fee: input.fee ?? '0',
      tax: input.tax ?? '0',
      bonus: input.bonus ?? '0',
      status: 'created',
      action: 'none',
      resultStatus: 'processing',
      sessionStatus: 'active',
      transactionStatus: 'created',
      successUrl: brand.merchantSuccessUrl,
      failUrl: brand.merchantFailUrl,
      processingUrl: brand.merchantProcessingUrl,
      merchantUrl: brand.merchantUrl,
      providerKind: input.providerKind,
      connector: input.connector ?? null,
      providerData: { ...(input.providerData ?? {}) },
      parameters: { ...(input.parameters ?? {}) },
      idempotencyKey: input.idempotencyKey ?? null,
      savedCardId: input.savedCardId ?? null,
      payoutAccountId: input.payoutAccountId ?? null,
      betShopId: input.betShopId ?? null,
    },
    '',
  );
  if (row === undefined) throw new Error('transaction insert returned no row');
  await recordTransactionEvents(db, row, {
    ...(awaitsApproval ? { types: ['transaction.created', 'payout.awaiting_approval'] } : {}),
    ...(input.owner === undefined ? {} : { owner: input.owner }),
    history: [
      { kind: 'status_changed', at: row.createdAt, details: { from: null, to: 'created' } },
      // A withdrawal held for approval waits in its own step of `created` (call state approval).
      ...(awaitsApproval
        ? [
            {
              kind: 'status_changed' as const,
              at: row.createdAt,
              details: {
                from: 'created',
                to: 'awaiting_approval',
                event_type: 'payout.awaiting_approval',
              },
            },
          ]
        : []),
    ],
  });
  return row;
}

/** A transaction by id, or `undefined`. */
export async function getTransaction(
  db: Executor,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  if (!isUuid(transactionId)) return undefined;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return row;
}

/**
 * A transaction of one player; another player's transaction, or an id that is no transaction,
 * answers 404 (never 403: an id must not reveal that someone else's payment exists).
 *
 * @throws {ApiError} notFound
 */
export async function findPlayerTransaction(
  db: Executor,
  playerId: string,
  transactionId: string,
): Promise<TransactionRow> {
  const row = await getTransaction(db, transactionId);
  if (row?.playerId !== playerId) {
    throw new ApiError('notFound', { field: 'transaction_id', detail: 'no such transaction' });
  }
  return row;
}

/** A transaction by its provider reference, or `undefined`. */
export async function findByProviderReference(
  db: Executor,
  providerReference: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.providerReference, providerReference));
  return row;
}

/**
 * A transaction sent to a connector, by our id or the provider's reference (a webhook names one
 * or both). `isDefault`: whether `connector` is the default one, which also owns rows stored
 * without a connector. A transaction of another connector is `undefined`: one PSP's webhook can
 * never move another PSP's payment.
 */
export async function findConnectorTransaction(
  db: Executor,
  connector: { readonly name: string; readonly isDefault: boolean },
  ids: { readonly transactionId?: string | undefined; readonly providerRef?: string | undefined },
): Promise<TransactionRow | undefined> {
  const ownedBy = (row: TransactionRow | undefined) =>
    row !== undefined &&
    (row.connector === connector.name || (row.connector === null && connector.isDefault));
  if (ids.transactionId !== undefined) {
    const row = await getTransaction(db, ids.transactionId);
    if (ownedBy(row)) return row;
  }
  if (ids.providerRef === undefined) return undefined;
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.providerReference, ids.providerRef));
  return rows.find((row) => ownedBy(row));
}

// --- bookkeeping --------------------------------------------------------------------------------

/**
 * Merges data into a transaction's provider data without a status change (a receipt document, a
 * recorded receipt). Works on final transactions too: it is bookkeeping, not a state change.
 */
export async function updateProviderData(
  db: Executor,
  transactionId: string,
  patch: StoredProviderData,
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ providerData: mergeProviderData(JSON.stringify(patch)), updatedAt: new Date() })
    .where(eq(transactions.id, transactionId))
    .returning();
  if (row === undefined) throw new ApiError('notFound', { detail: `transaction ${transactionId}` });
  return row;
}

/** Names the saved card a transaction's card was stored as; the row, or `undefined` if none. */
export async function setSavedCard(
  db: Executor,
  transactionId: string,
  savedCardId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ savedCardId })
    .where(eq(transactions.id, transactionId))
    .returning();
  return row;
}
