/**
 * The webhook deliveries of the operator API on the real server over HTTP: the brand's events
 * with their delivery state after real dispatcher passes (an endpoint that answers, one that
 * refuses the connection until the events are dead-lettered), filtered and walked page by page;
 * one event with its payload; the redelivery of one dead event (any other state: 409) and of every
 * dead event of the brand, never another brand's, audited and sent again by the next pass; and
 * where the events go, without the credentials or query of the address. Another brand's key sees
 * nothing; a key without the scope is refused; bad filters answer 400 naming the field.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AuditPage,
  ERROR_CODES,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookEndpointStatus,
  WebhookRedeliverAnswer,
} from '@cashdesk/contract';
import { dispatchOnce, startWebhookDispatcher } from '../modules/webhooks/dispatcher';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { operatorCardDeposit } from './operator-player-calls';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  errorFields,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

/** The configured address: its credentials and query must never be answered. */
const WEBHOOK_URL =
  'https://hook-user:hook-password@operator.example.com/cashdesk/events?token=t0ps3cret';

let server: TestServer;
let brand0: string;
let brand0KeyId: string;
let other: OperatorBrand;
let receiver: Server;
let receiverUrl: string;
/** Whether the receiver refuses deliveries (500) instead of acknowledging them (204). */
let receiverFails = false;
/** The event ids the receiver acknowledged, and who waits for one. */
const acknowledged = new Set<string>();
const waiting = new Map<string, () => void>();

/** Resolves once the receiver acknowledged the event `id`. */
function acknowledgement(id: string): Promise<void> {
  if (acknowledged.has(id)) return Promise.resolve();
  return new Promise((resolve) => waiting.set(id, resolve));
}

beforeAll(async () => {
  server = await startTestServer({ env: { ...OPERATOR_ENV, WEBHOOK_URL } });
  const minted = await mintKey(server, 'brand0');
  brand0 = minted.key;
  brand0KeyId = minted.id;
  other = await createOperatorBrand(server);
  // An endpoint that acknowledges every delivery.
  receiver = createServer((request, response) => {
    request.resume();
    if (receiverFails) {
      response.writeHead(500).end();
      return;
    }
    const id = request.headers['cashdesk-event-id'];
    response.writeHead(204).end();
    if (typeof id === 'string') {
      acknowledged.add(id);
      waiting.get(id)?.();
    }
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('no receiver port');
  receiverUrl = `http://127.0.0.1:${String(address.port)}/events`;
});

afterAll(async () => {
  await server.close();
  receiver.close();
});

/** One pass of a dispatcher sending every due event to `url`, dead after `maxAttempts`. */
async function dispatchTo(url: string, maxAttempts: number): Promise<void> {
  await dispatchOnce({
    db: server.db,
    clock: () => new Date(),
    settings: { ...server.config.webhooks, url, maxAttempts, timeoutMs: 5_000 },
  });
}

/** An approved card deposit of a new brand0 player: its transaction id. */
async function deposit(amount: string): Promise<string> {
  return (await operatorCardDeposit(server, brand0, freshBrandId('wh'), amount)).id;
}

async function list(query: Record<string, string>, key = brand0) {
  const answer = await operatorCall(
    server,
    'GET',
    `/webhooks/events?${new URLSearchParams(query).toString()}`,
    key,
  );
  expect(answer.status, answer.text).toBe(200);
  return WebhookDeliveryPage.parse(answer.body);
}

async function event(id: string, key = brand0) {
  const answer = await operatorCall(server, 'GET', `/webhooks/events/${id}`, key);
  expect(answer.status, answer.text).toBe(200);
  return WebhookDeliveryDetail.parse(answer.body);
}

/** Every event a filter selects, walking the pages `limit` at a time. */
async function walk(query: Record<string, string>, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: WebhookDeliveryPage = await list({
      ...query,
      limit: String(limit),
      ...(cursor === null ? {} : { cursor }),
    });
    expect(page.events.length).toBeLessThanOrEqual(limit);
    seen.push(...page.events.map((row) => row.id));
    cursor = page.next_cursor;
  } while (cursor !== null);
  return seen;
}

// The deposits of the file: delivered, dead-lettered (two), still pending.
let delivered: string;
let dead: string;
let deadToo: string;
let pending: string;

describe('operator API: GET /webhooks/events', () => {
  it('lists the events of each transaction with their delivery: delivered, dead, pending', async () => {
    delivered = await deposit('10.10');
    await dispatchTo(receiverUrl, 3);
    dead = await deposit('20.20');
    deadToo = await deposit('21.21');
    // Nothing listens on port 1: each attempt fails, and one attempt is the last.
    await dispatchTo('http://127.0.0.1:1/events', 1);
    pending = await deposit('30.30');

    const deliveredEvents = (await list({ transaction_id: delivered })).events;
    expect(deliveredEvents.map((row) => row.type)).toEqual([
      'transaction.succeeded',
      'transaction.created',
    ]);
    for (const row of deliveredEvents) {
      expect(row).toMatchObject({
        state: 'delivered',
        attempts: 1,
        last_status_code: 204,
        last_error: null,
        next_attempt_at: null,
        dead_at: null,
      });
      expect(row.delivered_at).not.toBeNull();
    }
    // The created event is dead; the succeeded one is held behind it, never sent. The dead one
    // shows its slow retry (WEBHOOK_DEAD_RETRY_MS after its last attempt).
    const [heldEvent, deadEvent] = (await list({ transaction_id: dead })).events;
    expect(deadEvent).toMatchObject({
      type: 'transaction.created',
      state: 'dead',
      attempts: 1,
      last_status_code: null,
    });
    expect(deadEvent?.last_error).toEqual(expect.any(String));
    expect(deadEvent?.dead_at).not.toBeNull();
    expect(Date.parse(deadEvent?.next_attempt_at ?? '')).toBe(
      Date.parse(deadEvent?.dead_at ?? '') + server.config.webhooks.deadRetryMs,
    );
    expect(heldEvent).toMatchObject({
      type: 'transaction.succeeded',
      state: 'pending',
      attempts: 0,
      last_attempt_at: null,
      next_attempt_at: null,
      dead_at: null,
    });
    const pendingEvents = (await list({ transaction_id: pending })).events;
    expect(pendingEvents.map((row) => [row.state, row.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('filters by state, type and recording time; newest first', async () => {
    const deadIds = (await list({ state: 'dead', limit: '200' })).events.map((row) => row.id);
    const deadOfTransaction = (await list({ transaction_id: dead, state: 'dead' })).events;
    expect(deadOfTransaction.map((row) => row.type)).toEqual(['transaction.created']);
    expect(deadIds).toEqual(expect.arrayContaining(deadOfTransaction.map((row) => row.id)));
    for (const row of (await list({ state: 'pending', limit: '200' })).events) {
      expect(row.state).toBe('pending');
    }
    const created = await list({ type: 'transaction.created', transaction_id: pending });
    expect(created.events.map((row) => row.type)).toEqual(['transaction.created']);

    const all = (await list({ transaction_id: pending })).events;
    const [newest, oldest] = all;
    if (newest === undefined || oldest === undefined) throw new Error('two events expected');
    expect(newest.created_at >= oldest.created_at).toBe(true);
    const from = await list({ transaction_id: pending, created_from: newest.created_at });
    expect(from.events.map((row) => row.id)).toContain(newest.id);
    const before = await list({ transaction_id: pending, created_to: oldest.created_at });
    expect(before.events).toEqual([]);
  });

  it('walks every event once, page by page, and refuses a cursor it did not make', async () => {
    const whole = (await list({ limit: '200' })).events.map((row) => row.id);
    expect(whole.length).toBeGreaterThanOrEqual(6);
    expect(await walk({}, 2)).toEqual(whole);
    const bad = await operatorCall(server, 'GET', '/webhooks/events?cursor=bm9wZQ', brand0);
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).field).toBe('query.cursor');
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [query, field] of [
      ['state=lost', 'query.state'],
      ['type=transaction.exploded', 'query.type'],
      ['transaction_id=42', 'query.transaction_id'],
      ['created_from=yesterday', 'query.created_from'],
      ['limit=0', 'query.limit'],
      ['colour=red', 'query.colour'],
    ] as const) {
      const answer = await operatorCall(server, 'GET', `/webhooks/events?${query}`, brand0);
      expect(answer.status, query).toBe(400);
      expect(errorFields(answer.body), query).toEqual({
        code: ERROR_CODES.invalidField.code,
        field,
      });
    }
  });

  it("another brand's key sees none of the events; a key without webhooks:read is refused", async () => {
    expect((await list({ limit: '200' }, other.key)).events).toEqual([]);
    const [any] = (await list({ transaction_id: delivered })).events;
    const foreign = await operatorCall(
      server,
      'GET',
      `/webhooks/events/${any?.id ?? ''}`,
      other.key,
    );
    expect(foreign.status).toBe(404);
    expect(errorFields(foreign.body).code).toBe(ERROR_CODES.operatorNotFound.code);
    const noScope = (await mintKey(server, 'brand0', ['transactions:read'])).key;
    for (const path of [
      '/webhooks/events',
      `/webhooks/events/${any?.id ?? ''}`,
      '/webhooks/endpoint',
    ]) {
      expect((await operatorCall(server, 'GET', path, noScope)).status, path).toBe(403);
      expect((await operatorCall(server, 'GET', path, null)).status, path).toBe(401);
    }
  });
});

describe('operator API: GET /webhooks/events/{eventId}', () => {
  it('answers one event with the payload every attempt sends', async () => {
    const [succeeded] = (await list({ transaction_id: delivered, type: 'transaction.succeeded' }))
      .events;
    const detail = await event(succeeded?.id ?? '');
    expect(detail).toMatchObject({ ...succeeded, payload: { id: succeeded?.id } });
    expect(detail.payload).toMatchObject({
      type: 'transaction.succeeded',
      transaction: { id: delivered, status: 'success', amount: '10.1' },
    });
    expect(
      (await operatorCall(server, 'GET', `/webhooks/events/${randomUUID()}`, brand0)).status,
    ).toBe(404);
    const bad = await operatorCall(server, 'GET', '/webhooks/events/not-an-id', brand0);
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).field).toBe('params.eventId');
  });
});

describe('operator API: GET /webhooks/endpoint', () => {
  it('answers where the events go without credentials or query, with counts that match the list', async () => {
    const answer = await operatorCall(server, 'GET', '/webhooks/endpoint', brand0);
    expect(answer.status).toBe(200);
    const status = WebhookEndpointStatus.parse(answer.body);
    expect(status.url).toBe('https://operator.example.com/cashdesk/events');
    expect(answer.text).not.toContain('hook-password');
    expect(answer.text).not.toContain('t0ps3cret');
    expect(answer.text).not.toContain(server.config.webhooks.key.secret);
    expect(status.signing_key_id).toBe(server.config.webhooks.key.keyId);
    for (const state of ['pending', 'delivered', 'dead'] as const) {
      expect(status.counts[state], state).toBe((await walk({ state }, 200)).length);
    }
    expect(status.last_delivered_at).not.toBeNull();
    // The one pass that failed sent both dead transactions' events, in an order the test does
    // not choose: the last failure is one of theirs.
    const deadIds = [
      ...(await list({ transaction_id: dead })).events,
      ...(await list({ transaction_id: deadToo })).events,
    ].map((row) => row.id);
    expect(deadIds).toContain(status.last_failure?.event_id);
    expect(status.last_failure?.error).toEqual(expect.any(String));

    const empty = WebhookEndpointStatus.parse(
      (await operatorCall(server, 'GET', '/webhooks/endpoint', other.key)).body,
    );
    expect(empty).toMatchObject({
      counts: { pending: 0, delivered: 0, dead: 0 },
      last_delivered_at: null,
      last_failure: null,
    });
  });
});

describe('operator API: POST /webhooks/events/{eventId}/redeliver', () => {
  it('puts a dead event back in the queue with a fresh count, audited; the next pass delivers it and the event it held', async () => {
    const [target] = (await list({ transaction_id: dead, type: 'transaction.created' })).events;
    const id = target?.id ?? '';
    const answer = await operatorCall(server, 'POST', `/webhooks/events/${id}/redeliver`, brand0);
    expect(answer.status, answer.text).toBe(200);
    expect(WebhookDeliveryDetail.parse(answer.body)).toMatchObject({
      id,
      state: 'pending',
      attempts: 0,
      dead_at: null,
      next_attempt_at: null,
    });
    const trail = AuditPage.parse(
      (
        await operatorCall(
          server,
          'GET',
          `/audit?action=operatorWebhookEventRedeliver&target=webhook_event:${id}`,
          brand0,
        )
      ).body,
    );
    expect(trail.entries).toHaveLength(1);
    expect(trail.entries[0]).toMatchObject({
      actor: brand0KeyId,
      kind: 'change',
      before: { id, state: 'dead' },
      after: { id, state: 'pending', attempts: 0 },
    });

    // A second redelivery finds it pending: 409, nothing changed.
    const again = await operatorCall(server, 'POST', `/webhooks/events/${id}/redeliver`, brand0);
    expect(again.status).toBe(409);
    expect(errorFields(again.body).code).toBe(ERROR_CODES.operatorConflict.code);

    await dispatchTo(receiverUrl, 3);
    expect(await event(id)).toMatchObject({ state: 'delivered', attempts: 1 });
    const [held] = (await list({ transaction_id: dead, type: 'transaction.succeeded' })).events;
    expect(held).toMatchObject({ state: 'delivered', attempts: 1 });
    const order = [...acknowledged];
    expect(order.indexOf(id)).toBeLessThan(order.indexOf(held?.id ?? ''));
    expect(order.indexOf(id)).toBeGreaterThanOrEqual(0);
  });

  it("answers 409 for a delivered event, 404 for another brand's, 403 without webhooks:write", async () => {
    const [done] = (await list({ transaction_id: delivered })).events;
    const conflict = await operatorCall(
      server,
      'POST',
      `/webhooks/events/${done?.id ?? ''}/redeliver`,
      brand0,
    );
    expect(conflict.status).toBe(409);
    expect((await event(done?.id ?? '')).state).toBe('delivered');

    const [stillDead] = (await list({ transaction_id: deadToo, state: 'dead' })).events;
    const path = `/webhooks/events/${stillDead?.id ?? ''}/redeliver`;
    expect((await operatorCall(server, 'POST', path, other.key)).status).toBe(404);
    const readOnly = (await mintKey(server, 'brand0', ['webhooks:read'])).key;
    expect((await operatorCall(server, 'POST', path, readOnly)).status).toBe(403);
    expect((await operatorCall(server, 'POST', '/webhooks/redeliver-dead', readOnly)).status).toBe(
      403,
    );
    expect((await event(stillDead?.id ?? '')).state).toBe('dead');
  });
});

describe('operator API: POST /webhooks/redeliver-dead', () => {
  it("requeues every dead event of the brand and answers the count; another brand's key requeues none", async () => {
    const deadBefore = await walk({ state: 'dead' }, 200);
    expect(deadBefore.length).toBeGreaterThan(0);

    const foreign = await operatorCall(server, 'POST', '/webhooks/redeliver-dead', other.key);
    expect(foreign.status).toBe(200);
    expect(WebhookRedeliverAnswer.parse(foreign.body)).toEqual({ requeued: 0 });
    expect(await walk({ state: 'dead' }, 200)).toEqual(deadBefore);

    const answer = await operatorCall(server, 'POST', '/webhooks/redeliver-dead', brand0);
    expect(answer.status).toBe(200);
    expect(WebhookRedeliverAnswer.parse(answer.body)).toEqual({ requeued: deadBefore.length });
    expect(await walk({ state: 'dead' }, 200)).toEqual([]);
    for (const id of deadBefore) {
      expect(await event(id)).toMatchObject({ state: 'pending', attempts: 0, dead_at: null });
    }
    const trail = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?action=operatorWebhookDeadRedeliver', brand0))
        .body,
    );
    const audited = z
      .object({ requeued: z.number(), event_ids: z.array(z.string()) })
      .parse(trail.entries[0]?.after);
    expect(audited.requeued).toBe(deadBefore.length);
    expect([...audited.event_ids].sort()).toEqual([...deadBefore].sort());

    const none = await operatorCall(server, 'POST', '/webhooks/redeliver-dead', brand0);
    expect(WebhookRedeliverAnswer.parse(none.body)).toEqual({ requeued: 0 });
  });
});

describe('a redelivery and the running dispatcher', () => {
  it('goes out when the requeue commits, without waiting for a tick', async () => {
    // No timer (interval 0): the dispatcher sends only when it hears of a commit.
    const dispatcher = startWebhookDispatcher({
      db: server.db,
      clock: () => new Date(),
      settings: { ...server.config.webhooks, url: receiverUrl, maxAttempts: 1, intervalMs: 0 },
    });
    try {
      // A deposit's events reach the receiver on their commit: the dispatcher is listening.
      const first = await deposit('11');
      const [created] = (await list({ transaction_id: first, type: 'transaction.created' })).events;
      await acknowledgement(created?.id ?? '');
      // The endpoint fails: the next deposit's created event is dead after its one attempt, and
      // holds the succeeded one (newest first).
      receiverFails = true;
      const failing = await deposit('12');
      await expect
        .poll(async () => (await list({ transaction_id: failing })).events.map((e) => e.state))
        .toEqual(['pending', 'dead']);
      receiverFails = false;
      const [deadEvent] = (await list({ transaction_id: failing, type: 'transaction.created' }))
        .events;
      const id = deadEvent?.id ?? '';
      const answer = await operatorCall(server, 'POST', `/webhooks/events/${id}/redeliver`, brand0);
      expect(answer.status).toBe(200);
      // The redelivered event goes out, then the one it held.
      const [held] = (await list({ transaction_id: failing, type: 'transaction.succeeded' }))
        .events;
      await acknowledgement(held?.id ?? '');
      await dispatcher.stop();
      expect(await event(id)).toMatchObject({ state: 'delivered', attempts: 1 });
      const order = [...acknowledged];
      expect(order.indexOf(id)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(id)).toBeLessThan(order.indexOf(held?.id ?? ''));
    } finally {
      receiverFails = false;
      await dispatcher.stop();
    }
  });
});
