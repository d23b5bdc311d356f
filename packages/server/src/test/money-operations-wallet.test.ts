/**
 * The operator's money operations end to end with the balances kept in the operator's wallet:
 * the real server pays through the HTTP connector and the PSP simulator, and keeps its balances
 * in the wallet simulator, each running as its own process. A refund and a partial refund reach
 * the PSP and the wallet once each (the wallet's reversal named by the refund), a cancellation of
 * a payout on its way returns the wallet's hold, an adjustment is refused (the wallet is the
 * operator's), and the events go out through the outbox. After each test: the ledger, the charges,
 * the refunds and every movement the wallet is owed agree with the simulators (money-invariants).
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  ERROR_CODES,
  PayoutDecisionResponse,
  RefundAnswer,
  buildPath,
} from '@cashdesk/contract';
import { startSimulatorProcess, startWalletSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess, WalletSimulatorProcess } from '@cashdesk/testkit';
import { refunds, webhookEvents } from '../db/schema';
import { HttpPaymentProvider } from '../providers';
import {
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { brand0PlayerId, reload } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { moneyViolations, walletViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';

let psp: SimulatorProcess;
let wallet: WalletSimulatorProcess;
let server: TestServer;
let key: string;
const clock = () => new Date();

beforeAll(async () => {
  [psp, wallet] = await Promise.all([startSimulatorProcess(), startWalletSimulatorProcess()]);
  server = await startTestServer({
    provider: new HttpPaymentProvider({ baseUrl: psp.url, timeoutMs: 10_000 }),
    clock,
    env: { ...wallet.serverEnv, ...OPERATOR_ENV, OPERATOR_WALLET_TIMEOUT_MS: '2000' },
  });
  key = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
  await Promise.all([psp.stop(), wallet.stop()]);
});

afterEach(async () => {
  await server.app.cashdesk.wallet.idle();
  expect(await moneyViolations(server.db, await psp.activity(clock()))).toEqual([]);
  expect(await walletViolations(server.db, await wallet.activity())).toEqual([]);
});

/** A player whose wallet holds `balance` EUR; their session in `flow`. */
async function player(flow: 'deposit' | 'withdrawal', balance = '250') {
  const name = `ops-${randomUUID().slice(0, 8)}`;
  await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance });
  const sessionId =
    flow === 'deposit'
      ? await createTestSession(server, { player: name, flow, currency: 'EUR' })
      : await withdrawalSession(server, name);
  return {
    name,
    sessionId,
    playerId: await brand0PlayerId(server, name),
    walletBalance: () => wallet.balance('brand0', name, 'EUR'),
  };
}

/** A card deposit of 50 EUR, credited to the wallet. */
async function deposit(sessionId: string): Promise<string> {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  const answer = await callJson(server, 'POST', path, sessionId, cardDepositBody('50'), {
    'idempotency-key': randomUUID(),
  });
  expect(answer.body).toMatchObject({ transaction_status: 'success' });
  await server.app.cashdesk.wallet.idle();
  return text(answer.body.transaction_id);
}

const refund = (id: string, body: Record<string, unknown>) =>
  operatorCall(server, 'POST', `/transactions/${id}/refunds`, key, {
    body,
    headers: { 'idempotency-key': randomUUID() },
  });

async function eventTypes(id: string): Promise<string[]> {
  const rows = await server.db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, id))
    .orderBy(asc(webhookEvents.seq));
  return rows.map((row) => row.type);
}

describe('money operations with the operator wallet', () => {
  it('a partial then a full refund reach the PSP and the wallet once each; the wallet ends where it began', async () => {
    const { sessionId, walletBalance } = await player('deposit');
    const id = await deposit(sessionId);
    expect(await walletBalance()).toBe('300');
    const part = RefundAnswer.parse((await refund(id, { amount: '20', reason: 'part' })).body);
    expect(part.refund.status).toBe('succeeded');
    await server.app.cashdesk.wallet.idle();
    // The wallet took back the refund's share of the 50 credited.
    expect(await walletBalance()).toBe(new Big(300).minus(part.refund.balance_debit).toFixed());
    const rest = RefundAnswer.parse((await refund(id, { reason: 'rest' })).body);
    expect(rest.refund.status).toBe('succeeded');
    expect(rest.transaction.status).toBe('refunded');
    await server.app.cashdesk.wallet.idle();
    expect(await walletBalance()).toBe('250');
    const { operations } = await wallet.activity();
    for (const refundId of [part.refund.id, rest.refund.id]) {
      expect(
        operations.filter((entry) => entry.operation_id === `${refundId}:reverse`),
      ).toHaveLength(1);
    }
    expect((await eventTypes(id)).filter((type) => type.startsWith('refund.'))).toEqual([
      'refund.requested',
      'refund.succeeded',
      'refund.requested',
      'refund.succeeded',
    ]);
  });

  it('a refund the wallet no longer holds is refused unless a negative balance is allowed', async () => {
    const { sessionId, name, walletBalance } = await player('deposit', '0');
    const id = await deposit(sessionId);
    // The player bet the 50 in the operator's wallet.
    await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '5' });
    const refused = await refund(id, { reason: 'spent' });
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).code).toBe(ERROR_CODES.balanceTooLow.code);
    // Refused before anything was written: no refund, no event.
    expect(await server.db.select().from(refunds).where(eq(refunds.transactionId, id))).toEqual([]);
    const allowed = RefundAnswer.parse(
      (await refund(id, { reason: 'spent', allow_negative_balance: true })).body,
    );
    expect(allowed.refund.status).toBe('succeeded');
    await server.app.cashdesk.wallet.idle();
    expect(await walletBalance()).toBe('-45');
  });

  it('a cancelled payout on its way returns the wallet’s hold once', async () => {
    const { sessionId, playerId, walletBalance } = await player('withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    // The simulator keeps a payout ending in .15 processing until its settle time.
    const payout = await cardPayoutSubmit(server, sessionId, cardId, { amount: '40.15' });
    const id = text(payout.body.transaction_id);
    expect((await reload(server, id)).status).toBe('processing');
    await server.app.cashdesk.wallet.idle();
    expect(await walletBalance()).toBe('209.85');
    const cancelled = await operatorCall(server, 'POST', `/transactions/${id}/cancel`, key, {
      body: { reason: 'suspicious' },
    });
    expect(PayoutDecisionResponse.parse(cancelled.body).transaction).toMatchObject({
      status: 'error',
      decline_reason: 'cancelled',
    });
    await server.app.cashdesk.wallet.idle();
    expect(await walletBalance()).toBe('250');
  });

  it('an adjustment is refused: the balances are the operator’s wallet’s', async () => {
    const { name } = await player('deposit');
    const answer = await operatorCall(server, 'POST', `/players/${name}/adjustments`, key, {
      body: { direction: 'credit', amount: '5', currency: 'EUR', reason: 'goodwill' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(409);
    expect(errorFields(answer.body).code).toBe(ERROR_CODES.adjustmentNotAllowed.code);
  });
});
