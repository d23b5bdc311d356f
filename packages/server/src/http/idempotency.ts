/**
 * Idempotency-Key handling of submit, upload and reversal that survives failures
 * (docs/architecture.md "a submit is never sent twice").
 *
 * A key is claimed before any work, by a single-statement `INSERT … ON CONFLICT DO NOTHING` on
 * UNIQUE (player_id, scope, key). Exactly one caller gets the row back and runs the work. The
 * claim carries:
 * - **a lease** (`lease_until`, from the caller's clock) and a random `owner` token: the holder
 *   works until then; after it, a retry may take the claim over with a new token. Every write of
 *   the holder is conditional on its token, so a holder that was taken over writes nothing;
 * - **the transaction it created** (`transaction_id`), linked inside the database transaction
 *   that creates the payment ({@link ClaimHandle.link}): either both exist or neither does.
 *
 * A submit that creates a transaction claims its key later and cheaper ({@link
 * IdempotentWork.claimWithTransaction}): the claim is inserted with the
 * transaction, in the commit that creates it; a request that finds the key taken there rolls back
 * and is answered like the requests below.
 *
 * Every other request with the same key reads the row:
 * - another request hash: 422 (1007);
 * - a claim tied to a transaction: the answer is that transaction's, from the endpoint's `resume`
 *   (which repeats an unresolved provider call with the same key, so a retry after a lost answer,
 *   a time-out or a crash resumes the one payment and never makes another);
 * - a completed claim without a transaction: its stored response (a refusal, an upload);
 * - a claim in progress: waited for (polling) while its lease runs; 1011 (retry shortly) if it
 *   is still running after `waitMs`; taken over once the lease has ended without a transaction
 *   (the holder died before it created anything: the work runs again).
 *
 * Failures of the work: an {@link ApiError} below 500 is the answer to that request and is stored
 * like a success (the repeat gets the same error). A deferred claim's work that fails otherwise
 * before it wrote anything, for a key an earlier request holds, is answered as that key (a retry
 * of a paid payout while the operator's wallet is down gets its transaction, not a 503). Anything else ends the holder's claim: a claim
 * without a transaction is deleted (the client may retry with the same key at once); a claim tied
 * to a transaction keeps it and ends its lease, so a retry resumes that transaction at once.
 * A holder that dies leaves its claim to the lease: {@link releaseAbandonedClaims} (the
 * reconciler) deletes expired claims that created nothing, and a retry takes over any other.
 *
 * Why the claim is not one database transaction around the work: PGlite has a single connection,
 * so a transaction held open while a provider is called would stall every other request, and on
 * PostgreSQL it would hold a connection for the length of the provider call.
 *
 * @packageDocumentation
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/open';
import { idempotencyKeys } from '../db/schema';
import { ShapedStatement, updateSetOf } from '../db/statement-shapes';
import { ApiError, isApiError } from './api-error';

/** Identifies one idempotent request. */
export interface IdempotencyInput {
  readonly playerId: string;
  /** The operation, e.g. `depositSubmit` (keys are unique per player and scope). */
  readonly scope: string;
  /** The client's Idempotency-Key. */
  readonly key: string;
  /** {@link hashRequest} of what the request asks for. */
  readonly requestHash: string;
  readonly sessionId?: string | undefined;
}

/** A response as stored and replayed. */
export interface StoredResponse {
  readonly status: number;
  readonly body: unknown;
}

/** The result of {@link runIdempotent}. */
export interface IdempotentResult extends StoredResponse {
  /** True when this is the answer of an earlier request with the same key. */
  readonly replayed: boolean;
}

/** What the work of a claimed request may do with its claim. */
export interface ClaimHandle {
  /**
   * Ties the claim to the transaction the request creates. Call it with the executor of the
   * database transaction that creates the payment, so that both commit or neither does.
   *
   * @throws {ApiError} idempotencyInProgress when another request took the claim over (this
   *   request's lease ran out): the caller's database transaction must roll back.
   */
  link(tx: Executor, transactionId: string): Promise<void>;
  /**
   * Runs `work` in ONE database transaction that also completes the claim (the
   * outcome of a payment and its key's completion commit together, so a retry never waits for a
   * request whose answer is already decided). Without a claim tied yet it just runs `work` in a
   * database transaction; the claim is then completed when the request ends, as always.
   */
  completing<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Claims the key at once, before the work writes something a repeat of the request must not
   * write again (a confirmation code's try): for a `claimWithTransaction` request whose key is
   * not claimed yet; nothing otherwise. `link` then ties the claim to the transaction.
   *
   * @throws when the key exists already: the work stops there, and the request is answered as
   *   any request with a known key.
   */
  claimNow(): Promise<void>;
}

/** The work of an idempotent request. */
export interface IdempotentWork {
  /** Runs the request: the first time, or again after its first holder died having made nothing. */
  run(claim: ClaimHandle): Promise<StoredResponse>;
  /**
   * The answer for the transaction an earlier request with this key created; it may resume that
   * transaction (repeat its provider call). Without it, such a claim answers its stored response.
   */
  resume?: ((transactionId: string) => Promise<StoredResponse>) | undefined;
  /**
   * The work creates a transaction and ties the key to it with
   * {@link ClaimHandle.link}, and nothing is claimed before it runs: `link` inserts the claim in
   * the creating database transaction, with the transaction (one commit for both, no claim row
   * written and updated). A request whose key exists already finds out there (its database
   * transaction rolls back: nothing of it is written) or, when the work refused it, when the
   * refusal is stored; either way it is then answered as any request with a known key. The work
   * must write nothing before `link` that a repeat of it could not write again (the policies
   * read, validate and build; see modules/payments/pipeline.ts).
   */
  claimWithTransaction?: boolean | undefined;
}

/** Timing of claims. */
export interface IdempotencyOptions {
  /** The clock leases are read with (default: the system clock). */
  readonly now?: () => Date;
  /** How long a holder keeps its claim (default 30 s; config PAYMENT_LEASE_MS). */
  readonly leaseMs?: number;
  /** First wait between polls (default 20 ms); doubles up to {@link maxPollMs}. */
  readonly pollMs?: number;
  /** Longest wait between polls (default 250 ms). */
  readonly maxPollMs?: number;
  /** How long a duplicate waits for the holder before answering 1011 (default: the lease). */
  readonly waitMs?: number;
}

/** The default lease of a claim. */
export const DEFAULT_CLAIM_LEASE_MS = 30_000;

/** Key order of objects does not change the hash; arrays keep their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
  }
  return value;
}

/**
 * SHA-256 (hex) of a request's canonical JSON: objects with sorted keys, so the same body sent
 * with its keys in another order is the same request.
 */
export function hashRequest(request: unknown): string {
  // Wrapped so that `undefined` (a request without parts) still stringifies.
  return createHash('sha256')
    .update(JSON.stringify({ request: canonical(request) }))
    .digest('hex');
}

function sameKey(input: Pick<IdempotencyInput, 'playerId' | 'scope' | 'key'>) {
  return and(
    eq(idempotencyKeys.playerId, input.playerId),
    eq(idempotencyKeys.scope, input.scope),
    eq(idempotencyKeys.key, input.key),
  );
}

/** Whether a request with the key came before (its claim exists, whatever its state). */
async function keyExists(db: Executor, input: IdempotencyInput): Promise<boolean> {
  const [row] = await db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(sameKey(input))
    .limit(1);
  return row !== undefined;
}

/** The row of a key held by `owner` until `leaseUntil`: what every claim and a stored refusal write. */
function keyRow(input: IdempotencyInput, owner: string, leaseUntil: Date) {
  return {
    playerId: input.playerId,
    scope: input.scope,
    key: input.key,
    sessionId: input.sessionId ?? null,
    requestHash: input.requestHash,
    owner,
    leaseUntil,
  };
}

/** A claim this request holds: its row and its owner token. */
interface HeldClaim {
  readonly id: number;
  readonly owner: string;
}

async function claim(
  db: Database,
  input: IdempotencyInput,
  leaseUntil: Date,
  owner: string = randomUUID(),
): Promise<HeldClaim | null> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values(keyRow(input, owner, leaseUntil))
    .onConflictDoNothing({
      target: [idempotencyKeys.playerId, idempotencyKeys.scope, idempotencyKeys.key],
    })
    .returning({ id: idempotencyKeys.id });
  return row === undefined ? null : { id: row.id, owner };
}

/** A claim's insert, built once per set of columns (db/statement-shapes.ts). */
const claimStatement = new ShapedStatement<
  typeof idempotencyKeys.$inferInsert,
  { readonly id: number }[]
>((db, slots) =>
  db
    .insert(idempotencyKeys)
    .values(slots)
    .onConflictDoNothing({
      target: [idempotencyKeys.playerId, idempotencyKeys.scope, idempotencyKeys.key],
    })
    .returning({ id: idempotencyKeys.id }),
);

/** The completion of a held claim in the outcome's database transaction, built once. */
const completeStatement = new ShapedStatement<HeldClaim & { readonly completedAt: Date }, unknown>(
  (db, { id, owner, completedAt }) =>
    db
      .update(idempotencyKeys)
      .set(updateSetOf(idempotencyKeys, { completedAt }))
      .where(
        and(
          eq(idempotencyKeys.id, id),
          eq(idempotencyKeys.owner, owner),
          isNull(idempotencyKeys.completedAt),
        ),
      ),
);

/**
 * Takes over a claim whose holder's lease ended before it created anything (it died, or took far
 * longer than its lease). Conditional, so two retries cannot both take it.
 */
async function takeOver(
  db: Database,
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<HeldClaim | null> {
  const owner = randomUUID();
  const [row] = await db
    .update(idempotencyKeys)
    .set({ owner, leaseUntil })
    .where(
      and(
        eq(idempotencyKeys.id, id),
        isNull(idempotencyKeys.completedAt),
        isNull(idempotencyKeys.transactionId),
        lte(idempotencyKeys.leaseUntil, now),
      ),
    )
    .returning({ id: idempotencyKeys.id });
  return row === undefined ? null : { id: row.id, owner };
}

function heldBy(held: HeldClaim) {
  return and(eq(idempotencyKeys.id, held.id), eq(idempotencyKeys.owner, held.owner));
}

async function complete(db: Database, held: HeldClaim, response: StoredResponse): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: response.body, completedAt: new Date() })
    .where(and(heldBy(held), isNull(idempotencyKeys.completedAt)));
}

/**
 * Ends a holder's claim after an unexpected failure: deleted when it created nothing (the key
 * is free again), otherwise kept with its transaction and its lease ended (a retry resumes it).
 */
async function endAfterFailure(db: Database, held: HeldClaim, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(heldBy(held), isNull(idempotencyKeys.transactionId)));
  await db
    .update(idempotencyKeys)
    .set({ leaseUntil: now })
    .where(and(heldBy(held), isNull(idempotencyKeys.completedAt)));
}

/** Thrown by a deferred claim's `link` when the key exists already: the work must roll back. */
class ClaimTakenError extends Error {
  override readonly name = 'ClaimTakenError';
}

/** A request's claim as its work sees it: held from the start, or inserted by `link`. */
interface ClaimState {
  held: HeldClaim | null;
  /** Completed inside the outcome's database transaction ({@link ClaimHandle.completing}). */
  completed: boolean;
}

async function linkHeld(tx: Executor, held: HeldClaim, transactionId: string): Promise<void> {
  const linked = await tx
    .update(idempotencyKeys)
    .set({ transactionId })
    .where(and(heldBy(held), isNull(idempotencyKeys.transactionId)))
    .returning({ id: idempotencyKeys.id });
  if (linked.length === 0) {
    throw new ApiError('idempotencyInProgress', {
      field: 'headers.idempotency-key',
      detail: 'the claim was taken over by a retry before the payment was created',
    });
  }
}

function handleFor(
  db: Database,
  state: ClaimState,
  deferred: {
    readonly input: IdempotencyInput;
    readonly owner: string;
    readonly lease: () => Date;
  },
  now: () => Date,
): ClaimHandle {
  return {
    async claimNow() {
      if (state.held !== null) return;
      const held = await claim(db, deferred.input, deferred.lease(), deferred.owner);
      if (held === null) throw new ClaimTakenError('the key exists already');
      state.held = held;
    },
    async link(tx, transactionId) {
      if (state.held !== null) {
        await linkHeld(tx, state.held, transactionId);
        return;
      }
      const [row] = await claimStatement.run(
        tx,
        { ...keyRow(deferred.input, deferred.owner, deferred.lease()), transactionId },
        '',
      );
      if (row === undefined) throw new ClaimTakenError('the key exists already');
      // Held from now on; if the creating transaction rolls back, the row never existed and
      // every later write of this holder (conditional on its token) changes nothing.
      state.held = { id: row.id, owner: deferred.owner };
    },
    async completing(db, work) {
      const result = await db.transaction(async (tx) => {
        const value = await work(tx);
        const held = state.held;
        if (held !== null) {
          await completeStatement.run(tx, { ...held, completedAt: now() }, '');
        }
        return value;
      });
      if (state.held !== null) state.completed = true;
      return result;
    },
  };
}

/**
 * Stores a refusal of a deferred claim's work as the key's answer: inserted, or written onto the
 * claim this request's `link` made; `false` when the key belongs to another request (the refusal
 * is then not this key's answer: the caller answers as for any known key).
 */
async function storeRefusal(
  db: Database,
  input: IdempotencyInput,
  owner: string,
  response: StoredResponse,
  at: Date,
): Promise<boolean> {
  const stored = await db
    .insert(idempotencyKeys)
    .values({
      ...keyRow(input, owner, at),
      responseStatus: response.status,
      responseBody: response.body,
      completedAt: at,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.playerId, idempotencyKeys.scope, idempotencyKeys.key],
      set: { responseStatus: response.status, responseBody: response.body, completedAt: at },
      setWhere: sql`${idempotencyKeys.owner} = ${owner} and ${idempotencyKeys.completedAt} is null`,
    })
    .returning({ id: idempotencyKeys.id });
  return stored.length > 0;
}

async function execute(
  db: Database,
  held: HeldClaim,
  work: IdempotentWork,
  now: () => Date,
): Promise<StoredResponse> {
  const state: ClaimState = { held, completed: false };
  let response: StoredResponse;
  try {
    response = await work.run(
      handleFor(db, state, { input: NO_INPUT, owner: held.owner, lease: now }, now),
    );
  } catch (error) {
    if (isApiError(error) && error.statusCode < 500) {
      await complete(db, held, { status: error.statusCode, body: error.toBody() });
    } else {
      await endAfterFailure(db, held, now());
    }
    throw error;
  }
  if (!state.completed) await complete(db, held, response);
  return response;
}

/** A held claim's handle never inserts: no input needed. */
const NO_INPUT: IdempotencyInput = { playerId: '', scope: '', key: '', requestHash: '' };

/** What {@link executeDeferred} ended with. */
type DeferredOutcome =
  | { readonly answered: StoredResponse }
  /** The key exists already (another request's): answer as for any known key. */
  | { readonly known: true };

/**
 * Runs the work of a `claimWithTransaction` request without a claim: its `link` inserts it (see
 * {@link IdempotentWork.claimWithTransaction}).
 */
async function executeDeferred(
  db: Database,
  input: IdempotencyInput,
  work: IdempotentWork,
  now: () => Date,
  leaseEnd: () => Date,
): Promise<DeferredOutcome> {
  const owner = randomUUID();
  const state: ClaimState = { held: null, completed: false };
  let response: StoredResponse;
  try {
    response = await work.run(handleFor(db, state, { input, owner, lease: leaseEnd }, now));
  } catch (error) {
    if (error instanceof ClaimTakenError) return { known: true };
    if (isApiError(error) && error.statusCode < 500) {
      const answer = { status: error.statusCode, body: error.toBody() };
      if (!(await storeRefusal(db, input, owner, answer, now()))) return { known: true };
    } else if (state.held !== null) {
      await endAfterFailure(db, state.held, now());
    } else if (await keyExists(db, input)) {
      // A retry whose own checks failed before it wrote anything (the operator's wallet not
      // telling a payout's balance): the key's earlier request, which may have paid, answers.
      return { known: true };
    }
    throw error;
  }
  if (state.held === null) {
    // The work answered without creating a transaction: its answer is the key's, stored as a
    // completed claim (or, when another request has the key meanwhile, not this key's answer).
    if (!(await storeRefusal(db, input, owner, response, now()))) return { known: true };
  } else if (!state.completed) {
    await complete(db, state.held, response);
  }
  return { answered: response };
}

/**
 * Runs `work` once per (player, scope, key); see the module comment.
 *
 * @returns the response of `work`, or the answer for an earlier request with the same key
 *   (`replayed`).
 * @throws {ApiError} idempotencyConflict (1007, 422) when the key was used with another request;
 *   idempotencyInProgress (1011, 409) when the first request is still running after `waitMs`;
 *   whatever `work` throws (ApiErrors below 500 are also stored and replayed as responses).
 */
export async function runIdempotent(
  db: Database,
  input: IdempotencyInput,
  work: IdempotentWork,
  options: IdempotencyOptions = {},
): Promise<IdempotentResult> {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const leaseEnd = () => new Date(now().getTime() + leaseMs);
  const deadline = now().getTime() + (options.waitMs ?? leaseMs);
  let wait = options.pollMs ?? 20;
  const maxWait = options.maxPollMs ?? 250;

  if (work.claimWithTransaction === true) {
    const outcome = await executeDeferred(db, input, work, now, leaseEnd);
    if ('answered' in outcome) return { ...outcome.answered, replayed: false };
  }
  for (;;) {
    const held = await claim(db, input, leaseEnd());
    if (held !== null) return { ...(await execute(db, held, work, now)), replayed: false };

    const [row] = await db.select().from(idempotencyKeys).where(sameKey(input));
    if (row === undefined) continue; // the holder failed and released the key: claim again
    if (row.requestHash !== input.requestHash) {
      throw new ApiError('idempotencyConflict', {
        field: 'headers.idempotency-key',
        detail: `key reused in ${input.scope}`,
      });
    }
    const current = now();
    const leaseLive = row.completedAt === null && row.leaseUntil > current;
    if (!leaseLive && row.transactionId !== null && work.resume !== undefined) {
      return { ...(await work.resume(row.transactionId)), replayed: true };
    }
    if (row.completedAt !== null && row.responseStatus !== null) {
      return { status: row.responseStatus, body: row.responseBody, replayed: true };
    }
    if (!leaseLive && row.transactionId === null) {
      const taken = await takeOver(db, row.id, current, leaseEnd());
      if (taken !== null) return { ...(await execute(db, taken, work, now)), replayed: false };
      // Another retry took it over first: wait for that one like for any holder.
    }
    if (current.getTime() >= deadline) {
      throw new ApiError('idempotencyInProgress', {
        field: 'headers.idempotency-key',
        detail: `idempotent request ${input.scope} still running`,
      });
    }
    await sleep(wait);
    wait = Math.min(wait * 2, maxWait);
  }
}

/**
 * Deletes the claims whose holder's lease ended before they created anything (the holder died):
 * their keys are free again. Claims tied to a transaction are kept, so their retries resume it.
 *
 * @returns how many claims were released.
 */
export async function releaseAbandonedClaims(db: Executor, now: Date): Promise<number> {
  const released = await db
    .delete(idempotencyKeys)
    .where(
      and(
        isNull(idempotencyKeys.completedAt),
        isNull(idempotencyKeys.transactionId),
        lt(idempotencyKeys.leaseUntil, now),
      ),
    )
    .returning({ id: idempotencyKeys.id });
  return released.length;
}

/** Whether a key of a player and scope is tied to a transaction (tests and audits). */
export async function claimedTransaction(
  db: Executor,
  input: Pick<IdempotencyInput, 'playerId' | 'scope' | 'key'>,
): Promise<string | null> {
  const [row] = await db
    .select({ transactionId: idempotencyKeys.transactionId })
    .from(idempotencyKeys)
    .where(and(sameKey(input), isNotNull(idempotencyKeys.transactionId)));
  return row?.transactionId ?? null;
}
