/**
 * The submission pipeline under provider faults. The real server on a real database,
 * paying through the HTTP connector with the PSP simulator running as its own process, which
 * injects the faults and records what it charged and paid. After each test the money invariants
 * hold (money-invariants.ts): ledger = balance, nothing reserved without an open payout, one
 * charge per payment.
 *
 * The simulator is not reset between tests, so the invariants compare every transaction of the
 * file with everything the provider did.
 *
 * Time: the app runs on a clock the tests move (leases, the reconciler's schedule, the lookup
 * grace), and the simulator decides with the same clock (it reads the caller's `now`). The only
 * real wait is the configured provider time-out of the hang tests (PROVIDER_TIMEOUT_MS below),
 * which no assertion measures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { transactions } from '../db/schema';
import { HttpPaymentProvider } from '../providers';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce, startReconciler } from '../modules/payments/reconciler';
import { transactionTimeline } from '../modules/operator/timeline';
import {
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { moneyViolations, unresolvedTransactions } from './money-invariants';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { FAULT_CALL_TIMEOUT_MS } from './fault-timeouts';

/** The provider time-out of these tests: what a hanging provider costs each hang test. */
const PROVIDER_TIMEOUT_MS = FAULT_CALL_TIMEOUT_MS;
const LEASE_MS = 5_000;
const LOOKUP_GRACE_MS = 60_000;
/** A moment past the simulator's settle delay (5 s): a processing payout is paid by then. */
const SETTLE_MS = 6_000;
/** SPEC §7 GET payments/reverse-pending-withdrawal. */
const REVERSE = buildPath(ENDPOINTS.reversePendingWithdrawal, {});

let simulator: SimulatorProcess;
let server: TestServer;
/** How far the app's clock is ahead of the system clock. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  simulator = await startSimulatorProcess();
  server = await startTestServer({
    provider: new HttpPaymentProvider({ baseUrl: simulator.url, timeoutMs: 10_000 }),
    clock,
    env: {
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      PAYMENT_LEASE_MS: String(LEASE_MS),
      LOOKUP_GRACE_MS: String(LOOKUP_GRACE_MS),
    },
  });
});

afterAll(async () => {
  await server.close();
  await simulator.stop();
});

/** Moves the app's clock (and so the simulator's decisions) forward. */
function advance(ms: number): void {
  offset += ms;
}

/** One reconciler pass, as every server process runs them on its timer. */
async function reconcile() {
  return reconcileOnce({ ...server.app.cashdesk });
}

async function expectMoneyInvariants(): Promise<void> {
  const activity = await simulator.activity(clock());
  expect(await moneyViolations(server.db, activity)).toEqual([]);
}

async function transactionOf(id: string) {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (row === undefined) throw new Error(`no transaction ${id}`);
  return row;
}

/**
 * What the transaction's own history tells the operator's timeline: each provider call with its
 * outcome, and each status change, in order.
 */
async function historyOf(id: string): Promise<readonly string[]> {
  const { entries } = await transactionTimeline(server.db, 'brand0', id);
  return entries
    .filter((entry) => entry.kind === 'provider_call' || entry.kind === 'status_changed')
    .map((entry) => entry.summary);
}

/** A card deposit of 50 EUR (fee 1.5 % + 0.25 = 1.00: 51.00 charged) under `key`. */
async function depositSubmit(sessionId: string, key: string, amount = '50') {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  return callJson(server, 'POST', path, sessionId, cardDepositBody(amount), {
    'idempotency-key': key,
  });
}

/** A new player with a deposit session (EUR 500 by the seed's defaults). */
async function depositPlayer(name: string) {
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'deposit',
    currency: 'EUR',
  });
  return { sessionId, playerId: await brand0PlayerId(server, name) };
}

/** A new player with a withdrawal session and a saved card the sandbox pays out to. */
async function payoutPlayer(name: string) {
  const sessionId = await withdrawalSession(server, name);
  const playerId = await brand0PlayerId(server, name);
  const cardId = await saveSandboxCard(server, playerId);
  return { sessionId, playerId, cardId };
}

function payoutSubmit(sessionId: string, cardId: string, key: string, amount = '40') {
  return cardPayoutSubmit(server, sessionId, cardId, { amount, key });
}

/** The simulator's record of one transaction id (undefined when it never got it). */
async function charged(transactionId: string) {
  const activity = await simulator.activity(clock());
  return activity.transactions.find((entry) => entry.transactionId === transactionId);
}

describe('provider faults on deposits', () => {
  it('finding 1: a deposit whose answer is lost after the charge is charged and credited once, however often it is retried with its key', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-lost');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'fail-after' });
    const key = randomUUID();
    const first = await depositSubmit(sessionId, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      transaction_status: 'created',
      result_status: 'processing',
    });
    const id = text(first.body.transaction_id);
    expect((await transactionOf(id)).callState).toBe('unknown');

    const retries = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      retries.push(await depositSubmit(sessionId, key));
    for (const retry of retries) {
      expect(retry).toMatchObject({
        status: 200,
        body: { transaction_id: id, transaction_status: 'success' },
      });
    }
    // The first call charged; the retry's repeat was answered with that charge.
    expect(await charged(id)).toMatchObject({ amount: '51.00', calls: 2 });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    await expectMoneyInvariants();
  });

  it('a deposit the provider refused before charging (an error answer) is charged once by its retry', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-before');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'fail-before' });
    const key = randomUUID();
    const first = await depositSubmit(sessionId, key);
    const id = text(first.body.transaction_id);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    expect(await charged(id)).toBeUndefined();
    const retry = await depositSubmit(sessionId, key);
    expect(retry.body).toMatchObject({ transaction_id: id, transaction_status: 'success' });
    expect(await charged(id)).toMatchObject({ calls: 1 });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    await expectMoneyInvariants();
  });

  it('a deposit whose provider hangs past PROVIDER_TIMEOUT_MS is answered as processing, then charged once by its retry', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-hang');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'hang-after' });
    const key = randomUUID();
    const first = await depositSubmit(sessionId, key);
    expect(first).toMatchObject({ status: 200, body: { transaction_status: 'created' } });
    const id = text(first.body.transaction_id);
    const retry = await depositSubmit(sessionId, key);
    expect(retry.body).toMatchObject({ transaction_id: id, transaction_status: 'success' });
    expect(await charged(id)).toMatchObject({ amount: '51.00', calls: 2 });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    // The timeline tells the call that timed out, then the retry's answer, then the credit.
    expect(await historyOf(id)).toEqual([
      'authorizeDeposit: timeout',
      'authorizeDeposit: approved',
      'success',
    ]);
    await expectMoneyInvariants();
  });

  it('a deposit request the provider gets twice is charged and credited once', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-twice');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'duplicate' });
    const answer = await depositSubmit(sessionId, randomUUID());
    const id = text(answer.body.transaction_id);
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    expect(await charged(id)).toMatchObject({ calls: 2 });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    await expectMoneyInvariants();
  });

  it('a deposit that never reached the provider fails at once as not received, and nothing is charged', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-refused');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'refuse' });
    const answer = await depositSubmit(sessionId, randomUUID());
    expect(answer.body).toMatchObject({
      transaction_status: 'error',
      decline_page_settings: { retry: true, message_key: 'CASHIER.DECLINE.NOT_RECEIVED' },
    });
    expect(await charged(text(answer.body.transaction_id))).toBeUndefined();
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
    await expectMoneyInvariants();
  });

  it('finding 2: a deposit left without an answer and never retried is found by the reconciler by our reference and credited once', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-reconciled');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'drop-after' });
    const answer = await depositSubmit(sessionId, randomUUID());
    const id = text(answer.body.transaction_id);
    expect(answer.body).toMatchObject({ transaction_status: 'created' });
    // Not due yet: the reconciler leaves it to the player's retry for a moment.
    expect((await reconcile()).resolved).toBe(0);
    advance(LEASE_MS);
    const pass = await reconcile();
    expect(pass).toMatchObject({ resolved: 1, finished: 1, errors: 0 });
    expect(await transactionOf(id)).toMatchObject({ status: 'success', callState: 'done' });
    expect(await charged(id)).toMatchObject({ calls: 1 });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    // The lost answer, then the reconciler's lookup that found the charge.
    expect(await historyOf(id)).toEqual([
      'authorizeDeposit: unknown',
      'lookup: approved',
      'success',
    ]);
    await expectMoneyInvariants();
  });

  it('a deposit the provider never received is looked up until LOOKUP_GRACE_MS, then failed as not received with nothing charged', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-lost-request');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'fail-before' });
    const answer = await depositSubmit(sessionId, randomUUID());
    const id = text(answer.body.transaction_id);
    advance(LEASE_MS);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({ status: 'created', callState: 'unknown' });
    advance(LOOKUP_GRACE_MS);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({
      status: 'error',
      errorMessage: 'CASHIER.ERROR.PAYMENT_DECLINED',
    });
    // Every lookup is in the history: not found, until the grace ended it as not received.
    const told = await historyOf(id);
    expect(told[0]).toBe('authorizeDeposit: unknown');
    expect(told.slice(1, -1).every((step) => step === 'lookup: not_found')).toBe(true);
    expect(told.slice(1, -1).length).toBeGreaterThanOrEqual(2);
    expect(told.at(-1)).toBe('error');
    expect(await charged(id)).toBeUndefined();
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
    await expectMoneyInvariants();
  });

  it('the status poll of the player resolves a deposit without an answer (payments/status)', async () => {
    const { sessionId } = await depositPlayer('fault-dep-polled');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'fail-after' });
    const answer = await depositSubmit(sessionId, randomUUID());
    const id = text(answer.body.transaction_id);
    const path = buildPath(ENDPOINTS.altStatus, { transactionId: id });
    const early = await callJson(server, 'GET', path, sessionId);
    expect(early.body).toMatchObject({ transaction_status: 'created', terminal: false });
    advance(LEASE_MS);
    const polled = await callJson(server, 'GET', path, sessionId);
    expect(polled.body).toMatchObject({ transaction_status: 'success', terminal: true });
    await expectMoneyInvariants();
  });

  it('twenty concurrent submits with one key under a lost answer make one transaction and one charge', async () => {
    const { sessionId, playerId } = await depositPlayer('fault-dep-concurrent');
    await simulator.fault({ operation: 'authorizeDeposit', mode: 'fail-after' });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => depositSubmit(sessionId, key)),
    );
    const ids = new Set(answers.map((answer) => answer.body.transaction_id));
    expect(ids.size).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(rows).toHaveLength(1);
    const final = await depositSubmit(sessionId, key);
    expect(final.body).toMatchObject({ transaction_status: 'success' });
    expect(await charged(text(final.body.transaction_id))).toMatchObject({ amount: '51.00' });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    await expectMoneyInvariants();
  });
});

describe('provider faults on payouts', () => {
  it('finding 1: a payout whose answer is lost after paying is paid once, however often it is retried with its key', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-lost');
    await simulator.fault({ operation: 'payout', mode: 'fail-after' });
    const key = randomUUID();
    const first = await payoutSubmit(sessionId, cardId, key);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    const id = text(first.body.transaction_id);
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '460',
      reserved: '40',
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const retry = await payoutSubmit(sessionId, cardId, key);
      expect(retry.body).toMatchObject({ transaction_id: id, transaction_status: 'success' });
    }
    expect(await charged(id)).toMatchObject({ flow: 'payout', amount: '40.00', calls: 2 });
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '460',
      reserved: '0',
    });
    await expectMoneyInvariants();
  });

  it('finding 2: a payout whose provider hangs is sent again by the reconciler with the same key and paid once', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-hang');
    await simulator.fault({ operation: 'payout', mode: 'hang-before' });
    const first = await payoutSubmit(sessionId, cardId, randomUUID());
    const id = text(first.body.transaction_id);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    expect(await charged(id)).toBeUndefined();
    advance(LEASE_MS);
    expect(await reconcile()).toMatchObject({ resolved: 1, finished: 1, errors: 0 });
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    expect(await charged(id)).toMatchObject({ calls: 1 });
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({
      balance: '460',
      reserved: '0',
    });
    await expectMoneyInvariants();
  });

  it('a payout that never reached the provider waits unsent; the player reverses it and the reservation comes back once, nothing paid', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-refused');
    await simulator.fault({ operation: 'payout', mode: 'refuse' });
    const first = await payoutSubmit(sessionId, cardId, randomUUID());
    const id = text(first.body.transaction_id);
    expect(await transactionOf(id)).toMatchObject({ status: 'created', callState: 'pending' });
    const reverse = buildPath(ENDPOINTS.reversePendingWithdrawal, {});
    const reversed = await callJson(server, 'GET', reverse, sessionId);
    expect(reversed).toMatchObject({
      status: 200,
      body: { success_amount: '40.00', fail_amount: null },
    });
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    // The reconciler has nothing left to send, and a second reversal nothing to return.
    advance(LEASE_MS * 100);
    await reconcile();
    expect(await charged(id)).toBeUndefined();
    expect((await callJson(server, 'GET', reverse, sessionId)).body).toMatchObject({
      error_code: '1501',
    });
    await expectMoneyInvariants();
  });

  it('a payout that never reached the provider is sent by the reconciler once the provider is back', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-later');
    await simulator.fault({ operation: 'payout', mode: 'refuse' });
    const first = await payoutSubmit(sessionId, cardId, randomUUID());
    const id = text(first.body.transaction_id);
    advance(LEASE_MS);
    expect(await reconcile()).toMatchObject({ resolved: 1, finished: 1 });
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    expect(await charged(id)).toMatchObject({ calls: 1 });
    expect((await getBalance(server.db, playerId, 'EUR')).reserved).toBe('0');
    await expectMoneyInvariants();
  });

  it('the reversal of a payout whose call is unanswered keeps it reserved until the provider answers (fail_amount)', async () => {
    const { sessionId, cardId } = await payoutPlayer('fault-pay-unknown');
    await simulator.fault({ operation: 'payout', mode: 'fail-after' });
    const first = await payoutSubmit(sessionId, cardId, randomUUID());
    const id = text(first.body.transaction_id);
    const reverse = buildPath(ENDPOINTS.reversePendingWithdrawal, {});
    const answer = await callJson(server, 'GET', reverse, sessionId);
    expect(answer.body).toMatchObject({ success_amount: null, fail_amount: '40.00' });
    advance(LEASE_MS);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    await expectMoneyInvariants();
  });

  it('the reconciler of a process runs a pass at its start and counts what it did', async () => {
    // What earlier tests left for a later pass is settled first: the counts are this payout's.
    advance(LOOKUP_GRACE_MS * 2);
    await reconcile();
    const { sessionId, cardId } = await payoutPlayer('fault-pay-at-start');
    await simulator.fault({ operation: 'payout', mode: 'fail-before' });
    const first = await payoutSubmit(sessionId, cardId, randomUUID());
    const id = text(first.body.transaction_id);
    advance(LEASE_MS);
    // Interval 0: the pass at start only, as a process that was just restarted runs it.
    const reconciler = startReconciler({ ...server.app.cashdesk }, 0);
    await reconciler.stop();
    expect(reconciler.counts).toMatchObject({ passes: 1, resolved: 1, finished: 1, errors: 0 });
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    await expectMoneyInvariants();
  });

  it('a payout the provider pays as the player cancels it is paid once and never returned, whoever applies the payment first', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-race-paid');
    // Cents .15: processing at the provider, paid after its settle delay.
    const first = await payoutSubmit(sessionId, cardId, randomUUID(), '40.15');
    const id = text(first.body.transaction_id);
    expect(first.body).toMatchObject({ transaction_status: 'processing' });
    // The provider has paid it by now; the player's cancel, the result page's status poll and
    // the reconciler's look all come at once.
    advance(SETTLE_MS);
    const [reversal] = await Promise.all([
      callJson(server, 'GET', REVERSE, sessionId),
      callJson(server, 'GET', buildPath(ENDPOINTS.altStatus, { transactionId: id }), sessionId),
      reconcile(),
    ]);
    // Never said to be returned: paid (fail_amount), or already settled by another (1501).
    expect(Reflect.get(Object(reversal.body), 'success_amount') ?? null).toBeNull();
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '459.85',
      reserved: '0',
    });
    expect(await charged(id)).toMatchObject({ amount: '40.15', calls: 1 });
    expect((await charged(id))?.status.status).toBe('approved');
    await expectMoneyInvariants();
  });

  it('a payout the player cancels before the provider pays it comes back once, though two cancels and the status poll race and its pay time then passes', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-race-cancel');
    const first = await payoutSubmit(sessionId, cardId, randomUUID(), '40.15');
    const id = text(first.body.transaction_id);
    const answers = await Promise.all([
      callJson(server, 'GET', REVERSE, sessionId),
      callJson(server, 'GET', REVERSE, sessionId),
      callJson(server, 'GET', buildPath(ENDPOINTS.altStatus, { transactionId: id }), sessionId),
    ]);
    const returned = answers
      .slice(0, 2)
      .filter((answer) => Reflect.get(Object(answer.body), 'success_amount') === '40.15');
    expect(returned).toHaveLength(1);
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    // The time it would have been paid passes: cancelled at the provider, nothing paid or
    // returned again.
    advance(SETTLE_MS * 2);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({ status: 'error' });
    expect((await charged(id))?.status.status).toBe('cancelled');
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({
      balance: '500',
      reserved: '0',
    });
    await expectMoneyInvariants();
  });

  it('a cancel whose answer is lost keeps the payout reserved until the provider is asked, then returns it once', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-cancel-lost');
    const first = await payoutSubmit(sessionId, cardId, randomUUID(), '40.15');
    const id = text(first.body.transaction_id);
    await simulator.fault({ operation: 'cancelPayout', mode: 'fail-after' });
    const reversal = await callJson(server, 'GET', REVERSE, sessionId);
    // Cancelled at the provider, but the answer never came: the player is told it is kept.
    expect(reversal.body).toMatchObject({ success_amount: null, fail_amount: '40.15' });
    expect(await getBalance(server.db, playerId, 'EUR')).toMatchObject({ reserved: '40.15' });
    // The reconciler asks at the payout's settle time and learns it was cancelled.
    advance(SETTLE_MS);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({ status: 'error' });
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    expect((await callJson(server, 'GET', REVERSE, sessionId)).body).toMatchObject({
      error_code: '1501',
    });
    await expectMoneyInvariants();
  });

  it('a cancel answered late while the status poll applies the cancellation returns the payout once', async () => {
    const { sessionId, playerId, cardId } = await payoutPlayer('fault-pay-cancel-late');
    const first = await payoutSubmit(sessionId, cardId, randomUUID(), '40.15');
    const id = text(first.body.transaction_id);
    await simulator.fault({ operation: 'cancelPayout', mode: 'delay-after', delayMs: 300 });
    const reversal = callJson(server, 'GET', REVERSE, sessionId);
    // The provider cancels at once; its answer is on its way when the status poll learns it.
    await expect.poll(async () => (await charged(id))?.status.status).toBe('cancelled');
    const polled = await callJson(
      server,
      'GET',
      buildPath(ENDPOINTS.altStatus, { transactionId: id }),
      sessionId,
    );
    expect(polled.body).toMatchObject({ transaction_status: 'error', terminal: true });
    // The late answer finds it ended: nothing is returned a second time.
    expect(Reflect.get(Object((await reversal).body), 'success_amount') ?? null).toBeNull();
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    await expectMoneyInvariants();
  });

  it('after every fault test nothing is left between created and a final status once the reconciler ran', async () => {
    advance(LOOKUP_GRACE_MS * 2);
    await reconcile();
    expect(await unresolvedTransactions(server.db)).toEqual([]);
    await expectMoneyInvariants();
  });
});
