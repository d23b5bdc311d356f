/**
 * A crash between the attempts of a cascade. A server process (`src/main.ts`) on a fresh
 * PostgreSQL database routes brand0's card deposits to psp-a, then psp-b (two PSP simulator
 * processes, the provider protocol over HTTP). psp-a soft-declines, the payment moves to psp-b,
 * and while psp-b holds the call without processing it the process is killed with SIGKILL and
 * started again on the same port. Then:
 * - the player's retry of the same request (same Idempotency-Key, same card) is charged once, at
 *   psp-b, never sent back to psp-a;
 * - a payment nobody retries is looked up at psp-b by the reconciler and failed as never
 *   received once the grace has passed: nothing charged anywhere.
 * After both, the money invariants hold and no payment is charged twice across the simulators.
 *
 * Real processes on real time: the test polls with a deadline for giving up and asserts no
 * duration. It needs PostgreSQL (TEST_DATABASE_URL, see harness.ts); without it, it is skipped.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { brands, players, transactions } from '../db/schema';
import { callJson, cardDepositBody, payGroupId } from './api-calls';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { startServerProcess } from './server-process';
import { cardDepositsPayThrough, cardsToPspAThenB, twoConnectorEnv } from './two-connectors';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

/** psp-b's hang must outlast the moment the test kills the process. */
const TIMINGS = {
  PROVIDER_TIMEOUT_MS: '5000',
  PAYMENT_LEASE_MS: '6000',
  RECONCILE_INTERVAL_MS: '300',
  // Longer than the lease: the player's retry after the restart comes before the grace ends.
  LOOKUP_GRACE_MS: '12000',
  // The player's retry is polled until the lease has ended: more money calls than a session's
  // default budget in a window (the limit has tests of its own).
  MONEY_CALLS_PER_SESSION: '10000',
} as const;
/**
 * Give up waiting after this long (no assertion on how long anything took); each test may take
 * the restart (the server's build is made once per run, by the first) and this.
 */
const DEADLINE_MS = 45_000;
const POLL_MS = 100;

const RULE = cardsToPspAThenB(true);

let pspA: SimulatorProcess;
let pspB: SimulatorProcess;
let db: Database;
let env: Record<string, string>;
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  [pspA, pspB] = await Promise.all([startSimulatorProcess(), startSimulatorProcess()]);
  cleanups.push(
    () => pspA.stop(),
    () => pspB.stop(),
  );
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-routing-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CASHDESK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    ...twoConnectorEnv(pspA, pspB),
    ...TIMINGS,
  };
  started.push(await startServerProcess({ env }));
  const opened = await openDatabase({ url: database.url, poolSize: 2 });
  cleanups.push(() => opened.close());
  db = opened.db;
  // The rule and the pay group's connector, written as a configuration write would: with the
  // version bumped, so every process's brand cache reads them afresh.
  await db.transaction(async (tx) => {
    await cardDepositsPayThrough(tx, 'psp-a');
    await tx
      .update(brands)
      .set({ routingRules: [RULE], configVersion: sql`${brands.configVersion} + 1` })
      .where(eq(brands.id, 'brand0'));
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGKILL')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls `read` until `done` holds of its value, or fails after the deadline. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const giveUp = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > giveUp) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await sleep(POLL_MS);
  }
}

/** The deposit of a player (each player of this test makes one). */
async function depositOf(playerName: string) {
  const [row] = await db
    .select({ id: transactions.id, status: transactions.status, connector: transactions.connector })
    .from(transactions)
    .innerJoin(players, eq(players.id, transactions.playerId))
    .where(and(eq(players.externalId, playerName), eq(transactions.flow, 'deposit')));
  return row;
}

/** Which simulators charged a payment. */
async function chargedAt(id: string): Promise<string[]> {
  const [a, b] = await Promise.all([pspA.activity(), pspB.activity()]);
  const at = (activity: typeof a) =>
    activity.transactions.some(
      (entry) => entry.transactionId === id && entry.status.status === 'approved',
    );
  return [...(at(a) ? ['psp-a'] : []), ...(at(b) ? ['psp-b'] : [])];
}

/**
 * Sends a card deposit of a new player whose first attempt psp-a soft-declines and whose second
 * psp-b holds without processing, and kills the process once the payment moved to psp-b. Answers
 * what the retry needs, and the server process started again on the same port.
 */
async function depositCutByACrash() {
  const live = started.at(-1);
  if (live === undefined) throw new Error('no server process');
  const player = `crash-${randomUUID().slice(0, 8)}`;
  const sessionId = await createTestSession(live, { player, flow: 'deposit', currency: 'EUR' });
  const submit = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId({ db }, 'card', 'deposit')),
  });
  const key = randomUUID();
  await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
  await pspB.fault({ operation: 'authorizeDeposit', mode: 'hang-before' });
  // The request dies with the process: its outcome is not awaited as an answer.
  const inFlight = callJson(live, 'POST', submit, sessionId, cardDepositBody('50'), {
    'idempotency-key': key,
  }).catch(() => null);
  const moved = await until(
    () => depositOf(player),
    (row) => row?.connector === 'psp-b',
  );
  await live.kill('SIGKILL');
  await inFlight;
  const restarted = await startServerProcess({ env, port: live.port });
  started.push(restarted);
  if (moved === undefined) throw new Error('no deposit');
  return { id: moved.id, player, sessionId, submit, key, server: restarted };
}

describe.skipIf(ADMIN_URL === undefined)(
  'a crash between the attempts of a cascade (needs TEST_DATABASE_URL: npm run test:postgres)',
  () => {
    it(
      "the player's retry after the restart is charged once, at psp-b",
      { timeout: 120_000 },
      async () => {
        const cut = await depositCutByACrash();
        // The retry after the lease of the killed request ended: the same request, the same card.
        const retried = await until(
          () =>
            callJson(cut.server, 'POST', cut.submit, cut.sessionId, cardDepositBody('50'), {
              'idempotency-key': cut.key,
            }),
          (answer) => answer.body.transaction_status === 'success',
        );
        expect(retried.body.transaction_id).toBe(cut.id);
        expect(await chargedAt(cut.id)).toEqual(['psp-b']);
        const [row] = await db.select().from(transactions).where(eq(transactions.id, cut.id));
        expect(row).toMatchObject({ status: 'success', connector: 'psp-b' });
      },
    );

    it(
      'a payment nobody retries is looked up at psp-b and fails as never received, nothing charged',
      { timeout: 120_000 },
      async () => {
        const cut = await depositCutByACrash();
        const settled = await until(
          () => depositOf(cut.player),
          (row) => row?.status === 'error',
        );
        expect(settled).toMatchObject({ id: cut.id, connector: 'psp-b' });
        expect(await chargedAt(cut.id)).toEqual([]);
        expect(await ledgerViolations(db)).toEqual([]);
        expect(await reservationViolations(db)).toEqual([]);
      },
    );
  },
);
