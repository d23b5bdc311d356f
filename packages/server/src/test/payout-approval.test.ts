/**
 * Payout approval, on the real server over HTTP with the sandbox provider. A brand that
 * approves payouts keeps each withdrawal unsent with its amount reserved (the player sees it
 * processing and may reverse it); the operator approves it (sent once, paid) or rejects it
 * (failed, the amount back once). Approve, reject and the player's reversal meet at one row: one
 * wins, the others change nothing. The ledger and the sandbox's payouts are checked after each.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  AuditPage,
  ERROR_CODES,
  PayoutApprovalSetting,
  PayoutDecisionResponse,
} from '@cashdesk/contract';
import { players, sandboxTransactions, transactions, webhookEvents } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import {
  CASHIER,
  callJson,
  cardPayoutSubmit,
  saveSandboxCard,
  withdrawalSession,
} from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import {
  OPERATOR_ENV,
  errorCode,
  createOperatorBrand,
  mintKey,
  operatorCall,
} from './operator-calls';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  key = (await mintKey(server, 'brand0')).key;
  const set = await operatorCall(server, 'PUT', '/payout-approval', key, {
    body: { required: true },
  });
  expect(set.status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

interface Player {
  readonly sessionId: string;
  readonly playerId: string;
  readonly cardId: string;
}

async function newPlayer(): Promise<Player> {
  const name = `approval-${randomUUID().slice(0, 8)}`;
  const sessionId = await withdrawalSession(server, name);
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error('no player');
  return { sessionId, playerId: row.id, cardId: await saveSandboxCard(server, row.id) };
}

/** A withdrawal of 40 EUR by a new player (EUR 500): its id. */
async function awaitingPayout(player: Player): Promise<string> {
  const answer = await cardPayoutSubmit(server, player.sessionId, player.cardId);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ result_status: 'processing' });
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  return id;
}

async function row(id: string) {
  const [found] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (found === undefined) throw new Error(`no transaction ${id}`);
  return found;
}

async function sandboxPayouts(id: string): Promise<number> {
  const rows = await server.db
    .select({ calls: sandboxTransactions.calls })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.transactionId, id));
  return rows.length;
}

async function expectMoneyConsistent(): Promise<void> {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
}

const approve = (id: string, body: unknown = {}) =>
  operatorCall(server, 'POST', `/transactions/${id}/approve`, key, { body });
const reject = (id: string, body: unknown = {}) =>
  operatorCall(server, 'POST', `/transactions/${id}/reject`, key, { body });
const reverse = (sessionId: string) =>
  callJson(server, 'GET', `${CASHIER}/payments/reverse-pending-withdrawal`, sessionId);

describe('payout approval', () => {
  it('keeps a withdrawal unsent and reserved while it awaits approval, and tells the operator', async () => {
    const player = await newPlayer();
    const id = await awaitingPayout(player);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'created', callState: 'approval', leaseOwner: null });
    expect(await getBalance(server.db, player.playerId, 'EUR')).toMatchObject({
      balance: '460',
      reserved: '40',
    });
    // Neither the reconciler nor a status poll sends it.
    await reconcileOnce({ ...server.app.cashdesk });
    const status = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/status/${id}`,
      player.sessionId,
    );
    expect(status.status).toBe(200);
    expect((await row(id)).callState).toBe('approval');
    expect(await sandboxPayouts(id)).toBe(0);
    const events = await server.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.transactionId, id))
      .orderBy(webhookEvents.seq);
    expect(events.map((event) => event.type)).toEqual([
      'transaction.created',
      'payout.awaiting_approval',
    ]);
    expect(events[1]?.payload).toMatchObject({ transaction: { awaiting_approval: true } });
    await expectMoneyConsistent();
  });

  it('approve: sends it once and it is paid; a second decision answers 409 (1805)', async () => {
    const player = await newPlayer();
    const id = await awaitingPayout(player);
    const approved = await approve(id, { reason: 'checked KYC' });
    expect(approved.status).toBe(200);
    const { transaction } = PayoutDecisionResponse.parse(approved.body);
    expect(transaction).toMatchObject({ id, status: 'success', awaiting_approval: false });
    expect(await sandboxPayouts(id)).toBe(1);
    expect(await getBalance(server.db, player.playerId, 'EUR')).toMatchObject({
      balance: '460',
      reserved: '0',
    });
    for (const again of [await approve(id), await reject(id)]) {
      expect(again.status).toBe(409);
      expect(errorCode(again.body)).toBe(ERROR_CODES.operatorConflict.code);
    }
    const audit = AuditPage.parse((await operatorCall(server, 'GET', '/audit', key)).body);
    const entry = audit.entries.find((one) => one.target === `transaction:${id}`);
    expect(entry).toMatchObject({
      action: 'operatorPayoutApprove',
      before: { status: 'created', awaiting_approval: true },
      after: { awaiting_approval: false, reason: 'checked KYC' },
    });
    await expectMoneyConsistent();
  });

  it('reject: fails it as rejected and returns the amount once; the player sees why', async () => {
    const player = await newPlayer();
    const id = await awaitingPayout(player);
    const rejected = await reject(id, { reason: 'bonus abuse' });
    expect(rejected.status).toBe(200);
    expect(PayoutDecisionResponse.parse(rejected.body).transaction).toMatchObject({
      status: 'error',
      decline_reason: 'rejected',
    });
    expect(await sandboxPayouts(id)).toBe(0);
    expect(await getBalance(server.db, player.playerId, 'EUR')).toMatchObject({
      balance: '500',
      reserved: '0',
    });
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id)).status).toBe(409);
    expect(await getBalance(server.db, player.playerId, 'EUR')).toMatchObject({
      balance: '500',
    });
    const status = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/status/${id}`,
      player.sessionId,
    );
    expect(status.body).toMatchObject({ result_status: 'error', terminal: true });
    // The result page the player is shown says why, with no retry (SPEC §2 decline page).
    expect((await row(id)).declinePageSettings).toMatchObject({
      message_key: 'CASHIER.DECLINE.REJECTED',
      retry: false,
    });
    await expectMoneyConsistent();
  });

  it('the player may reverse it while it awaits approval; the operator’s decision then changes nothing', async () => {
    const player = await newPlayer();
    const id = await awaitingPayout(player);
    const reversed = await reverse(player.sessionId);
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ success_amount: '40.00' });
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id)).status).toBe(409);
    expect(await sandboxPayouts(id)).toBe(0);
    expect(await getBalance(server.db, player.playerId, 'EUR')).toMatchObject({
      balance: '500',
      reserved: '0',
    });
    await expectMoneyConsistent();
  });

  it('approve, reject and reverse at once: exactly one wins, money moves once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const player = await newPlayer();
      const id = await awaitingPayout(player);
      const [approved, rejected, reversed] = await Promise.all([
        approve(id),
        reject(id),
        reverse(player.sessionId),
      ]);
      // A reversal that could not take the payout back still answers 200, with it in fail_amount.
      const returnedByReversal =
        reversed.status === 200 &&
        typeof reversed.body.success_amount === 'string' &&
        Number(reversed.body.success_amount) > 0;
      const wins = [approved.status === 200, rejected.status === 200, returnedByReversal];
      expect(wins.filter(Boolean)).toHaveLength(1);
      for (const answer of [approved, rejected]) expect([200, 409]).toContain(answer.status);
      const final = await row(id);
      const balance = await getBalance(server.db, player.playerId, 'EUR');
      if (approved.status === 200) {
        expect(await sandboxPayouts(id)).toBe(1);
        expect(final.status).toBe('success');
        expect(balance).toMatchObject({ balance: '460', reserved: '0' });
      } else {
        expect(await sandboxPayouts(id)).toBe(0);
        expect(final.status).toBe('error');
        expect(balance).toMatchObject({ balance: '500', reserved: '0' });
      }
    }
    await expectMoneyConsistent();
  });

  it('answers another brand’s key 404, a key without transactions:write 403 and a bad id 404', async () => {
    const player = await newPlayer();
    const id = await awaitingPayout(player);
    const other = await createOperatorBrand(server);
    const foreign = await operatorCall(server, 'POST', `/transactions/${id}/approve`, other.key, {
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect(errorCode(foreign.body)).toBe(ERROR_CODES.operatorNotFound.code);
    const reader = await mintKey(server, 'brand0', ['transactions:read']);
    const denied = await operatorCall(server, 'POST', `/transactions/${id}/reject`, reader.key, {
      body: {},
    });
    expect(denied.status).toBe(403);
    expect((await approve('not-a-transaction')).status).toBe(400);
    expect((await approve(randomUUID())).status).toBe(404);
    expect((await row(id)).callState).toBe('approval');
    expect((await reject(id)).status).toBe(200);
  });

  it('a brand without payout approval sends at once; the setting is configuration (version, If-Match)', async () => {
    const brand = await createOperatorBrand(server);
    const read = await operatorCall(server, 'GET', '/payout-approval', brand.key);
    expect(PayoutApprovalSetting.parse(read.body)).toEqual({ required: false, exempt_below: {} });
    const stale = await operatorCall(server, 'PUT', '/payout-approval', brand.key, {
      body: { required: true },
      headers: { 'if-match': '"999"' },
    });
    expect(stale.status).toBe(409);
    expect(
      PayoutApprovalSetting.parse(
        (await operatorCall(server, 'GET', '/payout-approval', brand.key)).body,
      ),
    ).toEqual({ required: false, exempt_below: {} });
    expect(
      (
        await operatorCall(server, 'PUT', '/payout-approval', key, {
          body: { required: false },
        })
      ).status,
    ).toBe(200);
    try {
      const player = await newPlayer();
      const answer = await cardPayoutSubmit(server, player.sessionId, player.cardId);
      const id = answer.body.transaction_id;
      if (typeof id !== 'string') throw new Error('no transaction id');
      expect((await row(id)).callState).toBe('done');
      expect(await sandboxPayouts(id)).toBe(1);
    } finally {
      await operatorCall(server, 'PUT', '/payout-approval', key, { body: { required: true } });
    }
    const pending = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(inArray(transactions.callState, ['sending']));
    expect(pending).toEqual([]);
  });
});
