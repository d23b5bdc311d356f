/**
 * Refunds through the operator API, on the real server over HTTP with the in-process sandbox
 * (its refunds decided by amount: README of providers/sandbox). A refund is its own record with
 * its own status and events; partial refunds add up to at most what the deposit charged; what a
 * refund takes back leaves the balance when it is requested and comes back if it fails; a repeat
 * of the Idempotency-Key never refunds twice. The ledger is checked after each.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ERROR_CODES, RefundAnswer, RefundList } from '@cashdesk/contract';
import {
  ledgerEntries,
  players,
  refunds,
  sandboxRefunds,
  transactions,
  webhookEvents,
} from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { refundDebit } from '../modules/payments/refund-records';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { APPROVED_VISA, cardBody, depositSubmitCalls } from './deposit-submit-calls';
import type { DepositSubmitCalls } from './deposit-submit-calls';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';
import Big from 'big.js';

let server: TestServer;
let key: string;
let calls: DepositSubmitCalls;
let now = new Date('2030-03-01T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV, clock: () => now });
  key = (await mintKey(server, 'brand0')).key;
  calls = await depositSubmitCalls(server);
});

afterAll(async () => {
  await server.close();
});

/** A new player's approved card deposit of `amount` EUR: the player and the deposit's id. */
async function deposit(amount: string) {
  const player = await calls.freshPlayer();
  const answer = await calls.submit(player.session, 'card', cardBody(APPROVED_VISA, amount));
  expect(answer.status).toBe(200);
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  return { playerId: player.playerId, id };
}

const refund = (id: string, body: Record<string, unknown>, idempotencyKey = randomUUID()) =>
  operatorCall(server, 'POST', `/transactions/${id}/refunds`, key, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

async function externalIdOf(playerId: string): Promise<string> {
  const [row] = await server.db
    .select({ externalId: players.externalId })
    .from(players)
    .where(eq(players.id, playerId));
  if (row === undefined) throw new Error('no player');
  return row.externalId;
}

/** What a deposit charged: its amount and the fee the player paid. */
async function charged(id: string): Promise<string> {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (row === undefined) throw new Error('no deposit');
  return new Big(row.amount).plus(row.fee).toFixed();
}

async function balance(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

async function expectMoneyConsistent(): Promise<void> {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
}

async function eventTypes(transactionId: string): Promise<string[]> {
  const rows = await server.db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, transactionId))
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
  return rows.map((row) => row.type);
}

describe('refunds through the operator API', () => {
  it('refunds a card deposit in full: its own record, the balance back to before, the deposit refunded', async () => {
    const { playerId, id } = await deposit('40');
    expect(await balance(playerId)).toBe('540');
    const answer = await refund(id, { reason: 'player asked' });
    expect(answer.status).toBe(201);
    const body = RefundAnswer.parse(answer.body);
    // The payer gets back all that was charged, the fee included; the balance loses the 40.
    expect(body.refund).toMatchObject({
      transaction_id: id,
      status: 'succeeded',
      amount: await charged(id),
      balance_debit: '40',
      source: 'operator',
      reason: 'player asked',
    });
    expect(body.transaction).toMatchObject({
      status: 'refunded',
      refunded_amount: await charged(id),
    });
    expect(await balance(playerId)).toBe('500');
    const types = await eventTypes(id);
    expect(types.filter((type) => type.startsWith('refund.'))).toEqual([
      'refund.requested',
      'refund.succeeded',
    ]);
    expect(types).toContain('transaction.refunded');
    // Nothing left to refund.
    const again = await refund(id, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(errorFields(again.body).code).toBe(ERROR_CODES.refundNotAllowed.code);
    await expectMoneyConsistent();
  });

  it('takes several partial refunds up to what was charged, and refuses more', async () => {
    const { playerId, id } = await deposit('30');
    const first = await refund(id, { amount: '10', reason: 'part one' });
    expect(RefundAnswer.parse(first.body).refund).toMatchObject({ status: 'succeeded' });
    expect(RefundAnswer.parse(first.body).transaction).toMatchObject({
      status: 'success',
      refunded_amount: '10',
    });
    const left = new Big(await charged(id)).minus(10);
    const over = await refund(id, { amount: left.plus('0.01').toFixed(2), reason: 'too much' });
    expect(over.status).toBe(409);
    expect(errorFields(over.body)).toEqual({
      code: ERROR_CODES.refundExceedsCaptured.code,
      field: 'body.amount',
    });
    now = new Date(now.getTime() + 1_000);
    const rest = await refund(id, { reason: 'the rest' });
    expect(RefundAnswer.parse(rest.body).refund).toMatchObject({
      amount: left.toFixed(),
      status: 'succeeded',
    });
    expect(RefundAnswer.parse(rest.body).transaction.status).toBe('refunded');
    const list = RefundList.parse(
      (await operatorCall(server, 'GET', `/transactions/${id}/refunds`, key)).body,
    );
    expect(list.refunds.map((r) => r.amount)).toEqual(['10', left.toFixed()]);
    // The two debits together take back exactly what the deposit credited.
    expect(list.refunds.reduce((sum, r) => sum.plus(r.balance_debit), new Big(0)).toFixed()).toBe(
      '30',
    );
    expect(await balance(playerId)).toBe('500');
    await expectMoneyConsistent();
  });

  it('answers a repeated Idempotency-Key with the same refund and never refunds twice', async () => {
    const { playerId, id } = await deposit('25');
    const idempotencyKey = randomUUID();
    const first = await refund(id, { amount: '5', reason: 'once' }, idempotencyKey);
    const second = await refund(id, { amount: '5', reason: 'once' }, idempotencyKey);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(RefundAnswer.parse(second.body).refund.id).toBe(
      RefundAnswer.parse(first.body).refund.id,
    );
    const other = await refund(id, { amount: '6', reason: 'once' }, idempotencyKey);
    expect(other.status).toBe(422);
    expect(errorFields(other.body).code).toBe(ERROR_CODES.idempotencyConflict.code);
    expect(
      await server.db.select().from(refunds).where(eq(refunds.transactionId, id)),
    ).toHaveLength(1);
    const sandbox = await server.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.refundId, RefundAnswer.parse(first.body).refund.id));
    expect(sandbox.map((row) => row.calls)).toEqual([1]);
    const debit = RefundAnswer.parse(first.body).refund.balance_debit;
    expect(await balance(playerId)).toBe(new Big(525).minus(debit).toFixed());
    await expectMoneyConsistent();
  });

  it('returns what a failed refund held, once', async () => {
    const { playerId, id } = await deposit('20');
    // The sandbox fails a refund ending in .13 at once.
    const failed = await refund(id, { amount: '3.13', reason: 'fails' });
    expect(RefundAnswer.parse(failed.body).refund).toMatchObject({
      status: 'failed',
      failure_reason: 'declined',
    });
    expect(await balance(playerId)).toBe('520');
    const entries = await server.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, RefundAnswer.parse(failed.body).refund.id));
    const debit = RefundAnswer.parse(failed.body).refund.balance_debit;
    expect(entries.map((entry) => [entry.kind, new Big(entry.amount).toFixed()])).toEqual([
      ['refund', `-${debit}`],
      ['refund_return', debit],
    ]);
    await expectMoneyConsistent();
  });

  it('holds a refund the provider is settling, then the reconciler applies its result', async () => {
    const { playerId, id } = await deposit('20');
    // .15 is pending, then succeeds after the settle delay; .14 pending then fails.
    const ok = RefundAnswer.parse((await refund(id, { amount: '2.15', reason: 'slow' })).body);
    now = new Date(now.getTime() + 1_000);
    const ko = RefundAnswer.parse((await refund(id, { amount: '3.14', reason: 'slow' })).body);
    expect([ok.refund.status, ko.refund.status]).toEqual(['requested', 'requested']);
    const held = new Big(ok.refund.balance_debit).plus(ko.refund.balance_debit);
    expect(await balance(playerId)).toBe(new Big(520).minus(held).toFixed());
    now = new Date(now.getTime() + 60_000);
    await reconcileOnce({ ...server.app.cashdesk });
    const after = RefundList.parse(
      (await operatorCall(server, 'GET', `/transactions/${id}/refunds`, key)).body,
    );
    expect(after.refunds.map((r) => [r.amount, r.status])).toEqual([
      ['2.15', 'succeeded'],
      ['3.14', 'failed'],
    ]);
    expect(await balance(playerId)).toBe(new Big(520).minus(ok.refund.balance_debit).toFixed());
    await expectMoneyConsistent();
  });

  it('refuses a refund the balance no longer holds unless a negative balance is allowed', async () => {
    const { playerId, id } = await deposit('50');
    // The player spent 540 of the 550: an operator's debit stands for the bets.
    const spent = await operatorCall(
      server,
      'POST',
      `/players/${await externalIdOf(playerId)}/adjustments`,
      key,
      {
        body: { direction: 'debit', amount: '540', currency: 'EUR', reason: 'bets' },
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(spent.status).toBe(201);
    expect(await balance(playerId)).toBe('10');
    const refused = await refund(id, { amount: '40', reason: 'spent' });
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).code).toBe(ERROR_CODES.balanceTooLow.code);
    expect(await balance(playerId)).toBe('10');
    const allowed = await refund(id, {
      amount: '40',
      reason: 'spent',
      allow_negative_balance: true,
    });
    const debit = RefundAnswer.parse(allowed.body).refund.balance_debit;
    expect(RefundAnswer.parse(allowed.body).refund.status).toBe('succeeded');
    expect(await balance(playerId)).toBe(new Big(10).minus(debit).toFixed());
    await expectMoneyConsistent();
  });

  it('refuses what cannot be refunded with a clear 4xx', async () => {
    const { id } = await deposit('10');
    const negative = await refund(id, { amount: '-1', reason: 'x' });
    expect(negative.status).toBe(400);
    const tooPrecise = await refund(id, { amount: '1.001', reason: 'x' });
    expect(tooPrecise.status).toBe(400);
    expect(errorFields(tooPrecise.body).field).toBe('body.amount');
    const noKey = await operatorCall(server, 'POST', `/transactions/${id}/refunds`, key, {
      body: { reason: 'x' },
    });
    expect(noKey.status).toBe(400);
    const unknown = await refund(randomUUID(), { reason: 'x' });
    expect(unknown.status).toBe(404);
  });
});

describe('what a refund takes back', () => {
  it('is pro rata to what the deposit credited, the last refund taking exactly what is left', () => {
    const deposit = { amount: '100', fee: '3', tax: '10', bonus: '5' };
    // Credited 95 of 103 charged: a third of 103 takes back a third of 95, rounded down.
    const third = refundDebit(
      deposit,
      new Big('34.33'),
      { refunded: new Big(0), debited: new Big(0) },
      2,
    );
    expect(third.toFixed()).toBe('31.66');
    const last = refundDebit(
      deposit,
      new Big('68.67'),
      { refunded: new Big('34.33'), debited: third },
      2,
    );
    expect(last.plus(third).toFixed()).toBe('95');
  });
});
