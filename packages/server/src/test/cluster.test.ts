/**
 * One process per core: `main.ts` with WORKERS=2 on one PostgreSQL database runs two
 * server processes on one port (cluster.ts). Connections are handed to the workers in turn, so
 * every new connection of the test may land on either; which worker served a call is read from
 * its log line (`pid` and the `x-request-id` the test sent).
 *
 * - both workers serve, and a deposit made on one is in the balance the other shows;
 * - a worker killed with SIGKILL is replaced, and the port keeps answering;
 * - SIGTERM to the primary stops every worker, and it exits 0;
 * - a worker that cannot start (the port is taken) stops the primary with exit code 1.
 *
 * Real processes on real time: waits poll with a bound and assert no duration. Needs PostgreSQL
 * (TEST_DATABASE_URL, see harness.ts): more than one worker is refused on PGlite (config/operations.test.ts).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { isRecord } from '../platform/is-record';
import { CASHIER, cardDepositBody, payGroupId } from './api-calls';
import { createPostgresDatabase, postgresAdminUrl } from './harness';
import { moneyViolations, sandboxActivity } from './money-invariants';
import { isAlive, startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

/** Polls at most this many times, POLL_MS apart (a bound, not a timing assertion). */
const POLLS = 150;
const POLL_MS = 200;

interface Reply {
  readonly status: number;
  readonly body: unknown;
  /** The process that served it (from its log line). */
  readonly pid: number;
}

let server: ServerProcess | undefined;
let db: Database | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  server = await startServerProcess({
    env: {
      DATABASE_URL: database.url,
      CASHDESK_MODE: 'sandbox',
      WORKERS: '2',
      // Info: every request's completion line names its process and request id.
      LOG_LEVEL: 'info',
    },
    startTimeoutMs: 60_000,
  });
  const opened = await openDatabase({ url: database.url, poolSize: 2, migrate: false });
  cleanups.push(() => opened.close());
  db = opened.db;
}, 90_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function running(): ServerProcess {
  if (server === undefined) throw new Error('no server: PostgreSQL missing or beforeAll failed');
  return server;
}

/** The workers the primary named in its banner: `processes: 2 (123, 456)`. */
function bannerPids(output: string): number[] {
  const match = /processes: \d+ \(([\d, ]+)\)/.exec(output);
  if (match?.[1] === undefined) throw new Error(`no processes line in:\n${output}`);
  return match[1].split(', ').map(Number);
}

/** The pid in the log line of the request `requestId`, once that line is written. */
async function servedBy(target: ServerProcess, requestId: string): Promise<number> {
  for (let poll = 0; poll < POLLS; poll += 1) {
    const line = target
      .allOutput()
      .split('\n')
      .find((candidate) => candidate.includes(`"reqId":"${requestId}"`));
    const pid = line === undefined ? undefined : /"pid":(\d+)/.exec(line)?.[1];
    if (pid !== undefined) return Number(pid);
    await sleep(POLL_MS);
  }
  throw new Error(`no log line for request ${requestId}`);
}

/** One call on a connection of its own (so the primary hands it to the next worker). */
async function call(
  method: 'GET' | 'POST',
  path: string,
  headers: Readonly<Record<string, string>> = {},
  body?: unknown,
): Promise<Reply> {
  const target = running();
  const requestId = randomUUID();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = http.request(
      `${target.baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          'x-request-id': requestId,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => {
          resolve({ status: incoming.statusCode ?? 0, text });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
  const parsed: unknown = answer.text === '' ? null : JSON.parse(answer.text);
  return { status: answer.status, body: parsed, pid: await servedBy(target, requestId) };
}

async function depositSession(player: string): Promise<string> {
  const reply = await call(
    'POST',
    '/sandbox/sessions',
    {},
    {
      player,
      flow: 'deposit',
      currency: 'EUR',
    },
  );
  expect(reply.status).toBe(201);
  if (!isRecord(reply.body) || typeof reply.body.session_id !== 'string') {
    throw new Error(`no session: ${JSON.stringify(reply.body)}`);
  }
  return reply.body.session_id;
}

function balanceOf(reply: Reply): string {
  if (!isRecord(reply.body) || typeof reply.body.user_balance !== 'string') {
    throw new Error(`no balance: ${JSON.stringify(reply.body)}`);
  }
  return reply.body.user_balance;
}

/** Starting a worker under a loaded machine takes seconds; a bound, not a figure checked. */
const TEST_TIMEOUT_MS = 120_000;

describe.runIf(ADMIN_URL !== undefined)(
  'WORKERS=2 runs two server processes on one port (needs TEST_DATABASE_URL)',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    it('both workers serve; a deposit made through one is the balance the other shows', async () => {
      const target = running();
      const workers = bannerPids(target.output());
      expect(workers).toHaveLength(2);
      expect(workers).not.toContain(target.pid);

      const sessionId = await depositSession('cluster-player');
      const session = { 'x-session-id': sessionId };
      const before = await call('GET', `${CASHIER}/payments/groups/init`, session);
      expect(before.status).toBe(200);
      if (db === undefined) throw new Error('no database');
      const card = await payGroupId({ db }, 'card', 'deposit');
      const submit = await call(
        'POST',
        `${CASHIER}/payments/groups/${String(card)}/submit`,
        { ...session, 'idempotency-key': randomUUID() },
        cardDepositBody('25.00'),
      );
      expect(submit.status).toBe(200);

      // Six inits on six connections: both workers answer, each with the new balance.
      const inits = [];
      for (let index = 0; index < 6; index += 1) {
        inits.push(await call('GET', `${CASHIER}/payments/groups/init`, session));
      }
      expect(new Set(inits.map((reply) => reply.pid))).toEqual(new Set(workers));
      const expected = (Number(balanceOf(before)) + 25).toFixed(2);
      expect(inits.map((reply) => Number(balanceOf(reply)).toFixed(2))).toEqual(
        inits.map(() => expected),
      );
      expect(await moneyViolations(db, await sandboxActivity(db))).toEqual([]);
    });

    it('a worker killed with SIGKILL is replaced, and the port keeps answering', async () => {
      const target = running();
      const [victim, survivor] = bannerPids(target.output());
      if (victim === undefined || survivor === undefined) throw new Error('two workers expected');
      process.kill(victim, 'SIGKILL');
      await target.waitForOutput(`server process ${String(victim)} ended`);
      let replacement: number | undefined;
      for (let poll = 0; poll < POLLS && replacement === undefined; poll += 1) {
        const match = /server process (\d+) listening/.exec(target.allOutput());
        replacement = match?.[1] === undefined ? undefined : Number(match[1]);
        if (replacement === undefined) await sleep(POLL_MS);
      }
      if (replacement === undefined) throw new Error(`no replacement:\n${target.output()}`);
      expect([victim, survivor]).not.toContain(replacement);

      const replies = [];
      for (let index = 0; index < 6; index += 1) replies.push(await call('GET', '/healthz'));
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
      expect(new Set(replies.map((reply) => reply.pid))).toEqual(new Set([survivor, replacement]));
    });

    it('SIGTERM to the primary stops every worker and exits 0', async () => {
      const target = running();
      const workers = [...target.allOutput().matchAll(/server process (\d+) listening/g)]
        .map((match) => Number(match[1]))
        .concat(bannerPids(target.output()));
      await target.kill('SIGTERM');
      expect(await target.exitCode).toBe(0);
      for (let poll = 0; poll < POLLS && workers.some(isAlive); poll += 1) await sleep(POLL_MS);
      expect(workers.filter(isAlive)).toEqual([]);
    });

    it('a worker that cannot listen (the port is taken) stops the primary with exit code 1', async () => {
      if (ADMIN_URL === undefined) throw new Error('no PostgreSQL');
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const address = blocker.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const { port } = address;
      const database = await createPostgresDatabase(ADMIN_URL);
      try {
        const started = startServerProcess({
          env: { DATABASE_URL: database.url, CASHDESK_MODE: 'sandbox', WORKERS: '2' },
          port,
          startTimeoutMs: 60_000,
        });
        await expect(started).rejects.toThrow(
          /exited \(1\) before listening[\s\S]*failed to start/,
        );
      } finally {
        blocker.close();
        await database.drop();
      }
    });
  },
);
