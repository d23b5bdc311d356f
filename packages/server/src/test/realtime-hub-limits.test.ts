/**
 * The realtime hub's limits and refusals (modules/realtime/hub.ts), with real websockets (the
 * `ws` client) against the real server on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL):
 *
 * - the per-address cap counts the client address TRUST_PROXY derives, as the HTTP limits do;
 * - a socket that does not connect within REALTIME_CONNECT_TIMEOUT_MS is closed (3502), whatever
 *   it sends; past REALTIME_MAX_CONNECTIONS a process closes new sockets (3013);
 * - a clickstream publication holding NUL or a lone surrogate is bad input (107), not a fault;
 * - the token of an ended session or of a blocked player is refused (3503).
 *
 * No sleeps: every wait is on an event; the hub's timers are off, and the connect deadline is
 * driven by calling its sweep after moving the app's injected clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { players, sessions } from '../db/schema';
import { expireSession } from '../http/sessions';
import { isRecord } from '../platform/is-record';
import { CLICKSTREAM_CHANNEL } from '../modules/realtime/clickstream';
import { transactionsChannel } from '../modules/realtime/channels';
import { REALTIME_PATH } from '../modules/realtime/hub';
import { CASHIER, callJson, text } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer, TestServerOptions } from './harness';

/** The app's clock of most servers here. */
const clock = () => new Date();

let database: TestDatabase;
const servers: TestServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await database.close();
});

/** A server on the shared database with its realtime timers off and `env` set. */
async function serverWith(
  env: Record<string, string>,
  serverClock: () => Date = clock,
): Promise<TestServer> {
  const options: TestServerOptions = { database, clock: serverClock, realtimeTimers: false, env };
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

function socketUrl(target: Pick<TestServer, 'baseUrl'>): string {
  return `${target.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`;
}

/** A socket's outcome: open, or the status of the refused upgrade. */
function opened(socket: WebSocket): Promise<'open' | number> {
  return new Promise((resolve) => {
    socket.once('open', () => {
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', () => {
      // A refused upgrade also errors; 'unexpected-response' tells the status.
    });
  });
}

/** A raw socket, as from `forwardedFor` behind the trusted proxy when given. */
function rawSocket(target: TestServer, forwardedFor?: string): WebSocket {
  return new WebSocket(
    socketUrl(target),
    forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } },
  );
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    socket.once('close', (code: number) => {
      resolve(code);
    });
  });
}

function reply(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data: Buffer) => {
      const parsed: unknown = JSON.parse(data.toString('utf8').split('\n')[0] ?? '');
      if (isRecord(parsed)) resolve(parsed);
      else reject(new Error('not a reply'));
    });
  });
}

async function authToken(target: TestServer, session: string): Promise<string> {
  const answer = await callJson(target, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  return text(answer.body.auth_token);
}

/** An open socket connected with `token`. */
async function connected(target: TestServer, token: string): Promise<WebSocket> {
  const socket = rawSocket(target);
  expect(await opened(socket)).toBe('open');
  const answer = reply(socket);
  socket.send(JSON.stringify({ id: 1, connect: { token } }));
  expect(await answer).toHaveProperty('connect');
  return socket;
}

describe('realtime hub limits', () => {
  // Each test's servers close with it: their pools and listeners would otherwise hold
  // PostgreSQL connections for the rest of the file.
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('the per-address cap counts the client address TRUST_PROXY derives, as the HTTP limits do', async () => {
    const server = await serverWith({
      TRUST_PROXY: 'loopback',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
    });
    const first = [rawSocket(server, '203.0.113.1'), rawSocket(server, '203.0.113.1')];
    for (const socket of first) expect(await opened(socket)).toBe('open');
    // Another player behind the same balancer is not counted with them.
    const other = rawSocket(server, '203.0.113.2');
    expect(await opened(other)).toBe('open');
    // The same player's third socket is over its cap.
    expect(await opened(rawSocket(server, '203.0.113.1'))).toBe(429);
    for (const socket of [...first, other]) socket.close();
  });

  it('the per-address cap counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', async () => {
    const server = await serverWith({
      TRUST_PROXY: 'loopback',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
    });
    const prefix = [rawSocket(server, '2001:db8:7:7::1'), rawSocket(server, '2001:db8:7:7::2')];
    for (const socket of prefix) expect(await opened(socket)).toBe('open');
    // Another address of the same /64 is the same client; one of the next /64 is not.
    expect(await opened(rawSocket(server, '2001:db8:7:7:ffff::9'))).toBe(429);
    const next = rawSocket(server, '2001:db8:7:8::1');
    expect(await opened(next)).toBe('open');
    const mapped = [rawSocket(server, '203.0.113.9'), rawSocket(server, '::ffff:203.0.113.9')];
    for (const socket of mapped) expect(await opened(socket)).toBe('open');
    expect(await opened(rawSocket(server, '203.0.113.9'))).toBe(429);
    for (const socket of [...prefix, next, ...mapped]) socket.close();
  });

  it('without a trusted proxy, X-Forwarded-For is ignored: the socket address is counted', async () => {
    const server = await serverWith({ REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const first = [rawSocket(server, '203.0.113.1'), rawSocket(server, '203.0.113.2')];
    for (const socket of first) expect(await opened(socket)).toBe('open');
    expect(await opened(rawSocket(server, '203.0.113.3'))).toBe(429);
    for (const socket of first) socket.close();
  });

  it('closes a socket that has not connected by REALTIME_CONNECT_TIMEOUT_MS (3502), whatever it sends', async () => {
    // A clock that moves only when the test moves it.
    let nowMs = Date.now();
    const server = await serverWith({ REALTIME_CONNECT_TIMEOUT_MS: '5000' }, () => new Date(nowMs));
    const hub = server.app.cashdesk.realtime;
    const idle = rawSocket(server);
    expect(await opened(idle)).toBe('open');
    // Pongs keep a connected socket alive, never one that has not connected.
    idle.send('{}');
    const token = await authToken(server, await createTestSession(server));
    const player = await connected(server, token);
    // Its `{}` has arrived once the later socket's connect was answered.
    idle.send('{}');
    nowMs += 4_999;
    hub.sweep();
    expect(hub.connections).toBe(2);
    const idleClosed = closed(idle);
    nowMs += 1;
    hub.sweep();
    expect(await idleClosed).toBe(3502);
    expect(hub.connections).toBe(1);
    player.close();
  });

  it('closes sockets past REALTIME_MAX_CONNECTIONS of the process (3013, reconnect later)', async () => {
    const server = await serverWith({ REALTIME_MAX_CONNECTIONS: '3' });
    const sockets = [rawSocket(server), rawSocket(server), rawSocket(server)];
    for (const socket of sockets) expect(await opened(socket)).toBe('open');
    const extra = rawSocket(server);
    const refused = closed(extra);
    expect(await refused).toBe(3013);
    expect(server.app.cashdesk.realtime.connections).toBe(3);
    for (const socket of sockets) socket.close();
  });
});

describe('realtime input and revoked tokens', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await serverWith({});
  });

  it('SPEC §7: a clickstream publication holding NUL or a lone surrogate is bad input (107), not a fault', async () => {
    const token = await authToken(server, await createTestSession(server));
    const socket = await connected(server, token);
    const event = {
      type: 'click',
      session_type: 'deposit',
      pay_group: 101,
      contexts: { channel: 'desktop', brand: 'brand0', language: 'en' },
    };
    let id = 1;
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      id += 1;
      for (const data of [{ label: bad }, { [bad]: 'x' }]) {
        const answer = reply(socket);
        socket.send(
          JSON.stringify({
            id,
            publish: { channel: CLICKSTREAM_CHANNEL, data: { events: [{ ...event, data }] } },
          }),
        );
        expect(await answer).toEqual({ id, error: { code: 107, message: 'bad request' } });
      }
    }
    // The connection goes on, and nothing was logged as a fault.
    const good = reply(socket);
    socket.send(
      JSON.stringify({
        id: 99,
        publish: { channel: CLICKSTREAM_CHANNEL, data: { events: [event] } },
      }),
    );
    expect(await good).toEqual({ id: 99, publish: {} });
    expect(server.logs()).not.toContain('could not be stored');
    socket.close();
  });

  it("SPEC §8: an ended session's token is refused on connect (3503), also when no process heard the end", async () => {
    const session = await createTestSession(server);
    const token = await authToken(server, session);
    await expireSession(server.db, session, clock());
    const socket = rawSocket(server);
    expect(await opened(socket)).toBe('open');
    const refused = closed(socket);
    socket.send(
      [
        JSON.stringify({ id: 1, connect: { token } }),
        JSON.stringify({ id: 2, subscribe: { channel: 'cashier:anything' } }),
      ].join('\n'),
    );
    expect(await refused).toBe(3503);
    // Ended behind the hub's back (no notification): the database is asked.
    const silent = await createTestSession(server);
    const silentToken = await authToken(server, silent);
    await server.db.update(sessions).set({ expiresAt: clock() }).where(eq(sessions.id, silent));
    const other = rawSocket(server);
    expect(await opened(other)).toBe('open');
    const otherRefused = closed(other);
    other.send(JSON.stringify({ id: 1, connect: { token: silentToken } }));
    expect(await otherRefused).toBe(3503);
  });

  it("SPEC §8: a blocked player's token is refused on connect and subscribe (3503)", async () => {
    const session = await createTestSession(server);
    const token = await authToken(server, session);
    const ses: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    if (!isRecord(ses)) throw new Error('no claims');
    const live = await connected(server, token);
    const [row] = await server.db
      .select({ playerId: sessions.playerId })
      .from(sessions)
      .where(eq(sessions.id, session));
    if (row === undefined) throw new Error('no session');
    const liveClosed = closed(live);
    // Blocked in the store, its sessions left as they are: the hub hears of it (and closes the
    // player's connections), and the database answers for a token presented later.
    await server.db.update(players).set({ blockedAt: clock() }).where(eq(players.id, row.playerId));
    server.app.cashdesk.realtime.ended({ kind: 'player', id: row.playerId });
    expect(await liveClosed).toBe(3503);
    const again = rawSocket(server);
    expect(await opened(again)).toBe('open');
    const refused = closed(again);
    again.send(
      [
        JSON.stringify({ id: 1, connect: { token } }),
        JSON.stringify({ id: 2, subscribe: { channel: transactionsChannel(text(ses.ses)) } }),
      ].join('\n'),
    );
    expect(await refused).toBe(3503);
  });
});
