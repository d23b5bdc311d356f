/**
 * The queue of money movements owed to the operator's wallet (table `wallet_operations`).
 *
 * An operation is written by {@link queueWalletOperation} inside the database transaction of the
 * status change that causes it (a deposit succeeded: `credit`; a payout paid: `commit`; a payout
 * failed or reversed: `release`; a deposit refunded: `reverse`; a payout created: `reserve`), so
 * it exists exactly when the change committed. {@link sendWalletOperation} then sends it to the
 * wallet under a lease (one sender at a time across every process), with the same operation id on
 * every try, until the wallet answers: a lost answer, a time-out or a crash only delays it, and
 * the wallet's idempotency by operation id makes a repeat harmless. Nothing is ever given up: a
 * movement the provider has made must reach the wallet, so an unanswered one is tried again with
 * a doubling back-off (capped at {@link RETRY_MAX_MS}), and one the wallet refuses is kept,
 * `refused`, logged as an error for the operator.
 *
 * A `reserve` is different: the payout waits for its answer before it goes to the provider, so
 * the pipeline sends it itself (./wallet.ts) and the worker leaves it alone.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { and, asc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/open';
import { brands, players, walletOperations } from '../../db/schema';
import { retryAt } from '../../platform/schedule';
import type { OperatorWalletClient } from './operator-wallet';
import {
  UnknownWalletPlayerError,
  WalletCallError,
  WalletNotReachedError,
} from './operator-wallet';
import type { MovementAnswer } from './protocol';

/** A queued operation as stored. */
export type WalletOperationRow = typeof walletOperations.$inferSelect;

/** One of the operation kinds. */
export type WalletOperationKind = WalletOperationRow['kind'];

/** What {@link queueWalletOperation} writes. */
export interface QueuedOperation {
  readonly transactionId: string;
  /** A refund's reversal: one per refund instead of one per transaction and kind. */
  readonly refundId?: string | undefined;
  readonly kind: WalletOperationKind;
  readonly playerId: string;
  readonly currency: string;
  /** A positive decimal. */
  readonly amount: string;
  readonly bonus?: string | undefined;
  /** When it becomes due (the worker's clock); a `reserve` is never due to the worker. */
  readonly now: Date;
}

/**
 * Queues an operation in the caller's database transaction. Once per transaction and kind: a
 * second call (a repeated status change) writes nothing. `true` when this call wrote it.
 */
export async function queueWalletOperation(tx: Executor, op: QueuedOperation): Promise<boolean> {
  const rows = await tx
    .insert(walletOperations)
    .values({
      transactionId: op.transactionId,
      refundId: op.refundId ?? null,
      kind: op.kind,
      playerId: op.playerId,
      currency: op.currency,
      amount: new Big(op.amount).toFixed(),
      bonus: new Big(op.bonus ?? '0').toFixed(),
      nextAttemptAt: op.kind === 'reserve' ? null : op.now,
      // The app's clock, not the database's: how long the wallet stayed silent is measured by it.
      createdAt: op.now,
    })
    .onConflictDoNothing(
      op.refundId === undefined
        ? {
            target: [walletOperations.transactionId, walletOperations.kind],
            where: sql`${walletOperations.refundId} is null`,
          }
        : {
            target: [walletOperations.refundId, walletOperations.kind],
            where: sql`${walletOperations.refundId} is not null`,
          },
    )
    .returning({ id: walletOperations.id });
  return rows.length > 0;
}

/** The operation of a transaction of one kind, if queued. */
export async function findWalletOperation(
  db: Executor,
  transactionId: string,
  kind: WalletOperationKind,
): Promise<WalletOperationRow | undefined> {
  const [row] = await db
    .select()
    .from(walletOperations)
    .where(
      and(
        eq(walletOperations.transactionId, transactionId),
        eq(walletOperations.kind, kind),
        isNull(walletOperations.refundId),
      ),
    );
  return row;
}

/** The wallet's idempotency key of an operation. */
export function operationId(
  op: Pick<WalletOperationRow, 'transactionId' | 'kind'> & {
    readonly refundId?: string | null | undefined;
  },
): string {
  // A refund's reversal is one of several of its deposit's: named by the refund.
  return `${op.refundId ?? op.transactionId}:${op.kind}`;
}

/** The log lines of the wallet (a pino or Fastify logger fits). */
export interface WalletLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/** What sending needs. */
export interface WalletSender {
  readonly db: Database;
  readonly client: OperatorWalletClient;
  readonly clock: () => Date;
  /** How long a sender may hold an operation (more than the client's time-out). */
  readonly leaseMs: number;
  readonly log?: WalletLog | undefined;
  /** Counts each answer or failure (metrics). */
  readonly observe?: ((kind: WalletOperationKind, outcome: string) => void) | undefined;
}

/** Takes an operation still pending whose lease is free; `null` when someone else holds it. */
async function take(
  sender: WalletSender,
  id: string,
  owner: string,
  now: Date,
): Promise<WalletOperationRow | null> {
  const [row] = await sender.db
    .update(walletOperations)
    .set({
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + sender.leaseMs),
      attempts: sql`${walletOperations.attempts} + 1`,
    })
    .where(
      and(
        eq(walletOperations.id, id),
        eq(walletOperations.state, 'pending'),
        or(isNull(walletOperations.leaseUntil), lt(walletOperations.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The operator's ids of the player and the brand. */
async function playerOf(db: Executor, playerId: string) {
  const [row] = await db
    .select({ externalId: players.externalId, brandId: brands.id })
    .from(players)
    .innerJoin(brands, eq(brands.id, players.brandId))
    .where(eq(players.id, playerId));
  if (row === undefined) throw new Error(`player ${playerId} vanished`);
  return row;
}

/** Sends one taken operation to the wallet: the route its kind calls. */
async function call(sender: WalletSender, op: WalletOperationRow): Promise<MovementAnswer> {
  const player = await playerOf(sender.db, op.playerId);
  const movement = {
    operation_id: operationId(op),
    transaction_id: op.transactionId,
    player_id: player.externalId,
    brand: player.brandId,
    currency: op.currency,
    amount: new Big(op.amount).toFixed(),
  };
  switch (op.kind) {
    case 'reserve':
      return sender.client.authorize({ ...movement, flow: 'withdrawal' });
    case 'credit':
      return sender.client.transfer({
        ...movement,
        kind: 'deposit',
        bonus: new Big(op.bonus).toFixed(),
      });
    case 'commit':
      return sender.client.transfer({ ...movement, kind: 'withdrawal', bonus: '0' });
    case 'reverse':
      return sender.client.transfer({ ...movement, kind: 'reversal', bonus: '0' });
    case 'release':
      return sender.client.cancel(movement);
  }
}

/** A failure as the log and the row may show it (never a request body or a secret). */
function failureOf(error: unknown): string {
  if (error instanceof WalletCallError) {
    return error.httpStatus === undefined
      ? error.failure
      : `${error.failure} ${String(error.httpStatus)}`;
  }
  if (error instanceof WalletNotReachedError) return 'not_reached';
  if (error instanceof UnknownWalletPlayerError) return 'unknown_player';
  return error instanceof Error ? error.name : typeof error;
}

/**
 * Sends the operation `id` once if it is pending and free: records the wallet's answer (`done`,
 * or `refused`), or, without one, when to try again. Returns the operation as it then is, or
 * `null` when another sender holds it or it was answered already.
 */
export async function sendWalletOperation(
  sender: WalletSender,
  id: string,
): Promise<WalletOperationRow | null> {
  const owner = randomUUID();
  const now = sender.clock();
  const op = await take(sender, id, owner, now);
  if (op === null) return null;
  const mine = and(eq(walletOperations.id, id), eq(walletOperations.leaseOwner, owner));
  try {
    const answer = await call(sender, op);
    const state = answer.status === 'ok' ? 'done' : 'refused';
    const [row] = await sender.db
      .update(walletOperations)
      .set({
        state,
        answer,
        lastError: null,
        answeredAt: sender.clock(),
        nextAttemptAt: null,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(mine)
      .returning();
    sender.observe?.(op.kind, state);
    const fields = { operation_id: operationId(op), attempt: op.attempts };
    if (state === 'done') sender.log?.info(fields, 'wallet operation applied');
    else if (op.kind === 'reserve') sender.log?.info(fields, 'wallet refused the payout');
    else {
      sender.log?.error(
        { ...fields, reason: answer.status === 'refused' ? answer.reason : undefined },
        'wallet refused a movement the provider already made: needs the operator',
      );
    }
    return row ?? null;
  } catch (error) {
    const failure = failureOf(error);
    const [row] = await sender.db
      .update(walletOperations)
      .set({
        lastError: failure,
        // A reserve is tried again by the pipeline (the payout waits for it), not the worker.
        nextAttemptAt: op.kind === 'reserve' ? null : retryAt(sender.clock(), op.attempts),
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(mine)
      .returning();
    sender.observe?.(op.kind, 'unanswered');
    sender.log?.warn(
      { operation_id: operationId(op), attempt: op.attempts, failure },
      'wallet operation without an answer: sent again later with the same id',
    );
    return row ?? null;
  }
}

/**
 * Sends the operations due at the sender's clock, oldest first, up to `limit` (the worker's pass
 * and the prompt send after a status change). Returns how many were answered.
 */
export async function sendDueWalletOperations(sender: WalletSender, limit = 100): Promise<number> {
  const now = sender.clock();
  const due = await sender.db
    .select({ id: walletOperations.id })
    .from(walletOperations)
    .where(
      and(
        eq(walletOperations.state, 'pending'),
        ne(walletOperations.kind, 'reserve'),
        lte(walletOperations.nextAttemptAt, now),
        or(isNull(walletOperations.leaseUntil), lt(walletOperations.leaseUntil, now)),
      ),
    )
    .orderBy(asc(walletOperations.nextAttemptAt))
    .limit(limit);
  let answered = 0;
  for (const { id } of due) {
    const row = await sendWalletOperation(sender, id);
    if (row !== null && row.state !== 'pending') answered += 1;
  }
  return answered;
}
