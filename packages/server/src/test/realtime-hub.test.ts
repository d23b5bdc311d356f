/**
 * The realtime hub (modules/realtime/hub.ts) with the real `centrifuge` client in Node, against
 * the real server on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 *
 * - init's auth_token connects; the session's transactions and balance channels get the status
 *   and the balance of a sandbox deposit once it settles;
 * - another session's channel (103) and an unknown channel (102) are refused;
 * - an expired token (109) is replaced through getToken; an invalid one ends the connection;
 * - a rolled-back change publishes nothing; a publication too large for NOTIFY is refused;
 * - a server restarted on the same port and database is reconnected to and resubscribed;
 * - two servers on one database: the publisher on one, the subscriber on the other;
 * - dead sockets (no pong), oversized frames and too many connections per session are closed;
 * - notifications created and removed by the operator reach the open cashiers they are for.
 *
 * No sleeps: every wait is on an event; the hub's ping timer is driven by calling its tick, and
 * token expiry by moving the app's injected clock.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { Centrifuge } from 'centrifuge';
import type { Subscription } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isRecord } from '../platform/is-record';
import { createNotification, deleteNotification } from '../modules/brand-config/notifications';
import { expireSession } from '../http/sessions';
import {
  balanceChannel,
  notificationsChannel,
  transactionsChannel,
} from '../modules/realtime/channels';
import { REALTIME_PATH } from '../modules/realtime/hub';
import {
  MAX_ENVELOPE_BYTES,
  RealtimePayloadTooLargeError,
  publish,
  publishToSession,
} from '../modules/realtime/publish';
import { CASHIER, callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';

/** Something with `once(event, listener)`: the client, a subscription, a socket. */
interface Emitter {
  once(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * Resolves with the first argument of the next `event` (unlike node's `once`, an `error` event
 * of the client, which the client emits and recovers from, does not reject it).
 */
function once(emitter: Emitter, event: string): Promise<unknown> {
  return new Promise((resolve) => {
    emitter.once(event, (value: never) => {
      resolve(value);
    });
  });
}

/** A socket message's text. */
function textOf(data: unknown): string {
  if (!Buffer.isBuffer(data)) throw new Error('not a text message');
  return data.toString('utf8');
}

/** The app's clock: tests move it forward to expire tokens. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let database: TestDatabase;
let server: TestServer;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, clock });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
  await database.close();
});

function socketUrl(target: Pick<TestServer, 'baseUrl'>): string {
  return `${target.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`;
}

/** The init answer's auth_token of `session`. */
async function authToken(target: Pick<TestServer, 'baseUrl'>, session: string): Promise<string> {
  const answer = await callJson(target, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  return text(answer.body.auth_token);
}

/** A new token through POST realtime/token, as the widget's getToken asks for one (SPEC §4). */
async function freshToken(target: Pick<TestServer, 'baseUrl'>, session: string): Promise<string> {
  const answer = await callJson(target, 'POST', `${CASHIER}/realtime/token`, session);
  expect(answer.status).toBe(200);
  return text(answer.body.auth_token);
}

/** The claims of a token, as the widget reads its channel names from them. */
function claims(token: string): { sub: string; ses: string; exp: number } {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  if (!isRecord(payload)) throw new Error('no claims');
  return { sub: text(payload.sub), ses: text(payload.ses), exp: Number(payload.exp) };
}

/** A real `centrifuge` client (Node 20 has no WebSocket: the `ws` package is passed). */
function client(
  target: Pick<TestServer, 'baseUrl'>,
  options: { token?: string; getToken?: () => Promise<string> } = {},
): Centrifuge {
  const centrifuge = new Centrifuge(socketUrl(target), {
    websocket: WebSocket,
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.getToken === undefined ? {} : { getToken: options.getToken }),
    // Reconnects of a test come quickly (SPEC §9's 500 ms – 20 s is the widget's).
    minReconnectDelay: 20,
    maxReconnectDelay: 200,
  });
  clients.push(centrifuge);
  return centrifuge;
}

/** Resolves with the data of the next publication on `subscription` that `match` accepts. */
function publication(
  subscription: Subscription,
  match: (data: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (context: { data: unknown }) => {
      const data = context.data;
      if (isRecord(data) && match(data)) {
        subscription.removeListener('publication', listener);
        resolve(data);
      }
    };
    subscription.on('publication', listener);
  });
}

async function deposit(target: TestServer, session: string, amount = '12.50') {
  const card = await payGroupId(target, 'card', 'deposit');
  const paid = await callJson(
    target,
    'POST',
    `${CASHIER}/payments/groups/${card}/submit`,
    session,
    cardDepositBody(amount),
  );
  expect(paid.status).toBe(200);
  return paid.body;
}

/** A new player's session and its connected client, subscribed to its transactions channel. */
async function subscribedSession(target: TestServer, tokens?: { asked: number }) {
  const session = await createTestSession(target, { player: `rt-${randomUUID().slice(0, 8)}` });
  const token = await authToken(target, session);
  const centrifuge = client(target, {
    token,
    ...(tokens === undefined
      ? {}
      : {
          getToken: () => {
            tokens.asked += 1;
            return freshToken(target, session);
          },
        }),
  });
  const transactions = centrifuge.newSubscription(transactionsChannel(claims(token).ses));
  const balance = centrifuge.newSubscription(balanceChannel(claims(token).sub));
  const subscribed = Promise.all([once(transactions, 'subscribed'), once(balance, 'subscribed')]);
  transactions.subscribe();
  balance.subscribe();
  centrifuge.connect();
  await subscribed;
  return { session, token, centrifuge, transactions, balance };
}

describe('realtime hub with the centrifuge client', () => {
  it("SPEC §3, §7: init's auth_token connects; a settled sandbox deposit pushes its status and the balance", async () => {
    const { session, transactions, balance } = await subscribedSession(server);
    const settled = publication(transactions, (data) => data.status === 'success');
    const credited = publication(balance);
    const paid = await deposit(server, session, '12.50');
    expect(paid.result_status).toBe('success');
    const pushed = await settled;
    expect(pushed).toMatchObject({ status: 'success', result_status: 'success' });
    expect(typeof pushed.transaction_id).toBe('string');
    // The balance the player sees, as the submit's answer has it (rounded to the currency there).
    const shown = await credited;
    expect(shown).toMatchObject({ currency: 'EUR', reserved: '0' });
    expect(new Big(text(shown.balance)).eq(text(paid.user_balance))).toBe(true);
    // No log line carries the session id or a token.
    expect(server.logs()).not.toContain(session);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^cashdesk_realtime_connections [1-9]\d*$/m);
  });

  it('SPEC §8: another session’s channel is refused with 103 and the subscription ends', async () => {
    const mine = await subscribedSession(server);
    const other = await createTestSession(server, { player: `rt-${randomUUID().slice(0, 8)}` });
    const otherKey = claims(await authToken(server, other)).ses;
    const foreign = mine.centrifuge.newSubscription(transactionsChannel(otherKey));
    const ended = once(foreign, 'unsubscribed');
    foreign.subscribe();
    expect(await ended).toMatchObject({ code: 103, reason: 'permission denied' });
  });

  it('SPEC §8: an unknown channel is refused with 102', async () => {
    const { centrifuge } = await subscribedSession(server);
    const unknown = centrifuge.newSubscription('news:everything');
    const ended = once(unknown, 'unsubscribed');
    unknown.subscribe();
    expect(await ended).toMatchObject({ code: 102, reason: 'unknown channel' });
  });

  it('SPEC §8, §9: an expired token is answered with 109 and replaced through getToken', async () => {
    const session = await createTestSession(server, { player: `rt-${randomUUID().slice(0, 8)}` });
    const old = await authToken(server, session);
    // Past the token's expiry on the app's clock (the session itself is still valid).
    offsetMs = claims(old).exp * 1000 - Date.now() + 1_000;
    try {
      let asked = 0;
      const centrifuge = client(server, {
        token: old,
        getToken: () => {
          asked += 1;
          return freshToken(server, session);
        },
      });
      const errors: number[] = [];
      centrifuge.on('error', (context) => errors.push(context.error.code));
      const connected = once(centrifuge, 'connected');
      centrifuge.connect();
      await connected;
      expect(errors).toContain(109);
      expect(asked).toBe(1);
      centrifuge.disconnect();
    } finally {
      offsetMs = 0;
    }
  });

  it('SPEC §4: a connection whose token expired unrefreshed is closed (3005) and comes back with a new one', async () => {
    const tokens = { asked: 0 };
    const { centrifuge, token, transactions } = await subscribedSession(server, tokens);
    offsetMs = claims(token).exp * 1000 - Date.now() + 1_000;
    try {
      const closed = once(centrifuge, 'connecting');
      server.app.cashdesk.realtime.tick();
      expect(await closed).toMatchObject({ code: 3005, reason: 'connection expired' });
      const resubscribed = once(transactions, 'subscribed');
      // The old token is answered with 109 on the app's clock, then getToken gives a new one.
      await once(centrifuge, 'connected');
      await resubscribed;
      expect(tokens.asked).toBe(1);
    } finally {
      offsetMs = 0;
    }
  });

  it('SPEC §4: POST realtime/token gives a token of the same session; without a session it is refused', async () => {
    const session = await createTestSession(server);
    const [fromInit, fresh] = [await authToken(server, session), await freshToken(server, session)];
    expect(claims(fresh)).toMatchObject({ ses: claims(fromInit).ses, sub: claims(fromInit).sub });
    const refused = await callJson(server, 'POST', `${CASHIER}/realtime/token`, null);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('SPEC §4: a session that ends closes its connections for good (3503), not the others', async () => {
    const ending = await subscribedSession(server);
    const staying = await subscribedSession(server);
    const disconnected = once(ending.centrifuge, 'disconnected');
    await expireSession(server.db, ending.session);
    expect(await disconnected).toMatchObject({ code: 3503, reason: 'session ended' });
    expect(staying.centrifuge.state).toBe('connected');
  });

  it('SPEC §8: an invalid token closes the connection for good (3500, no reconnect)', async () => {
    const session = await createTestSession(server);
    const token = await authToken(server, session);
    const forged = `${token.slice(0, -4)}AAAA`;
    const centrifuge = client(server, { token: forged });
    const disconnected = once(centrifuge, 'disconnected');
    centrifuge.connect();
    expect(await disconnected).toMatchObject({ code: 3500, reason: 'invalid token' });
    expect(centrifuge.state).toBe('disconnected');
  });

  it('publishes nothing for a rolled-back change, and refuses a publication too large for NOTIFY', async () => {
    const { session, token, balance } = await subscribedSession(server);
    const channel = balanceChannel(claims(token).sub);
    const received: unknown[] = [];
    balance.on('publication', (context) => received.push(context.data));
    const marker = publication(balance, (data) => data.marker === 'after');
    await server.db
      .transaction(async (tx) => {
        await publish(tx, channel, { marker: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publish(server.db, channel, { marker: 'after' });
    await marker;
    // Notifications arrive in commit order: the rolled-back one would have come first.
    expect(received).toEqual([{ marker: 'after' }]);
    await expect(
      publish(server.db, channel, { big: 'x'.repeat(MAX_ENVELOPE_BYTES) }),
    ).rejects.toThrow(RealtimePayloadTooLargeError);
    await expect(
      publishToSession(server.db, session, 'transactions', { big: 'x'.repeat(MAX_ENVELOPE_BYTES) }),
    ).rejects.toThrow(RealtimePayloadTooLargeError);
  });

  it("publishes to a session's notifications channel named by the session (publishToSession)", async () => {
    const { session, token, centrifuge } = await subscribedSession(server);
    const notifications = centrifuge.newSubscription(notificationsChannel(claims(token).ses));
    const subscribed = once(notifications, 'subscribed');
    notifications.subscribe();
    await subscribed;
    const shown = publication(notifications);
    await publishToSession(server.db, session, 'notifications', { key: 'welcome', removed: false });
    expect(await shown).toEqual({ key: 'welcome', removed: false });
  });

  it('SPEC §8: a frame over the size limit closes the connection (message size limit, code 3)', async () => {
    const { centrifuge, transactions } = await subscribedSession(server);
    const disconnected = once(centrifuge, 'disconnected');
    transactions.publish({ big: 'x'.repeat(server.config.realtime.maxFrameBytes) }).catch(() => {
      // The call fails with the connection.
    });
    expect(await disconnected).toMatchObject({ code: 3 });
  });
});

describe('realtime hub limits with a bare socket', () => {
  /** A raw socket that answers nothing by itself; resolves once open. */
  async function rawSocket(): Promise<WebSocket> {
    const socket = new WebSocket(socketUrl(server));
    await once(socket, 'open');
    return socket;
  }

  function reply(socket: WebSocket): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      socket.once('message', (data: Buffer) => {
        const parsed: unknown = JSON.parse(data.toString('utf8').split('\n')[0] ?? '');
        if (isRecord(parsed)) resolve(parsed);
      });
    });
  }

  it('pings with {} and closes a connection that did not answer by the next tick (3012)', async () => {
    const session = await createTestSession(server);
    const socket = await rawSocket();
    const connected = reply(socket);
    socket.send(JSON.stringify({ id: 1, connect: { token: await authToken(server, session) } }));
    expect(await connected).toMatchObject({ id: 1, connect: { ping: 25, pong: true } });
    const ping = once(socket, 'message');
    server.app.cashdesk.realtime.tick();
    expect(textOf(await ping)).toBe('{}');
    const closed = once(socket, 'close');
    server.app.cashdesk.realtime.tick();
    expect(await closed).toBe(3012);
  });

  it('answers several commands of one frame in one frame, and refuses a client publish (103)', async () => {
    const session = await createTestSession(server);
    const token = await authToken(server, session);
    const socket = await rawSocket();
    const frame = once(socket, 'message');
    socket.send(
      [
        JSON.stringify({ id: 1, connect: { token } }),
        JSON.stringify({ id: 2, subscribe: { channel: transactionsChannel(claims(token).ses) } }),
        JSON.stringify({ id: 3, publish: { channel: 'cashier:anything', data: {} } }),
        JSON.stringify({ id: 4, rpc: { method: 'anything' } }),
        // An asynchronous message: no id, no reply.
        JSON.stringify({ send: { data: { any: 'thing' } } }),
        JSON.stringify({ id: 5, unknown_method: {} }),
      ].join('\n'),
    );
    const replies = textOf(await frame)
      .split('\n')
      .map((line): unknown => JSON.parse(line));
    expect(replies).toMatchObject([
      { id: 1, connect: { expires: true } },
      { id: 2, subscribe: {} },
      { id: 3, error: { code: 103 } },
      { id: 4, error: { code: 108 } },
      { id: 5, error: { code: 104 } },
    ]);
    socket.close();
  });

  it("SPEC §4: refresh takes a new token of the same session; another session's token closes (3500)", async () => {
    const session = await createTestSession(server);
    const socket = await rawSocket();
    const connected = reply(socket);
    socket.send(JSON.stringify({ id: 1, connect: { token: await authToken(server, session) } }));
    expect(await connected).toMatchObject({ id: 1, connect: { expires: true } });
    const refreshed = reply(socket);
    socket.send(JSON.stringify({ id: 2, refresh: { token: await freshToken(server, session) } }));
    expect(await refreshed).toMatchObject({ id: 2, refresh: { expires: true } });
    const subRefreshed = reply(socket);
    socket.send(JSON.stringify({ id: 3, sub_refresh: { channel: 'cashier:x', token: 't' } }));
    expect(await subRefreshed).toEqual({ id: 3, sub_refresh: {} });
    const other = await createTestSession(server);
    const closed = once(socket, 'close');
    socket.send(JSON.stringify({ id: 4, refresh: { token: await freshToken(server, other) } }));
    expect(await closed).toBe(3500);
  });

  it('closes the connections of one session past its limit (3504) and a command before connect (3501)', async () => {
    const session = await createTestSession(server);
    const token = await authToken(server, session);
    const limit = server.config.realtime.maxConnectionsPerSession;
    const sockets: WebSocket[] = [];
    for (let index = 0; index < limit; index += 1) {
      const socket = await rawSocket();
      const connected = reply(socket);
      socket.send(JSON.stringify({ id: 1, connect: { token } }));
      expect(await connected).toHaveProperty('connect');
      sockets.push(socket);
    }
    const extra = await rawSocket();
    const refused = once(extra, 'close');
    extra.send(JSON.stringify({ id: 1, connect: { token } }));
    expect(await refused).toBe(3504);
    const early = await rawSocket();
    const closed = once(early, 'close');
    early.send(JSON.stringify({ id: 1, subscribe: { channel: 'cashier:anything' } }));
    expect(await closed).toBe(3501);
    for (const socket of sockets) socket.close();
  });
});

describe('realtime hub across restarts and servers', () => {
  it('SPEC §9: the client reconnects to a server restarted on the same port and resubscribes', async () => {
    const shared = await createTestDatabase();
    let first: TestServer | undefined = await startTestServer({ database: shared });
    let second: TestServer | undefined;
    try {
      const port = Number(new URL(first.baseUrl).port);
      const { session, centrifuge, transactions } = await subscribedSession(first);
      const disconnected = once(centrifuge, 'connecting');
      await first.close();
      first = undefined;
      expect(await disconnected).toMatchObject({ code: 3001, reason: 'shutdown' });
      const resubscribed = once(transactions, 'subscribed');
      second = await startTestServer({ database: shared, port });
      await resubscribed;
      const settled = publication(transactions, (data) => data.status === 'success');
      await deposit(second, session);
      expect(await settled).toMatchObject({ status: 'success' });
    } finally {
      await first?.close();
      await second?.close();
      await shared.close();
    }
  });

  it('two servers on one database: the deposit on one is pushed to the subscriber of the other', async () => {
    const other = await startTestServer({ database, clock });
    try {
      const { session, transactions, balance } = await subscribedSession(other);
      const settled = publication(transactions, (data) => data.status === 'success');
      const credited = publication(balance);
      const paid = await deposit(server, session, '7.25');
      expect(await settled).toMatchObject({ status: 'success' });
      expect(new Big(text((await credited).balance)).eq(text(paid.user_balance))).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('notifications pushed live (SPEC §2 §4)', () => {
  /** A new player's connected client, subscribed to its session's notifications channel. */
  async function notified(player: string) {
    const session = await createTestSession(server, { player });
    const token = await authToken(server, session);
    const centrifuge = client(server, { token });
    const notifications = centrifuge.newSubscription(notificationsChannel(claims(token).ses));
    const subscribed = once(notifications, 'subscribed');
    notifications.subscribe();
    centrifuge.connect();
    await subscribed;
    const heard: Record<string, unknown>[] = [];
    notifications.on('publication', (context) => {
      if (isRecord(context.data)) heard.push(context.data);
    });
    return { notifications, heard };
  }

  it('SPEC §4: a notification created for the brand reaches every open cashier of the brand, one for a player only that player, and a removal by key follows', async () => {
    const suffix = randomUUID().slice(0, 8);
    const dana = await notified(`live-dana-${suffix}`);
    const omar = await notified(`live-omar-${suffix}`);
    const forAll = {
      key: `all-${suffix}`,
      categories: ['deposit_form'],
      pay_group_id: null,
      message: 'Bank transfers are slower today.',
    };
    const toDana = publication(dana.notifications, (data) => 'notifications' in data);
    const toOmar = publication(omar.notifications, (data) => 'notifications' in data);
    await createNotification(server.db, 'brand0', { ...forAll, player_external_id: null });
    expect(await toDana).toEqual({ notifications: [forAll] });
    expect(await toOmar).toEqual({ notifications: [forAll] });

    const danaOnly = {
      key: `dana-${suffix}`,
      categories: ['withdrawal_form'],
      pay_group_id: null,
      message: 'Your withdrawal limit was raised.',
    };
    const danaHears = publication(dana.notifications, (data) => 'notifications' in data);
    await createNotification(server.db, 'brand0', {
      ...danaOnly,
      player_external_id: `live-dana-${suffix}`,
    });
    expect(await danaHears).toEqual({ notifications: [danaOnly] });

    const removedForDana = publication(dana.notifications, (data) => 'removed' in data);
    await deleteNotification(server.db, 'brand0', danaOnly.key);
    expect(await removedForDana).toEqual({ removed: [danaOnly.key] });
    // Omar heard the brand's notification only: the publication to Dana's sessions came after it,
    // so had Omar been sent either, it would be here by now (one connection to one server).
    const removedForAll = publication(omar.notifications, (data) => 'removed' in data);
    await deleteNotification(server.db, 'brand0', forAll.key);
    expect(await removedForAll).toEqual({ removed: [forAll.key] });
    expect(omar.heard).toEqual([{ notifications: [forAll] }, { removed: [forAll.key] }]);
  });

  it('SPEC §4: a notification too large for one realtime message asks the cashier to read again; a rolled-back one pushes nothing', async () => {
    const suffix = randomUUID().slice(0, 8);
    const lena = await notified(`live-lena-${suffix}`);
    const refresh = publication(lena.notifications);
    // 2000 four-byte characters: 8000 bytes, more than one PostgreSQL notification carries.
    await createNotification(server.db, 'brand0', {
      key: `big-${suffix}`,
      categories: ['deposit_form'],
      pay_group_id: null,
      player_external_id: `live-lena-${suffix}`,
      message: '😀'.repeat(2000),
    });
    expect(await refresh).toEqual({ refresh: true });
    await expect(
      server.db.transaction(async (tx) => {
        await createNotification(tx, 'brand0', {
          key: `rolled-back-${suffix}`,
          categories: ['deposit_form'],
          pay_group_id: null,
          player_external_id: `live-lena-${suffix}`,
          message: 'Never shown.',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = publication(lena.notifications);
    await deleteNotification(server.db, 'brand0', `big-${suffix}`);
    expect(await after).toEqual({ removed: [`big-${suffix}`] });
    expect(lena.heard).toEqual([{ refresh: true }, { removed: [`big-${suffix}`] }]);
  });
});
