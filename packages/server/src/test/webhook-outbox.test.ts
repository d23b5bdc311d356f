/**
 * The transactional outbox of the webhooks (modules/webhooks/outbox.ts) on a real database and
 * through the real routes: an event exists exactly when the change it reports committed, each
 * change is reported once, the status machine's moves map to event types in one place, and the
 * payloads are the contract's events with money as decimal strings.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { TransactionEvent, WebhookEvent } from '@cashdesk/contract';
import type { Database } from '../db/open';
import { players, webhookEvents } from '../db/schema';
import { findOrCreatePlayer } from '../db/seed';
import { DatabaseSandboxStore, SandboxProvider } from '../providers';
import { getBalance } from '../modules/wallet/ledger';
import { REVERSED_MESSAGE_KEY } from '../modules/payments/reversal';
import { transition, completeTransaction } from '../modules/payments/transactions';
import { createTransaction, getTransaction } from '../modules/payments/transaction-repository';
import { transactionEventType } from '../modules/webhooks/outbox';
import {
  ACCOUNTS,
  CASHIER,
  callJson,
  payGroupId,
  text,
  withdrawalSession,
  cardDepositBody,
} from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

/** Processing payouts settle after ten minutes, so a withdrawal stays reversible in a test. */
const provider = (db: Database) =>
  new SandboxProvider({ store: new DatabaseSandboxStore(db), settleAfterMs: 600_000 });

let server: TestServer;
let cardGroup = 0;

beforeAll(async () => {
  server = await startTestServer({ provider });
  cardGroup = await payGroupId(server, 'card', 'deposit');
});

afterAll(async () => {
  await server.close();
});

/** Thrown to roll a database transaction back. */
class RollBack extends Error {}

async function newPlayerId(): Promise<string> {
  const player = await findOrCreatePlayer(server.db, 'brand0', `wh-${randomUUID()}`, true);
  if (player === null) throw new Error('player not created');
  return player.id;
}

function depositInput(playerId: string, id?: string) {
  return {
    ...(id === undefined ? {} : { id }),
    playerId,
    brandId: 'brand0',
    sessionId: null,
    payGroupId: cardGroup,
    flow: 'deposit' as const,
    amount: '10.50',
    currency: 'EUR',
    fee: '0.4075',
    providerKind: 'card' as const,
  };
}

/** The events of a transaction, in recording order. */
async function eventsOf(transactionId: string) {
  return server.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, transactionId))
    .orderBy(asc(webhookEvents.seq));
}

const typesOf = async (transactionId: string) =>
  (await eventsOf(transactionId)).map((event) => event.type);

describe('the outbox: an event exists exactly when its change committed', () => {
  it('records transaction.created with the new transaction, as the contract event, money as decimal strings', async () => {
    const playerId = await newPlayerId();
    const row = await createTransaction(server.db, depositInput(playerId));
    const [event] = await eventsOf(row.id);
    expect(event?.type).toBe('transaction.created');
    expect(event?.state).toBe('pending');
    expect(event?.attempts).toBe(0);
    const payload = TransactionEvent.parse(event?.payload);
    expect(payload).toMatchObject({
      id: event?.id,
      type: 'transaction.created',
      brand: 'brand0',
      transaction: {
        id: row.id,
        flow: 'deposit',
        status: 'created',
        amount: '10.5',
        fee: '0.4075',
        tax: '0',
        bonus: '0',
        currency: 'EUR',
        pay_group_id: cardGroup,
        pay_group: 'card',
        method_kind: 'card',
        provider_reference: null,
        error_code: null,
        decline_reason: null,
      },
    });
    expect(payload.transaction.player_id).toMatch(/^wh-/);
  });

  it('a creation rolled back leaves neither the transaction nor its event', async () => {
    const playerId = await newPlayerId();
    const id = randomUUID();
    await expect(
      server.db.transaction(async (tx) => {
        await createTransaction(tx, depositInput(playerId, id));
        expect(
          await tx.select().from(webhookEvents).where(eq(webhookEvents.transactionId, id)),
        ).toHaveLength(1);
        throw new RollBack('rolled back');
      }),
    ).rejects.toThrow(RollBack);
    expect(await getTransaction(server.db, id)).toBeUndefined();
    expect(await eventsOf(id)).toEqual([]);
  });

  it('a final result rolled back leaves no event and no money; applied, it is reported once however often it comes', async () => {
    const playerId = await newPlayerId();
    const row = await createTransaction(server.db, depositInput(playerId));
    await expect(
      server.db.transaction(async (tx) => {
        await completeTransaction(tx, row.id, { result: 'approved', providerRef: `r-${row.id}` });
        throw new RollBack('rolled back');
      }),
    ).rejects.toThrow(RollBack);
    expect((await getTransaction(server.db, row.id))?.status).toBe('created');
    expect(await typesOf(row.id)).toEqual(['transaction.created']);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        completeTransaction(server.db, row.id, { result: 'approved', providerRef: `r-${row.id}` }),
      ),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(await typesOf(row.id)).toEqual(['transaction.created', 'transaction.succeeded']);
    const succeeded = TransactionEvent.parse((await eventsOf(row.id))[1]?.payload);
    expect(succeeded.transaction).toMatchObject({
      status: 'success',
      provider_reference: `r-${row.id}`,
    });
  });

  it('waiting moves are not reported; a decline is transaction.failed with its code and reason', async () => {
    const row = await createTransaction(server.db, depositInput(await newPlayerId()));
    await transition(server.db, row.id, 'processing', { step: 'await' });
    await transition(server.db, row.id, 'await', { step: 'await' });
    expect(await typesOf(row.id)).toEqual(['transaction.created']);
    await completeTransaction(server.db, row.id, {
      result: 'declined',
      reason: 'insufficient_funds',
    });
    const events = await eventsOf(row.id);
    expect(events.map((event) => event.type)).toEqual([
      'transaction.created',
      'transaction.failed',
    ]);
    expect(TransactionEvent.parse(events[1]?.payload).transaction).toMatchObject({
      status: 'error',
      error_code: '1301',
      decline_reason: 'insufficient_funds',
    });
  });
});

describe('one function maps a status to its event type', () => {
  it.each([
    ['created', null, 'transaction.created'],
    ['processing', null, null],
    ['await', null, null],
    ['success', null, 'transaction.succeeded'],
    ['error', 'CASHIER.ERROR.PAYMENT_DECLINED', 'transaction.failed'],
    ['error', REVERSED_MESSAGE_KEY, 'transaction.reversed'],
  ] as const)('%s (%s) → %s', (status, errorMessage, type) => {
    expect(transactionEventType({ status, errorMessage })).toBe(type);
  });
});

describe('events of the real flows', () => {
  it('a card deposit that succeeds: transaction.created, then transaction.succeeded, in that order', async () => {
    const session = await createTestSession(server, { player: `wh-${randomUUID()}` });
    const answer = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(cardGroup)}/submit`,
      session,
      cardDepositBody('25'),
    );
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    const id = text(answer.body.transaction_id);
    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual([
      'transaction.created',
      'transaction.succeeded',
    ]);
    const [created, succeeded] = events.map((event) => TransactionEvent.parse(event.payload));
    expect(created?.transaction.status).toBe('created');
    expect(succeeded?.transaction).toMatchObject({
      status: 'success',
      amount: '25',
      currency: 'EUR',
    });
    // The card number and CVV are nowhere in what the operator gets.
    expect(JSON.stringify(events)).not.toMatch(/4000000000000101|"737"/);
  });

  it('a withdrawal the player reverses: transaction.created, then transaction.reversed', async () => {
    const name = `wh-rv-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(server, name, { phone: '+4915100000042' });
    const submitted = await callJson(
      server,
      'POST',
      `${CASHIER}/payouts/groups/${String(await payGroupId(server, 'mobile_payout'))}/submit`,
      sessionId,
      { amount: '20.15', currency: 'EUR' },
    );
    expect(submitted.body).toMatchObject({ transaction_status: 'processing' });
    const id = text(submitted.body.transaction_id);
    const reversed = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/reverse-pending-withdrawal`,
      sessionId,
    );
    expect(reversed.body).toMatchObject({ success_amount: '20.15' });
    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual([
      'transaction.created',
      'transaction.reversed',
    ]);
    expect(TransactionEvent.parse(events[1]?.payload).transaction).toMatchObject({
      flow: 'withdrawal',
      status: 'error',
      error_message: REVERSED_MESSAGE_KEY,
      amount: '20.15',
    });
  });

  it('a payout account verified by its one-time code: payout_account.verified once, without its details', async () => {
    const name = `wh-acc-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(server, name, { phone: '+4915711122233' });
    const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
      pay_group_id: await payGroupId(server, 'ewallet_payout', 'withdrawal'),
      requisite_type: '2',
      value: '+4917033333333',
    });
    const requisiteId = text(created.body.requisite_id);
    const sent = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(sent.status).toBe(200);
    const latest = await callJson(server, 'GET', '/sandbox/otp/latest', sessionId);
    const verify = { otp: text(latest.body.otp), requisite_id: requisiteId };
    expect(
      (await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, verify)).status,
    ).toBe(200);
    // A repeated verify of the code that did answers the same, and is not a second event.
    expect(
      (await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, verify)).status,
    ).toBe(200);

    const [player] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
    const rows = await server.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'payout_account.verified'));
    const mine = rows
      .map((row) => WebhookEvent.parse(row.payload))
      .filter((event) => 'payout_account' in event && event.payout_account.id === requisiteId);
    expect(player).toBeDefined();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'payout_account.verified',
      brand: 'brand0',
      payout_account: { id: requisiteId, player_id: name, requisite_type: '2' },
    });
    expect(JSON.stringify(mine[0])).not.toContain('+4917033333333');
  });
});
