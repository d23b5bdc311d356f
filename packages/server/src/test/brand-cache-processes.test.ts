/**
 * Two server processes (`src/main.ts`, sandbox mode) on one fresh PostgreSQL database,
 * each with its brand-data and session caches and a safety net of 60 s, so that only the
 * notification sent on commit (or the version init reads) can make one process see what the other
 * wrote:
 * - a configuration change made through one process's operator API is seen by the other's method
 *   detail (select, which reads the brand data from memory without a version check) after the
 *   NOTIFY, and by its init at once (the version in the player's statement);
 * - a player blocked through one process has their session, kept in the other's memory, refused.
 *
 * Real processes on real time: waits poll a bounded number of times and assert no duration.
 * Needs PostgreSQL (TEST_DATABASE_URL, see harness.ts); without it, it is skipped.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../platform/is-record';
import { CASHIER, callJson, request } from './api-calls';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

/** How many times a wait polls (25 ms apart) before the test fails. */
const POLLS = 40;

let first: ServerProcess | undefined;
let second: ServerProcess | undefined;
let operatorKey = '';
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-cache-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    ...OPERATOR_ENV,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CASHDESK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    BRAND_CACHE_TTL_MS: '60000',
    SESSION_CACHE_TTL_MS: '60000',
  };
  // One after the other: the first migrates and seeds the database.
  first = await startServerProcess({ env });
  second = await startServerProcess({ env });
  operatorKey = (await mintKey(first, 'brand0')).key;
}, 120_000);

afterAll(async () => {
  for (const server of [first, second]) await server?.kill('SIGTERM');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function processes(): [ServerProcess, ServerProcess] {
  if (first === undefined || second === undefined) throw new Error('no processes');
  return [first, second];
}

/** Calls `probe` until it answers true, at most {@link POLLS} times; whether it did. */
async function eventually(probe: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < POLLS; attempt += 1) {
    if (await probe()) return true;
    await sleep(25);
  }
  return false;
}

describe.skipIf(ADMIN_URL === undefined)('caches of two processes on one database', () => {
  it('a configuration change made through one server process is seen by another within a second', async () => {
    const [writer, reader] = processes();
    const sessionId = await createTestSession(reader, { player: `cache-${randomUUID()}` });
    const init = await callJson(reader, 'GET', `${CASHIER}/payments/groups/init`, sessionId);
    expect(init.status).toBe(200);
    const groups = init.body.payment_groups;
    if (!Array.isArray(groups)) throw new Error('no payment_groups');
    const ewallet: unknown = groups.find(
      (group: unknown) => isRecord(group) && group.short_name === 'ewallet',
    );
    if (!isRecord(ewallet)) throw new Error('no ewallet pay group');
    const select = async () =>
      callJson(
        reader,
        'POST',
        `${CASHIER}/payments/groups/${String(ewallet.id)}/select`,
        sessionId,
        { currency: 'EUR' },
      );
    // The reader keeps the brand data in memory now.
    expect((await select()).status).toBe(200);

    const read = await operatorCall(writer, 'GET', '/pay-groups/deposit/ewallet', operatorKey);
    if (!isRecord(read.body)) throw new Error('no pay group');
    const document = Object.fromEntries(
      Object.entries(read.body).filter(([key]) => !['id', 'flow', 'short_name'].includes(key)),
    );
    const info = `https://info.example/${randomUUID()}`;
    const written = await operatorCall(writer, 'PUT', '/pay-groups/deposit/ewallet', operatorKey, {
      body: { ...document, info_url: info },
    });
    expect(written.status).toBe(200);

    // init reads the brand's version in the player's statement: the change shows at once.
    const after = await callJson(reader, 'GET', `${CASHIER}/payments/groups/init`, sessionId);
    const listed: unknown = Array.isArray(after.body.payment_groups)
      ? after.body.payment_groups.find(
          (group: unknown) => isRecord(group) && group.id === ewallet.id,
        )
      : undefined;
    expect(isRecord(listed) && listed.info).toBe(info);
    // select has only the notification to go by (the 60 s safety net is far off).
    expect(await eventually(async () => (await select()).body.info === info)).toBe(true);
  });

  it("a blocked player's cached session is refused at once, also on another process", async () => {
    const [writer, reader] = processes();
    const external = `cache-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(reader, { player: external });
    const appearance = `${CASHIER}/appearance`;
    // Both processes keep the session in memory now.
    expect((await request(reader, 'GET', appearance, sessionId)).status).toBe(200);
    expect((await request(writer, 'GET', appearance, sessionId)).status).toBe(200);
    const blocked = await operatorCall(writer, 'POST', `/players/${external}/block`, operatorKey, {
      body: { reason: 'test' },
    });
    expect(blocked.status).toBe(200);
    // The process that blocked refuses at once; init reads the player's row and refuses at once
    // on either; the other process's kept session goes when the notification arrives.
    expect((await request(writer, 'GET', appearance, sessionId)).status).toBe(401);
    expect(
      (await request(reader, 'GET', `${CASHIER}/payments/groups/init`, sessionId)).status,
    ).toBe(401);
    expect(
      await eventually(
        async () => (await request(reader, 'GET', appearance, sessionId)).status === 401,
      ),
    ).toBe(true);
  });
});
