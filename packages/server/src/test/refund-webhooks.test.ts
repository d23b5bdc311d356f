/**
 * Refunds through the asynchronous reference PSP (its own process, test/async-psp-process.ts),
 * which accepts a refund pending and tells its result only by a signed `refund.updated` webhook.
 * The operator API's refund, the PSP's webhook and the reconciler's lookup all reach the same
 * conditional update, so whichever comes first applies the result and the others change nothing:
 * a webhook that arrives while the refund call is still waiting for its answer (crossing it), a
 * webhook delivered twice, a failed refund whose hold comes back. After every test the ledger,
 * the charges and the refunds agree with the PSP (money-invariants.ts).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { PayoutDecisionResponse, RefundAnswer } from '@cashdesk/contract';
import { signatureHeaders } from '../http/signing';
import { TEST_WEBHOOK_SECRET, startAsyncPspProcess } from '@cashdesk/testkit';
import type { AsyncActivity, AsyncPspProcess } from '@cashdesk/testkit';
import { payGroups, refunds } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { brand0PlayerId, reload, startDeposit } from './alt-fixtures';
import {
  createTestDatabase,
  createTestSession,
  startTestServer,
  writeBrandConfig,
} from './harness';
import type { TestDatabase, TestServer } from './harness';
import {
  asyncChargeViolations,
  ledgerViolations,
  refundViolations,
  reservationViolations,
} from './money-invariants';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';

/**
 * How long the refund call waits for an answer the PSP holds back: the window in which the test
 * crosses it with the webhook (no assertion measures it).
 */
const PROVIDER_TIMEOUT_MS = 2_000;

let psp: AsyncPspProcess;
let database: TestDatabase;
let server: TestServer;
let key: string;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  psp = await startAsyncPspProcess();
  database = await createTestDatabase();
  await writeBrandConfig(database.db, 'brand0', (tx) =>
    tx
      .update(payGroups)
      .set({ connector: 'psp' })
      .where(
        and(
          eq(payGroups.brandId, 'brand0'),
          eq(payGroups.flow, 'deposit'),
          eq(payGroups.shortName, 'mobile_money'),
        ),
      ),
  );
  server = await startTestServer({
    database,
    clock,
    env: {
      ...OPERATOR_ENV,
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      CONNECTORS: 'psp',
      CONNECTOR_PSP_KIND: 'async-psp',
      CONNECTOR_PSP_URL: psp.url,
      CONNECTOR_PSP_API_KEY: 'test-async-psp-api-key',
      CONNECTOR_PSP_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    },
  });
  key = (await mintKey(server, 'brand0')).key;
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await psp.stop();
});

/** The PSP's refunds as the refund invariant reads a provider's record. */
function refundsThere(activity: AsyncActivity) {
  return {
    refunds: activity.refunds.map((entry) => ({
      refundId: entry.refund_reference,
      paymentRef: entry.payment_id,
      amount: entry.amount,
      currency: entry.currency,
      calls: entry.calls,
      outcome: entry.state,
    })),
  };
}

afterEach(async () => {
  const activity = await psp.activity();
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
  expect(await asyncChargeViolations(server.db, activity, 'psp')).toEqual([]);
  expect(await refundViolations(server.db, refundsThere(activity))).toEqual([]);
});

/** A new player's 40 EUR mobile-money deposit, settled by the PSP's webhook. */
async function settledDeposit() {
  const name = `refund-hook-${randomUUID().slice(0, 8)}`;
  const sessionId = await createTestSession(server, { player: name });
  const deposit = await startDeposit(server, { sessionId, payGroup: 'mobile_money', amount: '40' });
  await psp.settle(deposit.transactionId, { outcome: 'succeeded', now: clock().toISOString() });
  expect((await reload(server, deposit.transactionId)).status).toBe('success');
  return { ...deposit, playerId: await brand0PlayerId(server, name) };
}

function refund(id: string, body: Record<string, unknown>, idempotencyKey = randomUUID()) {
  return operatorCall(server, 'POST', `/transactions/${id}/refunds`, key, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

async function balance(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

async function refundRow(id: string) {
  const [row] = await server.db.select().from(refunds).where(eq(refunds.id, id));
  if (row === undefined) throw new Error(`no refund ${id}`);
  return row;
}

/** The id of a deposit's refund once the server committed it (each try is one query). */
async function openRefundOf(transactionId: string): Promise<string> {
  for (let attempt = 0; attempt < 2_000; attempt += 1) {
    const [row] = await server.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.transactionId, transactionId));
    if (row !== undefined) return row.id;
    // Lets the server's request run (the in-process database answers without yielding to I/O).
    await setImmediate();
  }
  throw new Error('the refund was never committed');
}

/** The PSP's refund of a reference, once it has it (each try is one control call). */
async function refundAtPsp(reference: string) {
  for (let attempt = 0; attempt < 2_000; attempt += 1) {
    const found = (await psp.activity()).refunds.find(
      (entry) => entry.refund_reference === reference,
    );
    if (found !== undefined) return found;
  }
  throw new Error('the PSP never got the refund');
}

describe('refunds settled by the PSP’s webhook', () => {
  it('a refund accepted pending is requested, then succeeded by its webhook once, however often it is delivered', async () => {
    const { transactionId, playerId } = await settledDeposit();
    const before = await balance(playerId);
    const answer = RefundAnswer.parse((await refund(transactionId, { reason: 'asked' })).body);
    const row = await reload(server, transactionId);
    expect(answer.refund).toMatchObject({
      status: 'requested',
      amount: new Big(row.amount).plus(row.fee).toFixed(),
    });
    // Held from the balance while the PSP settles it: all the deposit credited.
    expect(await balance(playerId)).toBe(new Big(before).minus(40).toFixed());
    const settled = await psp.settleRefund(answer.refund.id, {
      outcome: 'succeeded',
      now: clock().toISOString(),
    });
    expect(settled.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'applied' }] },
    });
    expect(await refundRow(answer.refund.id)).toMatchObject({ status: 'succeeded' });
    expect((await psp.redeliver(transactionId, clock())).delivery.body).toMatchObject({
      results: [{ outcome: 'duplicate' }],
    });
    expect((await reload(server, transactionId)).status).toBe('refunded');
    expect(await balance(playerId)).toBe(new Big(before).minus(40).toFixed());
  });

  it('a refund the PSP fails comes back to the balance, once', async () => {
    const { transactionId, playerId } = await settledDeposit();
    const before = await balance(playerId);
    const answer = RefundAnswer.parse(
      (await refund(transactionId, { amount: '15', reason: 'fails' })).body,
    );
    const failed = await psp.settleRefund(answer.refund.id, {
      outcome: 'failed',
      now: clock().toISOString(),
    });
    expect(failed.delivery).toMatchObject({ body: { results: [{ outcome: 'applied' }] } });
    expect(await refundRow(answer.refund.id)).toMatchObject({ status: 'failed' });
    expect(await balance(playerId)).toBe(before);
    expect((await reload(server, transactionId)).status).toBe('success');
  });

  it('a webhook crossing the refund call (the answer still outstanding) settles it once; the late answer changes nothing', async () => {
    let crossings = 0;
    for (let round = 0; round < 3; round += 1) {
      const { transactionId, playerId } = await settledDeposit();
      const before = await balance(playerId);
      // The PSP makes the refund and holds its answer until the call gives up.
      await psp.fault({ operation: 'refund', mode: 'hang-after' });
      const call = refund(transactionId, { amount: '10', reason: `crossing ${String(round)}` });
      const there = await refundAtPsp(await openRefundOf(transactionId));
      const webhook = await psp.settleRefund(there.refund_reference, {
        outcome: 'succeeded',
        now: clock().toISOString(),
      });
      expect(webhook.delivery).toMatchObject({ body: { results: [{ outcome: 'applied' }] } });
      const answer = RefundAnswer.parse((await call).body);
      expect(answer.refund.id).toBe(there.refund_reference);
      // Crossed: the webhook settled the refund while its call waited, and the call answers it.
      if (answer.refund.status === 'succeeded') crossings += 1;
      // The reconciler finds nothing left to do; the balance lost the refund's share once.
      offset += 10 * 60_000;
      await reconcileOnce({ ...server.app.cashdesk });
      const row = await refundRow(answer.refund.id);
      expect(row).toMatchObject({ status: 'succeeded', callState: 'done' });
      expect(await balance(playerId)).toBe(new Big(before).minus(row.debit).toFixed());
    }
    // A loaded machine may deliver a webhook after the call gave up: still applied once.
    expect(crossings).toBeGreaterThanOrEqual(1);
  });

  it('a deposit the operator cancelled that the PSP approves after all is refunded to the payer, never credited', async () => {
    const name = `late-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'mobile_money',
      amount: '30',
    });
    const playerId = await brand0PlayerId(server, name);
    const before = await balance(playerId);
    const cancelled = await operatorCall(
      server,
      'POST',
      `/transactions/${deposit.transactionId}/cancel`,
      key,
      {
        body: { reason: 'player gave up' },
      },
    );
    expect(cancelled.status).toBe(200);
    // The PSP approves it all the same: the webhook sends the charge back.
    const late = await psp.settle(deposit.transactionId, {
      outcome: 'succeeded',
      now: clock().toISOString(),
    });
    expect(late.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'returned' }] },
    });
    const [returned] = await server.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, deposit.transactionId));
    expect(returned?.status).toBe('requested');
    // Nothing was credited, so the refund takes nothing from the balance.
    expect(new Big(returned?.debit ?? '1').eq(0)).toBe(true);
    // Delivered again: still one refund.
    expect((await psp.redeliver(deposit.transactionId, clock())).delivery.body).toMatchObject({
      results: [{ outcome: 'returned' }],
    });
    await psp.settleRefund(returned?.id ?? '', {
      outcome: 'succeeded',
      now: clock().toISOString(),
    });
    const rows = await server.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, deposit.transactionId));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    expect((await reload(server, deposit.transactionId)).status).toBe('error');
    expect(await balance(playerId)).toBe(before);
  });

  it('a contradicting answer is held, listed and shown to the operator, and resolved once by the operator', async () => {
    const name = `held-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'mobile_money',
      amount: '20',
    });
    const playerId = await brand0PlayerId(server, name);
    const before = await balance(playerId);
    // A correctly signed success for 0.01 of a 20.00 deposit: held, nothing credited.
    const body = JSON.stringify({
      event_id: `evt_${randomUUID()}`,
      event_type: 'payment.updated',
      occurred_at: clock().toISOString(),
      payment: {
        payment_id: deposit.providerRef,
        merchant_reference: deposit.transactionId,
        direction: 'pay_in',
        amount: { value: 1, currency: 'EUR' },
        state: 'succeeded',
        failure_code: null,
        settle_within_s: null,
      },
    });
    const posted = await fetch(`${server.baseUrl}/api/providers/psp/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders({ keyId: 'k', secret: TEST_WEBHOOK_SECRET }, body, clock()),
      },
      body,
    });
    expect(await posted.json()).toMatchObject({ results: [{ outcome: 'held' }] });
    const listed = await operatorCall(server, 'GET', '/transactions?held=true&limit=100', key);
    const shown = z
      .object({
        transactions: z.array(z.looseObject({ id: z.string(), held_answer: z.unknown() })),
      })
      .parse(listed.body)
      .transactions.find((item) => item.id === deposit.transactionId);
    expect(shown?.held_answer).toMatchObject({ reason: 'amount', reported_amount: '0.01' });
    const resolve = (resolution: string) =>
      operatorCall(server, 'POST', `/transactions/${deposit.transactionId}/resolve-hold`, key, {
        body: { resolution, reason: 'checked in the PSP dashboard' },
      });
    const declined = await resolve('decline');
    expect(declined.status).toBe(200);
    expect(PayoutDecisionResponse.parse(declined.body).transaction).toMatchObject({
      status: 'error',
      held_answer: null,
    });
    // Once: nothing is held any more.
    expect((await resolve('approve')).status).toBe(409);
    expect(await balance(playerId)).toBe(before);
    // The PSP never charged it (its own state is still received): settle it failed for the books.
    await psp.settle(deposit.transactionId, { outcome: 'failed', now: clock().toISOString() });
  });
});
