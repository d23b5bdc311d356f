/**
 * The operator's wallet out of order while players pay (docs/decisions/0102-wallet-outage.md).
 * The real server on a real database with `WALLET=operator`, paying through the PSP simulator,
 * with the operator wallet simulator as its own process: not started at first (the wallet down:
 * every call refused), then started on the server's wallet address (the wallet back), then told
 * to hang, to answer late or to answer 500 for every call until the test clears it.
 *
 * What each outage must keep: once the provider may have charged, the answer is the transaction
 * and its status as the provider told it (never 503/1601 for a payment that may be paid), a retry
 * with the same Idempotency-Key answers the same transaction, the provider is asked once, the
 * balance shown is the wallet's own answer or none (never the balance before a credit the wallet
 * has not answered), and once the wallet is back the worker moves the money exactly once:
 * the wallet's balance is the opening balance plus deposits minus payouts.
 *
 * Time: the app runs on a clock the tests move (retry back-offs). The only real waits are the
 * wallet's time-outs of the hang and slow cases, which no assertion measures.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { transactions, walletOperations } from '../db/schema';
import { HttpPaymentProvider } from '../providers';
import { reconcileOnce } from '../modules/payments/reconciler';
import {
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { brand0PlayerId } from './alt-fixtures';
import { moneyViolations, walletViolations } from './money-invariants';
import { OPERATOR_ENV } from './operator-calls';
import {
  TEST_WALLET_SECRET,
  startSimulatorProcess,
  startWalletSimulatorProcess,
} from '@cashdesk/testkit';
import type { SimulatorProcess, WalletFaultInput, WalletSimulatorProcess } from '@cashdesk/testkit';
import { FAULT_CALL_TIMEOUT_MS } from './fault-timeouts';

const WALLET_TIMEOUT_MS = FAULT_CALL_TIMEOUT_MS;
/** Longer than any retry back-off a test needs to pass (platform/schedule.ts). */
const RETRY_WAIT_MS = 11 * 60 * 1000;
/** A call that never ends while the wallet is out of order. */
const UNTIL_CLEARED = 10_000;

let psp: SimulatorProcess;
let server: TestServer;
let walletPort: number;
let walletStarted: Promise<WalletSimulatorProcess> | undefined;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

/** A port nothing listens on yet: the server's wallet address before the wallet starts. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  [psp, walletPort] = await Promise.all([startSimulatorProcess(), unusedPort()]);
  server = await startTestServer({
    provider: new HttpPaymentProvider({ baseUrl: psp.url, timeoutMs: 10_000 }),
    clock,
    env: {
      ...OPERATOR_ENV,
      WALLET: 'operator',
      OPERATOR_WALLET_URL: `http://127.0.0.1:${String(walletPort)}`,
      OPERATOR_WALLET_SECRET: TEST_WALLET_SECRET,
      OPERATOR_WALLET_KEY_ID: 'test-key',
      OPERATOR_WALLET_TIMEOUT_MS: String(WALLET_TIMEOUT_MS),
      PROVIDER_TIMEOUT_MS: '2000',
      PAYMENT_LEASE_MS: '5000',
    },
  });
});

afterAll(async () => {
  await server.close();
  await Promise.all([psp.stop(), walletStarted?.then((wallet) => wallet.stop())]);
});

// A test that failed half-way leaves no outage to the next.
afterEach(async () => {
  await (await walletStarted)?.clearFaults();
});

/** The wallet, started on the server's wallet address when first asked for. */
function walletUp(): Promise<WalletSimulatorProcess> {
  walletStarted ??= startWalletSimulatorProcess({ port: walletPort });
  return walletStarted;
}

/** The reconciler's pass, after the back-off of every failed send. */
async function retryPass() {
  offset += RETRY_WAIT_MS;
  const report = await reconcileOnce({ ...server.app.cashdesk });
  await server.app.cashdesk.wallet.idle();
  return report;
}

async function expectInvariants(wallet: WalletSimulatorProcess): Promise<void> {
  await server.app.cashdesk.wallet.idle();
  expect(await moneyViolations(server.db, await psp.activity(clock()))).toEqual([]);
  expect(await walletViolations(server.db, await wallet.activity())).toEqual([]);
}

async function operation(transactionId: string, kind: 'credit' | 'commit' | 'release') {
  const [row] = await server.db
    .select()
    .from(walletOperations)
    .where(and(eq(walletOperations.transactionId, transactionId), eq(walletOperations.kind, kind)));
  return row;
}

/** The operations the wallet recorded for a transaction (one per operation id). */
async function walletOperationsOf(wallet: WalletSimulatorProcess, transactionId: string) {
  const { operations } = await wallet.activity();
  return operations.filter((entry) => entry.transaction_id === transactionId);
}

/** How often the provider was asked to move money for a transaction, and how many it has. */
async function providerCalls(transactionId: string) {
  const { transactions: moved } = await psp.activity(clock());
  return moved.filter((entry) => entry.transactionId === transactionId).map((entry) => entry.calls);
}

async function transactionsOf(playerId: string) {
  return server.db.select().from(transactions).where(eq(transactions.playerId, playerId));
}

/** A deposit player's session and ids (the wallet account is the test's to open). */
async function depositor(name: string) {
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'deposit',
    currency: 'EUR',
  });
  return { sessionId, playerId: await brand0PlayerId(server, name) };
}

/** The sandbox's test card that is processing, then approved after its settle delay. */
const SETTLES_LATER_PAN = '4000000000000606';

/** A card deposit of `amount` EUR (credited `amount`; the fee is paid on top). */
async function depositSubmit(sessionId: string, key: string, amount = '50', pan?: string) {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  return callJson(server, 'POST', path, sessionId, cardDepositBody(amount, pan), {
    'idempotency-key': key,
  });
}

function statusOf(sessionId: string, transactionId: string) {
  const path = buildPath(ENDPOINTS.altStatus, { transactionId });
  return callJson(server, 'GET', path, sessionId);
}

/**
 * A deposit while the wallet is out of order: answered with its transaction, the same on a retry
 * with the key, charged once, its credit queued and not shown in any balance.
 */
async function depositDuringOutage(name: string) {
  const { sessionId, playerId } = await depositor(name);
  const key = randomUUID();
  const answer = await depositSubmit(sessionId, key);
  expect(answer).toMatchObject({
    status: 200,
    body: { transaction_status: 'success', result_status: 'success', user_balance: null },
  });
  const id = text(answer.body.transaction_id);
  const retry = await depositSubmit(sessionId, key);
  expect(retry).toMatchObject({
    status: 200,
    body: { transaction_id: id, transaction_status: 'success', user_balance: null },
  });
  expect(await statusOf(sessionId, id)).toMatchObject({
    status: 200,
    body: { transaction_status: 'success', amount: '50.00', user_balance: null },
  });
  expect(await providerCalls(id)).toEqual([1]);
  expect(await transactionsOf(playerId)).toHaveLength(1);
  expect(await operation(id, 'credit')).toMatchObject({ state: 'pending' });
  return { sessionId, key, id };
}

/** After the wallet is back: the credit lands once, and what is shown is the wallet's balance. */
async function expectCreditedOnce(
  wallet: WalletSimulatorProcess,
  deposit: { readonly sessionId: string; readonly key: string; readonly id: string },
  name: string,
  expected: string,
) {
  expect(await operation(deposit.id, 'credit')).toMatchObject({ state: 'done' });
  expect(await wallet.balance('brand0', name, 'EUR')).toBe(expected);
  expect(await walletOperationsOf(wallet, deposit.id)).toMatchObject([
    { operation_id: `${deposit.id}:credit`, kind: 'deposit', amount: '50' },
  ]);
  const shown = `${expected}.00`;
  expect(await statusOf(deposit.sessionId, deposit.id)).toMatchObject({
    status: 200,
    body: { transaction_status: 'success', user_balance: shown },
  });
  expect(await depositSubmit(deposit.sessionId, deposit.key)).toMatchObject({
    status: 200,
    body: { transaction_id: deposit.id, user_balance: shown },
  });
  expect(await providerCalls(deposit.id)).toEqual([1]);
  await expectInvariants(wallet);
}

describe('a card deposit while the operator wallet is out of order', () => {
  // First: the wallet process is not running yet (the server's calls to it are refused).
  it('wallet down: the deposit is answered with its transaction, charged once, and credited once when the wallet is back', async () => {
    const deposit = await depositDuringOutage('outage-down');
    expect(await operation(deposit.id, 'credit')).toMatchObject({ lastError: 'not_reached' });
    // Still down at the next pass: still owed, nothing lost.
    expect((await retryPass()).walletOperations).toBe(0);
    expect(await operation(deposit.id, 'credit')).toMatchObject({ state: 'pending', attempts: 2 });

    const wallet = await walletUp();
    await wallet.account({
      brand: 'brand0',
      player_id: 'outage-down',
      currency: 'EUR',
      balance: '40',
    });
    expect((await retryPass()).walletOperations).toBe(1);
    await expectCreditedOnce(wallet, deposit, 'outage-down', '90');
  });

  const faults: readonly (readonly [string, WalletFaultInput])[] = [
    ['hung (no answer before the time-out)', { operation: 'any', mode: 'hang-before' }],
    [
      'slow (answers after the time-out: applies what the cashier gave up on)',
      { operation: 'any', mode: 'slow', delay_ms: WALLET_TIMEOUT_MS * 2 },
    ],
    ['answering 500', { operation: 'any', mode: 'fail-before' }],
  ];

  it.each(faults)(
    'wallet %s: the deposit is answered with its transaction, charged once, and credited once when the wallet is back',
    async (_name, fault) => {
      const wallet = await walletUp();
      const name = `outage-${fault.mode}`;
      await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '40' });
      await wallet.fault({ ...fault, times: UNTIL_CLEARED });
      const deposit = await depositDuringOutage(name);
      // Still out of order at the next pass: sent again with the same operation id, still owed.
      await retryPass();
      expect(await operation(deposit.id, 'credit')).toMatchObject({ state: 'pending' });

      await wallet.clearFaults();
      await retryPass();
      await expectCreditedOnce(wallet, deposit, name, '90');
    },
  );
});

describe('a card deposit the provider is still processing while the operator wallet is out of order', () => {
  it('is answered processing, the same on a retry; once approved its status tells success without a balance, and the credit lands once when the wallet is back', async () => {
    const wallet = await walletUp();
    const name = 'outage-processing';
    await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '40' });
    await wallet.fault({ operation: 'any', mode: 'fail-before', times: UNTIL_CLEARED });
    const { sessionId, playerId } = await depositor(name);
    const key = randomUUID();
    const answer = await depositSubmit(sessionId, key, '50', SETTLES_LATER_PAN);
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'processing', user_balance: null },
    });
    const id = text(answer.body.transaction_id);
    expect(await depositSubmit(sessionId, key, '50', SETTLES_LATER_PAN)).toMatchObject({
      status: 200,
      body: { transaction_id: id, transaction_status: 'processing', user_balance: null },
    });

    // The provider approves it meanwhile: the status page learns it, the credit is owed.
    offset += RETRY_WAIT_MS;
    expect(await statusOf(sessionId, id)).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: null },
    });
    expect(await operation(id, 'credit')).toMatchObject({ state: 'pending' });
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('40');

    await wallet.clearFaults();
    expect((await retryPass()).walletOperations).toBe(1);
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('90');
    expect(await walletOperationsOf(wallet, id)).toMatchObject([
      { operation_id: `${id}:credit`, kind: 'deposit', amount: '50' },
    ]);
    expect(await statusOf(sessionId, id)).toMatchObject({
      body: { transaction_status: 'success', user_balance: '90.00' },
    });
    expect(await providerCalls(id)).toEqual([1]);
    expect(await transactionsOf(playerId)).toHaveLength(1);
    await expectInvariants(wallet);
  });
});

describe('payouts while the operator wallet is out of order', () => {
  /** A withdrawal player with `balance` EUR in the wallet and a saved card. */
  async function payee(wallet: WalletSimulatorProcess, name: string) {
    await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '250' });
    const sessionId = await withdrawalSession(server, name);
    const playerId = await brand0PlayerId(server, name);
    return { sessionId, playerId };
  }

  it('a payout paid after the wallet authorized it is answered with its transaction while the wallet is down; its commit lands once', async () => {
    const wallet = await walletUp();
    const name = 'outage-payout-paid';
    const { sessionId, playerId } = await payee(wallet, name);
    const cardId = await saveSandboxCard(server, playerId);
    // The payout's own balance check and its authorize pass; then every other call fails.
    await wallet.fault({ operation: 'verify', mode: 'slow', delay_ms: 0 });
    await wallet.fault({ operation: 'verify', mode: 'fail-before', times: UNTIL_CLEARED });
    await wallet.fault({ operation: 'transfer', mode: 'fail-before', times: UNTIL_CLEARED });
    const key = randomUUID();
    const answer = await cardPayoutSubmit(server, sessionId, cardId, { key });
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: null },
    });
    const id = text(answer.body.transaction_id);
    expect(await cardPayoutSubmit(server, sessionId, cardId, { key })).toMatchObject({
      status: 200,
      body: { transaction_id: id, transaction_status: 'success', user_balance: null },
    });
    expect(await providerCalls(id)).toEqual([1]);
    expect(await operation(id, 'commit')).toMatchObject({ state: 'pending' });

    await wallet.clearFaults();
    expect((await retryPass()).walletOperations).toBe(1);
    expect(await walletOperationsOf(wallet, id)).toMatchObject([
      { operation_id: `${id}:reserve`, calls: 1 },
      { operation_id: `${id}:commit`, kind: 'withdrawal' },
    ]);
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('210');
    expect(await cardPayoutSubmit(server, sessionId, cardId, { key })).toMatchObject({
      status: 200,
      body: { transaction_id: id, user_balance: '210.00' },
    });
    await expectInvariants(wallet);
  });

  it('a payout waiting for the wallet is listed in the payment history with its pay session and no balance, then paid once when the wallet is back', async () => {
    const wallet = await walletUp();
    const name = 'outage-payout-waiting';
    const { sessionId, playerId } = await payee(wallet, name);
    const cardId = await saveSandboxCard(server, playerId);
    // The payout's own balance check passes; then the wallet stops answering.
    await wallet.fault({ operation: 'verify', mode: 'slow', delay_ms: 0 });
    await wallet.fault({ operation: 'any', mode: 'fail-before', times: UNTIL_CLEARED });
    const answer = await cardPayoutSubmit(server, sessionId, cardId);
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'created', user_balance: null },
    });
    const id = text(answer.body.transaction_id);
    expect(await providerCalls(id)).toEqual([]);
    const listed = await callJson(
      server,
      'GET',
      buildPath(ENDPOINTS.paymentHistory, {}),
      sessionId,
    );
    expect(listed).toMatchObject({
      status: 200,
      body: {
        payments: [{ transaction_id: id, open: true, pay_session: { user_balance: null } }],
      },
    });

    await wallet.clearFaults();
    expect(await retryPass()).toMatchObject({ resolved: 1, finished: 1 });
    expect(await providerCalls(id)).toEqual([1]);
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('210');
    await expectInvariants(wallet);
  });

  it('a payout the provider declines shows no balance until the wallet has its amount back, then the one it holds', async () => {
    const wallet = await walletUp();
    const name = 'outage-payout-declined';
    const { sessionId, playerId } = await payee(wallet, name);
    const cardId = await saveSandboxCard(server, playerId, 'declined');
    await wallet.fault({ operation: 'cancel', mode: 'fail-before', times: UNTIL_CLEARED });
    const key = randomUUID();
    const answer = await cardPayoutSubmit(server, sessionId, cardId, { key });
    // The wallet still holds 210: that is not the player's balance after a declined payout.
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'error', user_balance: null },
    });
    const id = text(answer.body.transaction_id);
    expect(await operation(id, 'release')).toMatchObject({ state: 'pending' });

    await wallet.clearFaults();
    expect((await retryPass()).walletOperations).toBe(1);
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('250');
    expect(await cardPayoutSubmit(server, sessionId, cardId, { key })).toMatchObject({
      status: 200,
      body: { transaction_id: id, transaction_status: 'error', user_balance: '250.00' },
    });
    expect(await providerCalls(id)).toEqual([1]);
    await expectInvariants(wallet);
  });
});

describe("the result page's new balance with the operator wallet", () => {
  it('is the balance the wallet holds after the credit (40.00 + 10.00: 50.00), in the submit answer and the status answer', async () => {
    const wallet = await walletUp();
    const name = 'new-balance-operator';
    await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '40' });
    const { sessionId } = await depositor(name);
    const answer = await depositSubmit(sessionId, randomUUID(), '10');
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: '50.00' },
    });
    const id = text(answer.body.transaction_id);
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('50');
    expect(await statusOf(sessionId, id)).toMatchObject({
      body: { transaction_status: 'success', user_balance: '50.00' },
    });
    await expectInvariants(wallet);
  });

  it('is not shown while the wallet has not answered the credit (never the 40.00 before it), then is the 50.00 it holds', async () => {
    const wallet = await walletUp();
    const name = 'new-balance-owed';
    await wallet.account({ brand: 'brand0', player_id: name, currency: 'EUR', balance: '40' });
    const { sessionId } = await depositor(name);
    await wallet.fault({ operation: 'transfer', mode: 'fail-before' });
    const answer = await depositSubmit(sessionId, randomUUID(), '10');
    expect(answer).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: null },
    });
    const id = text(answer.body.transaction_id);
    expect(await statusOf(sessionId, id)).toMatchObject({
      body: { transaction_status: 'success', user_balance: null },
    });
    await retryPass();
    expect(await wallet.balance('brand0', name, 'EUR')).toBe('50');
    expect(await statusOf(sessionId, id)).toMatchObject({
      body: { transaction_status: 'success', user_balance: '50.00' },
    });
    await expectInvariants(wallet);
  });
});
