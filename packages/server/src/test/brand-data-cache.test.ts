/**
 * Brand data, sessions and the player's figures in memory, through the real
 * server (PGlite by default, PostgreSQL with TEST_DATABASE_URL). The caches' safety net is set
 * long (60 s) so that only what the rules name can refresh an entry: a configuration write, the
 * end of a restriction on the app's clock, a block. The clock stands still unless a test moves it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payGroups } from '../db/schema';
import { expireSession, resolveSession } from '../http/sessions';
import { createSession } from '../modules/cashier/create-session';
import { isRecord } from '../platform/is-record';
import { CASHIER, callJson, cardDepositBody, payGroupId, request } from './api-calls';
import { createTestSession, startTestServer, writeBrandConfig } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';

let now = Date.now();
const clock = (): Date => new Date(now);

let server: TestServer;
let operatorKey: string;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: { ...OPERATOR_ENV, BRAND_CACHE_TTL_MS: '60000', SESSION_CACHE_TTL_MS: '60000' },
  });
  operatorKey = (await mintKey(server, 'brand0')).key;
}, 120_000);

afterAll(async () => {
  await server.close();
});

const INIT = `${CASHIER}/payments/groups/init`;

function newPlayer(): string {
  return `cache-${randomUUID().slice(0, 8)}`;
}

async function init(sessionId: string): Promise<Record<string, unknown>> {
  const answer = await callJson(server, 'GET', INIT, sessionId);
  expect(answer.status).toBe(200);
  return answer.body;
}

function groupOf(body: Record<string, unknown>, id: number): Record<string, unknown> {
  const groups = body.payment_groups;
  if (!Array.isArray(groups)) throw new Error('no payment_groups');
  const found: unknown = groups.find((group: unknown) => isRecord(group) && group.id === id);
  if (!isRecord(found)) throw new Error(`pay group ${String(id)} not listed`);
  return found;
}

/** Counts the statements sent through the database driver while `run` runs. */
async function countStatements(run: () => Promise<void>): Promise<number> {
  // The driver's client behind drizzle's handle: PGlite, or node-postgres' pool.
  const client: unknown = Reflect.get(server.db, '$client');
  if (typeof client !== 'object' || client === null) throw new Error('no driver client');
  const original: unknown = Reflect.get(client, 'query');
  if (typeof original !== 'function') throw new Error('the driver has no query function');
  let count = 0;
  Reflect.set(client, 'query', (...args: unknown[]): unknown => {
    count += 1;
    const result: unknown = Reflect.apply(original, client, args);
    return result;
  });
  try {
    await run();
  } finally {
    Reflect.deleteProperty(client, 'query');
    if (Reflect.get(client, 'query') !== original) Reflect.set(client, 'query', original);
  }
  return count;
}

describe('init within two database round trips', () => {
  it('an init with warm caches makes at most 2 round trips (cold: the session, the player and the brand data)', async () => {
    // The first test of the file, and the only one in JPY: brand0's JPY deposit data is not in
    // memory yet. (A configuration write would empty it too, but on PostgreSQL its notification
    // may arrive after the cold init and empty it again.)
    const sessionId = await createTestSession(server, { player: newPlayer(), currency: 'JPY' });
    const cold = await countStatements(async () => {
      await init(sessionId);
    });
    const warm = await countStatements(async () => {
      await init(sessionId);
    });
    // Cold: the session (1), the player's figures (1) and the brand data (4, sent together).
    expect(cold).toBe(6);
    // Warm: the session from memory, the player's figures in one statement.
    expect(warm).toBeLessThanOrEqual(2);
    expect(warm).toBe(1);
  });

  it('the answer from memory equals the answer read afresh', async () => {
    const sessionId = await createTestSession(server, { player: newPlayer() });
    const warmed = await init(sessionId);
    const again = await init(sessionId);
    await writeBrandConfig(server.db, 'brand0', () => Promise.resolve());
    const afresh = await init(sessionId);
    expect(again).toEqual(warmed);
    expect(afresh).toEqual(warmed);
  });
});

describe('what the caches never hold back', () => {
  it('a restriction that ends is seen when it ends', async () => {
    const sessionId = await createTestSession(server, { player: newPlayer() });
    const id = await payGroupId(server, 'ewallet', 'deposit');
    const until = new Date(now + 10_000);
    await writeBrandConfig(server.db, 'brand0', (tx) =>
      tx.update(payGroups).set({ restrictedUntil: until }).where(eq(payGroups.id, id)),
    );
    try {
      expect(groupOf(await init(sessionId), id).restricted_until).toBe(until.toISOString());
      now += 9_999;
      expect(groupOf(await init(sessionId), id).restricted_until).toBe(until.toISOString());
      now += 1;
      // The entry ended with the restriction, long before its 60 s safety net.
      expect(groupOf(await init(sessionId), id).restricted_until).toBeNull();
    } finally {
      await writeBrandConfig(server.db, 'brand0', (tx) =>
        tx.update(payGroups).set({ restrictedUntil: null }).where(eq(payGroups.id, id)),
      );
    }
  });

  it('a balance changed by a submit is shown by the very next init', async () => {
    const sessionId = await createTestSession(server, { player: newPlayer() });
    const before = await init(sessionId);
    const card = await payGroupId(server, 'card', 'deposit');
    const submit = await request(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(card)}/submit`,
      sessionId,
      cardDepositBody('25'),
    );
    expect(submit.status).toBe(200);
    expect(submit.body).toMatchObject({ transaction_status: 'success' });
    const after = await init(sessionId);
    expect(Number(after.user_balance)).toBe(Number(before.user_balance) + 25);
  });

  it('a configuration change through the operator API is seen by the next select and init of this process', async () => {
    const sessionId = await createTestSession(server, { player: newPlayer() });
    const id = await payGroupId(server, 'ewallet', 'deposit');
    const select = async () =>
      callJson(server, 'POST', `${CASHIER}/payments/groups/${String(id)}/select`, sessionId, {
        currency: 'EUR',
      });
    const first = await select();
    expect(first.status).toBe(200);
    await init(sessionId);
    const read = await operatorCall(server, 'GET', '/pay-groups/deposit/ewallet', operatorKey);
    expect(read.status).toBe(200);
    if (!isRecord(read.body)) throw new Error('no pay group');
    // The document is the answer without what names the pay group.
    const document = Object.fromEntries(
      Object.entries(read.body).filter(([key]) => !['id', 'flow', 'short_name'].includes(key)),
    );
    const info = `https://info.example/${randomUUID()}`;
    const written = await operatorCall(server, 'PUT', '/pay-groups/deposit/ewallet', operatorKey, {
      body: { ...document, info_url: info, public_name: 'E-wallet (changed)' },
    });
    expect(written.status).toBe(200);
    try {
      expect((await select()).body.info).toBe(info);
      expect(groupOf(await init(sessionId), id).public_name).toBe('E-wallet (changed)');
    } finally {
      await operatorCall(server, 'PUT', '/pay-groups/deposit/ewallet', operatorKey, {
        body: document,
      });
    }
  });

  it("a blocked player's cached session is refused at once", async () => {
    const external = newPlayer();
    const sessionId = await createTestSession(server, { player: external });
    const appearance = `${CASHIER}/appearance`;
    // Both kept in memory now: the session and the brand data.
    expect((await request(server, 'GET', appearance, sessionId)).status).toBe(200);
    await init(sessionId);
    const blocked = await operatorCall(server, 'POST', `/players/${external}/block`, operatorKey, {
      body: { reason: 'test' },
    });
    expect(blocked.status).toBe(200);
    expect(await request(server, 'GET', appearance, sessionId)).toMatchObject({
      status: 401,
      body: { error_code: '17' },
    });
    expect(await request(server, 'GET', INIT, sessionId)).toMatchObject({
      status: 401,
      body: { error_code: '17' },
    });
  });

  it('an expired session is refused at once: the kept copy is checked against the time on every hit', async () => {
    const t0 = new Date('2031-01-01T10:00:00Z');
    const settings = { lifetimeMs: 10_000, widgetUrl: 'http://w.test' };
    const created = await createSession(
      server.db,
      settings,
      { player: newPlayer(), flow: 'deposit', currency: 'EUR', createPlayer: true },
      t0,
    );
    const at = (ms: number) => new Date(t0.getTime() + ms);
    // Kept from here on (60 s in memory); the expiry stays t0 + 10 s (within the slack).
    await resolveSession(server.db, settings, created.session_id, at(1_000));
    await resolveSession(server.db, settings, created.session_id, at(9_999));
    await expect(
      resolveSession(server.db, settings, created.session_id, at(10_000)),
    ).rejects.toMatchObject({ errorName: 'sessionExpired' });
  });

  it('a session ended through expireSession is refused at once although kept', async () => {
    const sessionId = await createTestSession(server, { player: newPlayer() });
    await init(sessionId);
    await expireSession(server.db, sessionId, new Date(Date.now() - 1_000));
    expect(await request(server, 'GET', INIT, sessionId)).toMatchObject({
      status: 401,
      body: { error_code: '17' },
    });
  });
});
