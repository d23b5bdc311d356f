/**
 * Leased Idempotency-Key claims tied to the
 * transaction they created, on a real database, with the clock the claims are read with injected
 * (no waiting for a lease to run out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/open';
import { idempotencyKeys, payGroups, players, transactions } from '../db/schema';
import { isApiError } from '../http/api-error';
import {
  claimedTransaction,
  hashRequest,
  releaseAbandonedClaims,
  runIdempotent,
} from '../http/idempotency';
import type { IdempotencyInput } from '../http/idempotency';
import { createTransaction } from '../modules/payments/transaction-repository';
import { createTestDatabase } from './harness';
import type { TestDatabase } from './harness';

const LEASE_MS = 30_000;
const T0 = new Date('2031-03-01T10:00:00.000Z');

let database: TestDatabase;
let db: Database;
let playerId: string;
let cardGroup: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [player] = await db
    .insert(players)
    .values({ brandId: 'brand0', externalId: 'claims-player' })
    .returning({ id: players.id });
  const [group] = await db
    .select({ id: payGroups.id })
    .from(payGroups)
    .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.shortName, 'card')));
  if (player === undefined || group === undefined) throw new Error('fixtures missing');
  playerId = player.id;
  cardGroup = group.id;
});

afterAll(async () => {
  await database.close();
});

function input(key: string): IdempotencyInput {
  return { playerId, scope: 'depositSubmit', key, requestHash: hashRequest({ key }) };
}

function at(ms: number) {
  return { now: () => new Date(T0.getTime() + ms), leaseMs: LEASE_MS, pollMs: 1, maxPollMs: 1 };
}

/** A card deposit of the player (in `executor`, default the database). */
async function newTransaction(amount = '10', executor: Executor = db): Promise<string> {
  const row = await createTransaction(executor, {
    playerId,
    brandId: 'brand0',
    sessionId: null,
    payGroupId: cardGroup,
    flow: 'deposit',
    amount,
    currency: 'EUR',
    providerKind: 'card',
  });
  return row.id;
}

/** A claim as a holder that died left it: its owner token, lease and transaction. */
async function deadClaim(key: string, leaseUntil: Date, transactionId: string | null) {
  await db.insert(idempotencyKeys).values({
    ...input(key),
    owner: 'a-process-that-was-killed',
    leaseUntil,
    transactionId,
  });
}

async function errorCodeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return isApiError(error) ? error.definition.code : 'not an ApiError';
  }
}

describe('leased claims tied to their transaction', () => {
  it('finding 3: a killed holder’s key answers 1011 only while its lease runs; then the retry gets the transaction it created', async () => {
    const key = randomUUID();
    const transactionId = await newTransaction();
    await deadClaim(key, new Date(T0.getTime() + LEASE_MS), transactionId);
    const resumed: string[] = [];
    const work = {
      run: () => Promise.reject(new Error('a retry must never run the payment again')),
      resume: (id: string) => {
        resumed.push(id);
        return Promise.resolve({ status: 200, body: { transaction_id: id } });
      },
    };
    // While the lease runs, a retry waits for the holder and then says "retry shortly".
    expect(await errorCodeOf(runIdempotent(db, input(key), work, { ...at(0), waitMs: 0 }))).toBe(
      '1011',
    );
    const after = await runIdempotent(db, input(key), work, at(LEASE_MS + 1));
    expect(after).toEqual({ status: 200, body: { transaction_id: transactionId }, replayed: true });
    expect(resumed).toEqual([transactionId]);
  });

  it('a killed holder that created nothing is taken over once its lease ended, and its work runs once for concurrent retries', async () => {
    const key = randomUUID();
    await deadClaim(key, new Date(T0.getTime() - 1), null);
    let runs = 0;
    const work = {
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return { status: 200, body: { run: runs } };
      },
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => runIdempotent(db, input(key), work, at(0))),
    );
    expect(runs).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(answers.every((answer) => JSON.stringify(answer.body) === '{"run":1}')).toBe(true);
  });

  it('a holder whose lease ran out cannot tie a transaction to the key once a retry took it over: its payment rolls back', async () => {
    const key = randomUUID();
    let takenOver = false;
    let holding: () => void = () => undefined;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const slowHolder = runIdempotent(
      db,
      input(key),
      {
        run: async (claim) => {
          holding();
          // The holder is slow: meanwhile its lease ends and a retry takes the claim over.
          while (!takenOver) await new Promise((resolve) => setImmediate(resolve));
          return db.transaction(async (tx) => {
            const id = await newTransaction('11', tx);
            await claim.link(tx, id);
            return { status: 200, body: { transaction_id: id } };
          });
        },
      },
      at(0),
    );
    // The retry comes once the holder holds the claim (on PostgreSQL both could race for it).
    await holds;
    const retry = runIdempotent(
      db,
      input(key),
      {
        run: () => {
          takenOver = true;
          return Promise.resolve({ status: 200, body: { by: 'retry' } });
        },
      },
      at(LEASE_MS + 1),
    );
    expect(await retry).toEqual({ status: 200, body: { by: 'retry' }, replayed: false });
    expect(await errorCodeOf(slowHolder)).toBe('1011');
    const elevens = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.playerId, playerId), eq(transactions.amount, '11')));
    expect(elevens).toEqual([]);
  });

  it('an unexpected failure after the transaction was created keeps the key tied to it, and the retry resumes it at once', async () => {
    const key = randomUUID();
    let created = '';
    const first = runIdempotent(
      db,
      input(key),
      {
        run: async (claim) => {
          created = await db.transaction(async (tx) => {
            const id = await newTransaction('12', tx);
            await claim.link(tx, id);
            return id;
          });
          throw new Error('the database connection dropped after the commit');
        },
      },
      at(0),
    );
    await expect(first).rejects.toThrow('dropped');
    expect(await claimedTransaction(db, input(key))).toBe(created);
    const retry = await runIdempotent(
      db,
      input(key),
      {
        run: () => Promise.reject(new Error('must not run again')),
        resume: (id) => Promise.resolve({ status: 200, body: { resumed: id } }),
      },
      at(1),
    );
    expect(retry.body).toEqual({ resumed: created });
  });

  it('the reconciler releases the claims of killed holders that created nothing, and keeps the ones tied to a transaction', async () => {
    const free = randomUUID();
    const tied = randomUUID();
    const live = randomUUID();
    await deadClaim(free, new Date(T0.getTime() - 5), null);
    await deadClaim(tied, new Date(T0.getTime() - 5), await newTransaction());
    await deadClaim(live, new Date(T0.getTime() + 5), null);
    await releaseAbandonedClaims(db, T0);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.playerId, playerId));
    const left = new Set(keys.map((row) => row.key));
    expect([left.has(free), left.has(tied), left.has(live)]).toEqual([false, true, true]);
  });
});
