/**
 * The operator's cancellation of a pending payment, on the real server over HTTP with the
 * in-process sandbox and a clock the tests hold still (so a payment the sandbox settles later is
 * still pending). A withdrawal not sent yet or awaiting approval ends cancelled with its
 * reservation back once; one at the provider is cancelled there first; a deposit waiting for the
 * player ends cancelled with nothing credited; a final payment, or one whose call is unanswered,
 * is refused with 1844. The ledger and the reservations are checked after each, and every
 * cancellation is in the audit trail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, PayoutDecisionResponse } from '@cashdesk/contract';
import { operatorAuditLog, players, transactions, webhookEvents } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { cardPayoutSubmit, saveSandboxCard, text, withdrawalSession } from './api-calls';
import { reload, startDeposit } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';

let server: TestServer;
let key: string;
const now = new Date('2030-04-01T09:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV, clock: () => now });
  key = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
});

const cancel = (id: string, reason = 'fraud check') =>
  operatorCall(server, 'POST', `/transactions/${id}/cancel`, key, { body: { reason } });

/** A new player (EUR 500) with a saved sandbox card: a withdrawal of `amount` of theirs. */
async function withdrawal(amount: string) {
  const name = `cancel-${randomUUID().slice(0, 8)}`;
  const sessionId = await withdrawalSession(server, name);
  const [player] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (player === undefined) throw new Error('no player');
  const cardId = await saveSandboxCard(server, player.id);
  const answer = await cardPayoutSubmit(server, sessionId, cardId, { amount });
  expect(answer.status).toBe(200);
  return { id: text(answer.body.transaction_id), playerId: player.id };
}

async function eur(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

async function eventsOf(id: string): Promise<string[]> {
  const rows = await server.db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, id))
    .orderBy(webhookEvents.seq);
  return rows.map((row) => row.type);
}

describe('cancelling a pending payment through the operator API', () => {
  it('cancels a withdrawal at the provider (processing there): failed cancelled, reservation back once', async () => {
    // The sandbox keeps a payout ending in .15 processing until its settle time.
    const { id, playerId } = await withdrawal('40.15');
    expect((await reload(server, id)).status).toBe('processing');
    expect(await eur(playerId)).toBe('459.85');
    const answer = await cancel(id);
    expect(answer.status).toBe(200);
    expect(PayoutDecisionResponse.parse(answer.body).transaction).toMatchObject({
      status: 'error',
      decline_reason: 'cancelled',
    });
    expect(await eur(playerId)).toBe('500');
    expect(await eventsOf(id)).toEqual(['transaction.created', 'transaction.failed']);
    const audit = await server.db
      .select({ action: operatorAuditLog.action, target: operatorAuditLog.target })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `transaction:${id}`));
    expect(audit).toEqual([{ action: 'operatorTransactionCancel', target: `transaction:${id}` }]);
    // Twice is refused: it is final now.
    const again = await cancel(id);
    expect(again.status).toBe(409);
    expect(errorFields(again.body).code).toBe(ERROR_CODES.cancelNotAllowed.code);
    expect(await eur(playerId)).toBe('500');
  });

  it('refuses a withdrawal the provider paid already', async () => {
    const { id, playerId } = await withdrawal('30');
    expect((await reload(server, id)).status).toBe('success');
    const answer = await cancel(id);
    expect(answer.status).toBe(409);
    expect(errorFields(answer.body)).toEqual({
      code: ERROR_CODES.cancelNotAllowed.code,
      field: 'params.transactionId',
    });
    expect(await eur(playerId)).toBe('470');
  });

  it('cancels a deposit waiting for the player: nothing credited, the widget sees it failed', async () => {
    const name = `cancel-dep-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'mobile_money',
      amount: '25',
    });
    expect(deposit.row.status).toBe('await');
    const answer = await cancel(deposit.transactionId);
    expect(answer.status).toBe(200);
    const row = await reload(server, deposit.transactionId);
    expect(row).toMatchObject({ status: 'error' });
    expect(row.providerData).toMatchObject({ declineReason: 'cancelled' });
    expect(await eur(row.playerId)).toBe('500');
  });

  it('refuses a deposit whose call is unanswered: the provider may be charging it', async () => {
    const name = `cancel-unk-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'mobile_money',
      amount: '12',
    });
    await server.db
      .update(transactions)
      .set({ status: 'created', callState: 'unknown' })
      .where(eq(transactions.id, deposit.transactionId));
    const answer = await cancel(deposit.transactionId);
    expect(answer.status).toBe(409);
    expect((await reload(server, deposit.transactionId)).status).toBe('created');
    // Put back as the provider left it, for the invariants.
    await server.db
      .update(transactions)
      .set({ status: 'await', callState: 'done' })
      .where(eq(transactions.id, deposit.transactionId));
  });

  it('answers 404 for another brand’s or an unknown payment, 400 without a reason', async () => {
    expect((await cancel(randomUUID())).status).toBe(404);
    const { id } = await withdrawal('10.15');
    const noReason = await operatorCall(server, 'POST', `/transactions/${id}/cancel`, key, {
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect((await cancel(id)).status).toBe(200);
  });
});
