/**
 * SPEC §7: recovery, history and presence of the realtime hub (modules/realtime/hub-history.ts,
 * hub-commands.ts, hub-presence.ts), with the real `centrifuge` client and raw websockets against
 * the real server on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 *
 * - a recoverable subscription that reconnects gets what was published while it was away, in
 *   order, once (`recovered: true`), also on another server process of the same database;
 * - past the history's age or size it is told it cannot recover (`recovered: false`);
 * - `history` answers the stream's publications and position, 112 for another epoch, 107 for bad
 *   input; `presence` and `presence_stats` list the channel's connections.
 *
 * No sleeps: the history's age is reached by moving the app's injected clock.
 */
import { randomUUID } from 'node:crypto';
import { Centrifuge } from 'centrifuge';
import type { SubscribedContext, Subscription } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isRecord } from '../platform/is-record';
import { balanceChannel, transactionsChannel } from '../modules/realtime/channels';
import { REALTIME_PATH } from '../modules/realtime/hub';
import { HISTORY_SIZE, HISTORY_TTL_MS } from '../modules/realtime/hub-history';
import { publish, publishToSession } from '../modules/realtime/publish';
import { CASHIER, callJson, text } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let database: TestDatabase;
let server: TestServer;
let second: TestServer;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, clock, realtimeTimers: false });
  second = await startTestServer({ database, clock, realtimeTimers: false });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await second.close();
  await server.close();
  await database.close();
});

function socketUrl(target: Pick<TestServer, 'baseUrl'>): string {
  return `${target.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`;
}

/** A new player's session and its token's claims. */
async function newSession(target: TestServer) {
  const session = await createTestSession(target, { player: `rt-${randomUUID().slice(0, 8)}` });
  const answer = await callJson(target, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  const token = text(answer.body.auth_token);
  const payload: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  if (!isRecord(payload)) throw new Error('no claims');
  return { session, token, sub: text(payload.sub), ses: text(payload.ses) };
}

/** Collects a recoverable subscription's publications and its subscribed contexts. */
function recoverable(centrifuge: Centrifuge, channel: string) {
  const subscription = centrifuge.newSubscription(channel, { recoverable: true });
  const received: { data: unknown; offset: number | undefined }[] = [];
  const contexts: SubscribedContext[] = [];
  subscription.on('publication', (context) => {
    received.push({ data: context.data, offset: context.offset });
  });
  subscription.on('subscribed', (context) => {
    contexts.push(context);
  });
  subscription.subscribe();
  return { subscription, received, contexts };
}

function nextSubscribed(subscription: Subscription): Promise<SubscribedContext> {
  return new Promise((resolve) => {
    subscription.once('subscribed', resolve);
  });
}

/** A client of `target`'s hub (endpoint changeable for a reconnect to another process). */
function client(target: TestServer, token: string): Centrifuge {
  const centrifuge = new Centrifuge(socketUrl(target), {
    websocket: WebSocket,
    token,
    minReconnectDelay: 20,
    maxReconnectDelay: 200,
  });
  clients.push(centrifuge);
  return centrifuge;
}

async function publishMarks(channel: string, marks: readonly number[]): Promise<void> {
  for (const mark of marks) await publish(server.db, channel, { mark });
}

describe('SPEC §7: recovery', () => {
  it('a recoverable subscription that reconnects recovers what was published meanwhile, in order and once', async () => {
    const { token, sub } = await newSession(server);
    const channel = balanceChannel(sub);
    const centrifuge = client(server, token);
    const balance = recoverable(centrifuge, channel);
    const first = nextSubscribed(balance.subscription);
    centrifuge.connect();
    expect(await first).toMatchObject({ recoverable: true, wasRecovering: false });
    const live = new Promise<void>((resolve) => {
      balance.subscription.on('publication', (context) => {
        if (isRecord(context.data) && context.data.mark === 1) resolve();
      });
    });
    await publishMarks(channel, [1]);
    await live;
    centrifuge.disconnect();
    await publishMarks(channel, [2, 3, 4]);
    const again = nextSubscribed(balance.subscription);
    centrifuge.connect();
    expect(await again).toMatchObject({ wasRecovering: true, recovered: true });
    // The player's opening balances came first: the marks follow them, one position each.
    const marks = balance.received.filter((item) => isRecord(item.data) && 'mark' in item.data);
    expect(marks.map((item) => item.data)).toEqual([1, 2, 3, 4].map((mark) => ({ mark })));
    const start = marks[0]?.offset ?? 0;
    expect(marks.map((item) => item.offset)).toEqual([start, start + 1, start + 2, start + 3]);
    centrifuge.disconnect();
  });

  it('a client recovers on another server process what it missed on the first (the stream is in the database)', async () => {
    const { session, token, ses } = await newSession(server);
    const channel = transactionsChannel(ses);
    const centrifuge = client(server, token);
    const transactions = recoverable(centrifuge, channel);
    const first = nextSubscribed(transactions.subscription);
    centrifuge.connect();
    await first;
    centrifuge.disconnect();
    // A status move of the session, published as the status machine does (by the session).
    await publishToSession(server.db, session, 'transactions', { transaction_id: 't1' });
    // The same subscription, now through the second process.
    const moved = client(second, token);
    const recovering = moved.newSubscription(channel, {
      recoverable: true,
      since: { offset: 0, epoch: transactions.contexts[0]?.streamPosition?.epoch ?? '' },
    });
    const received: unknown[] = [];
    recovering.on('publication', (context) => received.push(context.data));
    const recovered = nextSubscribed(recovering);
    recovering.subscribe();
    moved.connect();
    expect(await recovered).toMatchObject({ wasRecovering: true, recovered: true });
    expect(received).toEqual([{ transaction_id: 't1' }]);
    moved.disconnect();
  });

  it('past the history’s age or size it is told it cannot recover (recovered: false)', async () => {
    const { token, sub } = await newSession(server);
    const channel = balanceChannel(sub);
    const centrifuge = client(server, token);
    const balance = recoverable(centrifuge, channel);
    const first = nextSubscribed(balance.subscription);
    centrifuge.connect();
    await first;
    centrifuge.disconnect();
    await publishMarks(channel, [1]);
    offsetMs = HISTORY_TTL_MS + 1_000;
    try {
      const aged = nextSubscribed(balance.subscription);
      centrifuge.connect();
      expect(await aged).toMatchObject({ wasRecovering: true, recovered: false });
      expect(balance.received).toEqual([]);
      centrifuge.disconnect();
    } finally {
      offsetMs = 0;
    }
    // More than the stream keeps: the oldest missed one is gone.
    await publishMarks(
      channel,
      Array.from({ length: HISTORY_SIZE + 1 }, (_, index) => index),
    );
    const trimmed = nextSubscribed(balance.subscription);
    centrifuge.connect();
    expect(await trimmed).toMatchObject({ wasRecovering: true, recovered: false });
    expect(balance.received).toEqual([]);
    centrifuge.disconnect();
  });
});

describe('SPEC §7: history and presence', () => {
  /** A raw socket connected with `token`, and the next reply. */
  async function connected(target: TestServer, token: string) {
    const socket = new WebSocket(socketUrl(target));
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: Record<string, unknown>[] = [];
    const waiters: ((reply: Record<string, unknown>) => void)[] = [];
    socket.on('message', (data: Buffer) => {
      for (const line of data.toString('utf8').split('\n')) {
        const parsed: unknown = JSON.parse(line);
        if (!isRecord(parsed) || parsed.id === undefined) continue;
        const waiter = waiters.shift();
        if (waiter === undefined) replies.push(parsed);
        else waiter(parsed);
      }
    });
    const ask = (command: Record<string, unknown>) => {
      const answer = new Promise<Record<string, unknown>>((resolve) => {
        const ready = replies.shift();
        if (ready === undefined) waiters.push(resolve);
        else resolve(ready);
      });
      socket.send(JSON.stringify(command));
      return answer;
    };
    expect(await ask({ id: 1, connect: { token } })).toHaveProperty('connect');
    return { socket, ask };
  }

  it('history answers the publications kept and the position; another epoch is 112; bad input 107', async () => {
    const { token, sub } = await newSession(server);
    const channel = balanceChannel(sub);
    const { socket, ask } = await connected(server, token);
    // The player's opening balances are in the stream already: the marks come after them.
    const before = await ask({ id: 8, history: { channel } });
    const position = isRecord(before.history) ? Number(before.history.offset) : NaN;
    const epoch = isRecord(before.history) ? text(before.history.epoch) : '';
    await publishMarks(channel, [1, 2, 3]);
    expect(
      await ask({ id: 2, history: { channel, limit: 10, since: { offset: position, epoch } } }),
    ).toMatchObject({
      id: 2,
      history: {
        offset: position + 3,
        epoch,
        publications: [
          { data: { mark: 1 }, offset: position + 1 },
          { data: { mark: 2 }, offset: position + 2 },
          { data: { mark: 3 }, offset: position + 3 },
        ],
      },
    });
    expect(
      await ask({
        id: 3,
        history: { channel, limit: 1, reverse: true, since: { offset: 0, epoch } },
      }),
    ).toMatchObject({ history: { publications: [{ data: { mark: 3 }, offset: position + 3 }] } });
    expect(await ask({ id: 4, history: { channel } })).toMatchObject({
      history: { offset: position + 3, epoch, publications: [] },
    });
    expect(
      await ask({ id: 5, history: { channel, limit: 5, since: { offset: 1, epoch: 'other' } } }),
    ).toEqual({ id: 5, error: { code: 112, message: 'unrecoverable position' } });
    expect(await ask({ id: 6, history: { channel, limit: -1 } })).toMatchObject({
      error: { code: 107 },
    });
    expect(await ask({ id: 7, history: { channel: balanceChannel(randomUUID()) } })).toMatchObject({
      error: { code: 103 },
    });
    socket.close();
  });

  it('presence and presence stats list the channel’s connections on every process', async () => {
    const { token, ses, sub } = await newSession(server);
    const channel = transactionsChannel(ses);
    const one = await connected(server, token);
    const two = await connected(second, token);
    expect(await one.ask({ id: 2, subscribe: { channel } })).toEqual({ id: 2, subscribe: {} });
    expect(await two.ask({ id: 2, subscribe: { channel } })).toEqual({ id: 2, subscribe: {} });
    // The second process's subscription is written within its sweep (every second).
    await second.app.cashdesk.realtime.flushPresence();
    const presence = await one.ask({ id: 3, presence: { channel } });
    const listed = isRecord(presence.presence) ? presence.presence.presence : undefined;
    const entries = isRecord(listed) ? Object.values(listed) : [];
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatchObject({ user: sub });
    expect(await two.ask({ id: 3, presence_stats: { channel } })).toEqual({
      id: 3,
      presence_stats: { num_clients: 2, num_users: 1 },
    });
    expect(await one.ask({ id: 4, presence: { channel: 'cashier:anything' } })).toMatchObject({
      error: { code: 102 },
    });
    expect(await two.ask({ id: 4, unsubscribe: { channel } })).toEqual({ id: 4, unsubscribe: {} });
    await second.app.cashdesk.realtime.flushPresence();
    await expect(one.ask({ id: 5, presence_stats: { channel } })).resolves.toMatchObject({
      presence_stats: { num_clients: 1 },
    });
    one.socket.close();
    two.socket.close();
  });
});
