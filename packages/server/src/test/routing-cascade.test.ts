/**
 * Connector routing and cascading on the real server over HTTP, with two PSP simulators running
 * as their own processes (connectors `psp-a` and `psp-b`, the provider protocol over HTTP):
 * brand0's card deposits go to psp-a first and cascade to psp-b. The simulators inject the
 * faults and record what they charged; after each test, one charge per payment across both and
 * ledger = balances hold.
 *
 * Time: the app runs on a clock the tests move (leases, the reconciler, the lookup grace); the
 * simulators decide with the caller's `now`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ENDPOINTS,
  OperatorTransaction,
  RoutingDryRunAnswer,
  RoutingRulesDocument,
  buildPath,
} from '@cashdesk/contract';
import type { RoutingRule } from '@cashdesk/contract';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { transactions } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { reconcileOnce } from '../modules/payments/reconciler';
import { transactionTimeline } from '../modules/operator/timeline';
import { callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { isRecord } from '../platform/is-record';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import { cardDepositsPayThrough, cardsToPspAThenB, twoConnectorEnv } from './two-connectors';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';
import { FAULT_CALL_TIMEOUT_MS } from './fault-timeouts';

const LEASE_MS = 5_000;
const LOOKUP_GRACE_MS = 60_000;
/** The card the simulators decline (hard: insufficient funds is no soft decline). */
const DECLINED_PAN = '4000000000000200';
/** The card the simulators ask a 3-D Secure challenge for. */
const CHALLENGE_PAN = '4000000000000507';

let pspA: SimulatorProcess;
let pspB: SimulatorProcess;
let server: TestServer;
let key: string;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

/** A rule sending card deposits to psp-a, then psp-b. */
const CARDS_CASCADE = cardsToPspAThenB(true);

beforeAll(async () => {
  [pspA, pspB] = await Promise.all([startSimulatorProcess(), startSimulatorProcess()]);
  server = await startTestServer({
    clock,
    env: {
      ...OPERATOR_ENV,
      ...twoConnectorEnv(pspA, pspB),
      PROVIDER_TIMEOUT_MS: String(FAULT_CALL_TIMEOUT_MS),
      PAYMENT_LEASE_MS: String(LEASE_MS),
      LOOKUP_GRACE_MS: String(LOOKUP_GRACE_MS),
    },
  });
  key = (await mintKey(server, 'brand0')).key;
  // Without a rule, brand0's card deposits go to psp-a (their pay group's connector).
  await cardDepositsPayThrough(server.db, 'psp-a');
  await putRules([CARDS_CASCADE]);
}, 120_000);

afterAll(async () => {
  await server.close();
  await Promise.all([pspA.stop(), pspB.stop()]);
});

afterEach(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
  expect(await doubleCharges()).toEqual([]);
});

/** Payments charged by more than one simulator, or twice by one. */
async function doubleCharges(): Promise<string[]> {
  const [a, b] = await Promise.all([pspA.activity(clock()), pspB.activity(clock())]);
  const charged = [...a.transactions, ...b.transactions].filter(
    (entry) => entry.status.status === 'approved',
  );
  const ids = charged.map((entry) => entry.transactionId);
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}

/** Which simulator charged a payment: `a`, `b`, both or neither. */
async function chargedAt(id: string): Promise<string[]> {
  const [a, b] = await Promise.all([pspA.activity(clock()), pspB.activity(clock())]);
  const at = (activity: typeof a) =>
    activity.transactions.some(
      (entry) => entry.transactionId === id && entry.status.status === 'approved',
    );
  return [...(at(a) ? ['psp-a'] : []), ...(at(b) ? ['psp-b'] : [])];
}

async function putRules(rules: RoutingRule[]) {
  const answer = await operatorCall(server, 'PUT', '/routing-rules', key, { body: { rules } });
  expect(answer.status, answer.text).toBe(200);
  return answer;
}

/** A new brand0 player with a EUR deposit session. */
async function depositPlayer() {
  const name = `route-${randomUUID().slice(0, 8)}`;
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'deposit',
    currency: 'EUR',
  });
  return { sessionId, playerId: await brand0PlayerId(server, name) };
}

async function deposit(sessionId: string, idempotencyKey = randomUUID(), pan?: string) {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  return callJson(server, 'POST', path, sessionId, cardDepositBody('50', pan), {
    'idempotency-key': idempotencyKey,
  });
}

/** The transaction as the operator API answers it. */
async function operatorView(id: string) {
  const answer = await operatorCall(server, 'GET', `/transactions/${id}`, key);
  expect(answer.status).toBe(200);
  return OperatorTransaction.parse(answer.body);
}

async function rowOf(id: string) {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (row === undefined) throw new Error(`no transaction ${id}`);
  return row;
}

describe('cascading to the next connector', () => {
  it('a soft decline at psp-a is tried once at psp-b, charged and credited once there, the player typing nothing again', async () => {
    const { sessionId, playerId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    const answer = await deposit(sessionId);
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    const id = text(answer.body.transaction_id);
    expect(await chargedAt(id)).toEqual(['psp-b']);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
    const view = await operatorView(id);
    expect(view.connector).toBe('psp-b');
    expect(
      view.attempts.map((attempt) => [attempt.connector, attempt.outcome, attempt.decline_code]),
    ).toEqual([
      ['psp-a', 'declined', 'do_not_honor'],
      ['psp-b', 'approved', null],
    ]);
    const { entries } = await transactionTimeline(server.db, 'brand0', id);
    const calls = entries.filter((entry) => entry.kind === 'provider_call');
    expect(calls.map((entry) => [entry.details.connector, entry.details.answer])).toEqual([
      ['psp-a', 'declined'],
      ['psp-b', 'approved'],
    ]);
    expect(calls[0]?.details.cascaded_to).toBe('psp-b');
  });

  it('a soft decline at psp-a, then a 3-D Secure challenge at psp-b: the player gets the challenge step, and its result is completed with psp-b, charged there once', async () => {
    const { sessionId, playerId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    const answer = await deposit(sessionId, randomUUID(), CHALLENGE_PAN);
    expect(answer.body).toMatchObject({ step: 'redirect', transaction_status: 'await' });
    const id = text(answer.body.transaction_id);
    expect((await rowOf(id)).connector).toBe('psp-b');
    const redirect = answer.body.redirect_data;
    if (!isRecord(redirect)) throw new Error('no redirect_data');
    // The cashier posts what the challenge returned: the server completes it with psp-b, the
    // connector the payment is at.
    const completed = await callJson(server, 'POST', ENDPOINTS.alt3dsResult.path, sessionId, {
      transaction_id: id,
      outcome: 'authenticated',
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'success', connector: 'psp-b' });
    expect(await chargedAt(id)).toEqual(['psp-b']);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
  });

  it('a payment psp-a never received is tried at psp-b', async () => {
    const { sessionId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'refuse' });
    const answer = await deposit(sessionId);
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    const id = text(answer.body.transaction_id);
    expect(await chargedAt(id)).toEqual(['psp-b']);
    expect((await operatorView(id)).attempts.map((attempt) => attempt.outcome)).toEqual([
      'not_reached',
      'approved',
    ]);
  });

  it('a hard decline is final: no cascade, nothing charged anywhere', async () => {
    const { sessionId, playerId } = await depositPlayer();
    const callsAtB = (await pspB.activity(clock())).transactions.length;
    const answer = await deposit(sessionId, randomUUID(), DECLINED_PAN);
    expect(answer.body).toMatchObject({ transaction_status: 'error' });
    const id = text(answer.body.transaction_id);
    expect(await chargedAt(id)).toEqual([]);
    expect((await pspB.activity(clock())).transactions.length).toBe(callsAtB);
    expect((await operatorView(id)).attempts.map((attempt) => attempt.connector)).toEqual([
      'psp-a',
    ]);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
  });

  it('cascades once only: a soft decline at psp-b too ends the payment declined', async () => {
    const { sessionId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    await pspB.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    const answer = await deposit(sessionId);
    expect(answer.body).toMatchObject({ transaction_status: 'error' });
    const id = text(answer.body.transaction_id);
    expect(await chargedAt(id)).toEqual([]);
    expect((await operatorView(id)).attempts.map((attempt) => attempt.outcome)).toEqual([
      'declined',
      'declined',
    ]);
  });

  it('an unknown outcome at psp-a never cascades: the reconciler finds the charge there', async () => {
    const { sessionId, playerId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'fail-after' });
    const answer = await deposit(sessionId);
    expect(answer.body).toMatchObject({ transaction_status: 'created' });
    const id = text(answer.body.transaction_id);
    expect((await rowOf(id)).connector).toBe('psp-a');
    offset += LEASE_MS;
    await reconcileOnce({ ...server.app.cashdesk });
    expect(await rowOf(id)).toMatchObject({ status: 'success', connector: 'psp-a' });
    expect(await chargedAt(id)).toEqual(['psp-a']);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
  });

  it("a retry of the player's request during a cascade is charged once, at psp-b", async () => {
    const { sessionId, playerId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    // psp-b's first answer is lost after it processed nothing: the outcome there is unknown.
    await pspB.fault({ operation: 'authorizeDeposit', mode: 'fail-before' });
    const idempotencyKey = randomUUID();
    const first = await deposit(sessionId, idempotencyKey);
    expect(first.body).toMatchObject({ transaction_status: 'created' });
    const id = text(first.body.transaction_id);
    expect((await rowOf(id)).connector).toBe('psp-b');
    offset += LEASE_MS;
    const retry = await deposit(sessionId, idempotencyKey);
    expect(retry.body).toMatchObject({ transaction_id: id, transaction_status: 'success' });
    expect(await chargedAt(id)).toEqual(['psp-b']);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('550');
  });

  it('a payment left at psp-b without an answer after the cascade is looked up there, never sent back to psp-a, and fails after the grace with nothing charged', async () => {
    const { sessionId, playerId } = await depositPlayer();
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
    // As when the process dies once the payment moved on, before psp-b heard of it: psp-b hangs
    // before processing, the player gives up, and nobody has the card to send it again.
    await pspB.fault({ operation: 'authorizeDeposit', mode: 'hang-before' });
    const answer = await deposit(sessionId);
    const id = text(answer.body.transaction_id);
    expect(await rowOf(id)).toMatchObject({ status: 'created', connector: 'psp-b' });
    offset += LEASE_MS;
    await reconcileOnce({ ...server.app.cashdesk });
    expect((await rowOf(id)).status).toBe('created');
    offset += LOOKUP_GRACE_MS;
    await reconcileOnce({ ...server.app.cashdesk });
    expect(await rowOf(id)).toMatchObject({ status: 'error', connector: 'psp-b' });
    expect(await chargedAt(id)).toEqual([]);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
  });
});

describe('routing rules through the operator API', () => {
  it('answers the rules with their version, and refuses a connector not configured naming it', async () => {
    const read = await operatorCall(server, 'GET', '/routing-rules', key);
    expect(read.status).toBe(200);
    expect(RoutingRulesDocument.parse(read.body).rules).toEqual([CARDS_CASCADE]);
    const refused = await operatorCall(server, 'PUT', '/routing-rules', key, {
      body: { rules: [{ ...CARDS_CASCADE, connectors: [{ connector: 'gone', weight: 1 }] }] },
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused.body).field).toBe('body.rules.0.connectors.0.connector');
    const stale = await operatorCall(server, 'PUT', '/routing-rules', key, {
      body: { rules: [CARDS_CASCADE] },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(409);
  });

  it('dry-runs a payment against the saved rules and against a draft, writing nothing', async () => {
    const group = await payGroupId(server, 'card', 'deposit');
    const saved = await operatorCall(server, 'POST', '/routing/dry-run', key, {
      body: { flow: 'deposit', pay_group_id: group, currency: 'EUR', amount: '50' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(RoutingDryRunAnswer.parse(saved.body)).toEqual({
      rule: { index: 0, name: CARDS_CASCADE.name },
      candidates: [
        { connector: 'psp-a', first_share: '100' },
        { connector: 'psp-b', first_share: '0' },
      ],
      cascade: true,
    });
    const draft = await operatorCall(server, 'POST', '/routing/dry-run', key, {
      body: {
        flow: 'deposit',
        pay_group_id: group,
        currency: 'EUR',
        amount: '50',
        country: 'DE',
        rules: [
          {
            ...CARDS_CASCADE,
            name: 'DE split',
            when: { countries: ['DE'] },
            connectors: [
              { connector: 'psp-a', weight: 70 },
              { connector: 'psp-b', weight: 30 },
            ],
          },
        ],
      },
    });
    expect(RoutingDryRunAnswer.parse(draft.body).candidates).toEqual([
      { connector: 'psp-a', first_share: '70' },
      { connector: 'psp-b', first_share: '30' },
    ]);
    const none = await operatorCall(server, 'POST', '/routing/dry-run', key, {
      body: { flow: 'deposit', pay_group_id: group, currency: 'EUR', amount: '50', rules: [] },
    });
    expect(RoutingDryRunAnswer.parse(none.body)).toEqual({
      rule: null,
      candidates: [{ connector: 'psp-a', first_share: '100' }],
      cascade: false,
    });
    const read = await operatorCall(server, 'GET', '/routing-rules', key);
    expect(RoutingRulesDocument.parse(read.body).rules).toEqual([CARDS_CASCADE]);
  });
});
