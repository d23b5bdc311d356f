/**
 * The durable state machine around every provider call that can charge or pay.
 *
 * A transaction is committed, with the request the provider gets (card data excluded), before the
 * provider is called (`call_state` `sending`, the caller holding the transaction's lease). The call
 * carries our transaction id as the provider's idempotency key, so repeating it never charges or
 * pays twice (PaymentProvider contract). Then:
 * - an answer is applied through the status machine (modules/payments/transactions.ts):
 *   `call_state` becomes `done`;
 * - no answer (a time-out after `PROVIDER_TIMEOUT_MS`, an error, a lost connection): the outcome
 *   is unknown (`unknown`); the transaction stays `created` and is resolved later, by repeating
 *   the call with the same key (a payout, or a deposit whose player retries with the card data)
 *   or by looking the payment up by our reference (a deposit: the card data is never stored, so
 *   the server cannot repeat it alone). A deposit the provider still does not know after
 *   `LOOKUP_GRACE_MS` never reached it and is failed (`not_received`), nothing charged;
 * - the provider certainly never got the request (ProviderNotReachedError): a deposit fails at
 *   once (the player may try again); a payout waits, `pending`, for the reconciler to send it
 *   again, and the player may reverse it meanwhile;
 * - the caller dies: its lease runs out and the reconciler or the player's retry takes over.
 *
 * Whoever works on a transaction holds its lease (`lease_owner`, `lease_until`), taken by one
 * conditional update, so two processes never call the provider for one transaction at once.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { BrowserData } from '@cashdesk/contract';
import type { ServerConfig } from '../../config';
import type { Database, Executor } from '../../db/open';
import { transactions } from '../../db/schema';
import type { Clock } from '../../http/app-types';
import { PAYMENT_METHOD_KINDS, isProviderNotReached, redactDepositInput } from '../../providers';
import type {
  DepositInput,
  LookupResult,
  NewCardInput,
  PaymentProvider,
  PayoutInput,
  ProviderCallOptions,
} from '../../providers';
import type { ConnectorRegistry } from '../../providers/connectors';
import { transition, completeTransaction } from './transactions';
import type { TransitionResult } from './transactions';
import { mergeProviderData, providerDataOf } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';
import { applyDepositOutcome, applyPayoutOutcome, applyProviderStatus } from './provider-outcomes';
import type { WalletService } from '../wallet';
import type { ClaimHandle } from '../../http/idempotency';
import { recordHistory } from '../webhooks';
import { countCall } from '../routing';
import type { EventOwner, HistoryRecord } from '../webhooks';
import { counted, failedCallOutcome } from './payment-metrics';
import type { PaymentMetrics, ProviderCallOutcome, ProviderOperation } from '../../http/telemetry';
import { DEADLINE_MS, deadlineAfter, recheckAt, retryAt } from '../../platform/schedule';

/** What the pipeline needs. */
export interface PaymentDeps {
  readonly db: Database;
  /** The providers by connector; a transaction's calls go to the connector it was sent to. */
  readonly connectors: ConnectorRegistry;
  /** Where the money is kept (modules/wallet/wallet.ts). */
  readonly wallet: WalletService;
  readonly config: Pick<ServerConfig, 'payments'>;
  readonly clock: Clock;
  readonly log?: PaymentLog | undefined;
  /** The app's metrics (payment-metrics.ts); nothing is counted without. */
  readonly metrics?: PaymentMetrics | undefined;
}

/** The log lines of the pipeline (a pino or Fastify logger fits). */
export interface PaymentLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * The provider a transaction's calls go to: the connector it was created with (the default one
 * for a row of an earlier version, which has none).
 *
 * @throws {UnknownConnectorError} when that connector is no longer configured (the call fails
 *   like an unanswered one and is tried again once it is back).
 */
export function providerOf(
  deps: Pick<PaymentDeps, 'connectors'>,
  row: Pick<TransactionRow, 'connector'>,
): PaymentProvider {
  return deps.connectors.provider(row.connector);
}

/** A provider call given up after the configured time-out: its outcome is unknown. */
export class ProviderTimeoutError extends Error {
  override readonly name = 'ProviderTimeoutError';
}

/**
 * Runs a provider call under PROVIDER_TIMEOUT_MS: its abort signal fires then and the call counts
 * as unanswered (the provider may still have acted on it). Its duration and how it ended are
 * reported to the metrics as `operation`.
 *
 * @throws {ProviderTimeoutError} after the time-out; whatever the call throws.
 */
export async function withProviderTimeout<T>(
  deps: Pick<PaymentDeps, 'config' | 'metrics'>,
  operation: ProviderOperation,
  run: (options: ProviderCallOptions) => Promise<T>,
  connector?: string,
): Promise<T> {
  const controller = new AbortController();
  const timeoutMs = deps.config.payments.providerTimeoutMs;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  // An object, not a let: the flag changes in a callback, out of sight of type narrowing.
  const deadline = { expired: false };
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      deadline.expired = true;
      // Rejected before the abort: a call that gives up on its signal at once must not win the
      // race with its own abort error.
      reject(
        new ProviderTimeoutError(`no answer from the provider within ${String(timeoutMs)} ms`),
      );
      controller.abort();
    }, timeoutMs);
  });
  let outcome: ProviderCallOutcome = 'ok';
  try {
    return await Promise.race([run({ signal: controller.signal }), timedOut]);
  } catch (error) {
    outcome = deadline.expired ? 'timeout' : failedCallOutcome(error);
    throw error;
  } finally {
    clearTimeout(timer);
    deps.metrics?.providerCall(
      operation,
      (performance.now() - started) / 1000,
      outcome,
      ...(connector === undefined ? [] : [connector]),
    );
  }
}

/**
 * The card data of the one call that may carry it, from the player's own request (a submit or its
 * retry); never stored, never logged.
 */
export interface CardSecrets {
  readonly card?: NewCardInput | undefined;
  readonly savedCardCvv?: string | undefined;
}

// --- the stored request ---------------------------------------------------------------------------

const MethodKind = z.enum(PAYMENT_METHOD_KINDS);
const Customer = z.object({
  playerId: z.string(),
  country: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
});
const BetShopRef = z.object({ id: z.string(), name: z.string() });

/** A deposit request as stored: {@link DepositInput} without the card and its security code. */
const StoredDepositRequest = z.object({
  flow: z.literal('deposit'),
  transactionId: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  currency: z.string(),
  methodKind: MethodKind,
  payGroup: z.string(),
  savedCardToken: z.optional(z.string()),
  saveCard: z.optional(z.boolean()),
  customer: Customer,
  returnUrls: z.object({ threeDsReturn: z.string(), success: z.string(), fail: z.string() }),
  browserData: z.optional(BrowserData),
  betShop: z.optional(BetShopRef),
  merchantName: z.optional(z.string()),
  language: z.optional(z.string()),
});

/** A payout request as stored: {@link PayoutInput} (it carries no card data). */
const StoredPayoutRequest = z.object({
  flow: z.literal('payout'),
  transactionId: z.string(),
  amount: z.string(),
  currency: z.string(),
  methodKind: MethodKind,
  payGroup: z.string(),
  destination: z.union([
    z.object({ kind: z.literal('card'), cardToken: z.string() }),
    z.object({ kind: z.literal('account'), requisites: z.record(z.string(), z.string()) }),
    z.object({ kind: z.literal('bet_shop'), betShop: BetShopRef }),
  ]),
  customer: Customer,
});

const StoredRequest = z.discriminatedUnion('flow', [StoredDepositRequest, StoredPayoutRequest]);

/** The request a transaction's provider call sends, as stored with it. */
export type StoredRequest = z.infer<typeof StoredRequest>;

/**
 * A deposit's stored request: every part of the input but the card and its security code, named
 * one by one so that a part added to DepositInput later is not stored until chosen.
 */
export function depositRequest(input: DepositInput): StoredRequest {
  return {
    flow: 'deposit',
    transactionId: input.transactionId,
    amount: input.amount,
    fee: input.fee,
    total: input.total,
    currency: input.currency,
    methodKind: input.methodKind,
    payGroup: input.payGroup,
    savedCardToken: input.savedCardToken,
    saveCard: input.saveCard,
    customer: input.customer,
    returnUrls: input.returnUrls,
    browserData: input.browserData,
    betShop: input.betShop,
    merchantName: input.merchantName,
    language: input.language,
  };
}

/** The deposit input of a stored request, with the card data of the player's request. */
function depositInputOf(
  request: z.infer<typeof StoredDepositRequest>,
  secrets: CardSecrets | null,
): DepositInput {
  return {
    transactionId: request.transactionId,
    amount: request.amount,
    fee: request.fee,
    total: request.total,
    currency: request.currency,
    methodKind: request.methodKind,
    payGroup: request.payGroup,
    card: secrets?.card,
    savedCardToken: request.savedCardToken,
    saveCard: request.saveCard,
    savedCardCvv: secrets?.savedCardCvv,
    customer: request.customer,
    returnUrls: request.returnUrls,
    browserData: request.browserData,
    betShop: request.betShop,
    merchantName: request.merchantName,
    language: request.language,
  };
}

/** A payout's stored request. */
export function payoutRequest(input: PayoutInput): StoredRequest {
  return { flow: 'payout', ...input };
}

/** The payout input of a stored request. */
function payoutInputOf(request: z.infer<typeof StoredPayoutRequest>): PayoutInput {
  return {
    transactionId: request.transactionId,
    amount: request.amount,
    currency: request.currency,
    methodKind: request.methodKind,
    payGroup: request.payGroup,
    destination: request.destination,
    customer: request.customer,
  };
}

/** The stored request of a transaction, or `null` for one written without it. */
export function storedRequestOf(
  row: Pick<TransactionRow, 'providerRequest'>,
): StoredRequest | null {
  const parsed = z.safeParse(StoredRequest, row.providerRequest);
  return parsed.success ? parsed.data : null;
}

// --- the lease ------------------------------------------------------------------------------------

/** A new lease owner token. */
export function newOwner(): string {
  return randomUUID();
}

/** When a lease taken now ends. */
export function leaseEnd(deps: Pick<PaymentDeps, 'config'>, now: Date): Date {
  return new Date(now.getTime() + deps.config.payments.leaseMs);
}

/** Rows nobody else works on at `now`: no lease, an ended one, or `owner`'s own. */
function leaseFreeFor(owner: string, now: Date) {
  return or(
    isNull(transactions.leaseUntil),
    lt(transactions.leaseUntil, now),
    eq(transactions.leaseOwner, owner),
  );
}

/**
 * Takes the provider call of a transaction still `created` whose lease is free (or already
 * `owner`'s, as a reconciler's batch lease is): starts a new attempt (`sending`) under `owner`.
 * `null` when someone else holds it or it needs no call.
 */
export async function takeCall(
  deps: PaymentDeps,
  transactionId: string,
  owner: string,
): Promise<TransactionRow | null> {
  const now = deps.clock();
  const [row] = await deps.db
    .update(transactions)
    .set({
      callState: 'sending',
      callAttempts: sql`${transactions.callAttempts} + 1`,
      leaseOwner: owner,
      leaseUntil: leaseEnd(deps, now),
      nextCheckAt: leaseEnd(deps, now),
    })
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.status, 'created'),
        ne(transactions.callState, 'done'),
        // A payout awaiting the operator's approval is sent only once approved.
        ne(transactions.callState, 'approval'),
        leaseFreeFor(owner, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends `owner`'s lease (nothing if it no longer holds it). */
export async function releaseLease(db: Executor, transactionId: string, owner: string) {
  await db
    .update(transactions)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(transactions.id, transactionId), eq(transactions.leaseOwner, owner)));
}

/** Reads a transaction again (after the lease was released). */
async function reread(db: Executor, transactionId: string): Promise<TransactionRow> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (row === undefined) throw new Error(`transaction ${transactionId} vanished`);
  return row;
}

// --- the call -------------------------------------------------------------------------------------

/** Whether a deposit request cannot be repeated without the card the player typed. */
function needsCard(request: z.infer<typeof StoredDepositRequest>): boolean {
  return request.methodKind === 'card' && request.savedCardToken === undefined;
}

/**
 * Calls the provider for a transaction whose call `owner` holds (`sending`), and applies what
 * comes back (see the module comment). A deposit that cannot be repeated without card data it
 * does not have is looked up instead.
 *
 * @returns the transaction as it then is.
 */
export async function callProvider(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  secrets: CardSecrets | null,
  context: CallContext = {},
): Promise<TransactionRow> {
  const request = storedRequestOf(row);
  if (request === null) {
    // Written without a request (an earlier version): it can only be looked up.
    return lookUp(deps, row, owner);
  }
  const now = deps.clock();
  if (request.flow === 'deposit') {
    if (needsCard(request) && secrets?.card === undefined) return lookUp(deps, row, owner);
    const input = depositInputOf(request, secrets);
    return attempt(deps, row, owner, {
      log: { deposit: redactDepositInput(input) },
      sending: 'authorising deposit',
      answered: 'deposit authorisation answered',
      operation: 'authorizeDeposit',
      call: (options) => providerOf(deps, row).authorizeDeposit(input, now, options),
      onward: (left, record) =>
        cascadeOnward(deps, row, owner, left, record, (moved) =>
          callProvider(deps, moved, owner, secrets, context),
        ),
      apply: (outcome, history) =>
        applying(deps, context, (tx) =>
          applyDepositOutcome(tx, row, outcome, deps.clock(), context.owner, history),
        ),
    });
  } else {
    if (row.wallet === 'operator') {
      const held = await heldByWallet(deps, row, owner);
      if (held !== null) return held;
    }
    const input = payoutInputOf(request);
    return attempt(deps, row, owner, {
      log: {
        transaction_id: row.id,
        amount: input.amount,
        currency: input.currency,
        destination: input.destination.kind,
      },
      sending: 'sending payout',
      answered: 'payout answered',
      operation: 'payout',
      call: (options) => providerOf(deps, row).payout(input, now, options),
      apply: (outcome, history) =>
        applying(deps, context, (tx) =>
          applyPayoutOutcome(tx, row, outcome, deps.clock(), context.owner, history),
        ),
    });
  }
}

/** What the request calling the provider adds (a submit: its key's claim and the event owner). */
export interface CallContext {
  /** The request's Idempotency-Key claim: completed in the outcome's database transaction. */
  readonly claim?: ClaimHandle | undefined;
  /** Who the webhook events of the outcome name, when the caller knows it. */
  readonly owner?: EventOwner | undefined;
}

/** Applies an outcome in one database transaction, with the claim's completion when there is one. */
function applying(
  deps: PaymentDeps,
  context: CallContext,
  apply: (tx: Executor) => Promise<TransitionResult>,
): Promise<TransitionResult> {
  return context.claim === undefined
    ? deps.db.transaction((tx) => apply(tx))
    : context.claim.completing(deps.db, (tx) => apply(tx));
}

/** Fails a payment that never reached the provider: nothing was charged or paid. */
async function failAsNotReceived(
  deps: PaymentDeps,
  row: TransactionRow,
  now: Date,
  history?: readonly HistoryRecord[],
) {
  counted(
    deps,
    await completeTransaction(
      deps.db,
      row.id,
      { result: 'declined', reason: 'not_received' },
      now,
      undefined,
      history,
    ),
  );
}

/**
 * A payout kept in the operator's wallet goes to the provider only once the wallet has
 * taken its amount off the balance (authorize, sent again with the same operation id until
 * answered). Returns the transaction when it must not be sent now: the wallet refused (the payout
 * fails, nothing was taken), or did not answer (the payout stays unsent, `pending`, for the next
 * try; once the wallet stayed silent past LOOKUP_GRACE_MS it fails as never sent, and its
 * authorize is cancelled). `null`: send it.
 */
async function heldByWallet(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
): Promise<TransactionRow | null> {
  const answer = await deps.wallet.reservePayout(row);
  if (answer.outcome === 'reserved') return null;
  const now = deps.clock();
  if (answer.outcome === 'refused') {
    deps.log?.info(
      { transaction_id: row.id, reason: answer.reason },
      'the operator wallet refused the payout: failed, nothing sent',
    );
    const reason = answer.reason === 'insufficient_funds' ? 'insufficient_funds' : 'declined';
    counted(deps, await completeTransaction(deps.db, row.id, { result: 'declined', reason }, now));
  } else if (now.getTime() - answer.since.getTime() >= deps.config.payments.lookupGraceMs) {
    deps.log?.warn(
      { transaction_id: row.id },
      'the operator wallet never answered the payout: failed as never sent',
    );
    await failAsNotReceived(deps, row, now);
  } else {
    await retryLater(deps, row, 'pending');
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}

/**
 * One attempt of a charging call: logged, sent under the time-out, applied or failed. Returns
 * the transaction as it then is; an applied answer's move also ended the lease (transition).
 */
async function attempt<O extends { readonly outcome: string }>(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  steps: {
    /** What the log may show of the request (never card data). */
    readonly log: Record<string, unknown>;
    readonly sending: string;
    readonly answered: string;
    readonly operation: ProviderOperation;
    readonly call: (options: ProviderCallOptions) => Promise<O>;
    readonly apply: (outcome: O, history: readonly HistoryRecord[]) => Promise<TransitionResult>;
    /**
     * Tries the payment on its next connector after a soft decline or a call that never reached
     * the provider (a deposit whose route cascades); `null` when it may not.
     */
    readonly onward?: (
      left: LeftConnector,
      record: HistoryRecord,
    ) => Promise<TransactionRow | null>;
  },
): Promise<TransactionRow> {
  deps.log?.info({ ...steps.log, attempt: row.callAttempts }, steps.sending);
  const sentAt = deps.clock();
  let outcome: O;
  try {
    outcome = await withProviderTimeout(
      deps,
      steps.operation,
      steps.call,
      deps.connectors.resolve(row.connector),
    );
    await countHealth(deps, row, false);
  } catch (error) {
    await countHealth(deps, row, true);
    if (isProviderNotReached(error) && steps.onward !== undefined) {
      const record = providerCallRecord(deps, row, steps.operation, sentAt, {
        outcome: 'not_reached',
      });
      const moved = await steps.onward(
        { outcome: 'not_reached', reason: null, code: null },
        record,
      );
      if (moved !== null) return moved;
    }
    await callFailed(deps, row, error, steps.operation, sentAt);
    await releaseLease(deps.db, row.id, owner);
    return reread(deps.db, row.id);
  }
  const soft = steps.onward === undefined ? null : softDeclineOf(providerOf(deps, row), outcome);
  if (soft !== null && steps.onward !== undefined) {
    const record = providerCallRecord(deps, row, steps.operation, sentAt, answeredWith(outcome));
    const moved = await steps.onward(soft, record);
    if (moved !== null) return moved;
  }
  try {
    // An answer that cannot be applied (the database failed) counts as no answer: the same
    // call is repeated or looked up later, and the provider answers it with its first result.
    const applied = counted(
      deps,
      await steps.apply(outcome, [
        providerCallRecord(deps, row, steps.operation, sentAt, answeredWith(outcome)),
      ]),
    );
    deps.log?.info(
      { transaction_id: row.id, outcome: outcome.outcome, attempt: row.callAttempts },
      steps.answered,
    );
    if (applied.applied) return applied.transaction;
  } catch (error) {
    await callFailed(deps, row, error, steps.operation, sentAt);
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}

/**
 * Counts a payment call in its connector's health (modules/routing/health.ts): `failed` when it
 * got no answer; only for a payment a routing rule took (health decides nothing else). A count
 * that cannot be written is logged and never fails the payment.
 */
async function countHealth(deps: PaymentDeps, row: TransactionRow, failed: boolean) {
  // Health steers routing only: a payment no rule took costs no statement for it.
  if (providerDataOf(row).route === undefined) return;
  const connector = deps.connectors.resolve(row.connector);
  try {
    const change = await countCall(
      deps.db,
      connector,
      failed,
      deps.clock(),
      deps.config.payments.health,
    );
    if (change !== null) {
      deps.log?.warn(
        { connector, health: change },
        change === 'closed'
          ? 'connector answered again: healthy, routed to again'
          : 'connector calls fail past the threshold: skipped by routing until a probe answers',
      );
    }
  } catch (error) {
    deps.log?.warn({ connector, error: errorKind(error) }, 'connector health not counted');
  }
}

/** What a connector the payment leaves for the next one answered (kept in `cascaded`). */
interface LeftConnector {
  readonly outcome: 'declined' | 'not_reached';
  readonly reason: string | null;
  readonly code: string | null;
}

/** A decline the provider declares soft (its softDeclineCodes), or `null`. */
function softDeclineOf(
  provider: PaymentProvider,
  outcome: { readonly outcome: string },
): LeftConnector | null {
  if (outcome.outcome !== 'declined') return null;
  const code: unknown = Reflect.get(outcome, 'code');
  const reason: unknown = Reflect.get(outcome, 'reason');
  if (typeof code !== 'string' || provider.softDeclineCodes?.includes(code) !== true) return null;
  return { outcome: 'declined', reason: typeof reason === 'string' ? reason : null, code };
}

/**
 * The connector a payment cascades to from the one it is at: the next candidate of its route, if
 * the route cascades, the payment has not cascaded yet (once per payment) and the next one is
 * configured.
 */
function nextConnector(deps: PaymentDeps, row: TransactionRow): string | null {
  const data = providerDataOf(row);
  const route = data.route;
  if (route?.cascade !== true || (data.cascaded?.length ?? 0) > 0) return null;
  const at = route.candidates.indexOf(deps.connectors.resolve(row.connector));
  const next = at < 0 ? undefined : route.candidates[at + 1];
  return next !== undefined && deps.connectors.has(next) ? next : null;
}

/**
 * Moves a payment its connector declined softly (or never received) to the next candidate and
 * tries it there, under the lease the caller holds: one conditional update records what the
 * connector answered (`cascaded`, the history) and points the payment at the next connector,
 * then `send` calls it with what the player typed. Nothing was charged by the first, so the
 * payment is still charged at most once; a crash after the move leaves it at the next connector,
 * where a retry of the player's request or the reconciler (by lookup) settles it. `null`: the
 * payment does not cascade, and the answer is applied as it is.
 */
async function cascadeOnward(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  left: LeftConnector,
  record: HistoryRecord,
  send: (moved: TransactionRow) => Promise<TransactionRow>,
): Promise<TransactionRow | null> {
  const next = nextConnector(deps, row);
  if (next === null) return null;
  const now = deps.clock();
  const from = deps.connectors.resolve(row.connector);
  const cascaded = [
    ...(providerDataOf(row).cascaded ?? []),
    { connector: from, ...left, at: now.toISOString() },
  ];
  const moved = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(transactions)
      .set({
        connector: next,
        providerData: mergeProviderData(JSON.stringify({ cascaded })),
        callState: 'sending',
        callAttempts: sql`${transactions.callAttempts} + 1`,
        leaseUntil: leaseEnd(deps, now),
        nextCheckAt: leaseEnd(deps, now),
        updatedAt: now,
      })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'created'),
          eq(transactions.leaseOwner, owner),
          row.connector === null
            ? isNull(transactions.connector)
            : eq(transactions.connector, row.connector),
        ),
      )
      .returning();
    if (updated === undefined) return undefined;
    await recordHistory(tx, row.id, [
      { ...record, details: { ...record.details, cascaded_to: next } },
    ]);
    return updated;
  });
  if (moved === undefined) return null;
  deps.log?.info(
    { transaction_id: row.id, from, to: next, outcome: left.outcome, code: left.code },
    'payment left its connector without a charge: tried on the next one',
  );
  return send(moved);
}

/**
 * A provider call's entry of the transaction's history, at the time it was sent (so before the
 * change its answer made): the call, its attempt, how long it took and its outcome (never the
 * request, card data or a secret).
 */
function providerCallRecord(
  deps: PaymentDeps,
  row: TransactionRow,
  operation: ProviderOperation,
  sentAt: Date,
  outcome: Readonly<Record<string, unknown>>,
): HistoryRecord {
  return {
    kind: 'provider_call',
    at: sentAt,
    details: {
      call: operation,
      connector: deps.connectors.resolve(row.connector),
      attempt: row.callAttempts,
      duration_ms: Math.max(0, deps.clock().getTime() - sentAt.getTime()),
      ...outcome,
    },
  };
}

/** What an answer said, for the history: its outcome and, if declined, the reason. */
function answeredWith(answer: {
  readonly outcome?: string;
  readonly status?: string;
  readonly reason?: unknown;
  readonly code?: unknown;
}): Record<string, unknown> {
  return {
    outcome: 'answered',
    answer: answer.outcome ?? answer.status,
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    ...(typeof answer.code === 'string' ? { code: answer.code } : {}),
  };
}

/** A provider error as the log may show it: its kind only (never a request or card data). */
function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** What a call without an answer leaves (see the module comment). */
async function callFailed(
  deps: PaymentDeps,
  row: TransactionRow,
  error: unknown,
  operation: ProviderOperation,
  sentAt: Date,
) {
  const record = providerCallRecord(deps, row, operation, sentAt, {
    outcome: isProviderNotReached(error)
      ? 'not_reached'
      : error instanceof ProviderTimeoutError
        ? 'timeout'
        : 'unknown',
  });
  if (isProviderNotReached(error) && row.flow === 'deposit') {
    deps.log?.warn(
      { transaction_id: row.id, error: errorKind(error) },
      'deposit never reached the provider: failed, nothing charged',
    );
    await failAsNotReceived(deps, row, deps.clock(), [record]);
    return;
  }
  const callState = isProviderNotReached(error) ? 'pending' : 'unknown';
  deps.log?.warn(
    {
      transaction_id: row.id,
      flow: row.flow,
      attempt: row.callAttempts,
      call_state: callState,
      error: errorKind(error),
    },
    'provider call without an answer: resolved later with the same key',
  );
  await retryLater(deps, row, callState, [record]);
}

/** Leaves a call for a later try (the reconciler's, a poll's or a retry's). */
async function retryLater(
  deps: PaymentDeps,
  row: TransactionRow,
  callState: 'pending' | 'unknown',
  history: readonly HistoryRecord[] = [],
): Promise<void> {
  const update = (db: Executor) =>
    db
      .update(transactions)
      .set({ callState, nextCheckAt: retryAt(deps.clock(), row.callAttempts) })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'created')));
  if (history.length === 0) {
    await update(deps.db);
    return;
  }
  // The call's outcome is recorded with the state it leaves, in one database transaction.
  await deps.db.transaction(async (tx) => {
    await update(tx);
    await recordHistory(tx, row.id, history);
  });
}

/** The deadline of a payment the provider reports pending at a step. */
function deadlineOf(found: Extract<LookupResult, { status: 'pending' }>, now: Date): Date {
  switch (found.step) {
    case 'display_form':
    case 'voucher':
      return deadlineAfter(found.expiresAt ?? now, DEADLINE_MS.grace);
    case 'bank_transfer':
      return deadlineAfter(now, DEADLINE_MS.upload);
    case 'processing':
      return deadlineAfter(now, DEADLINE_MS.processing);
    case 'challenge':
    case 'redirect':
    case 'await':
      return deadlineAfter(now, DEADLINE_MS.redirect);
  }
}

/**
 * Looks a deposit up by our reference and applies what the provider knows: a final result, a
 * payment still pending (the transaction moves to processing and is followed by its status), or
 * nothing (looked up again later, and failed as never received after LOOKUP_GRACE_MS).
 */
async function lookUp(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
): Promise<TransactionRow> {
  const now = deps.clock();
  let found: LookupResult;
  try {
    found = await withProviderTimeout(
      deps,
      'lookup',
      (options) => providerOf(deps, row).lookup(row.id, now, options),
      deps.connectors.resolve(row.connector),
    );
  } catch (error) {
    await callFailed(deps, row, error, 'lookup', now);
    await releaseLease(deps.db, row.id, owner);
    return reread(deps.db, row.id);
  }
  const record = providerCallRecord(deps, row, 'lookup', now, answeredWith(found));
  switch (found.status) {
    case 'approved':
    case 'declined':
    case 'cancelled':
      counted(deps, await applyProviderStatus(deps.db, row, found, now, [record]));
      deps.log?.info(
        { transaction_id: row.id, found: found.status },
        'payment found by our reference',
      );
      break;
    case 'pending':
      await transition(deps.db, row.id, 'processing', {
        now,
        history: [record],
        step: 'await',
        providerReference: found.providerRef,
        expiresAt: deadlineOf(found, now),
        nextCheckAt:
          found.settlesAt === undefined ? recheckAt(now, row.createdAt) : found.settlesAt,
        ...(found.settlesAt === undefined
          ? {}
          : { providerData: { settlesAt: found.settlesAt.toISOString() } }),
      });
      deps.log?.info(
        { transaction_id: row.id, found: 'pending', step: found.step },
        'payment found by our reference',
      );
      break;
    case 'unknown':
    case 'not_found': {
      const age = now.getTime() - row.createdAt.getTime();
      if (row.flow === 'deposit' && age >= deps.config.payments.lookupGraceMs) {
        await failAsNotReceived(deps, row, now, [record]);
        deps.log?.info(
          { transaction_id: row.id },
          'deposit unknown to the provider after the grace: failed as never received',
        );
      } else {
        await retryLater(deps, row, 'unknown', [record]);
      }
      break;
    }
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}

/**
 * Resolves a transaction still `created` whose call is free: takes it, then repeats the call
 * with the same key (a payout; a deposit when `secrets` carries the player's card data again) or
 * looks the payment up. Used by the player's retry of a submit, the status poll and the
 * reconciler. Returns the transaction as it then is (unchanged when someone else holds it).
 *
 * A caller that already holds the transaction's lease passes its owner (`heldLease`): the call
 * is taken over under that lease, so nothing can take the transaction in between, and the lease
 * is released whatever happens.
 */
export async function resolveCall(
  deps: PaymentDeps,
  row: TransactionRow,
  secrets: CardSecrets | null,
  heldLease?: string,
): Promise<TransactionRow> {
  // Only a lease the caller holds needs releasing: a fresh owner holds nothing (and the status
  // poll, which calls this on every read, should not pay a write for it).
  const release = async () => {
    if (heldLease !== undefined) await releaseLease(deps.db, row.id, heldLease);
  };
  if (row.status !== 'created' || row.callState === 'done' || row.callState === 'approval') {
    await release();
    return row;
  }
  const owner = heldLease ?? newOwner();
  const taken = await takeCall(deps, row.id, owner);
  if (taken === null) {
    await release();
    return reread(deps.db, row.id);
  }
  return callProvider(deps, taken, owner, secrets);
}
