/**
 * SPEC §7, §8, §9: the clickstream over the realtime connection, with the real
 * `centrifuge` client in Node against the real server on a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL):
 *
 * - a publication to clickstream:track is stored under the brand and player of the connection's
 *   token, never the payload's, without the analytics session id;
 * - another channel is refused (103); data over 60000 bytes (106) and a bad payload (107) are
 *   refused and the connection and its subscriptions go on;
 * - a connection publishes at most CLICKSTREAM_MAX_EVENTS_PER_MINUTE events a minute (111);
 * - the retention deletes only the events older than CLICKSTREAM_RETENTION_DAYS (the app's clock
 *   moved), in batches;
 * - the operator reads them with scope clickstream:read, never another brand's.
 *
 * No sleeps: every wait is on a reply or an event; time moves by the app's injected clock.
 */
import { randomUUID } from 'node:crypto';
import { Centrifuge } from 'centrifuge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ClickstreamPage } from '@cashdesk/contract';
import { clickstreamEvents, players } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { transactionsChannel } from '../modules/realtime/channels';
import { CLICKSTREAM_CHANNEL, deleteOldClickstream } from '../modules/realtime/clickstream';
import { REALTIME_PATH } from '../modules/realtime/hub';
import { CASHIER, callJson, text } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { OPERATOR_ENV, errorCode, mintKey, operatorCall } from './operator-calls';

/** The app's clock: tests move it forward (the volume window, the retention). */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const EVENTS_PER_MINUTE = 5;

let database: TestDatabase;
let server: TestServer;
let readerKey: string;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({
    database,
    clock,
    env: { ...OPERATOR_ENV, CLICKSTREAM_MAX_EVENTS_PER_MINUTE: String(EVENTS_PER_MINUTE) },
  });
  readerKey = (await mintKey(server, 'brand0', ['clickstream:read'])).key;
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
  await database.close();
});

function once(
  emitter: { once(event: string, listener: (value: never) => void): unknown },
  event: string,
): Promise<unknown> {
  return new Promise((resolve) => {
    emitter.once(event, (value: never) => {
      resolve(value);
    });
  });
}

/** A new player's session of `brand`, its connected client and its transactions subscription. */
async function connected(brand = 'brand0') {
  const player = `cs-${randomUUID().slice(0, 8)}`;
  const session = await createTestSession(server, { player, brand });
  const answer = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  const token = text(answer.body.auth_token);
  const claims: unknown = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  if (!isRecord(claims)) throw new Error('no claims');
  const centrifuge = new Centrifuge(
    `${server.baseUrl.replace('http://', 'ws://')}${REALTIME_PATH}`,
    {
      websocket: WebSocket,
      token,
      minReconnectDelay: 20,
      maxReconnectDelay: 200,
    },
  );
  clients.push(centrifuge);
  const transactions = centrifuge.newSubscription(transactionsChannel(text(claims.ses)));
  const subscribed = once(transactions, 'subscribed');
  transactions.subscribe();
  centrifuge.connect();
  await subscribed;
  return { player, session, playerUuid: text(claims.sub), centrifuge, transactions };
}

/** The error a publication was refused with. */
async function refusal(publication: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await publication;
  } catch (error: unknown) {
    if (isRecord(error)) return error;
  }
  throw new Error('the publication was not refused');
}

function event(type: string, data: Record<string, string | number | boolean | null> = {}) {
  return {
    type,
    session_id: 'analytics-7',
    session_type: 'deposit',
    pay_group: 101,
    min_amount: '10.00',
    max_amount: '5000.00',
    contexts: { channel: 'desktop', brand: 'brand0', language: 'en' },
    data,
  };
}

async function readClickstream(query: string, key = readerKey) {
  const answer = await operatorCall(server, 'GET', `/clickstream${query}`, key);
  expect(answer.status, answer.text).toBe(200);
  return ClickstreamPage.parse(answer.body);
}

describe('clickstream over the realtime connection (SPEC §7)', () => {
  it("SPEC §7: a publication to clickstream:track is stored under the token's brand and player, without the session id", async () => {
    const mine = await connected('brand0');
    const other = await connected('brand1');
    // The payload claims another brand and carries a player of its own: neither is believed.
    const claimed = { ...event('click', { target: 'submit' }), player_id: 'someone-else' };
    await mine.centrifuge.publish(CLICKSTREAM_CHANNEL, {
      events: [claimed, { ...event('amount', { action: 'initial', amount: '25' }) }],
    });
    await other.centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('click')] });
    const rows = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, mine.playerUuid));
    expect(rows.map((row) => row.type).sort()).toEqual(['amount', 'click']);
    for (const row of rows) {
      expect(row.brandId).toBe('brand0');
      expect(row.payload).not.toHaveProperty('session_id');
      expect(row.payload).not.toHaveProperty('player_id');
      expect(row.payload).toMatchObject({
        session_type: 'deposit',
        pay_group: 101,
        min_amount: '10.00',
        max_amount: '5000.00',
        contexts: { channel: 'desktop', brand: 'brand0', language: 'en' },
      });
    }
    const [otherRow] = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, other.playerUuid));
    expect(otherRow?.brandId).toBe('brand1');
    // Nothing of it in the log (the session id is the HTTP API's credential).
    expect(server.logs()).not.toContain(mine.session);
  });

  it('SPEC §8: another channel is refused with 103; the connection and its subscription go on', async () => {
    const { centrifuge, transactions } = await connected();
    const refused = await refusal(
      centrifuge.publish('clickstream:other', { events: [event('a')] }),
    );
    expect(refused).toMatchObject({ code: 103 });
    const foreign = await refusal(centrifuge.publish(transactions.channel, { hello: 1 }));
    expect(foreign).toMatchObject({ code: 103 });
    expect(centrifuge.state).toBe('connected');
    expect(transactions.state).toBe('subscribed');
  });

  it('SPEC §8, §9: data over 60000 bytes (106) and a bad payload (107) are refused; the connection survives', async () => {
    const { centrifuge, transactions, playerUuid } = await connected();
    const large = await refusal(
      centrifuge.publish(CLICKSTREAM_CHANNEL, {
        events: [event('click', { label: 'x'.repeat(1000) })],
        padding: 'x'.repeat(60_500),
      }),
    );
    expect(large).toMatchObject({ code: 106 });
    for (const bad of [{ events: [] }, { events: [{ type: 'Not A Type' }] }, 'text', null]) {
      expect(await refusal(centrifuge.publish(CLICKSTREAM_CHANNEL, bad))).toMatchObject({
        code: 107,
      });
    }
    expect(centrifuge.state).toBe('connected');
    expect(transactions.state).toBe('subscribed');
    // And it still publishes.
    await centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('click')] });
    const rows = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, playerUuid));
    expect(rows).toHaveLength(1);
  });

  it('SPEC §9: a connection publishes a bounded number of events a minute (111, temporary)', async () => {
    const { centrifuge, playerUuid } = await connected();
    await centrifuge.publish(CLICKSTREAM_CHANNEL, {
      events: Array.from({ length: EVENTS_PER_MINUTE - 1 }, () => event('click')),
    });
    const over = await refusal(
      centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('a'), event('b')] }),
    );
    expect(over).toMatchObject({ code: 111, temporary: true });
    await centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('last')] });
    expect(
      await refusal(centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('c')] })),
    ).toMatchObject({ code: 111 });
    // A minute later on the app's clock, the budget is back.
    offsetMs = 60_000;
    try {
      await centrifuge.publish(CLICKSTREAM_CHANNEL, { events: [event('next')] });
    } finally {
      offsetMs = 0;
    }
    const rows = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, playerUuid));
    expect(rows).toHaveLength(EVENTS_PER_MINUTE + 1);
  });

  it('CLICKSTREAM_RETENTION_DAYS: the retention deletes only the events older than 30 days, in batches', async () => {
    const [player] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.brandId, 'brand0'))
      .limit(1);
    const day = 86_400_000;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    const inserted = await server.db
      .insert(clickstreamEvents)
      .values(
        [31, 31, 31, 30.5, 29, 1].map((daysAgo) => ({
          brandId: 'brand0',
          playerId: player?.id ?? null,
          type: `retention-${daysAgo}`,
          payload: { daysAgo },
          receivedAt: at(daysAgo),
        })),
      )
      .returning({ id: clickstreamEvents.id, type: clickstreamEvents.type });
    expect(inserted).toHaveLength(6);
    const left = async () =>
      (await server.db.select({ type: clickstreamEvents.type }).from(clickstreamEvents))
        .map((row) => row.type)
        .filter((type) => type.startsWith('retention-'))
        .sort();
    // In batches of two rows: the four older than 30 days go, in more than one batch.
    expect(await deleteOldClickstream(server.db, at(30), { batchRows: 2, maxBatches: 1 })).toBe(2);
    expect(await left()).toHaveLength(4);
    // The app's own job, on the app's clock.
    expect(await server.app.cashdesk.clickstreamRetention.runOnce()).toBe(2);
    expect(await left()).toEqual(['retention-1', 'retention-29']);
    // Two days later on the app's clock, the 29-day-old event is past the retention too.
    offsetMs = 2 * day;
    try {
      expect(await server.app.cashdesk.clickstreamRetention.runOnce()).toBe(1);
    } finally {
      offsetMs = 0;
    }
    expect(await left()).toEqual(['retention-1']);
  });

  it("the operator reads the brand's clickstream with scope clickstream:read, filtered and paged, never another brand's", async () => {
    const mine = await connected('brand0');
    const other = await connected('brand1');
    const before = new Date(Date.now() - 1_000).toISOString();
    await mine.centrifuge.publish(CLICKSTREAM_CHANNEL, {
      events: [
        event('order_result_status', { status: 'success' }),
        event('click', { target: 'carousel' }),
        event('click', { target: 'submit' }),
      ],
    });
    await other.centrifuge.publish(CLICKSTREAM_CHANNEL, {
      events: [event('order_result_status', { status: 'decline' })],
    });
    const page = await readClickstream(`?player_id=${mine.player}`);
    expect(page.events.map((row) => row.type)).toEqual(['click', 'click', 'order_result_status']);
    expect(page.events[0]).toMatchObject({
      player_id: mine.player,
      clickstream_id: null,
      payload: { data: { target: 'submit' }, session_type: 'deposit' },
    });
    expect(page.events[0]?.payload).not.toHaveProperty('session_id');
    // Filters by type and time received.
    const results = await readClickstream(
      `?type=order_result_status&received_from=${encodeURIComponent(before)}`,
    );
    expect(results.events.map((row) => row.player_id)).toContain(mine.player);
    // Another brand's player is never shown to this brand's key.
    expect(results.events.map((row) => row.player_id)).not.toContain(other.player);
    expect((await readClickstream(`?player_id=${other.player}`)).events).toEqual([]);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect(
      (await readClickstream(`?player_id=${mine.player}&received_from=${future}`)).events,
    ).toEqual([]);
    expect(
      (await readClickstream(`?player_id=${mine.player}&received_to=${encodeURIComponent(before)}`))
        .events,
    ).toEqual([]);
    // Cursor pagination: every row once.
    const first = await readClickstream(`?player_id=${mine.player}&limit=2`);
    expect(first.events).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await readClickstream(
      `?player_id=${mine.player}&limit=2&cursor=${first.next_cursor ?? ''}`,
    );
    expect(second.events.map((row) => row.type)).toEqual(['order_result_status']);
    expect(second.next_cursor).toBeNull();
    const bad = await operatorCall(server, 'GET', '/clickstream?cursor=bm9wZQ', readerKey);
    expect(bad.status).toBe(400);
    // Scopes: a key without clickstream:read is refused (1802), no key at all too (1801).
    const transactionsOnly = (await mintKey(server, 'brand0', ['transactions:read'])).key;
    const refused = await operatorCall(server, 'GET', '/clickstream', transactionsOnly);
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe('1802');
    expect((await operatorCall(server, 'GET', '/clickstream', null)).status).toBe(401);
  });
});
