/**
 * What several hosts share (docs/scaling.md): four server processes (`src/main.ts`, built once
 * per run) on one PostgreSQL database, each with a DATA_DIR of its own, all keeping uploaded
 * documents in one bucket of an S3-compatible storage (s3rver in the test process). Two count
 * their rate limits in the database, two in one Redis (a real redis-server started here,
 * test/redis-server.ts). A client that alternates between the two processes of a pair gets one
 * limit, not two, with exact counts; a receipt uploaded through one process pays a bank transfer
 * submitted through the other and is downloaded, byte for byte, through the other's operator API.
 *
 * Real processes; every wait is on an answer. Needs PostgreSQL (TEST_DATABASE_URL, see
 * harness.ts): without it, it is skipped; the Redis pair also needs redis-server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseDisposition } from 'content-disposition';
import { createClient } from '@redis/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, OPERATOR_BASE } from '@cashdesk/contract';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { documents, rateLimitWindows } from '../db/schema';
import { keyHash } from '../http/limit-counters';
import { isRecord } from '../platform/is-record';
import { CASHIER, payGroupId } from './api-calls';
import { seededPostgresTemplate } from './database-template';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { startObjectStorage } from './object-storage';
import { OPERATOR_ENV, mintKey } from './operator-calls';
import { bankTransferWithReceipt, pdfOf } from './receipt-calls';
import type { TestObjectStorage } from './object-storage';
import { REDIS_MISSING, REDIS_SERVER, startRedis } from './redis-server';
import type { TestRedis } from './redis-server';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();
const FAILURES = 4;
const MONEY_CALLS = 3;

/** A server process with the environment it was started with. */
interface Host {
  readonly process: ServerProcess;
  readonly env: Readonly<Record<string, string>>;
}

let db: Database | undefined;
let storage: TestObjectStorage | undefined;
let redis: TestRedis | undefined;
let databaseHosts: readonly [Host, Host] | undefined;
let redisHosts: readonly [Host, Host] | undefined;
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const database = await createPostgresDatabase(ADMIN_URL, undefined, seededPostgresTemplate());
  cleanups.push(database.drop);
  storage = await startObjectStorage();
  const objects = storage;
  cleanups.push(() => objects.close());
  if (REDIS_SERVER !== undefined) {
    redis = await startRedis();
    const own = redis;
    cleanups.push(() => own.kill());
  }
  const start = async (extra: Record<string, string>): Promise<Host> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-host-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      CASHDESK_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      // The test speaks as many clients through X-Forwarded-For, as behind a balancer.
      TRUST_PROXY: 'loopback',
      AUTH_FAILURES_PER_ADDRESS: String(FAILURES),
      MONEY_CALLS_PER_SESSION: String(MONEY_CALLS),
      ...OPERATOR_ENV,
      ...objects.env,
      ...extra,
    };
    const process = await startServerProcess({ env, startTimeoutMs: 60_000 });
    started.push(process);
    return { process, env };
  };
  // The first applies the migrations the template may lack; the others find none to apply.
  const first = await start({});
  const redisUrl = redis?.url;
  const [second, ...redisPair] = await Promise.all([
    start({}),
    ...(redisUrl === undefined
      ? []
      : [start({ REDIS_URL: redisUrl }), start({ REDIS_URL: redisUrl })]),
  ]);
  databaseHosts = [first, second];
  const [third, fourth] = redisPair;
  if (third !== undefined && fourth !== undefined) redisHosts = [third, fourth];
  const opened = await openDatabase({ url: database.url, poolSize: 1, migrate: false });
  cleanups.push(() => opened.close());
  db = opened.db;
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGTERM')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function theDb(): Database {
  if (db === undefined) throw new Error('no database: PostgreSQL missing or beforeAll failed');
  return db;
}

function pair(hosts: readonly [Host, Host] | undefined): readonly [Host, Host] {
  if (hosts === undefined) throw new Error('hosts not started');
  return hosts;
}

/** A client address of its own (a documentation range), so tests do not share counters. */
let addresses = 0;
function uniqueAddress(): string {
  addresses += 1;
  return `192.0.2.${String(addresses)}`;
}

/** The status and error code of an answer. */
async function answerOf(response: Response): Promise<{ status: number; code: unknown }> {
  const body: unknown = await response.json();
  return { status: response.status, code: isRecord(body) ? body.error_code : undefined };
}

/** A guessed session id's init through `host`, from `address`. */
async function guess(host: Host, address: string) {
  return answerOf(
    await fetch(`${host.process.baseUrl}${CASHIER}/payments/groups/init`, {
      headers: {
        'x-session-id': randomBytes(32).toString('base64url'),
        'x-forwarded-for': address,
      },
    }),
  );
}

/** A card deposit submit (refused for its amount, which still counts) through `host`. */
async function submit(host: Host, session: string, groupId: number) {
  return answerOf(
    await fetch(`${host.process.baseUrl}${CASHIER}/payments/groups/${String(groupId)}/submit`, {
      method: 'POST',
      headers: {
        'x-session-id': session,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ amount: 'not-an-amount', currency: 'EUR' }),
    }),
  );
}

const LIMITED = { status: 429, code: ERROR_CODES.rateLimited.code };

/**
 * Failed session checks from one address and money calls of one session, alternating between the
 * two hosts: exactly the limit answered, then 429 (1013) from each. Returns the address and the
 * session, for the checks of where they were counted.
 */
async function oneLimitAcrossBoth(hosts: readonly [Host, Host]) {
  const address = uniqueAddress();
  const failures = [];
  for (let attempt = 0; attempt < FAILURES + 2; attempt += 1) {
    failures.push(await guess(hosts[attempt % 2 === 0 ? 0 : 1], address));
  }
  expect(failures).toEqual([
    ...Array.from({ length: FAILURES }, () => ({ status: 401, code: '17' })),
    LIMITED,
    LIMITED,
  ]);

  const session = await createTestSession(hosts[0].process, { player: `hosts-${randomUUID()}` });
  const groupId = await payGroupId({ db: theDb() }, 'card', 'deposit');
  const calls = [];
  for (let call = 0; call < MONEY_CALLS + 2; call += 1) {
    calls.push(await submit(hosts[call % 2 === 0 ? 1 : 0], session, groupId));
  }
  expect(calls.map((call) => call.status)).toEqual([
    ...Array.from({ length: MONEY_CALLS }, () => 400),
    429,
    429,
  ]);
  expect(calls.slice(MONEY_CALLS)).toEqual([LIMITED, LIMITED]);
  return { address, session };
}

/** The window of `key` under `limit` in the database (`undefined`: none). */
async function databaseWindow(limit: string, key: string) {
  const [row] = await theDb()
    .select({ count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(and(eq(rateLimitWindows.limitName, limit), eq(rateLimitWindows.keyHash, keyHash(key))));
  return row;
}

/** A series of a host's /metrics (`undefined`: absent). */
async function metric(host: Host, series: string): Promise<number | undefined> {
  const body = await (await fetch(`${host.process.baseUrl}/metrics`)).text();
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.skipIf(ADMIN_URL === undefined)('several hosts on one database (docs/scaling.md)', () => {
  it('limits counted in PostgreSQL: a client alternating between two hosts gets one limit, not two', async () => {
    const hosts = pair(databaseHosts);
    const { address, session } = await oneLimitAcrossBoth(hosts);
    // Counted in the database: each host counted until it saw the address blocked.
    expect(await databaseWindow('auth-failures', address)).toEqual({ count: FAILURES + 2 });
    expect(await databaseWindow('money:depositSubmit', session)).toEqual({
      count: MONEY_CALLS + 2,
    });
    expect(await metric(hosts[0], 'cashdesk_limit_store_redis_up')).toBeUndefined();
    expect(hosts[1].process.allOutput()).toContain('rate limits: counted in the database');
  });

  it.skipIf(REDIS_SERVER === undefined)(
    `limits counted in Redis (REDIS_URL): a client alternating between two hosts gets one limit, not two${REDIS_SERVER === undefined ? ` (${REDIS_MISSING})` : ''}`,
    async () => {
      const hosts = pair(redisHosts);
      const { address, session } = await oneLimitAcrossBoth(hosts);
      const reader = createClient({ url: redis?.url ?? '' });
      await reader.connect();
      try {
        const countOf = async (limit: string, key: string) =>
          Number(await reader.hGet(`cashdesk:limit:${limit}:${keyHash(key)}`, 'count'));
        expect(await countOf('auth-failures', address)).toBe(FAILURES + 2);
        expect(await countOf('money:depositSubmit', session)).toBe(MONEY_CALLS + 2);
      } finally {
        reader.destroy();
      }
      // Nothing of it reached the database, and no call fell back to it.
      expect(await databaseWindow('auth-failures', address)).toBeUndefined();
      expect(await databaseWindow('money:depositSubmit', session)).toBeUndefined();
      for (const host of hosts) {
        expect(host.process.allOutput()).toContain(
          `rate limits: counted in Redis at 127.0.0.1:${String(redis?.port)}`,
        );
        expect(await metric(host, 'cashdesk_limit_store_redis_up')).toBe(1);
        for (const operation of ['hit', 'peek', 'clear']) {
          expect(
            await metric(host, `cashdesk_limit_counter_fallbacks_total{operation="${operation}"}`),
          ).toBe(0);
        }
      }
    },
  );

  it('a receipt uploaded through one host pays a bank transfer through the other, and is downloaded through the other’s operator API byte for byte (SPEC §5, §7 upload)', async () => {
    const [first, second] = pair(databaseHosts);
    const receipt = Buffer.concat([pdfOf(20_000), randomBytes(50_000)]);
    const paid = await bankTransferWithReceipt(
      { baseUrl: first.process.baseUrl, db: theDb() },
      `receipt-${randomUUID()}`,
      { bytes: receipt, name: 'r.pdf', type: 'application/pdf' },
      second.process,
    );
    const [row] = await theDb().select().from(documents).where(eq(documents.id, paid.documentId));
    expect(row?.transactionId).toBe(paid.transactionId);
    // Neither host kept the bytes on its own disk: they are in the bucket only.
    for (const host of [first, second]) {
      const uploads = path.join(host.env.DATA_DIR ?? '', 'uploads');
      const files = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      expect(files.filter((entry) => entry.isFile())).toEqual([]);
    }
    expect(await storage?.keys()).toContain(row?.filePath);

    // Finance's download, through the host that did not receive the upload.
    const key = (await mintKey(first.process, 'brand0', ['documents:read'])).key;
    const documentsAddress = `${second.process.baseUrl}${OPERATOR_BASE}/transactions/${paid.transactionId}/documents`;
    const headers = { authorization: `Bearer ${key}` };
    const list: unknown = await (await fetch(documentsAddress, { headers })).json();
    expect(list).toMatchObject({
      documents: [{ id: paid.documentId, size: receipt.length, mime_type: 'application/pdf' }],
    });
    const downloaded = await fetch(`${documentsAddress}/${paid.documentId}`, { headers });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(parseDisposition(downloaded.headers.get('content-disposition') ?? '')).toEqual({
      type: 'attachment',
      parameters: { filename: 'r.pdf' },
    });
    const bytes = Buffer.from(await downloaded.arrayBuffer());
    expect(bytes.length).toBe(receipt.length);
    expect(bytes.equals(receipt)).toBe(true);
  });
});
