/**
 * The operator keeps the balance in its own wallet. The real server on a real
 * database with `WALLET=operator`, paying through the PSP simulator and moving money in the
 * operator wallet simulator, each running as its own process; both inject the faults and record
 * what they did. After each test: the cashier's own money invariants against the PSP, and every
 * movement owed to the wallet queued, sent and applied once (money-invariants.ts, invariant 5),
 * and the wallet's balance is what the player's payments make it.
 *
 * Time: the app runs on a clock the tests move (leases, retries, the grace of a silent wallet).
 * The only real waits are the wallet and provider time-outs of the hang tests, which no
 * assertion measures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { payGroups, refunds, transactions, walletOperations } from '../db/schema';
import { HttpPaymentProvider } from '../providers';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { OperatorWalletClient } from '../modules/wallet/operator-wallet';
import {
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { brand0PlayerId, reload, startDeposit } from './alt-fixtures';
import { moneyViolations, walletViolations } from './money-invariants';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';
import {
  TEST_PSP_API_KEY,
  TEST_WALLET_SECRET,
  TEST_WEBHOOK_SECRET,
  startAsyncPspProcess,
  startSimulatorProcess,
  startWalletSimulatorProcess,
} from '@cashdesk/testkit';
import type { AsyncPspProcess, SimulatorProcess, WalletSimulatorProcess } from '@cashdesk/testkit';
import { FAULT_CALL_TIMEOUT_MS } from './fault-timeouts';

const WALLET_TIMEOUT_MS = FAULT_CALL_TIMEOUT_MS;
const LEASE_MS = 5_000;
const LOOKUP_GRACE_MS = 60_000;
/** Longer than any retry back-off a test needs to pass (platform/schedule.ts). */
const RETRY_WAIT_MS = 11 * 60 * 1000;

let psp: SimulatorProcess;
let wallet: WalletSimulatorProcess;
let server: TestServer;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  [psp, wallet] = await Promise.all([startSimulatorProcess(), startWalletSimulatorProcess()]);
  server = await startTestServer({
    provider: new HttpPaymentProvider({ baseUrl: psp.url, timeoutMs: 10_000 }),
    clock,
    env: serverEnv(),
  });
});

/** The environment of a server that keeps its balances in the wallet simulator. */
function serverEnv(): Record<string, string> {
  return {
    ...wallet.serverEnv,
    ...OPERATOR_ENV,
    OPERATOR_WALLET_TIMEOUT_MS: String(WALLET_TIMEOUT_MS),
    PROVIDER_TIMEOUT_MS: '2000',
    PAYMENT_LEASE_MS: String(LEASE_MS),
    LOOKUP_GRACE_MS: String(LOOKUP_GRACE_MS),
  };
}

afterAll(async () => {
  await server.close();
  await Promise.all([psp.stop(), wallet.stop()]);
});

function advance(ms: number): void {
  offset += ms;
}

async function reconcile() {
  const report = await reconcileOnce({ ...server.app.cashdesk });
  await server.app.cashdesk.wallet.idle();
  return report;
}

/** What the status change just queued for the wallet has been sent. */
async function settled(): Promise<void> {
  await server.app.cashdesk.wallet.idle();
}

async function expectInvariants(): Promise<void> {
  await settled();
  expect(await moneyViolations(server.db, await psp.activity(clock()))).toEqual([]);
  expect(await walletViolations(server.db, await wallet.activity())).toEqual([]);
}

async function transactionOf(id: string) {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (row === undefined) throw new Error(`no transaction ${id}`);
  return row;
}

async function operation(transactionId: string, kind: 'reserve' | 'credit' | 'commit' | 'release') {
  const [row] = await server.db
    .select()
    .from(walletOperations)
    .where(and(eq(walletOperations.transactionId, transactionId), eq(walletOperations.kind, kind)));
  return row;
}

/** What the wallet simulator recorded for one operation id. */
async function received(transactionId: string, kind: string) {
  const { operations } = await wallet.activity();
  return operations.find((entry) => entry.operation_id === `${transactionId}:${kind}`);
}

/** A player whose operator wallet holds `balance` EUR; its cashier session in `flow`. */
async function player(name: string, flow: 'deposit' | 'withdrawal', balance = '250') {
  await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance });
  const sessionId =
    flow === 'deposit'
      ? await createTestSession(server, { player: name, flow, currency: 'EUR' })
      : await withdrawalSession(server, name);
  const playerId = await brand0PlayerId(server, name);
  return { sessionId, playerId, walletBalance: () => wallet.balance('brand0', name, 'EUR') };
}

/** A card deposit of 50 EUR (fee 1.00: 51.00 charged), credited 50. */
async function depositSubmit(sessionId: string, key = randomUUID()) {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  return callJson(server, 'POST', path, sessionId, cardDepositBody('50'), {
    'idempotency-key': key,
  });
}

function payoutSubmit(sessionId: string, cardId: string, amount = '40') {
  return cardPayoutSubmit(server, sessionId, cardId, { amount });
}

async function paidByPsp(transactionId: string) {
  const activity = await psp.activity(clock());
  return activity.transactions.find((entry) => entry.transactionId === transactionId);
}

describe('the balance kept in the operator wallet', () => {
  it("shows the wallet's balance and credits a deposit there once; the cashier's own ledger is not touched", async () => {
    const { sessionId, playerId, walletBalance } = await player('op-deposit', 'deposit');
    const ledgerBefore = await getBalance(server.db, playerId, 'EUR');
    const init = await callJson(server, 'GET', buildPath(ENDPOINTS.depositInit, {}), sessionId);
    expect(init).toMatchObject({ status: 200, body: { user_balance: '250.00' } });

    const answer = await depositSubmit(sessionId);
    expect(answer.body).toMatchObject({ transaction_status: 'success', user_balance: '300.00' });
    const id = text(answer.body.transaction_id);
    await settled();
    expect(await walletBalance()).toBe('300');
    expect(await received(id, 'credit')).toMatchObject({ calls: 1, amount: '50' });
    expect(await paidByPsp(id)).toMatchObject({ amount: '51.00', calls: 1 });
    expect(await getBalance(server.db, playerId, 'EUR')).toEqual(ledgerBefore);
    expect(await transactionOf(id)).toMatchObject({ wallet: 'operator' });
    await expectInvariants();
  });

  it('a credit whose answer is lost (the wallet applied it, then hung) is sent again with its operation id and applied once', async () => {
    const { sessionId, walletBalance } = await player('op-deposit-hang', 'deposit');
    await wallet.fault({ operation: 'transfer', mode: 'hang-after' });
    const id = text((await depositSubmit(sessionId)).body.transaction_id);
    await settled();
    expect(await operation(id, 'credit')).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'timeout',
    });
    expect(await walletBalance()).toBe('300');
    // Not due before its back-off; then the reconciler's pass sends it again.
    expect((await reconcile()).walletOperations).toBe(0);
    advance(RETRY_WAIT_MS);
    expect((await reconcile()).walletOperations).toBe(1);
    expect(await operation(id, 'credit')).toMatchObject({ state: 'done', attempts: 2 });
    expect(await received(id, 'credit')).toMatchObject({ calls: 2 });
    expect(await walletBalance()).toBe('300');
    await expectInvariants();
  });

  it('a credit the wallet failed before applying is applied by the retry, once', async () => {
    const { sessionId, walletBalance } = await player('op-deposit-fail', 'deposit');
    await wallet.fault({ operation: 'transfer', mode: 'fail-before', times: 2 });
    const id = text((await depositSubmit(sessionId)).body.transaction_id);
    await settled();
    expect(await walletBalance()).toBe('250');
    advance(RETRY_WAIT_MS);
    await reconcile();
    expect(await walletBalance()).toBe('250');
    advance(RETRY_WAIT_MS);
    await reconcile();
    expect(await walletBalance()).toBe('300');
    expect(await operation(id, 'credit')).toMatchObject({ state: 'done', attempts: 3 });
    await expectInvariants();
  });

  it('a credit the wallet received twice (a network retry) moves the balance once', async () => {
    const { sessionId, walletBalance } = await player('op-deposit-twice', 'deposit');
    await wallet.fault({ operation: 'transfer', mode: 'duplicate' });
    const id = text((await depositSubmit(sessionId)).body.transaction_id);
    await settled();
    expect(await received(id, 'credit')).toMatchObject({ calls: 2 });
    expect(await walletBalance()).toBe('300');
    await expectInvariants();
  });

  it("the result page's status answer tells a settled payment while the wallet does not answer, without a balance", async () => {
    const { sessionId } = await player('op-status-outage', 'deposit');
    const id = text((await depositSubmit(sessionId)).body.transaction_id);
    await settled();
    const status = buildPath(ENDPOINTS.altStatus, { transactionId: id });
    expect(await callJson(server, 'GET', status, sessionId)).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: '300.00' },
    });
    await wallet.fault({ operation: 'verify', mode: 'fail-before' });
    expect(await callJson(server, 'GET', status, sessionId)).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', amount: '50.00', user_balance: null },
    });
    await expectInvariants();
  });

  it('counts the wallet calls in /metrics by kind and outcome', async () => {
    const body = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const count = (kind: string, outcome: string) =>
      Number(
        new RegExp(
          `^cashdesk_wallet_operations_total\\{kind="${kind}",outcome="${outcome}"\\} (\\d+)$`,
          'm',
        ).exec(body)?.[1] ?? '0',
      );
    // The credits of the tests above: some answered, one lost to a hang, two failed.
    expect(count('credit', 'done')).toBeGreaterThanOrEqual(4);
    expect(count('credit', 'unanswered')).toBeGreaterThanOrEqual(3);
  });
});

describe('several server processes share the wallet queue', () => {
  it('two servers on one database sending the same due movements apply each once', async () => {
    const second = await startTestServer({
      database: server.database,
      provider: new HttpPaymentProvider({ baseUrl: psp.url, timeoutMs: 10_000 }),
      clock,
      env: serverEnv(),
    });
    try {
      const players = await Promise.all(
        ['op-two-a', 'op-two-b', 'op-two-c', 'op-two-d'].map((name) => player(name, 'deposit')),
      );
      await wallet.fault({ operation: 'transfer', mode: 'fail-before', times: players.length });
      const ids: string[] = [];
      for (const { sessionId } of players) {
        ids.push(text((await depositSubmit(sessionId)).body.transaction_id));
      }
      await settled();
      advance(RETRY_WAIT_MS);
      const [sentHere, sentThere] = await Promise.all([
        server.app.cashdesk.wallet.sendDue(),
        second.app.cashdesk.wallet.sendDue(),
      ]);
      expect(sentHere + sentThere).toBe(players.length);
      for (const id of ids) expect(await received(id, 'credit')).toMatchObject({ calls: 1 });
      for (const { walletBalance } of players) expect(await walletBalance()).toBe('300');
      await expectInvariants();
    } finally {
      await second.close();
    }
  });
});

describe('payouts from the operator wallet', () => {
  it('authorizes the amount in the wallet before the provider pays, and commits it once paid', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    const answer = await payoutSubmit(sessionId, cardId);
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    const id = text(answer.body.transaction_id);
    await settled();
    expect(await walletBalance()).toBe('210');
    expect(await received(id, 'reserve')).toMatchObject({ route: 'authorize', calls: 1 });
    expect(await received(id, 'commit')).toMatchObject({ route: 'transfer', calls: 1 });
    expect(await paidByPsp(id)).toMatchObject({ calls: 1 });
    await expectInvariants();
  });

  it('refuses a payout over the wallet balance before writing anything (1206)', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout-over', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    const answer = await payoutSubmit(sessionId, cardId, '250.01');
    expect(answer).toMatchObject({ status: 409, body: { error_code: '1206' } });
    const rows = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(rows).toHaveLength(0);
    expect(await walletBalance()).toBe('250');
  });

  it('the wallet refusing the debit fails the payout: nothing sent to the provider, nothing to return', async () => {
    const { sessionId, playerId } = await player('op-payout-blocked', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    await wallet.account({
      brand: 'brand0',
      player_id: 'op-payout-blocked',
      currency: 'EUR',
      balance: '250',
      blocked: true,
    });
    const answer = await payoutSubmit(sessionId, cardId);
    expect(answer.body).toMatchObject({ transaction_status: 'error', result_status: 'error' });
    const id = text(answer.body.transaction_id);
    expect(await paidByPsp(id)).toBeUndefined();
    expect(await received(id, 'reserve')).toMatchObject({
      answer: { status: 'refused', reason: 'player_blocked' },
    });
    expect(await operation(id, 'release')).toBeUndefined();
    expect(await wallet.balance('brand0', 'op-payout-blocked', 'EUR')).toBe('250');
    await expectInvariants();
  });

  it('an authorize that times out is sent again by the reconciler, then the payout is paid once and debited once', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout-hang', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    await wallet.fault({ operation: 'authorize', mode: 'hang-after' });
    const first = await payoutSubmit(sessionId, cardId);
    const id = text(first.body.transaction_id);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    expect(await transactionOf(id)).toMatchObject({ callState: 'pending' });
    expect(await paidByPsp(id)).toBeUndefined();
    expect(await walletBalance()).toBe('210');
    advance(RETRY_WAIT_MS);
    expect(await reconcile()).toMatchObject({ resolved: 1, finished: 1, errors: 0 });
    expect(await transactionOf(id)).toMatchObject({ status: 'success' });
    expect(await received(id, 'reserve')).toMatchObject({ calls: 2 });
    expect(await paidByPsp(id)).toMatchObject({ calls: 1 });
    expect(await walletBalance()).toBe('210');
    await expectInvariants();
  });

  it('a wallet silent past the grace fails the payout unsent and cancels the authorize; a late authorize is then refused', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout-silent', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    await wallet.fault({ operation: 'authorize', mode: 'refuse', times: 2 });
    const first = await payoutSubmit(sessionId, cardId);
    const id = text(first.body.transaction_id);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    advance(LOOKUP_GRACE_MS + RETRY_WAIT_MS);
    await reconcile();
    expect(await transactionOf(id)).toMatchObject({ status: 'error' });
    expect(await received(id, 'release')).toMatchObject({
      route: 'cancel',
      answer: { status: 'ok' },
    });
    expect(await paidByPsp(id)).toBeUndefined();
    expect(await walletBalance()).toBe('250');
    // The authorize delayed in the network arrives after the cancel: the wallet refuses it.
    const late = new OperatorWalletClient({
      url: wallet.url,
      key: { keyId: 'test-key', secret: TEST_WALLET_SECRET },
      timeoutMs: 5_000,
    });
    const answer = await late.authorize({
      operation_id: `${id}:reserve`,
      transaction_id: id,
      player_id: 'op-payout-silent',
      brand: 'brand0',
      currency: 'EUR',
      amount: '40',
      flow: 'withdrawal',
    });
    expect(answer).toMatchObject({ status: 'refused', reason: 'cancelled' });
    expect(await walletBalance()).toBe('250');
    await expectInvariants();
  });

  it('a payout the provider declines returns the authorized amount to the wallet once', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout-declined', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId, 'declined');
    const answer = await payoutSubmit(sessionId, cardId);
    expect(answer.body).toMatchObject({ transaction_status: 'error' });
    const id = text(answer.body.transaction_id);
    await settled();
    expect(await received(id, 'release')).toMatchObject({ route: 'cancel', calls: 1 });
    expect(await walletBalance()).toBe('250');
    await expectInvariants();
  });

  it('the player reverses a payout the provider never got: the wallet gets its money back once', async () => {
    const { sessionId, playerId, walletBalance } = await player('op-payout-reversed', 'withdrawal');
    const cardId = await saveSandboxCard(server, playerId);
    await psp.fault({ operation: 'payout', mode: 'refuse' });
    const first = await payoutSubmit(sessionId, cardId);
    const id = text(first.body.transaction_id);
    expect(await transactionOf(id)).toMatchObject({ status: 'created', callState: 'pending' });
    expect(await walletBalance()).toBe('210');
    const reverse = buildPath(ENDPOINTS.reversePendingWithdrawal, {});
    const reversed = await callJson(server, 'GET', reverse, sessionId);
    expect(reversed.status).toBe(200);
    await settled();
    expect(await received(id, 'release')).toMatchObject({ calls: 1 });
    expect(await walletBalance()).toBe('250');
    await expectInvariants();
  });

  it('answers 503 with error 1601 when the wallet cannot tell the balance, and writes nothing', async () => {
    const { sessionId } = await player('op-wallet-down', 'withdrawal');
    await wallet.fault({ operation: 'verify', mode: 'fail-before' });
    const init = await callJson(server, 'GET', buildPath(ENDPOINTS.payoutInit, {}), sessionId);
    expect(init).toMatchObject({
      status: 503,
      body: { error_code: '1601', error_message: 'CASHIER.ERROR.WALLET_UNAVAILABLE' },
    });
    expect(server.logs()).not.toContain(TEST_WALLET_SECRET);
  });
});

describe('payout approval with the operator wallet', () => {
  it('holds the amount in the wallet while the operator decides; reject cancels it, approve pays and commits it, once each', async () => {
    const key = (await mintKey(server, 'brand0', ['config:write', 'transactions:write'])).key;
    const setApproval = (required: boolean) =>
      operatorCall(server, 'PUT', '/payout-approval', key, { body: { required } });
    expect((await setApproval(true)).status).toBe(200);
    try {
      const { sessionId, playerId, walletBalance } = await player('op-approval', 'withdrawal');
      const cardId = await saveSandboxCard(server, playerId);
      const rejected = text((await payoutSubmit(sessionId, cardId)).body.transaction_id);
      expect(await received(rejected, 'reserve')).toMatchObject({ route: 'authorize', calls: 1 });
      expect(await walletBalance()).toBe('210');
      expect((await transactionOf(rejected)).callState).toBe('approval');
      const rejection = await operatorCall(
        server,
        'POST',
        `/transactions/${rejected}/reject`,
        key,
        {
          body: {},
        },
      );
      expect(rejection.status).toBe(200);
      await settled();
      expect(await received(rejected, 'release')).toMatchObject({ route: 'cancel', calls: 1 });
      expect(await walletBalance()).toBe('250');
      expect(await paidByPsp(rejected)).toBeUndefined();

      const approved = text((await payoutSubmit(sessionId, cardId)).body.transaction_id);
      expect(await walletBalance()).toBe('210');
      const approval = await operatorCall(
        server,
        'POST',
        `/transactions/${approved}/approve`,
        key,
        {
          body: {},
        },
      );
      expect(approval.status).toBe(200);
      await settled();
      expect(await paidByPsp(approved)).toMatchObject({ calls: 1 });
      expect(await received(approved, 'reserve')).toMatchObject({ calls: 1 });
      expect(await received(approved, 'commit')).toMatchObject({ route: 'transfer', calls: 1 });
      expect(await walletBalance()).toBe('210');
      await expectInvariants();
    } finally {
      expect((await setApproval(false)).status).toBe(200);
    }
  });
});

describe('a refund of a deposit kept in the operator wallet', () => {
  let asyncPsp: AsyncPspProcess;
  let database: TestDatabase;
  let refundServer: TestServer;

  beforeAll(async () => {
    asyncPsp = await startAsyncPspProcess();
    database = await createTestDatabase();
    await database.db
      .update(payGroups)
      .set({ connector: 'psp' })
      .where(
        and(
          eq(payGroups.brandId, 'brand0'),
          eq(payGroups.flow, 'deposit'),
          eq(payGroups.shortName, 'mobile_money'),
        ),
      );
    refundServer = await startTestServer({
      database,
      env: {
        ...serverEnv(),
        CONNECTORS: 'psp',
        CONNECTOR_PSP_KIND: 'async-psp',
        CONNECTOR_PSP_URL: asyncPsp.url,
        CONNECTOR_PSP_API_KEY: TEST_PSP_API_KEY,
        CONNECTOR_PSP_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await refundServer.close();
    await database.close();
    await asyncPsp.stop();
  });

  it("a deposit settled by the PSP's webhook is credited to the wallet, and its refund taken back from it, once each", async () => {
    await wallet.account({
      brand: 'brand0',
      player_id: 'op-refund',
      currency: 'EUR',
      balance: '100',
    });
    const sessionId = await createTestSession(refundServer, { player: 'op-refund' });
    const deposit = await startDeposit(refundServer, {
      sessionId,
      payGroup: 'mobile_money',
      amount: '25',
    });
    await asyncPsp.settle(deposit.transactionId, { outcome: 'succeeded' });
    await refundServer.app.cashdesk.wallet.idle();
    expect(await wallet.balance('brand0', 'op-refund', 'EUR')).toBe('125');

    const refunded = await asyncPsp.reverse('refund', deposit.transactionId);
    expect(refunded.delivery).toMatchObject({ status: 200 });
    // The PSP repeats its event: nothing moves again.
    await asyncPsp.redeliver(deposit.transactionId);
    await refundServer.app.cashdesk.wallet.idle();
    expect((await reload(refundServer, deposit.transactionId)).status).toBe('refunded');
    const [refund] = await refundServer.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.transactionId, deposit.transactionId));
    expect(await received(refund?.id ?? '', 'reverse')).toMatchObject({
      route: 'transfer',
      kind: 'reversal',
      amount: '25',
      calls: 1,
    });
    expect(await wallet.balance('brand0', 'op-refund', 'EUR')).toBe('100');
    // The simulator also serves the other server of this file: only this database's payment.
    const { operations } = await wallet.activity();
    const mine = operations.filter((entry) => entry.transaction_id === deposit.transactionId);
    expect(await walletViolations(refundServer.db, { operations: mine })).toEqual([]);
  });
});
