/**
 * SPEC §7: the realtime hub over SSE and HTTP streaming (modules/realtime/hub-emulation.ts), with
 * the real `centrifuge` client (EventSource from the `eventsource` package, Node's fetch and
 * streams) and with raw HTTP requests, against the real server on a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL):
 *
 * - over each transport, init's auth_token connects, the subscriptions go by POST /emulation and
 *   a settled deposit's status and balance are pushed;
 * - the websocket's rules hold over each: an ended session's or a blocked player's token is
 *   refused (disconnect 3503, no reconnect), the per-address cap (429, counted with websockets),
 *   the process cap (3013), the connect deadline (3502);
 * - bad input is bad input: no connect command (400), an emulation request of the wrong shape
 *   (400) or over the largest frame (413), a line that is not JSON (3501); a connection its
 *   process has no more is answered 204.
 *
 * No sleeps: every wait is on an event; the hub's timers are off (sweep and tick are called after
 * moving the app's injected clock).
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { Centrifuge } from 'centrifuge';
import type { Subscription } from 'centrifuge';
import { eq } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { players, sessions } from '../db/schema';
import { expireSession } from '../http/sessions';
import { isRecord } from '../platform/is-record';
import { balanceChannel, transactionsChannel } from '../modules/realtime/channels';
import { REALTIME_PATH } from '../modules/realtime/hub';
import { EMULATION_PATH, HTTP_STREAM_PATH, SSE_PATH } from '../modules/realtime/hub-emulation';
import type { StreamKind } from '../modules/realtime/hub-emulation';
import { CASHIER, callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';

/** The app's clock: the connect deadline is reached by moving it. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let database: TestDatabase;
let server: TestServer;
const extra: TestServer[] = [];
const clients: Centrifuge[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, clock, realtimeTimers: false });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  for (const other of extra) await other.close();
  await server.close();
  await database.close();
});

/** A session of a new player (a test blocks its player). */
function newSession(target: Pick<TestServer, 'baseUrl'>): Promise<string> {
  return createTestSession(target, { player: `rt-${randomUUID().slice(0, 8)}` });
}

async function authToken(target: Pick<TestServer, 'baseUrl'>, session: string): Promise<string> {
  const answer = await callJson(target, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  return text(answer.body.auth_token);
}

function claims(token: string): { sub: string; ses: string } {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  if (!isRecord(payload)) throw new Error('no claims');
  return { sub: text(payload.sub), ses: text(payload.ses) };
}

const PATHS: Record<StreamKind, string> = { sse: SSE_PATH, http_stream: HTTP_STREAM_PATH };

/** A `centrifuge` client speaking only `kind`. */
function streamClient(target: Pick<TestServer, 'baseUrl'>, kind: StreamKind, token: string) {
  const centrifuge = new Centrifuge(
    [{ transport: kind, endpoint: `${target.baseUrl}${PATHS[kind]}` }],
    {
      token,
      eventsource: EventSource,
      fetch,
      readableStream: ReadableStream,
      emulationEndpoint: `${target.baseUrl}${EMULATION_PATH}`,
      minReconnectDelay: 20,
      maxReconnectDelay: 200,
    },
  );
  clients.push(centrifuge);
  return centrifuge;
}

/** Something with `once(event, listener)`: the client, a subscription, a socket. */
interface Emitter {
  once(event: string, listener: (...args: never[]) => void): unknown;
}

function once(emitter: Emitter, event: string) {
  return new Promise<unknown>((resolve) => {
    emitter.once(event, (value: never) => {
      resolve(value);
    });
  });
}

function publication(
  subscription: Subscription,
  match: (data: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    subscription.on('publication', (context) => {
      const data: unknown = context.data;
      if (isRecord(data) && match(data)) resolve(data);
    });
  });
}

/** A raw stream: its status, then its messages (replies and pushes) as they come. */
interface RawStream {
  readonly status: number;
  readonly body: string;
  next(): Promise<Record<string, unknown>>;
  /** The code of its disconnect push (the stream ends after it). */
  disconnected(): Promise<number>;
  close(): void;
}

/** Opens a stream of `kind` whose first frame is `frame`, read line by line. */
async function rawStream(
  target: Pick<TestServer, 'baseUrl'>,
  kind: StreamKind,
  frame: string,
  headers: Record<string, string> = {},
): Promise<RawStream> {
  const abort = new AbortController();
  const response =
    kind === 'sse'
      ? await fetch(`${target.baseUrl}${SSE_PATH}?cf_connect=${encodeURIComponent(frame)}`, {
          headers,
          signal: abort.signal,
        })
      : await fetch(`${target.baseUrl}${HTTP_STREAM_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: frame,
          signal: abort.signal,
        });
  if (response.status !== 200 || response.body === null) {
    return {
      status: response.status,
      body: await response.text(),
      next: () => Promise.reject(new Error('no stream')),
      disconnected: () => Promise.reject(new Error('no stream')),
      close: () => undefined,
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const queued: Record<string, unknown>[] = [];
  let buffer = '';
  const next = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const ready = queued.shift();
      if (ready !== undefined) return ready;
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const json = kind === 'sse' ? (line.startsWith('data: ') ? line.slice(6) : '') : line;
        if (json.trim() === '') continue;
        const parsed: unknown = JSON.parse(json);
        if (isRecord(parsed)) queued.push(parsed);
      }
    }
  };
  return {
    status: 200,
    body: '',
    next,
    disconnected: async () => {
      for (;;) {
        const message = await next();
        const push = message.push;
        if (isRecord(push) && isRecord(push.disconnect)) return Number(push.disconnect.code);
      }
    },
    close: () => {
      abort.abort();
    },
  };
}

async function emulate(target: Pick<TestServer, 'baseUrl'>, body: unknown): Promise<Response> {
  return fetch(`${target.baseUrl}${EMULATION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe.each(['sse', 'http_stream'] as const)('SPEC §7: the hub over %s', (kind) => {
  it(`SPEC §7: over ${kind}, init's auth_token connects, subscribes through POST /emulation and a settled deposit is pushed`, async () => {
    const session = await newSession(server);
    const token = await authToken(server, session);
    const centrifuge = streamClient(server, kind, token);
    const transactions = centrifuge.newSubscription(transactionsChannel(claims(token).ses));
    const balance = centrifuge.newSubscription(balanceChannel(claims(token).sub));
    const subscribed = Promise.all([once(transactions, 'subscribed'), once(balance, 'subscribed')]);
    const connected = once(centrifuge, 'connected');
    transactions.subscribe();
    balance.subscribe();
    centrifuge.connect();
    expect(await connected).toMatchObject({ transport: kind });
    await subscribed;
    const settled = publication(transactions, (data) => data.status === 'success');
    const credited = publication(balance, () => true);
    const card = await payGroupId(server, 'card', 'deposit');
    const paid = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${card}/submit`,
      session,
      cardDepositBody('12.50'),
    );
    expect(paid.status).toBe(200);
    expect(await settled).toMatchObject({ status: 'success' });
    expect(new Big(text((await credited).balance)).eq(text(paid.body.user_balance))).toBe(true);
    centrifuge.disconnect();
  });

  it(`SPEC §8: over ${kind}, an ended session's and a blocked player's tokens are refused (3503, no reconnect)`, async () => {
    const ended = await newSession(server);
    const endedToken = await authToken(server, ended);
    await expireSession(server.db, ended, clock());
    const refused = await rawStream(
      server,
      kind,
      JSON.stringify({ id: 1, connect: { token: endedToken } }),
    );
    expect(refused.status).toBe(200);
    expect(await refused.disconnected()).toBe(3503);

    const session = await newSession(server);
    const token = await authToken(server, session);
    const live = await rawStream(server, kind, JSON.stringify({ id: 1, connect: { token } }));
    const reply = await live.next();
    expect(reply).toMatchObject({ id: 1, connect: { node: server.app.cashdesk.realtime.node } });
    const [row] = await server.db
      .select({ playerId: sessions.playerId })
      .from(sessions)
      .where(eq(sessions.id, session));
    if (row === undefined) throw new Error('no session');
    await server.db.update(players).set({ blockedAt: clock() }).where(eq(players.id, row.playerId));
    server.app.cashdesk.realtime.ended({ kind: 'player', id: row.playerId });
    expect(await live.disconnected()).toBe(3503);
    // Its commands reach no connection now: answered 204, as Centrifugo answers them.
    const connect = reply.connect;
    if (!isRecord(connect)) throw new Error('no connect reply');
    const late = await emulate(server, {
      session: connect.session,
      node: connect.node,
      data: JSON.stringify({
        id: 2,
        subscribe: { channel: transactionsChannel(claims(token).ses) },
      }),
    });
    expect(late.status).toBe(204);
  });

  it(`over ${kind}, bad input is bad input: no connect (400), a malformed emulation request (400), one over the largest frame (413), a line that is not JSON (3501)`, async () => {
    const missing =
      kind === 'sse'
        ? await fetch(`${server.baseUrl}${SSE_PATH}`)
        : await fetch(`${server.baseUrl}${HTTP_STREAM_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '[1]',
          });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error_code: kind === 'sse' ? '1002' : '1001' });

    const token = await authToken(server, await newSession(server));
    const stream = await rawStream(server, kind, JSON.stringify({ id: 1, connect: { token } }));
    const connect = (await stream.next()).connect;
    if (!isRecord(connect)) throw new Error('no connect reply');
    const malformed = await emulate(server, { session: 7, node: connect.node, data: '{}' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error_code: '1002',
      error_field: 'body.session',
    });
    const large = await emulate(server, {
      session: connect.session,
      node: connect.node,
      data: 'x'.repeat(server.app.cashdesk.realtime.maxFrameBytes + 1),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error_code: '1004' });
    const notJson = await emulate(server, {
      session: connect.session,
      node: connect.node,
      data: 'not json',
    });
    expect(notJson.status).toBe(204);
    expect(await stream.disconnected()).toBe(3501);
  });
});

describe('SPEC §7: the HTTP transports keep the websocket’s limits', () => {
  it('the per-address cap counts streams with websockets (429, 1013); past the process cap a stream is closed (3013); one not connected by the deadline is closed (3502)', async () => {
    const limited = await startTestServer({
      database,
      clock,
      realtimeTimers: false,
      env: { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2', REALTIME_MAX_CONNECTIONS: '3' },
    });
    extra.push(limited);
    const token = await authToken(limited, await newSession(limited));
    const frame = JSON.stringify({ id: 1, connect: { token } });
    const socket = new WebSocket(`${limited.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`);
    await once(socket, 'open');
    const first = await rawStream(limited, 'sse', frame);
    expect(first.status).toBe(200);
    const refused = await rawStream(limited, 'http_stream', frame);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error_code: '1013' });
    // Another address (the same socket address: the process cap counts every connection).
    socket.close();
    await once(socket, 'close');
    const second = await rawStream(limited, 'http_stream', frame);
    expect(second.status).toBe(200);
    first.close();
    second.close();

    // An expired token is answered 109 and leaves the stream unconnected: the deadline ends it.
    offsetMs = 0;
    const expiredToken = await authToken(limited, await newSession(limited));
    offsetMs = 11 * 60_000;
    const waiting = await rawStream(
      limited,
      'sse',
      JSON.stringify({ id: 1, connect: { token: expiredToken } }),
    );
    expect(await waiting.next()).toMatchObject({ id: 1, error: { code: 109 } });
    offsetMs += 10_000;
    limited.app.cashdesk.realtime.sweep();
    expect(await waiting.disconnected()).toBe(3502);
    offsetMs = 0;
  });

  it('past REALTIME_MAX_CONNECTIONS a stream is closed with 3013 (reconnect later)', async () => {
    const full = await startTestServer({
      database,
      clock,
      realtimeTimers: false,
      env: { REALTIME_MAX_CONNECTIONS: '1' },
    });
    extra.push(full);
    const token = await authToken(full, await newSession(full));
    const frame = JSON.stringify({ id: 1, connect: { token } });
    const first = await rawStream(full, 'http_stream', frame);
    expect(await first.next()).toHaveProperty('connect');
    const second = await rawStream(full, 'sse', frame);
    expect(await second.disconnected()).toBe(3013);
    first.close();
  });
});
