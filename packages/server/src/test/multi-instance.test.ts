/**
 * Two server processes (`src/main.ts`, sandbox mode, the in-process sandbox provider)
 * on one fresh PostgreSQL database, behind a round-robin proxy in the test process
 * (round-robin-proxy.ts: each request to the next process in turn). Every step of a flow that an
 * operator's trial found broken runs on the other process than the step before it:
 * - a 3-D Secure deposit: authorised on one process, its challenge page (with the card's last
 *   four digits) served by the other, answered on the first, its status read on the other;
 * - a processing deposit with "save card": submitted on one process, settled by whichever
 *   process polls or reconciles first, the card listed in the saved cards by the other, then a
 *   withdrawal to that card;
 * - a payout account verified by one-time code: the code sent by one process, read from
 *   GET /sandbox/otp/latest on the other and confirmed there.
 * Afterwards the money invariants hold (money-invariants.ts), with the sandbox's activity read
 * from the database it shares with both processes.
 *
 * Real processes on real time: waits poll with a deadline and assert no duration. Needs
 * PostgreSQL (TEST_DATABASE_URL, see harness.ts); without it, it is skipped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { payoutAccounts, players, savedCards, transactions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import {
  ACCOUNTS,
  payGroupId,
  text,
  withIdempotencyKey,
  withdrawalSession,
  cardDepositBody,
} from './api-calls';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { moneyViolations, sandboxActivity, unresolvedTransactions } from './money-invariants';
import { BACKEND_HEADER, startRoundRobinProxy } from './round-robin-proxy';
import type { RoundRobinProxy } from './round-robin-proxy';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

/** Sandbox test cards (providers/sandbox/README.md). */
const CHALLENGE_CARD = '4000000000000507';
const PROCESSING_CARD = '4000000000000606';

/** Give up waiting for a state after this long (no assertion on how long it took). */
const DEADLINE_MS = 30_000;
const POLL_MS = 200;

/** What beforeAll made. */
interface Rig {
  readonly proxy: RoundRobinProxy;
  readonly servers: readonly [ServerProcess, ServerProcess];
  readonly db: Database;
}

let rig: Rig | undefined;
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const proxy = await startRoundRobinProxy();
  cleanups.push(() => proxy.close());
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-instances-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CASHDESK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    // The players and the sandbox's pages see the proxy's address, as behind a load balancer.
    PUBLIC_URL: proxy.url,
    // Both reconcilers look at waiting payments often, racing the players' own polls.
    RECONCILE_INTERVAL_MS: '500',
  };
  const servers = await Promise.all(
    [0, 1].map(async () => {
      const server = await startServerProcess({ env });
      started.push(server);
      return server;
    }),
  );
  const [first, second] = servers;
  if (first === undefined || second === undefined) throw new Error('two servers expected');
  proxy.setBackends([first.baseUrl, second.baseUrl]);
  const opened = await openDatabase({ url: database.url, poolSize: 2 });
  cleanups.push(() => opened.close());
  rig = { proxy, servers: [first, second], db: opened.db };
}, 90_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGTERM')));
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => errors.push(error));
  }
  if (errors.length > 0) throw new AggregateError(errors, 'multi-instance clean-up failed');
});

function theRig(): Rig {
  if (rig === undefined) throw new Error('no rig: PostgreSQL missing or beforeAll failed');
  return rig;
}

/** An answer through the proxy, with the process (0 or 1) that gave it. */
interface Reply {
  readonly status: number;
  readonly backend: number;
  readonly headers: Headers;
  readonly text: string;
}

/** A request through the proxy; redirects are not followed. */
async function send(
  method: 'GET' | 'POST' | 'DELETE',
  address: string,
  options: {
    readonly session?: string;
    readonly json?: unknown;
    readonly form?: Readonly<Record<string, string>>;
  } = {},
): Promise<Reply> {
  const { proxy } = theRig();
  const url = new URL(address, proxy.url);
  const headers: Record<string, string> = {};
  if (options.session !== undefined) headers['x-session-id'] = options.session;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${proxy.url}${url.pathname}${url.search}`, {
    method,
    headers: withIdempotencyKey(url.pathname, headers),
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  return {
    status: response.status,
    backend: Number(response.headers.get(BACKEND_HEADER)),
    headers: response.headers,
    text: await response.text(),
  };
}

/**
 * The request sent to process `backend`: the proxy alternates per request, so when the other
 * process is next, a health check goes there first.
 */
async function on(
  backend: number,
  ...args: Parameters<typeof send>
): Promise<Reply & { readonly json: Record<string, unknown> }> {
  if (theRig().proxy.next() !== backend) await send('GET', '/healthz');
  const reply = await send(...args);
  expect(reply.backend, `${args[0]} ${args[1]} answered by process ${String(reply.backend)}`).toBe(
    backend,
  );
  const isJson = reply.headers.get('content-type')?.includes('application/json') === true;
  const parsed: unknown = isJson ? JSON.parse(reply.text) : {};
  return { ...reply, json: isRecord(parsed) ? parsed : {} };
}

/** The other process. */
function other(backend: number): number {
  return backend === 0 ? 1 : 0;
}

/** Polls `read` through the proxy (both processes in turn) until `done`, or fails at the deadline. */
async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(POLL_MS);
  }
}

async function playerIdOf(name: string): Promise<string> {
  const [row] = await theRig()
    .db.select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error(`no player ${name}`);
  return row.id;
}

async function depositPath(): Promise<string> {
  const id = await payGroupId(theRig(), 'card', 'deposit');
  return buildPath(ENDPOINTS.depositSubmit, { payGroupId: String(id) });
}

function statusPath(transactionId: string): string {
  return buildPath(ENDPOINTS.altStatus, { transactionId });
}

describe.runIf(ADMIN_URL !== undefined)(
  'two server processes on PostgreSQL behind a round-robin proxy (needs TEST_DATABASE_URL: npm run test:postgres)',
  () => {
    it('a 3-D Secure deposit: the challenge page of the other process shows the card, and passing it settles the payment', async () => {
      const { proxy, db } = theRig();
      const session = await createTestSession({ baseUrl: proxy.url }, { player: 'mi-3ds' });
      const submitted = await on(0, 'POST', await depositPath(), {
        session,
        json: cardDepositBody('40', CHALLENGE_CARD, false),
      });
      expect(submitted.status).toBe(200);
      expect(submitted.json).toMatchObject({ step: 'redirect', transaction_status: 'await' });
      const transactionId = text(submitted.json.transaction_id);
      const redirect = submitted.json.redirect_data;
      if (!isRecord(redirect)) throw new Error('no redirect_data');
      const challengeUrl = text(redirect.url);
      expect(challengeUrl.startsWith(`${proxy.url}/sandbox/3ds/sbx.d.challenge.`)).toBe(true);

      const page = await on(1, 'GET', challengeUrl);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<dd>•••• 0507</dd>');
      expect(page.text).not.toContain(CHALLENGE_CARD);
      const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
      if (action === undefined) throw new Error('no form on the challenge page');

      const answered = await on(0, 'POST', action, { form: { result: 'pass' } });
      expect(answered.status).toBe(303);
      const location = new URL(answered.headers.get('location') ?? '');
      expect(location.searchParams.get('transaction_id')).toBe(transactionId);
      expect(location.searchParams.get('status')).toBe('success');

      const status = await on(1, 'GET', statusPath(transactionId), { session });
      expect(status.json).toMatchObject({ transaction_status: 'success', terminal: true });
      const [row] = await db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, transactionId));
      expect(row?.status).toBe('success');
    });

    it('a processing deposit with "save card": the card is saved once, listed by the other process, and pays out', async () => {
      const { proxy, db } = theRig();
      const session = await createTestSession({ baseUrl: proxy.url }, { player: 'mi-save' });
      const submitted = await on(0, 'POST', await depositPath(), {
        session,
        json: cardDepositBody('60', PROCESSING_CARD, true),
      });
      expect(submitted.json).toMatchObject({ transaction_status: 'processing' });
      const transactionId = text(submitted.json.transaction_id);

      // The player's poll goes to either process in turn; the reconcilers of both race it.
      const settled = await waitFor(
        `deposit ${transactionId}`,
        () => send('GET', statusPath(transactionId), { session }),
        (reply) => reply.text.includes('"terminal":true'),
      );
      expect(settled.text).toContain('"transaction_status":"success"');

      const cards = await on(other(settled.backend), 'GET', ENDPOINTS.userCardsList.path, {
        session,
      });
      expect(cards.status).toBe(200);
      const listed = cards.json.cards;
      expect(listed).toEqual([
        expect.objectContaining({ last4: '0606', bin: '400000', card_type: 'visa' }),
      ]);
      const playerId = await playerIdOf('mi-save');
      const saved = await db.select().from(savedCards).where(eq(savedCards.playerId, playerId));
      expect(saved).toHaveLength(1);
      const cardId = saved[0]?.id ?? '';

      // A withdrawal to the card saved above, on the process that did not list it.
      const payoutSession = await createTestSession(
        { baseUrl: proxy.url },
        { player: 'mi-save', flow: 'withdrawal' },
      );
      const payoutGroup = await payGroupId(theRig(), 'card_payout');
      const payout = await on(
        other(cards.backend),
        'POST',
        buildPath(ENDPOINTS.payoutSubmit, { payGroupId: String(payoutGroup) }),
        {
          session: payoutSession,
          json: { amount: '20', currency: 'EUR', card_data: { card_id: cardId } },
        },
      );
      expect(payout.status).toBe(200);
      expect(payout.json).toMatchObject({ transaction_status: 'success' });
    });

    it('a payout account verification: the code sent by one process is read and confirmed on the other', async () => {
      const { proxy, db } = theRig();
      const session = await withdrawalSession({ baseUrl: proxy.url, db }, 'mi-otp', {
        phone: '+4915711122233',
      });
      const created = await on(0, 'POST', `${ACCOUNTS}/requisite/create`, {
        session,
        json: {
          pay_group_id: await payGroupId(theRig(), 'ewallet_payout', 'withdrawal'),
          requisite_type: '2',
          value: '+4917012345678',
        },
      });
      expect(created.status).toBe(200);
      const requisiteId = text(created.json.requisite_id);

      const sent = await on(0, 'POST', `${ACCOUNTS}/otp/send`, {
        session,
        json: { contact_type: 'email', requisite_id: requisiteId },
      });
      expect(sent.status).toBe(200);
      const latest = await on(1, 'GET', ENDPOINTS.sandboxLatestOtp.path, { session });
      expect(latest.status).toBe(200);
      expect(latest.json).toMatchObject({ requisite_id: requisiteId, contact_type: 'email' });
      const code = text(latest.json.otp);

      const verified = await on(1, 'POST', `${ACCOUNTS}/otp/verify`, {
        session,
        json: { otp: code, requisite_id: requisiteId },
      });
      expect(verified.json).toEqual({ verified: true, attempts_left: 2 });
      const [account] = await db
        .select({ verified: payoutAccounts.verified })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.id, requisiteId));
      expect(account?.verified).toBe(true);
    });

    it('afterwards no transaction is left in between and the money invariants hold', async () => {
      const { db } = theRig();
      await waitFor(
        'open transactions',
        () => unresolvedTransactions(db),
        (open) => open.length === 0,
      );
      const activity = await sandboxActivity(db);
      // Every deposit and payout of the flows reached the sandbox once each.
      expect(activity.transactions.map((entry) => entry.calls)).toEqual(
        activity.transactions.map(() => 1),
      );
      expect(activity.transactions.length).toBeGreaterThanOrEqual(3);
      expect(await moneyViolations(db, activity)).toEqual([]);
    });
  },
);
