/**
 * The realtime fan-out across server processes. Two server processes (`src/main.ts`,
 * sandbox mode) on one fresh PostgreSQL database: the player's `centrifuge` client is connected
 * to the second, the deposit is made on the first, and the second pushes the settled status and
 * the new balance, heard through PostgreSQL's LISTEN/NOTIFY (modules/realtime/publish.ts, hub.ts).
 *
 * Real processes; every wait is on an event. Needs PostgreSQL (TEST_DATABASE_URL, see
 * harness.ts): PGlite is one process's database; without it, it is skipped.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../db/open';
import type { Database } from '../db/open';
import { isRecord } from '../platform/is-record';
import { balanceChannel, transactionsChannel } from '../modules/realtime/channels';
import { REALTIME_PATH } from '../modules/realtime/hub';
import { CASHIER, callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { createPostgresDatabase, createTestSession, postgresAdminUrl } from './harness';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

const ADMIN_URL = postgresAdminUrl();

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
let db: Database | undefined;

beforeAll(async () => {
  if (ADMIN_URL === undefined) return;
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(database.drop);
  const env = { DATABASE_URL: database.url, CASHDESK_MODE: 'sandbox', LOG_LEVEL: 'warn' };
  for (let index = 0; index < 2; index += 1) {
    // One after the other: the first migrates and seeds the empty database.
    started.push(await startServerProcess({ env, startTimeoutMs: 60_000 }));
  }
  const opened = await openDatabase({ url: database.url, poolSize: 1, migrate: false });
  cleanups.push(() => opened.close());
  db = opened.db;
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill('SIGTERM')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves with the data of the first publication on `channel` that `match` accepts. */
function nextPublication(
  centrifuge: Centrifuge,
  channel: string,
  match: (data: Record<string, unknown>) => boolean,
): { subscribed: Promise<void>; data: Promise<Record<string, unknown>> } {
  const subscription = centrifuge.newSubscription(channel);
  const subscribed = new Promise<void>((resolve) => {
    subscription.once('subscribed', () => {
      resolve();
    });
  });
  const data = new Promise<Record<string, unknown>>((resolve) => {
    subscription.on('publication', (context) => {
      const published: unknown = context.data;
      if (isRecord(published) && match(published)) resolve(published);
    });
  });
  subscription.subscribe();
  return { subscribed, data };
}

describe.skipIf(ADMIN_URL === undefined)('realtime across two server processes', () => {
  it('SPEC §7: a deposit made on one process is pushed by the other to its subscriber', async () => {
    const [first, second] = started;
    if (first === undefined || second === undefined || db === undefined) {
      throw new Error('two servers expected');
    }
    const session = await createTestSession(first, {
      player: `rt-${randomUUID().slice(0, 8)}`,
    });
    const init = await callJson(second, 'GET', `${CASHIER}/payments/groups/init`, session);
    const token = text(init.body.auth_token);
    const claims: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    if (!isRecord(claims)) throw new Error('no claims');

    const centrifuge = new Centrifuge(
      `${second.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`,
      { websocket: WebSocket, token },
    );
    try {
      const settled = nextPublication(
        centrifuge,
        transactionsChannel(text(claims.ses)),
        (data) => data.status === 'success',
      );
      const credited = nextPublication(centrifuge, balanceChannel(text(claims.sub)), () => true);
      centrifuge.connect();
      await Promise.all([settled.subscribed, credited.subscribed]);

      const card = await payGroupId({ db }, 'card', 'deposit');
      const paid = await callJson(
        first,
        'POST',
        `${CASHIER}/payments/groups/${card}/submit`,
        session,
        cardDepositBody('9.40'),
      );
      expect(paid.status).toBe(200);
      expect(await settled.data).toMatchObject({ status: 'success', result_status: 'success' });
      const balance = await credited.data;
      expect(new Big(text(balance.balance)).eq(text(paid.body.user_balance))).toBe(true);
    } finally {
      centrifuge.disconnect();
    }
  });

  it('SPEC §7: a client that reconnects to the other process recovers the publications it missed', async () => {
    const [first, second] = started;
    if (first === undefined || second === undefined || db === undefined) {
      throw new Error('two servers expected');
    }
    const session = await createTestSession(first, {
      player: `rt-${randomUUID().slice(0, 8)}`,
    });
    const init = await callJson(first, 'GET', `${CASHIER}/payments/groups/init`, session);
    const token = text(init.body.auth_token);
    const claims: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    if (!isRecord(claims)) throw new Error('no claims');
    const channel = transactionsChannel(text(claims.ses));
    const url = (server: ServerProcess) =>
      `${server.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`;
    // Subscribed on the first process, then gone while the deposit settles.
    const before = new Centrifuge(url(first), { websocket: WebSocket, token });
    const subscription = before.newSubscription(channel, { recoverable: true });
    const position = new Promise<{ offset: number; epoch: string }>((resolve) => {
      subscription.once('subscribed', (context) => {
        resolve(context.streamPosition ?? { offset: 0, epoch: '' });
      });
    });
    subscription.subscribe();
    before.connect();
    const since = await position;
    before.disconnect();
    const card = await payGroupId({ db }, 'card', 'deposit');
    const paid = await callJson(
      first,
      'POST',
      `${CASHIER}/payments/groups/${card}/submit`,
      session,
      cardDepositBody('9.40'),
    );
    expect(paid.status).toBe(200);
    // Back, on the second process, from the position it had.
    const after = new Centrifuge(url(second), { websocket: WebSocket, token });
    try {
      const recovering = after.newSubscription(channel, { recoverable: true, since });
      const missed: unknown[] = [];
      recovering.on('publication', (context) => missed.push(context.data));
      const recovered = new Promise((resolve) => {
        recovering.once('subscribed', resolve);
      });
      recovering.subscribe();
      after.connect();
      expect(await recovered).toMatchObject({ wasRecovering: true, recovered: true });
      expect(missed.at(-1)).toMatchObject({ status: 'success', result_status: 'success' });
    } finally {
      after.disconnect();
    }
  });
});
