/**
 * Manual adjustments of a balance the cashier keeps (operator API), on the real server over
 * HTTP: a credit and a debit move the balance by exactly their amount, once per Idempotency-Key,
 * with one ledger entry, one `balance.adjusted` event and an audit entry naming who and why each;
 * a debit below zero needs the
 * operator's word; bad input is a 4xx naming the field. The ledger sums equal the balances after
 * each test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { AdjustmentAnswer, AdjustmentEvent, ERROR_CODES } from '@cashdesk/contract';
import { adjustments, ledgerEntries, operatorAuditLog, webhookEvents } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  key = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
});

/** A new brand0 player with EUR 500 (the seed's opening balance). */
async function player() {
  const name = `adjust-${randomUUID().slice(0, 8)}`;
  await createTestSession(server, { player: name });
  return { name, playerId: await brand0PlayerId(server, name) };
}

const adjust = (name: string, body: Record<string, unknown>, idempotencyKey = randomUUID()) =>
  operatorCall(server, 'POST', `/players/${name}/adjustments`, key, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

async function eur(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

describe('manual adjustments of an internal balance', () => {
  it('credits and debits exactly, once per key, each with its ledger entry and audit entry', async () => {
    const { name, playerId } = await player();
    const idempotencyKey = randomUUID();
    const credit = { direction: 'credit', amount: '12.34', currency: 'EUR', reason: 'goodwill' };
    const first = await adjust(name, credit, idempotencyKey);
    expect(first.status).toBe(201);
    const made = AdjustmentAnswer.parse(first.body).adjustment;
    expect(made).toMatchObject({ direction: 'credit', amount: '12.34', balance_after: '512.34' });
    // The same key and body: the same adjustment, nothing moves again.
    const again = AdjustmentAnswer.parse((await adjust(name, credit, idempotencyKey)).body);
    expect(again.adjustment.id).toBe(made.id);
    expect(await eur(playerId)).toBe('512.34');
    // The same key with another body: refused.
    const other = await adjust(name, { ...credit, amount: '1' }, idempotencyKey);
    expect(other.status).toBe(422);
    expect(errorFields(other.body).code).toBe(ERROR_CODES.idempotencyConflict.code);
    const debit = AdjustmentAnswer.parse(
      (await adjust(name, { direction: 'debit', amount: '2.34', currency: 'EUR', reason: 'fix' }))
        .body,
    );
    expect(debit.adjustment.balance_after).toBe('510');
    const entries = await server.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(adjustments, eq(adjustments.id, ledgerEntries.adjustmentId))
      .where(eq(adjustments.playerId, playerId));
    expect(entries.map((entry) => [entry.kind, Number(entry.amount)])).toEqual([
      ['adjustment', 12.34],
      ['adjustment', -2.34],
    ]);
    // The operator hears of each, once, as of every money movement.
    const events = await server.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'balance.adjusted'));
    const mine = events
      .map((event) => AdjustmentEvent.parse(event.payload).adjustment)
      .filter((adjustment) => adjustment.player_id === name);
    expect(mine.map((adjustment) => [adjustment.direction, adjustment.amount])).toEqual([
      ['credit', '12.34'],
      ['debit', '2.34'],
    ]);
    const audit = await server.db
      .select({ action: operatorAuditLog.action })
      .from(operatorAuditLog)
      .where(like(operatorAuditLog.target, `player:${name}:adjustment:%`));
    expect(audit).toHaveLength(2);
  });

  it('refuses a debit below zero unless a negative balance is allowed', async () => {
    const { name, playerId } = await player();
    const refused = await adjust(name, {
      direction: 'debit',
      amount: '500.01',
      currency: 'EUR',
      reason: 'too much',
    });
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).code).toBe(ERROR_CODES.balanceTooLow.code);
    expect(await eur(playerId)).toBe('500');
    const allowed = await adjust(name, {
      direction: 'debit',
      amount: '500.01',
      currency: 'EUR',
      reason: 'chargeback fee',
      allow_negative_balance: true,
    });
    expect(AdjustmentAnswer.parse(allowed.body).adjustment.balance_after).toBe('-0.01');
  });

  it('answers bad input with a 4xx naming the field, never a 5xx', async () => {
    const { name } = await player();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ direction: 'credit', amount: '1.001', currency: 'EUR', reason: 'x' }, 400, 'body.amount'],
      [{ direction: 'credit', amount: '0', currency: 'EUR', reason: 'x' }, 400, 'body.amount'],
      [{ direction: 'credit', amount: '1', currency: 'XXX', reason: 'x' }, 400, 'body.currency'],
      [{ direction: 'up', amount: '1', currency: 'EUR', reason: 'x' }, 400, 'body.direction'],
      [{ direction: 'credit', amount: '1', currency: 'EUR', reason: '' }, 400, 'body.reason'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await adjust(name, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(errorFields(answer.body).field, JSON.stringify(body)).toBe(field);
    }
    expect(
      (
        await adjust('no-such-player', {
          direction: 'credit',
          amount: '1',
          currency: 'EUR',
          reason: 'x',
        })
      ).status,
    ).toBe(404);
  });
});
