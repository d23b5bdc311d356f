/**
 * Refunds under provider faults: the real server on a real database, refunding through the HTTP
 * connector with the PSP simulator running as its own process, which injects the faults and
 * records every refund id it was asked for. Whatever the fault (an answer lost after the refund
 * was made, a hang past the time-out, a refusal before processing, a request arriving twice), the
 * operator's retry with its Idempotency-Key and the reconciler end every refund once: never
 * refunded twice at the provider, never held from the balance without an open refund, never
 * failed here while refunded there. The money invariants hold after each test.
 *
 * Time: the app runs on a clock the tests move; the only real wait is the provider time-out of
 * the hang case (PROVIDER_TIMEOUT_MS below), which no assertion measures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { ENDPOINTS, RefundAnswer, buildPath } from '@cashdesk/contract';
import type { FaultInput, SimulatorProcess } from '@cashdesk/testkit';
import { startSimulatorProcess } from '@cashdesk/testkit';
import { refunds, transactions } from '../db/schema';
import { HttpPaymentProvider } from '../providers';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { moneyViolations } from './money-invariants';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';
import { FAULT_CALL_TIMEOUT_MS } from './fault-timeouts';

const PROVIDER_TIMEOUT_MS = FAULT_CALL_TIMEOUT_MS;
const LEASE_MS = 5_000;

let simulator: SimulatorProcess;
let server: TestServer;
let key: string;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  simulator = await startSimulatorProcess();
  server = await startTestServer({
    provider: new HttpPaymentProvider({ baseUrl: simulator.url, timeoutMs: 10_000 }),
    clock,
    env: {
      ...OPERATOR_ENV,
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      PAYMENT_LEASE_MS: String(LEASE_MS),
    },
  });
  key = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
  await simulator.stop();
});

/** A new player's approved card deposit of 50 EUR through the simulator. */
async function deposit(name: string) {
  const sessionId = await createTestSession(server, { player: name, currency: 'EUR' });
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  const answer = await callJson(server, 'POST', path, sessionId, cardDepositBody('50'), {
    'idempotency-key': randomUUID(),
  });
  expect(answer.body).toMatchObject({ transaction_status: 'success' });
  return { id: text(answer.body.transaction_id), playerId: await brand0PlayerId(server, name) };
}

function refund(id: string, body: Record<string, unknown>, idempotencyKey: string) {
  return operatorCall(server, 'POST', `/transactions/${id}/refunds`, key, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** Reconciler passes, the clock past every lease and retry, until no refund is open. */
async function settle(): Promise<number> {
  let passes = 0;
  for (; passes < 10; passes += 1) {
    const open = await server.db.select().from(refunds).where(eq(refunds.status, 'requested'));
    if (open.length === 0) break;
    offset += 10 * 60_000;
    await reconcileOnce({ ...server.app.cashdesk });
  }
  return passes;
}

async function expectMoneyInvariants(): Promise<void> {
  const activity = await simulator.activity(clock());
  expect(await moneyViolations(server.db, activity)).toEqual([]);
}

/** The simulator's record of a refund id. */
async function atProvider(refundId: string) {
  return (await simulator.activity(clock())).refunds.find((entry) => entry.refundId === refundId);
}

async function refundRow(id: string) {
  const [row] = await server.db.select().from(refunds).where(eq(refunds.id, id));
  if (row === undefined) throw new Error(`no refund ${id}`);
  return row;
}

/** The faults every refund is tried under, in turn. */
const FAULTS: readonly (FaultInput | null)[] = [
  null,
  { operation: 'refund', mode: 'fail-after' },
  { operation: 'refund', mode: 'drop-after' },
  { operation: 'refund', mode: 'hang-after' },
  { operation: 'refund', mode: 'fail-before' },
  { operation: 'refund', mode: 'hang-before' },
  { operation: 'refund', mode: 'refuse' },
  { operation: 'refund', mode: 'duplicate' },
];

describe('refunds under provider faults', () => {
  it('a refund whose answer is lost after the provider made it is refunded once, however often the operator retries its key', async () => {
    const { id, playerId } = await deposit(`refund-lost-${randomUUID().slice(0, 8)}`);
    await simulator.fault({ operation: 'refund', mode: 'fail-after' });
    const idempotencyKey = randomUUID();
    const first = RefundAnswer.parse((await refund(id, { reason: 'lost' }, idempotencyKey)).body);
    expect(first.refund.status).toBe('requested');
    expect((await refundRow(first.refund.id)).callState).toBe('unknown');
    // Held from the balance while open: the player cannot spend what may have gone back.
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
    for (let retry = 0; retry < 3; retry += 1) {
      const again = RefundAnswer.parse((await refund(id, { reason: 'lost' }, idempotencyKey)).body);
      expect(again.refund.id).toBe(first.refund.id);
    }
    await settle();
    expect(await refundRow(first.refund.id)).toMatchObject({ status: 'succeeded' });
    // Sent twice (the lost call and the reconciler's), refunded once.
    expect(await atProvider(first.refund.id)).toMatchObject({ calls: 2, outcome: 'succeeded' });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
    await expectMoneyInvariants();
  });

  it('every fault mode, full and partial refunds: each refunded at most once and final here as there', async () => {
    const counts = { refunds: 0, providerCalls: 0, unanswered: 0, succeeded: 0, failed: 0 };
    for (const [index, fault] of FAULTS.entries()) {
      const { id, playerId } = await deposit(
        `refund-fault-${String(index)}-${randomUUID().slice(0, 6)}`,
      );
      // A partial refund under the fault, then the rest with no fault.
      if (fault !== null) await simulator.fault(fault);
      const partial = RefundAnswer.parse(
        (await refund(id, { amount: '20', reason: `fault ${String(index)}` }, randomUUID())).body,
      );
      if (partial.refund.status === 'requested') counts.unanswered += 1;
      await settle();
      const rest = RefundAnswer.parse((await refund(id, { reason: 'rest' }, randomUUID())).body);
      await settle();
      for (const refundId of [partial.refund.id, rest.refund.id]) {
        const row = await refundRow(refundId);
        counts.refunds += 1;
        counts.providerCalls += (await atProvider(refundId))?.calls ?? 0;
        if (row.status === 'succeeded') counts.succeeded += 1;
        if (row.status === 'failed') counts.failed += 1;
        expect(row.status, `fault ${JSON.stringify(fault)}`).not.toBe('requested');
      }
      const [deposited] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, id));
      // Every refund went through in the end: the deposit is refunded and the balance is back.
      expect(deposited?.status).toBe('refunded');
      expect(new Big((await getBalance(server.db, playerId, 'EUR')).balance).toFixed()).toBe('500');
    }
    expect(counts.refunds).toBe(FAULTS.length * 2);
    expect(counts.succeeded).toBe(FAULTS.length * 2);
    expect(counts.unanswered).toBeGreaterThanOrEqual(5);
    expect(counts.providerCalls).toBeGreaterThan(counts.refunds);
    await expectMoneyInvariants();
  });
});
