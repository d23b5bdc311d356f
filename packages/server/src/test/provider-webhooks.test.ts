/**
 * Connectors and provider webhooks against real parts: the server (harness) on a real database
 * with two connectors, the default in-process sandbox and `psp`, the asynchronous reference PSP
 * running as its own process (test/async-psp-process.ts), which settles payments only by signed
 * webhooks to `POST /api/providers/psp/webhook`. brand0's `mobile_money` deposit pay group pays
 * through `psp`, every other pay group through the sandbox.
 *
 * After every test: the ledger sums equal the balances, reservations are whole, and what the PSP
 * charged equals what the ledger credited (money-invariants.ts).
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { payGroups, refunds, transactions, webhookEvents } from '../db/schema';
import { signatureHeaders } from '../http/signing';
import { PayGroupConnectorError } from '../modules/cashier/pay-group-connectors';
import { createTransaction } from '../modules/payments/transaction-repository';
import { transactionTimeline } from '../modules/operator/timeline';
import { getBalance, reserveWithdrawal } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { brand0PlayerId, ledgerOf, reload, startDeposit } from './alt-fixtures';
import { CASHIER, callJson, payGroupId, text, withdrawalSession } from './api-calls';
import { TEST_WEBHOOK_SECRET, startAsyncPspProcess } from '@cashdesk/testkit';
import type { AsyncPspProcess } from '@cashdesk/testkit';
import {
  createTestDatabase,
  createTestSession,
  startTestServer,
  writeBrandConfig,
} from './harness';
import type { TestDatabase, TestServer } from './harness';
import { asyncChargeViolations, ledgerViolations, reservationViolations } from './money-invariants';

let psp: AsyncPspProcess;
let database: TestDatabase;
let server: TestServer;

/** The environment of a server with the `psp` connector beside the default sandbox. */
function connectorEnv(url: string): Record<string, string> {
  return {
    CONNECTORS: 'psp',
    CONNECTOR_PSP_KIND: 'async-psp',
    CONNECTOR_PSP_URL: url,
    CONNECTOR_PSP_API_KEY: 'test-async-psp-api-key',
    CONNECTOR_PSP_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  };
}

async function setConnector(
  shortName: string,
  connector: string | null,
  flow: 'deposit' | 'withdrawal' = 'deposit',
): Promise<void> {
  await writeBrandConfig(database.db, 'brand0', (tx) =>
    tx
      .update(payGroups)
      .set({ connector })
      .where(
        and(
          eq(payGroups.brandId, 'brand0'),
          eq(payGroups.flow, flow),
          eq(payGroups.shortName, shortName),
        ),
      ),
  );
}

beforeAll(async () => {
  psp = await startAsyncPspProcess();
  database = await createTestDatabase();
  await setConnector('mobile_money', 'psp');
  await setConnector('mobile_payout', 'psp', 'withdrawal');
  server = await startTestServer({ database, env: connectorEnv(psp.url) });
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await psp.stop();
});

afterEach(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
  expect(await asyncChargeViolations(server.db, await psp.activity(), 'psp')).toEqual([]);
});

/** A new brand0 player with a EUR deposit session. */
async function player(): Promise<{ name: string; sessionId: string }> {
  const name = `hook-${randomUUID().slice(0, 8)}`;
  return { name, sessionId: await createTestSession(server, { player: name }) };
}

/** A mobile-money deposit of `amount` EUR through `psp`, waiting for its result. */
async function pspDeposit(amount = '20') {
  const who = await player();
  const started = await startDeposit(server, {
    sessionId: who.sessionId,
    payGroup: 'mobile_money',
    amount,
  });
  return { ...who, ...started };
}

/** What a deposit credits: its amount after tax (mobile_money carries no bonus here). */
async function credited(transactionId: string): Promise<string> {
  const row = await reload(server, transactionId);
  return new Big(row.amount).minus(row.tax).toFixed();
}

async function eur(name: string): Promise<Big> {
  return new Big((await getBalance(server.db, await brand0PlayerId(server, name), 'EUR')).balance);
}

/** Posts a raw webhook body to a connector's route, signed with `secret` at `at` (or not). */
async function postWebhook(
  body: string,
  options: { secret?: string | null; at?: Date; connector?: string } = {},
) {
  const secret = options.secret === undefined ? TEST_WEBHOOK_SECRET : options.secret;
  const response = await fetch(
    `${server.baseUrl}/api/providers/${options.connector ?? 'psp'}/webhook`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === null
          ? {}
          : signatureHeaders({ keyId: 'k', secret }, body, options.at ?? new Date())),
      },
      body,
    },
  );
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  return { status: response.status, body: parsed };
}

/** A webhook event of the PSP's protocol for a payment, as the PSP would sign and send it. */
function eventBody(input: {
  reference: string;
  paymentId: string;
  type?: string;
  state?: string;
  amount?: number;
}): string {
  return JSON.stringify({
    event_id: `evt_${randomUUID()}`,
    event_type: input.type ?? 'payment.updated',
    occurred_at: new Date().toISOString(),
    payment: {
      payment_id: input.paymentId,
      merchant_reference: input.reference,
      direction: 'pay_in',
      amount: { value: input.amount ?? 2020, currency: 'EUR' },
      state: input.state ?? 'succeeded',
      failure_code: null,
      settle_within_s: null,
    },
    ...(input.type === undefined || input.type === 'payment.updated'
      ? {}
      : { amount: { value: input.amount ?? 2020, currency: 'EUR' } }),
  });
}

describe('a deposit settled only by its webhook', () => {
  it('waits at the PSP, then is credited once by the webhook after the player closed the tab (no poll, no reconciler)', async () => {
    const deposit = await pspDeposit('20');
    expect(deposit.row).toMatchObject({ status: 'await', connector: 'psp' });
    const before = await eur(deposit.name);
    // The player closes the tab: nothing polls, no reconciler runs in the harness.
    const settled = await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    expect(settled.delivery.status).toBe(200);
    expect(settled.delivery.body).toMatchObject({
      received: true,
      results: [{ transaction_id: deposit.transactionId, outcome: 'applied' }],
    });
    const row = await reload(server, deposit.transactionId);
    expect(row.status).toBe('success');
    const credit = await credited(deposit.transactionId);
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'deposit', amount: credit },
    ]);
    expect((await eur(deposit.name)).minus(before).toFixed()).toBe(credit);
    // The PSP charged the amount alone: the method's 1 % fee is the operator's (docs/fees.md).
    const [charged] = (await psp.activity()).payments.filter(
      (payment) => payment.merchant_reference === deposit.transactionId,
    );
    expect(charged).toMatchObject({ amount: '20.00', state: 'succeeded', calls: 1 });
  });

  it('a duplicate, an out-of-order pending and a contradicting late event change nothing and are acknowledged', async () => {
    const deposit = await pspDeposit('30');
    // A stale "received" before the result: nothing new.
    const early = await psp.event(deposit.transactionId, 'received');
    expect(early.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'unchanged' }] },
    });
    await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    const balance = await eur(deposit.name);
    const duplicate = await psp.redeliver(deposit.transactionId);
    expect(duplicate.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'duplicate' }] },
    });
    const pending = await psp.event(deposit.transactionId, 'received');
    expect(pending.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'stale' }] },
    });
    const failed = await psp.event(deposit.transactionId, 'failed');
    expect(failed.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'conflict' }] },
    });
    expect((await reload(server, deposit.transactionId)).status).toBe('success');
    expect(await ledgerOf(server, deposit.transactionId)).toHaveLength(1);
    expect((await eur(deposit.name)).eq(balance)).toBe(true);
    expect(server.logs()).toContain('"needs_review":true');
    // The timeline tells each notification, what it reported and what it did, in order.
    const { entries } = await transactionTimeline(server.db, 'brand0', deposit.transactionId);
    const told = entries.filter(
      (entry) => entry.kind === 'provider_notification' || entry.kind === 'status_changed',
    );
    expect(told.map((entry) => entry.summary)).toEqual([
      'await',
      'pending: unchanged',
      'approved: applied',
      'success',
      'approved: duplicate',
      'pending: stale',
      'declined: conflict',
    ]);
    expect(told[2]?.details).toMatchObject({ notification: 'status' });
    expect(typeof told[2]?.details.event_id).toBe('string');
    expect(JSON.stringify(told)).not.toContain(deposit.sessionId);
  });

  it('a decline by webhook credits nothing; a late success after it is refused as a conflict', async () => {
    const deposit = await pspDeposit('15');
    const before = await eur(deposit.name);
    const declined = await psp.settle(deposit.transactionId, {
      outcome: 'failed',
      failure_code: 'insufficient_funds',
    });
    expect(declined.delivery.status).toBe(200);
    const row = await reload(server, deposit.transactionId);
    expect(row).toMatchObject({ status: 'error', errorCode: '1301' });
    const late = await psp.event(deposit.transactionId, 'succeeded');
    expect(late.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'conflict' }] },
    });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
    expect((await eur(deposit.name)).eq(before)).toBe(true);
  });

  it('a signed success for another amount or currency, or naming another payment, is held for review: nothing credited, nothing replaced', async () => {
    const deposit = await pspDeposit('20');
    const before = await eur(deposit.name);
    const row = await reload(server, deposit.transactionId);
    const charged = new Big(row.amount).plus(row.fee);
    const minor = charged.times(100).toNumber();
    const contradictions = [
      // 0.01 for a 20.00 deposit: the attack that credited it in full.
      { paymentId: deposit.providerRef, amount: 1, reason: 'amount' },
      { paymentId: deposit.providerRef, amount: minor + 1, reason: 'amount' },
      // The right amount for another payment of the PSP.
      { paymentId: 'psp_someone_else', amount: minor, reason: 'reference' },
    ];
    for (const contradiction of contradictions) {
      const answer = await postWebhook(
        eventBody({
          reference: deposit.transactionId,
          paymentId: contradiction.paymentId,
          amount: contradiction.amount,
        }),
      );
      expect(answer).toMatchObject({ status: 200, body: { results: [{ outcome: 'held' }] } });
      const held = await reload(server, deposit.transactionId);
      expect(held.status).not.toBe('success');
      expect(held.providerReference).toBe(deposit.providerRef);
      expect(held.providerData).toMatchObject({
        held: { reason: contradiction.reason, reportedReference: contradiction.paymentId },
      });
      expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
      expect((await eur(deposit.name)).eq(before)).toBe(true);
    }
    expect(server.logs()).toContain('"outcome":"held"');
    // The PSP's own result, for what it charged: credited once.
    const settled = await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    expect(settled.delivery.body).toMatchObject({ results: [{ outcome: 'applied' }] });
    expect(await ledgerOf(server, deposit.transactionId)).toHaveLength(1);
    expect((await eur(deposit.name)).minus(before).toFixed()).toBe(
      await credited(deposit.transactionId),
    );
  });

  it('a lost webhook: the status poll asks the connector the payment was sent to, even after its pay group moved', async () => {
    const deposit = await pspDeposit('12');
    await psp.settle(deposit.transactionId, { outcome: 'succeeded', deliver: false });
    // The brand moves the pay group to the default connector: the payment stays with psp.
    await setConnector('mobile_money', null);
    try {
      const status = await fetch(
        `${server.baseUrl}${buildPath(ENDPOINTS.altStatus, { transactionId: deposit.transactionId })}`,
        { headers: { 'x-session-id': deposit.sessionId } },
      );
      expect(await status.json()).toMatchObject({ transaction_status: 'success', terminal: true });
      // The PSP's retry arrives after: a duplicate.
      const flushed = await psp.flush();
      expect(flushed.deliveries.map((delivery) => delivery.status)).toEqual([200]);
      expect(await ledgerOf(server, deposit.transactionId)).toHaveLength(1);
    } finally {
      await setConnector('mobile_money', 'psp');
    }
  });
});

describe('a webhook that never arrives', () => {
  it('the reconciler asks the PSP and credits the deposit once; the PSP retry afterwards is a duplicate', async () => {
    const deposit = await pspDeposit('14');
    await psp.settle(deposit.transactionId, { outcome: 'succeeded', deliver: false });
    // Nobody polls; the reconciler's next look is due an hour later (an injected clock).
    const later = new Date(Date.now() + 3_600_000);
    const report = await reconcileOnce({ ...server.app.cashdesk, clock: () => later });
    expect(report.finished).toBeGreaterThanOrEqual(1);
    expect((await reload(server, deposit.transactionId)).status).toBe('success');
    expect((await psp.flush()).deliveries.map((delivery) => delivery.status)).toEqual([200]);
    expect(await ledgerOf(server, deposit.transactionId)).toHaveLength(1);
  });
});

describe('two pay groups on two connectors in one app', () => {
  it('sends a card deposit to the sandbox and a mobile-money deposit to the PSP, each stored with its connector', async () => {
    const who = await player();
    const card = await startDeposit(server, {
      sessionId: who.sessionId,
      payGroup: 'card',
      amount: '10',
      card: {
        pan: '4000000000000101',
        cvv: '123',
        expMonth: '12',
        expYear: '2031',
        holder: 'Jane Doe',
      },
    });
    const mobile = await startDeposit(server, {
      sessionId: who.sessionId,
      payGroup: 'mobile_money',
      amount: '10',
    });
    expect(card.row).toMatchObject({ connector: 'sandbox', status: 'success' });
    expect(mobile.row).toMatchObject({ connector: 'psp', status: 'await' });
    const atPsp = (await psp.activity()).payments.map((payment) => payment.merchant_reference);
    expect(atPsp).toContain(mobile.transactionId);
    expect(atPsp).not.toContain(card.transactionId);
    // The sandbox takes no webhooks: its route is 404, the PSP's webhook cannot reach a sandbox payment.
    const sandboxHook = await postWebhook('{}', { connector: 'sandbox' });
    expect(sandboxHook.status).toBe(404);
    const foreign = await postWebhook(
      eventBody({ reference: card.transactionId, paymentId: card.providerRef }),
    );
    expect(foreign.body).toMatchObject({ results: [{ outcome: 'unknown_transaction' }] });
    await psp.settle(mobile.transactionId, { outcome: 'succeeded' });
    expect((await reload(server, mobile.transactionId)).status).toBe('success');
  });

  it('refuses to start with a pay group naming an unknown connector, and a submit on one changed later answers 409', async () => {
    await setConnector('mobile_money', 'nowhere');
    try {
      const refused = startTestServer({ database, env: connectorEnv(psp.url) });
      await expect(refused).rejects.toThrow(PayGroupConnectorError);
      await expect(refused).rejects.toThrow(/mobile_money .*"nowhere"/);
      const who = await player();
      const payGroupId = (
        await database.db
          .select({ id: payGroups.id })
          .from(payGroups)
          .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.shortName, 'mobile_money')))
      )[0]?.id;
      const submit = await fetch(
        `${server.baseUrl}${buildPath(ENDPOINTS.depositSubmit, { payGroupId: payGroupId ?? 0 })}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-session-id': who.sessionId,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            amount: '10',
            currency: 'EUR',
            parameters: { operator: 'operator_a' },
          }),
        },
      );
      expect(submit.status).toBe(409);
      expect(await submit.json()).toMatchObject({ error_code: '1009' });
    } finally {
      await setConnector('mobile_money', 'psp');
    }
  });
});

describe('refunds and chargebacks', () => {
  it('a refund after success: refunded, the credit taken back by one ledger entry, the widget still sees success', async () => {
    const deposit = await pspDeposit('25');
    const before = await eur(deposit.name);
    await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    const refunded = await psp.reverse('refund', deposit.transactionId);
    expect(refunded.delivery).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'applied' }] },
    });
    const credit = await credited(deposit.transactionId);
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'deposit', amount: credit },
      { kind: 'refund', amount: `-${credit}` },
    ]);
    expect((await eur(deposit.name)).eq(before)).toBe(true);
    expect((await reload(server, deposit.transactionId)).status).toBe('refunded');
    // Twice is once; a chargeback after the refund changes nothing either.
    expect((await psp.redeliver(deposit.transactionId)).delivery.body).toMatchObject({
      results: [{ outcome: 'duplicate' }],
    });
    // The operator hears of it once (the outbox's transaction.refunded), redelivery or not.
    const events = await server.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.transactionId, deposit.transactionId))
      .orderBy(webhookEvents.seq);
    expect(events.map((event) => event.type)).toEqual([
      'transaction.created',
      'transaction.succeeded',
      'refund.succeeded',
      'transaction.refunded',
    ]);
    const status = await fetch(
      `${server.baseUrl}${buildPath(ENDPOINTS.altStatus, { transactionId: deposit.transactionId })}`,
      { headers: { 'x-session-id': deposit.sessionId } },
    );
    expect(await status.json()).toMatchObject({
      transaction_status: 'success',
      result_status: 'success',
    });
  });

  it('a chargeback after the player spent the deposit leaves a negative balance the ledger explains; the player sees 0', async () => {
    const deposit = await pspDeposit('40');
    await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    // The player withdraws everything (a payout still on its way: reserved, not on the balance).
    const playerId = await brand0PlayerId(server, deposit.name);
    const all = (await getBalance(server.db, playerId, 'EUR')).balance;
    const withdrawal = await createTransaction(server.db, {
      playerId,
      brandId: 'brand0',
      sessionId: null,
      payGroupId: deposit.row.payGroupId,
      flow: 'withdrawal',
      amount: all,
      currency: 'EUR',
      providerKind: 'mobile',
    });
    await reserveWithdrawal(server.db, {
      playerId,
      currency: 'EUR',
      amount: all,
      transactionId: withdrawal.id,
    });
    const charged = await psp.reverse('chargeback', deposit.transactionId);
    expect(charged.delivery.status).toBe(200);
    const credit = await credited(deposit.transactionId);
    expect((await eur(deposit.name)).toFixed()).toBe(`-${credit}`);
    expect((await reload(server, deposit.transactionId)).status).toBe('charged_back');
    const init = await fetch(`${server.baseUrl}${ENDPOINTS.depositInit.path}`, {
      headers: { 'x-session-id': deposit.sessionId },
    });
    expect(init.status).toBe(200);
    expect(await init.json()).toMatchObject({ user_balance: '0.00' });
  });

  it('a partial refund made at the provider is recorded as a refund and takes back its share, once', async () => {
    const deposit = await pspDeposit('50');
    await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
    const balance = await eur(deposit.name);
    const partial = await psp.reverse('refund', deposit.transactionId, 1000);
    expect(partial.delivery.body).toMatchObject({ results: [{ outcome: 'applied' }] });
    expect((await psp.redeliver(deposit.transactionId)).delivery.body).toMatchObject({
      results: [{ outcome: 'duplicate' }],
    });
    const row = await reload(server, deposit.transactionId);
    expect(row.status).toBe('success');
    expect(new Big(row.refundedAmount).toFixed()).toBe('10');
    const [refund] = await server.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, deposit.transactionId));
    expect(refund).toMatchObject({ status: 'succeeded', source: 'provider' });
    // Its share of the credit, pro rata to the 10 of what was charged.
    const share = new Big(await credited(deposit.transactionId))
      .times(10)
      .div(new Big(row.amount).plus(row.fee))
      .round(2, Big.roundDown);
    expect(new Big(refund?.debit ?? '0').eq(share)).toBe(true);
    expect((await eur(deposit.name)).eq(balance.minus(share))).toBe(true);
  });
});

describe('the webhook route refuses bad requests with 4xx, never 5xx', () => {
  it('401 (1701) for a wrong secret, no signature or a stale one; 400 for a signed body it cannot read', async () => {
    const deposit = await pspDeposit('11');
    const body = eventBody({
      reference: deposit.transactionId,
      paymentId: deposit.providerRef,
      amount: 1111,
    });
    for (const options of [
      { secret: 'another-secret-of-some-length' },
      { secret: null },
      { at: new Date(Date.now() - 3_600_000) },
    ]) {
      const answer = await postWebhook(body, options);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error_code: '1701' });
    }
    expect((await reload(server, deposit.transactionId)).status).toBe('await');
    for (const bad of ['not json', '{"event_id":"x"}', '[]']) {
      const answer = await postWebhook(bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: '1001' });
    }
    const large = await postWebhook(`{"pad":"${'x'.repeat(70_000)}"}`);
    expect(large.status).toBe(413);
    expect((await postWebhook('{}', { connector: 'nowhere' })).status).toBe(404);
    expect(server.logs()).not.toContain(body);
    await psp.settle(deposit.transactionId, { outcome: 'failed' });
  });

  it('acknowledges an event of an unknown transaction; answers 409 (1702) for a refund of a payment still open', async () => {
    const unknown = await postWebhook(eventBody({ reference: randomUUID(), paymentId: 'psp_x' }));
    expect(unknown).toMatchObject({
      status: 200,
      body: { results: [{ outcome: 'unknown_transaction' }] },
    });
    const deposit = await pspDeposit('13');
    const early = await postWebhook(
      eventBody({
        reference: deposit.transactionId,
        paymentId: deposit.providerRef,
        type: 'payment.refunded',
        state: 'refunded',
        amount: 1313,
      }),
    );
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error_code: '1702' });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
    await psp.settle(deposit.transactionId, { outcome: 'succeeded' });
  });
});

describe('payouts through the PSP', () => {
  /** A payout of `amount` EUR on mobile_payout (to the profile phone) for a new player. */
  async function payout(amount: string) {
    const name = `po-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(server, name, { phone: '+4915112345678' });
    const answer = await callJson(
      server,
      'POST',
      `${CASHIER}/payouts/groups/${String(await payGroupId(server, 'mobile_payout'))}/submit`,
      sessionId,
      { amount, currency: 'EUR' },
    );
    expect(answer.status).toBe(200);
    const row = await reload(server, text(answer.body.transaction_id));
    return { name, sessionId, row };
  }

  it('a payout waits reserved at the PSP and is settled once by its webhook', async () => {
    const sent = await payout('15');
    expect(sent.row).toMatchObject({ status: 'processing', connector: 'psp' });
    const playerId = await brand0PlayerId(server, sent.name);
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({ reserved: '15' });
    const paid = await psp.settle(sent.row.id, { outcome: 'succeeded' });
    expect(paid.delivery.body).toMatchObject({ results: [{ outcome: 'applied' }] });
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({
      balance: '485',
      reserved: '0',
    });
    expect((await psp.redeliver(sent.row.id)).delivery.body).toMatchObject({
      results: [{ outcome: 'duplicate' }],
    });
    expect((await reload(server, sent.row.id)).status).toBe('success');
  });

  it('a payout declined by webhook returns the reservation once; one reversed by the player is cancelled at the PSP first', async () => {
    const declined = await payout('12');
    await psp.settle(declined.row.id, { outcome: 'failed' });
    const playerId = await brand0PlayerId(server, declined.name);
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({
      balance: '500',
      reserved: '0',
    });
    const reversed = await payout('30');
    const answer = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/reverse-pending-withdrawal`,
      reversed.sessionId,
    );
    expect(answer).toMatchObject({ status: 200, body: { success_amount: '30.00' } });
    const [atPsp] = (await psp.activity()).payments.filter(
      (payment) => payment.merchant_reference === reversed.row.id,
    );
    expect(atPsp?.state).toBe('cancelled');
    // The PSP cannot pay it any more: a late success is refused as a conflict.
    const late = await psp.event(reversed.row.id, 'succeeded');
    expect(late.delivery.body).toMatchObject({ results: [{ outcome: 'conflict' }] });
  });
});

describe('the PSP failing under a submit', () => {
  /** Submits a mobile-money deposit and returns its transaction as stored. */
  async function submitRaw(amount: string) {
    const who = await player();
    const payGroupId = (
      await database.db
        .select({ id: payGroups.id })
        .from(payGroups)
        .where(
          and(
            eq(payGroups.brandId, 'brand0'),
            eq(payGroups.flow, 'deposit'),
            eq(payGroups.shortName, 'mobile_money'),
          ),
        )
    )[0]?.id;
    const response = await fetch(
      `${server.baseUrl}${buildPath(ENDPOINTS.depositSubmit, { payGroupId: payGroupId ?? 0 })}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': who.sessionId,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount, currency: 'EUR', parameters: { operator: 'operator_a' } }),
      },
    );
    const body: unknown = await response.json();
    expect(response.status).toBe(200);
    const id =
      typeof body === 'object' && body !== null && 'transaction_id' in body
        ? String(body.transaction_id)
        : '';
    return { ...who, row: await reload(server, id) };
  }

  it('an answer lost after the PSP took the payment: the webhook still settles it, charged and credited once', async () => {
    await psp.fault({ operation: 'create', mode: 'fail-after' });
    const lost = await submitRaw('17');
    expect(lost.row).toMatchObject({
      status: 'created',
      callState: 'unknown',
      providerReference: null,
    });
    const settled = await psp.settle(lost.row.id, { outcome: 'succeeded' });
    expect(settled.delivery.body).toMatchObject({ results: [{ outcome: 'applied' }] });
    expect(await reload(server, lost.row.id)).toMatchObject({
      status: 'success',
      providerReference: settled.payment.payment_id,
    });
    expect(await ledgerOf(server, lost.row.id)).toHaveLength(1);
  });

  it('a request the PSP refused before processing fails at once and charges nothing; a create fault before processing leaves it unknown', async () => {
    await psp.fault({ operation: 'create', mode: 'refuse' });
    const refused = await submitRaw('18');
    expect(refused.row).toMatchObject({ status: 'error' });
    expect(refused.row.providerData).toMatchObject({ declineReason: 'not_received' });
    await psp.fault({ operation: 'create', mode: 'fail-before' });
    const unknown = await submitRaw('19');
    expect(unknown.row).toMatchObject({ status: 'created', callState: 'unknown' });
    const atPsp = (await psp.activity()).payments.map((payment) => payment.merchant_reference);
    expect(atPsp).not.toContain(refused.row.id);
    expect(atPsp).not.toContain(unknown.row.id);
  });
});

describe('charges at the PSP equal credits in the ledger', () => {
  it('counts them over everything this file did', async () => {
    const payments = (await psp.activity()).payments.filter(
      (payment) => payment.direction === 'pay_in',
    );
    const charged = payments.filter((payment) =>
      ['succeeded', 'refunded', 'charged_back'].includes(payment.state),
    );
    const rows = await server.db
      .select({ id: transactions.id, status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.connector, 'psp'), eq(transactions.flow, 'deposit')));
    const credited = rows.filter((row) =>
      ['success', 'refunded', 'charged_back'].includes(row.status),
    );
    expect(charged.length).toBeGreaterThanOrEqual(8);
    expect(credited.map((row) => row.id).sort()).toEqual(
      charged
        .map((payment) => payment.merchant_reference)
        .filter((reference) => rows.some((row) => row.id === reference))
        .sort(),
    );
    process.stdout.write(
      `async PSP: ${payments.length} pay-ins, ${charged.length} charged, ${credited.length} credited, ${
        charged.filter((payment) => payment.state !== 'succeeded').length
      } reversed\n`,
    );
  });
});
