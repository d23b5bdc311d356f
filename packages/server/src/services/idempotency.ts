/**
 * Idempotency-Key handling of submit and upload (issue 3 "Idempotency", ARCHITECTURE.md "a submit
 * is never sent twice").
 *
 * Design: the key is claimed before any work, by a single-statement
 * `INSERT … ON CONFLICT DO NOTHING` on UNIQUE (player_id, scope, key). Exactly one caller gets the
 * row back and runs the work; it then stores the response on the row. Every other caller with the
 * same key reads the row: another request hash answers 422 (1007); a stored response is replayed;
 * a claim still in progress is polled until it completes.
 *
 * Why not one transaction around claim and work: PGlite has a single connection, so a transaction
 * held open while a provider is called would stall every other request, and on PostgreSQL it would
 * hold a connection for the length of the provider call. The claim commits at once on both.
 *
 * Failures: an {@link ApiError} below 500 is the answer to that request and is stored like a
 * success (the repeat gets the same error). Anything else releases the claim (the row is deleted)
 * so the client may retry with the same key, and is rethrown.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/open';
import { idempotencyKeys } from '../db/schema';
import { ApiError, isApiError } from '../http/api-error';

/** Identifies one idempotent request. */
export interface IdempotencyInput {
  readonly playerId: string;
  /** The operation, e.g. `deposit-submit:12` (keys are unique per player and scope). */
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
  /** True when this is the stored response of an earlier request with the same key. */
  readonly replayed: boolean;
}

/** Polling of a claim in progress. */
export interface IdempotencyOptions {
  /** First wait between polls (default 20 ms); doubles up to {@link maxPollMs}. */
  readonly pollMs?: number;
  /** Longest wait between polls (default 250 ms). */
  readonly maxPollMs?: number;
  /** Give up waiting for the first request after this long (default 30 s). */
  readonly timeoutMs?: number;
}

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

function sameKey(input: IdempotencyInput) {
  return and(
    eq(idempotencyKeys.playerId, input.playerId),
    eq(idempotencyKeys.scope, input.scope),
    eq(idempotencyKeys.key, input.key),
  );
}

async function claim(db: Database, input: IdempotencyInput): Promise<number | null> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({
      playerId: input.playerId,
      scope: input.scope,
      key: input.key,
      sessionId: input.sessionId ?? null,
      requestHash: input.requestHash,
    })
    .onConflictDoNothing({
      target: [idempotencyKeys.playerId, idempotencyKeys.scope, idempotencyKeys.key],
    })
    .returning({ id: idempotencyKeys.id });
  return row?.id ?? null;
}

async function complete(db: Database, id: number, response: StoredResponse): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: response.body, completedAt: new Date() })
    .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.completedAt)));
}

/**
 * Runs `work` once per (player, scope, key).
 *
 * @returns the response of `work`, or the stored response of the first request (`replayed`).
 * @throws {ApiError} idempotencyConflict (1007, 422) when the key was used with another request;
 * whatever `work` throws (ApiErrors below 500 are also stored and replayed as responses);
 * internal when the first request does not finish within `timeoutMs`.
 */
export async function runIdempotent(
  db: Database,
  input: IdempotencyInput,
  work: () => Promise<StoredResponse>,
  options: IdempotencyOptions = {},
): Promise<IdempotentResult> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let wait = options.pollMs ?? 20;
  const maxWait = options.maxPollMs ?? 250;
  for (;;) {
    const claimed = await claim(db, input);
    if (claimed !== null) return { ...(await runClaimed(db, claimed, work)), replayed: false };

    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(sameKey(input));
      if (row === undefined) break; // the first request failed and released the key: claim again
      if (row.requestHash !== input.requestHash) {
        throw new ApiError('idempotencyConflict', {
          field: 'Idempotency-Key',
          detail: `key reused in ${input.scope}`,
        });
      }
      if (row.completedAt !== null && row.responseStatus !== null) {
        return { status: row.responseStatus, body: row.responseBody, replayed: true };
      }
      if (Date.now() >= deadline) {
        throw new ApiError('idempotencyInProgress', {
          field: 'Idempotency-Key',
          detail: `idempotent request ${input.scope} still running after the timeout`,
        });
      }
      await sleep(wait);
      wait = Math.min(wait * 2, maxWait);
    }
  }
}

async function runClaimed(
  db: Database,
  id: number,
  work: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  let response: StoredResponse;
  try {
    response = await work();
  } catch (error) {
    if (isApiError(error) && error.statusCode < 500) {
      await complete(db, id, { status: error.statusCode, body: error.toBody() });
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    }
    throw error;
  }
  await complete(db, id, response);
  return response;
}
