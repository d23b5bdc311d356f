/**
 * The webhook dispatcher (modules/webhooks/dispatcher.ts) against the test receiver in its own
 * process (webhook-receiver/), on a real database: signed deliveries the receiver verifies, an
 * endpoint that fails, hangs or is down retried with back-off on the injected clock until every
 * event is delivered once, the dead letter after the last attempt and its requeue, the prompt
 * attempt on commit, and two dispatchers of two apps on one database delivering each event once.
 * After each fault run the invariants are checked: every event delivered, none twice, the events
 * of a transaction in order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { webhookEvents } from '../db/schema';
import { findOrCreatePlayer } from '../db/seed';
import type { SigningKey } from '../http/signing';
import { signatureHeaders } from '../http/signing';
import { completeTransaction } from '../modules/payments/transactions';
import { createTransaction } from '../modules/payments/transaction-repository';
import { retryDelayMs } from '../modules/webhooks/backoff';
import {
  deliveryState,
  dispatchOnce,
  requeueDeadEvents,
  startWebhookDispatcher,
} from '../modules/webhooks/dispatcher';
import { redeliverEvent } from '../modules/webhooks/deliveries';
import type { WebhookDeps } from '../modules/webhooks/dispatcher';
import { CASHIER, callJson, payGroupId, text, cardDepositBody } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { startReceiverProcess } from '@cashdesk/testkit';
import type { Delivery, ReceiverProcess } from '@cashdesk/testkit';

const OLD_KEY: SigningKey = { keyId: 'k-2025', secret: 'the-old-webhook-secret-2025' };
const KEY: SigningKey = { keyId: 'k-2026', secret: 'the-new-webhook-secret-2026' };
const MAX_ATTEMPTS = 4;
const BASE_MS = 1_000;
const MAX_MS = 8_000;
/** A dead event's slow retry (WEBHOOK_DEAD_RETRY_MS). */
const DEAD_RETRY_MS = 3_600_000;
/** The time-out of the passes facing a hanging endpoint: each hung attempt costs this long. */
const HANG_TIMEOUT_MS = 2_000;
/** The jitter's random number: every wait is three quarters of its ceiling. */
const RANDOM = 0.5;

let receiver: ReceiverProcess;
let server: TestServer;
let other: TestServer;
let now = new Date('2026-03-01T10:00:00.000Z');
const clock = () => now;
let cardGroup = 0;

function envFor(url: string): Record<string, string> {
  return {
    WEBHOOK_URL: url,
    WEBHOOK_SECRET: KEY.secret,
    WEBHOOK_KEY_ID: KEY.keyId,
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    // Long enough that a loaded machine's slow answer is never taken for a lost one (which the
    // dispatcher would rightly send again: a duplicate the receiver counts). The one test with
    // a hanging endpoint shortens it for its own passes (HANG_TIMEOUT_MS).
    WEBHOOK_TIMEOUT_MS: '10000',
    WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
    WEBHOOK_RETRY_MAX_MS: String(MAX_MS),
    WEBHOOK_INTERVAL_MS: '0',
    WEBHOOK_DEAD_RETRY_MS: String(DEAD_RETRY_MS),
  };
}

beforeAll(async () => {
  // The operator holds the old and the new secret: a rotation in progress.
  receiver = await startReceiverProcess([OLD_KEY, KEY]);
  server = await startTestServer({ clock, env: envFor(receiver.webhookUrl) });
  // A second process on the same database (PostgreSQL in the PostgreSQL pass).
  other = await startTestServer({
    clock,
    database: server.database,
    env: envFor(receiver.webhookUrl),
  });
  cardGroup = await payGroupId(server, 'card', 'deposit');
});

afterAll(async () => {
  await other.close();
  await server.close();
  await receiver.stop();
});

beforeEach(async () => {
  now = new Date('2026-03-01T10:00:00.000Z');
  await server.db.delete(webhookEvents);
  await receiver.reset();
  await receiver.setClock(now);
});

function depsOf(app: TestServer, timeoutMs = app.config.webhooks.timeoutMs): WebhookDeps {
  const url = app.config.webhooks.url;
  if (url === undefined) throw new Error('no WEBHOOK_URL');
  return {
    db: app.db,
    clock,
    settings: { ...app.config.webhooks, url, timeoutMs },
    metrics: app.app.cashdesk.metrics,
    random: () => RANDOM,
  };
}

/** Moves the server's and the receiver's clocks to `at`. */
async function moveClock(at: Date): Promise<void> {
  now = at;
  await receiver.setClock(now);
}

/** `count` card deposits, each created and then finished: two events each. */
async function finishedDeposits(count: number): Promise<string[]> {
  const player = await findOrCreatePlayer(server.db, 'brand0', `wd-${randomUUID()}`, true);
  if (player === null) throw new Error('player not created');
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = await createTransaction(server.db, {
      playerId: player.id,
      brandId: 'brand0',
      sessionId: null,
      payGroupId: cardGroup,
      flow: 'deposit',
      amount: `${String(index + 1)}.25`,
      currency: 'EUR',
      providerKind: 'card',
    });
    await completeTransaction(
      server.db,
      row.id,
      index % 2 === 0 ? { result: 'approved' } : { result: 'declined', reason: 'declined' },
    );
    ids.push(row.id);
  }
  return ids;
}

async function allEvents() {
  return server.db.select().from(webhookEvents).orderBy(asc(webhookEvents.seq));
}

/**
 * Runs passes of `dispatchers`, moving the clock to the next due attempt after each, until no
 * event is pending (at most `maxRounds`); returns the rounds it took.
 */
async function runUntilSettled(dispatchers: readonly WebhookDeps[], maxRounds = 30) {
  for (let round = 1; round <= maxRounds; round += 1) {
    await Promise.all(dispatchers.map((deps) => dispatchOnce(deps)));
    const pending = (await allEvents()).filter((event) => event.state === 'pending');
    if (pending.length === 0) return round;
    // The next failed event due; the others wait behind an earlier event of their transaction.
    const waiting = pending.flatMap((event) =>
      event.nextAttemptAt === null ? [] : [event.nextAttemptAt.getTime()],
    );
    await moveClock(new Date(Math.max(Math.min(...waiting), now.getTime())));
  }
  throw new Error(`still pending after ${String(maxRounds)} rounds`);
}

/** The invariants after a run: every event delivered once, in order per transaction. */
async function expectDeliveredOnceInOrder(deliveries: readonly Delivery[]): Promise<void> {
  const events = await allEvents();
  expect(events.filter((event) => event.state !== 'delivered')).toEqual([]);
  const accepted = deliveries.filter((delivery) => delivery.accepted);
  expect(accepted.filter((delivery) => delivery.duplicate)).toEqual([]);
  expect(accepted.map((delivery) => delivery.event_id).sort()).toEqual(
    events.map((event) => event.id).sort(),
  );
  // Per transaction, the receiver accepted the events in the order they were recorded.
  const byTransaction = new Map<string, string[]>();
  for (const delivery of accepted) {
    if (delivery.transaction_id === null || delivery.event_id === null) continue;
    byTransaction.set(delivery.transaction_id, [
      ...(byTransaction.get(delivery.transaction_id) ?? []),
      delivery.event_id,
    ]);
  }
  for (const [transactionId, received] of byTransaction) {
    const recorded = events
      .filter((event) => event.transactionId === transactionId)
      .map((event) => event.id);
    expect(received, transactionId).toEqual(recorded);
  }
}

function counts(deliveries: readonly Delivery[]) {
  return {
    sent: deliveries.length,
    delivered: deliveries.filter((delivery) => delivery.accepted).length,
    duplicated: deliveries.filter((delivery) => delivery.duplicate).length,
  };
}

/** The value of a series of the app's metrics (0 when absent). */
async function metric(app: TestServer, series: string): Promise<number> {
  const { body } = await app.app.cashdesk.metrics.scrape();
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('signed deliveries (http/signing.ts, docs/webhooks.md)', () => {
  it('delivers every event once, signed with the current key, which the operator verifies', async () => {
    const ids = await finishedDeposits(3);
    const report = await dispatchOnce(depsOf(server));
    expect(report).toEqual({ delivered: 6, failed: 0, deadLettered: 0, errors: 0 });
    const deliveries = await receiver.deliveries();
    expect(counts(deliveries)).toEqual({ sent: 6, delivered: 6, duplicated: 0 });
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ signature: 'valid', key_id: KEY.keyId, attempt: '1' });
    }
    const events = await allEvents();
    expect(new Set(events.map((event) => event.transactionId))).toEqual(new Set(ids));
    for (const event of events) {
      expect(event).toMatchObject({
        state: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        deliveredAt: now,
        leaseOwner: null,
      });
    }
    await expectDeliveredOnceInOrder(deliveries);
  });

  it('the receiver refuses a tampered body, an old timestamp and an unknown secret, and takes the old key during a rotation', async () => {
    const event = (await finishedDeposits(1))[0];
    const [row] = await server.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.transactionId, event ?? ''));
    if (row === undefined) throw new Error('no event');
    const body = JSON.stringify(row.payload);
    const send = async (key: SigningKey, at: Date, sent = body) => {
      const response = await fetch(receiver.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signatureHeaders(key, body, at),
          'cashdesk-event-id': row.id,
          'cashdesk-event-type': row.type,
        },
        body: sent,
      });
      return response.status;
    };
    const stranger = { keyId: KEY.keyId, secret: 'a-secret-the-operator-never-had' };
    expect(await send(KEY, now, body.replace('"brand0"', '"brand9"'))).toBe(401);
    expect(await send(KEY, new Date(now.getTime() - 301_000))).toBe(401);
    expect(await send(stranger, now)).toBe(401);
    expect(await send(OLD_KEY, now)).toBe(200);
    expect(await send(KEY, new Date(now.getTime() - 299_000))).toBe(200);
    const deliveries = await receiver.deliveries();
    expect(
      deliveries.map((delivery) => [delivery.signature, delivery.accepted, delivery.duplicate]),
    ).toEqual([
      ['mismatch', false, false],
      ['stale', false, false],
      ['mismatch', false, false],
      ['valid', true, false],
      ['valid', true, true],
    ]);
  });
});

describe('retries, back-off and the dead letter (WEBHOOK_MAX_ATTEMPTS)', () => {
  it('an endpoint down, failing and hanging for a while: retried with back-off on the clock, then each event delivered once, none lost', async () => {
    await finishedDeposits(5);
    await receiver.fault({ mode: 'down', times: 2 });
    await receiver.fault({ mode: 'fail', times: 3 });
    await receiver.fault({ mode: 'hang', times: 2 });
    const deps = depsOf(server, HANG_TIMEOUT_MS);
    const before = await metric(
      server,
      'cashdesk_webhook_deliveries_total{event_type="transaction.created",outcome="failed"}',
    );

    // First pass: one event per transaction (its transaction.created), all five refused.
    const first = await dispatchOnce(deps);
    expect(first).toEqual({ delivered: 0, failed: 5, deadLettered: 0, errors: 0 });
    const afterFirst = await allEvents();
    const failedOnce = afterFirst.filter((event) => event.attempts === 1);
    expect(failedOnce.map((event) => event.type)).toEqual(Array(5).fill('transaction.created'));
    const wait = retryDelayMs(1, { retryBaseMs: BASE_MS, retryMaxMs: MAX_MS }, RANDOM);
    expect(wait).toBe(750);
    for (const event of failedOnce) {
      expect(event.nextAttemptAt?.getTime()).toBe(now.getTime() + wait);
      expect(event.lastStatusCode === 500 || event.lastError !== null).toBe(true);
      expect(event.lastError).not.toContain(KEY.secret);
    }
    // The faults in the order they were queued: two dropped connections, three 500s.
    expect(failedOnce.map((event) => event.lastError).sort()).toEqual([
      'UND_ERR_SOCKET',
      'UND_ERR_SOCKET',
      'http 500',
      'http 500',
      'http 500',
    ]);

    // Nothing is sent again before its time.
    const sentSoFar = (await receiver.deliveries()).length;
    await moveClock(new Date(now.getTime() + wait - 1));
    expect(await dispatchOnce(deps)).toEqual({
      delivered: 0,
      failed: 0,
      deadLettered: 0,
      errors: 0,
    });
    expect(await receiver.deliveries()).toHaveLength(sentSoFar);

    const rounds = await runUntilSettled([deps]);
    const deliveries = await receiver.deliveries();
    expect(counts(deliveries)).toEqual({ sent: 10 + 7, delivered: 10, duplicated: 0 });
    expect(rounds).toBeGreaterThan(1);
    await expectDeliveredOnceInOrder(deliveries);
    expect(
      await metric(
        server,
        'cashdesk_webhook_deliveries_total{event_type="transaction.created",outcome="failed"}',
      ),
    ).toBe(before + 7);
  });

  it('dead-letters an event after the last attempt, holds the later event of its transaction, and a requeue delivers both in order', async () => {
    const [id] = await finishedDeposits(1);
    await receiver.fault({ mode: 'fail', times: MAX_ATTEMPTS });
    const logged: (readonly [string, string])[] = [];
    const deps: WebhookDeps = {
      ...depsOf(server),
      log: {
        info: (_line, message) => logged.push(['info', message]),
        warn: (_line, message) => logged.push(['warn', message]),
        error: (_line, message) => logged.push(['error', message]),
      },
    };
    const deadBefore = await metric(
      server,
      'cashdesk_webhook_deliveries_total{event_type="transaction.created",outcome="dead_lettered"}',
    );
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const started = now.getTime();
      const report = await dispatchOnce(deps);
      const last = attempt === MAX_ATTEMPTS;
      // The transaction's later event waits behind it, dead or not.
      expect(report).toEqual({
        delivered: 0,
        failed: last ? 0 : 1,
        deadLettered: last ? 1 : 0,
        errors: 0,
      });
      const [created] = await allEvents();
      expect(created?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        const next = created?.nextAttemptAt?.getTime() ?? 0;
        waits.push(next - started);
        await moveClock(new Date(next));
      }
    }
    // 750, 1500, 3000: doubling, with the jitter's three quarters of each ceiling.
    expect(waits).toEqual([750, 1_500, 3_000]);
    const [dead, later] = await allEvents();
    // Dead (its dead_at), pending in the outbox until its slow retry.
    expect(dead).toMatchObject({
      type: 'transaction.created',
      state: 'pending',
      attempts: MAX_ATTEMPTS,
      lastStatusCode: 500,
      lastError: 'http 500',
      nextAttemptAt: new Date(now.getTime() + DEAD_RETRY_MS),
      deadAt: now,
    });
    expect(
      await metric(
        server,
        'cashdesk_webhook_deliveries_total{event_type="transaction.created",outcome="dead_lettered"}',
      ),
    ).toBe(deadBefore + 1);

    expect(later).toMatchObject({ type: 'transaction.succeeded', state: 'pending', attempts: 0 });
    // A failed delivery is a warning for the operator's on-call; a dead letter an error.
    expect(logged.map(([level, message]) => [level, message.split(':')[0]])).toEqual([
      ...Array.from({ length: MAX_ATTEMPTS - 1 }, () => ['warn', 'webhook delivery failed']),
      ['error', 'webhook dead-lettered'],
    ]);

    expect(await requeueDeadEvents(server.db, [later?.id ?? ''])).toEqual([]);
    expect(await requeueDeadEvents(server.db)).toEqual([dead?.id]);
    expect((await dispatchOnce(deps)).delivered).toBe(2);
    const deliveries = await receiver.deliveries();
    expect(counts(deliveries)).toEqual({ sent: MAX_ATTEMPTS + 2, delivered: 2, duplicated: 0 });
    await expectDeliveredOnceInOrder(deliveries);
    expect((await allEvents()).map((event) => [event.transactionId, event.state])).toEqual([
      [id, 'delivered'],
      [id, 'delivered'],
    ]);
  });
});

describe('a dead letter holds the later events of its transaction (docs/webhooks.md "Retries and dead letter")', () => {
  it('holds the events after a dead one while other transactions flow, and its slow retry delivers both in order once the endpoint recovers, without a redeliver', async () => {
    // The outbox stamps an event with the machine's time: the clock starts a day after it, so
    // that the oldest undelivered event's age is that of the recorded row on this clock.
    await moveClock(new Date(Date.now() + 86_400_000));
    await receiver.fault({ mode: 'fail', times: MAX_ATTEMPTS });
    const [held] = await finishedDeposits(1);
    const dispatcher = startWebhookDispatcher(depsOf(server));
    const eventsOf = async (transactionId: string | undefined) =>
      (await allEvents()).filter((event) => event.transactionId === transactionId);
    const acceptedOf = async (transactionId: string | undefined) =>
      (await receiver.deliveries())
        .filter((delivery) => delivery.accepted && delivery.transaction_id === transactionId)
        .map((delivery) => delivery.event_type);
    try {
      // The created event's attempts run out: it is dead, and its succeeded is never sent.
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await dispatcher.runOnce();
        const [created] = await eventsOf(held);
        expect(created?.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) await moveClock(created?.nextAttemptAt ?? now);
      }
      const diedAt = now;
      const [created, succeeded] = await eventsOf(held);
      expect(created).toMatchObject({
        type: 'transaction.created',
        state: 'pending',
        deadAt: diedAt,
        nextAttemptAt: new Date(diedAt.getTime() + DEAD_RETRY_MS),
      });
      expect(succeeded).toMatchObject({
        type: 'transaction.succeeded',
        state: 'pending',
        attempts: 0,
        lastAttemptAt: null,
      });

      // Another transaction's events are not held by it.
      const [flowing] = await finishedDeposits(1);
      await dispatcher.runOnce();
      expect(await acceptedOf(flowing)).toEqual(['transaction.created', 'transaction.succeeded']);
      // The held event was never sent, not even refused: its created event's attempts only.
      const sentOf = async (id: string | undefined) =>
        (await receiver.deliveries()).filter((delivery) => delivery.event_id === id).length;
      expect(await sentOf(succeeded?.id)).toBe(0);
      expect(await sentOf(created?.id)).toBe(MAX_ATTEMPTS);
      expect(await metric(server, 'cashdesk_webhook_events{state="dead"}')).toBe(1);
      expect(await metric(server, 'cashdesk_webhook_events{state="pending"}')).toBe(1);
      expect(await metric(server, 'cashdesk_webhook_oldest_undelivered_seconds')).toBe(
        (now.getTime() - (created?.createdAt.getTime() ?? 0)) / 1000,
      );

      // Not before its slow retry; then one attempt, which fails: still dead, tried again later.
      await moveClock(new Date(diedAt.getTime() + DEAD_RETRY_MS - 1));
      await dispatcher.runOnce();
      expect((await eventsOf(held))[0]?.attempts).toBe(MAX_ATTEMPTS);
      await receiver.fault({ mode: 'fail', times: 1 });
      await moveClock(new Date(diedAt.getTime() + DEAD_RETRY_MS));
      await dispatcher.runOnce();
      const [retried, stillHeld] = await eventsOf(held);
      expect(retried).toMatchObject({
        state: 'pending',
        attempts: MAX_ATTEMPTS + 1,
        deadAt: diedAt,
        lastError: 'http 500',
        nextAttemptAt: new Date(now.getTime() + DEAD_RETRY_MS),
      });
      expect(stillHeld).toMatchObject({ state: 'pending', attempts: 0 });
      expect(await sentOf(stillHeld?.id)).toBe(0);
      expect(await acceptedOf(held)).toEqual([]);

      // The endpoint answers again: the next slow retry sends both, in their order.
      await moveClock(retried?.nextAttemptAt ?? now);
      await dispatcher.runOnce();
      expect(await acceptedOf(held)).toEqual(['transaction.created', 'transaction.succeeded']);
      await dispatcher.stop();
      await expectDeliveredOnceInOrder(await receiver.deliveries());
      expect(await metric(server, 'cashdesk_webhook_events{state="dead"}')).toBe(0);
      expect(await metric(server, 'cashdesk_webhook_oldest_undelivered_seconds')).toBe(0);
    } finally {
      await dispatcher.stop();
    }
  });
});

describe('a redelivery while a dead event’s slow retry is in flight (docs/webhooks.md "Retries and dead letter")', () => {
  /**
   * A transaction whose created event died, its succeeded event held behind it; then its slow
   * retry taken by one process and held unanswered by the endpoint while the staff redeliver it
   * and the other process runs a pass. Returns the pass in flight and the two events.
   */
  async function redeliveredInFlight() {
    await moveClock(new Date(Date.now() + 86_400_000));
    await receiver.fault({ mode: 'fail', times: MAX_ATTEMPTS });
    const [transactionId] = await finishedDeposits(1);
    const deps = depsOf(server);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await dispatchOnce(deps);
      const [created] = (await allEvents()).filter((row) => row.transactionId === transactionId);
      if (attempt < MAX_ATTEMPTS) await moveClock(created?.nextAttemptAt ?? now);
    }
    const [created, succeeded] = (await allEvents()).filter(
      (row) => row.transactionId === transactionId,
    );
    if (created === undefined || succeeded === undefined) throw new Error('two events expected');
    expect(deliveryState(created)).toBe('dead');

    await receiver.fault({ mode: 'hold' });
    await moveClock(created.nextAttemptAt ?? now);
    const inFlight = dispatchOnce(deps);
    await receiver.held();
    const redelivered = await server.db.transaction((tx) =>
      redeliverEvent(tx, 'brand0', created.id),
    );
    expect(redelivered.before.state).toBe('dead');
    expect(redelivered.after).toMatchObject({ state: 'pending', attempts: 0 });
    // The other process finds nothing to send: the event is the attempt's, its successor held.
    expect(await dispatchOnce(depsOf(other))).toEqual({
      delivered: 0,
      failed: 0,
      deadLettered: 0,
      errors: 0,
    });
    return { inFlight, created, succeeded };
  }

  /** What the endpoint answered per event, in arrival order, after the dead letter's attempts. */
  async function answersAfterDeath(ids: readonly string[]) {
    return (await receiver.deliveries())
      .slice(MAX_ATTEMPTS)
      .filter((delivery) => delivery.event_id !== null && ids.includes(delivery.event_id))
      .map((delivery) => `${String(delivery.event_type)} ${String(delivery.answer)}`);
  }

  it('the attempt in flight answered: the event is delivered once, then the held one, and nothing twice', async () => {
    const { inFlight, created, succeeded } = await redeliveredInFlight();
    await receiver.release(200);
    expect((await inFlight).delivered).toBe(2);
    await runUntilSettled([depsOf(server), depsOf(other)]);
    expect(await answersAfterDeath([created.id, succeeded.id])).toEqual([
      'transaction.created 200',
      'transaction.succeeded 200',
    ]);
    await expectDeliveredOnceInOrder(await receiver.deliveries());
  });

  it('the attempt in flight failed: the redelivery stands, and the same pass sends it and then the held one', async () => {
    const { inFlight, created, succeeded } = await redeliveredInFlight();
    await receiver.release(500);
    // Not left for the next slow retry an hour later: sent again at once, with a fresh count.
    expect(await inFlight).toEqual({ delivered: 2, failed: 1, deadLettered: 0, errors: 0 });
    expect(await answersAfterDeath([created.id, succeeded.id])).toEqual([
      'transaction.created 500',
      'transaction.created 200',
      'transaction.succeeded 200',
    ]);
    const [row] = (await allEvents()).filter((event) => event.id === created.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, deadAt: null });
    await expectDeliveredOnceInOrder(await receiver.deliveries());
  });
});

describe('without a slow retry (WEBHOOK_DEAD_RETRY_MS=0)', () => {
  it('a dead event waits for a redelivery, still holding the later event of its transaction', async () => {
    await finishedDeposits(1);
    await receiver.fault({ mode: 'fail', times: 1 });
    const deps = depsOf(server);
    const once: WebhookDeps = {
      ...deps,
      settings: { ...deps.settings, maxAttempts: 1, deadRetryMs: 0 },
    };
    expect((await dispatchOnce(once)).deadLettered).toBe(1);
    const [dead, held] = await allEvents();
    expect(dead).toMatchObject({ state: 'dead', nextAttemptAt: null, deadAt: now });
    expect(held).toMatchObject({ state: 'pending', attempts: 0 });
    await moveClock(new Date(now.getTime() + 30 * 86_400_000));
    expect(await dispatchOnce(once)).toEqual({
      delivered: 0,
      failed: 0,
      deadLettered: 0,
      errors: 0,
    });
    expect(await requeueDeadEvents(server.db)).toEqual([dead?.id]);
    expect((await dispatchOnce(once)).delivered).toBe(2);
    await expectDeliveredOnceInOrder(await receiver.deliveries());
  });
});

describe('the running dispatcher', () => {
  it('sends right after the commit: a deposit through the API reaches the operator as created, then succeeded, without a tick', async () => {
    const dispatcher = startWebhookDispatcher(depsOf(server));
    try {
      const session = await createTestSession(server, { player: `wd-${randomUUID()}` });
      const answer = await callJson(
        server,
        'POST',
        `${CASHIER}/payments/groups/${String(cardGroup)}/submit`,
        session,
        cardDepositBody('12.30'),
      );
      expect(answer.body).toMatchObject({ transaction_status: 'success' });
      const id = text(answer.body.transaction_id);
      // Waits for the receiver to have accepted both (the interval is 0: no timer runs).
      const deliveries = await receiver.deliveries(2);
      expect(deliveries.map((delivery) => [delivery.transaction_id, delivery.event_type])).toEqual([
        [id, 'transaction.created'],
        [id, 'transaction.succeeded'],
      ]);
      // The receiver answered; the pass writes the delivery down right after: stop waits for it.
      await dispatcher.stop();
      await expectDeliveredOnceInOrder(deliveries);
      expect(dispatcher.totals).toMatchObject({ delivered: 2, failed: 0, deadLettered: 0 });
    } finally {
      await dispatcher.stop();
    }
  });
});

describe('several processes on one database', () => {
  it('two dispatchers of two apps deliver each event once, under faults', async () => {
    await finishedDeposits(30);
    await receiver.fault({ mode: 'fail', times: 6 });
    await receiver.fault({ mode: 'down', times: 2 });
    const first = depsOf(server);
    const second = depsOf(other);
    const totals = [0, 0];
    const counted = [first, second].map((deps, index) => ({
      ...deps,
      metrics: {
        webhookAttempt(
          eventType: string,
          outcome: 'delivered' | 'failed' | 'dead_lettered',
          seconds: number,
        ) {
          if (outcome === 'delivered') totals[index] = (totals[index] ?? 0) + 1;
          deps.metrics?.webhookAttempt(eventType, outcome, seconds);
        },
      },
    }));
    await runUntilSettled(counted);
    const deliveries = await receiver.deliveries();
    expect(counts(deliveries)).toEqual({ sent: 60 + 8, delivered: 60, duplicated: 0 });
    expect((totals[0] ?? 0) + (totals[1] ?? 0)).toBe(60);
    await expectDeliveredOnceInOrder(deliveries);
    const events = await allEvents();
    expect(
      await server.db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.state, ['pending', 'dead'])),
    ).toEqual([]);
    expect(events).toHaveLength(60);
  });
});
