/**
 * Connector health on the real server over HTTP, with two PSP simulator processes (`psp-a`,
 * `psp-b`): brand0's card deposits are routed to psp-a first, psp-b as fallback, without
 * cascading. Calls of psp-a that get no answer open it (3 calls, 50 % failed), routing then skips
 * it, a second app on the same database sees it open too, and after the cool-down one payment
 * probes it: an answer closes it, a failure opens it again.
 *
 * Time: the app runs on a clock the tests move; the cool-down is crossed by moving it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConnectorList, ENDPOINTS, buildPath } from '@cashdesk/contract';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { transactions } from '../db/schema';
import { callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import { cardDepositsPayThrough, cardsToPspAThenB, twoConnectorEnv } from './two-connectors';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';

const COOLDOWN_MS = 10_000;

let pspA: SimulatorProcess;
let pspB: SimulatorProcess;
let server: TestServer;
let key: string;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

const ENV = {
  ...OPERATOR_ENV,
  CONNECTOR_HEALTH_MIN_CALLS: '3',
  CONNECTOR_HEALTH_FAILURE_PERCENT: '50',
  CONNECTOR_HEALTH_WINDOW_MS: '60000',
  CONNECTOR_HEALTH_COOLDOWN_MS: String(COOLDOWN_MS),
};

const FALLBACK = cardsToPspAThenB(false);

beforeAll(async () => {
  [pspA, pspB] = await Promise.all([startSimulatorProcess(), startSimulatorProcess()]);
  server = await startTestServer({
    clock,
    env: { ...ENV, ...twoConnectorEnv(pspA, pspB) },
  });
  key = (await mintKey(server, 'brand0')).key;
  await cardDepositsPayThrough(server.db, 'psp-a');
  const put = await operatorCall(server, 'PUT', '/routing-rules', key, {
    body: { rules: [FALLBACK] },
  });
  expect(put.status, put.text).toBe(200);
}, 120_000);

afterAll(async () => {
  await server.close();
  await Promise.all([pspA.stop(), pspB.stop()]);
});

afterEach(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
  expect(await reservationViolations(server.db)).toEqual([]);
});

/** A card deposit of 50 EUR by a new brand0 player through `app` (default: the test's server). */
async function deposit(app: TestServer = server) {
  const sessionId = await createTestSession(app, {
    player: `health-${randomUUID().slice(0, 8)}`,
    flow: 'deposit',
    currency: 'EUR',
  });
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(app, 'card', 'deposit')),
  });
  const answer = await callJson(app, 'POST', path, sessionId, cardDepositBody('50'), {
    'idempotency-key': randomUUID(),
  });
  const id = text(answer.body.transaction_id);
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
  return { status: answer.body.transaction_status, connector: row?.connector };
}

/** A sample's value on the server's /metrics (open to a scrape without METRICS_TOKEN). */
async function metric(sample: string): Promise<string | undefined> {
  const response = await fetch(`${server.baseUrl}/metrics`);
  const body = await response.text();
  return body
    .split('\n')
    .find((line) => line.startsWith(`${sample} `))
    ?.split(' ')[1];
}

/** psp-a's health as the operator API answers it. */
async function healthOfA() {
  const answer = await operatorCall(server, 'GET', '/connectors', key);
  expect(answer.status).toBe(200);
  const listed = ConnectorList.parse(answer.body).connectors;
  expect(listed.map((connector) => connector.name)).toEqual(['sandbox', 'psp-a', 'psp-b']);
  return listed.find((connector) => connector.name === 'psp-a')?.health;
}

describe('connector health', () => {
  it('opens a connector whose calls go unanswered, and routing then skips it, in every process', async () => {
    expect(await healthOfA()).toMatchObject({ state: 'healthy', calls: 0 });
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'fail-before', times: 3 });
    for (let call = 0; call < 3; call += 1) {
      expect(await deposit()).toMatchObject({ status: 'created', connector: 'psp-a' });
    }
    expect(await healthOfA()).toMatchObject({ state: 'open', calls: 3, failures: 3 });
    expect(server.logs()).toContain('connector calls fail past the threshold');
    expect(await metric('cashdesk_connector_open{connector="psp-a"}')).toBe('1');

    expect(await deposit()).toEqual({ status: 'success', connector: 'psp-b' });
    expect(server.logs()).toContain('unhealthy connectors skipped by routing');
    // A second app on the same database routes around it too.
    const other = await startTestServer({
      database: server.database,
      clock,
      env: { ...ENV, ...twoConnectorEnv(pspA, pspB) },
    });
    try {
      expect(await deposit(other)).toEqual({ status: 'success', connector: 'psp-b' });
    } finally {
      await other.close();
    }
  });

  it('lets one payment probe it after the cool-down: a failure opens it again, an answer closes it', async () => {
    offset += COOLDOWN_MS;
    await pspA.fault({ operation: 'authorizeDeposit', mode: 'fail-before' });
    expect(await deposit()).toMatchObject({ connector: 'psp-a' });
    expect(await healthOfA()).toMatchObject({ state: 'open' });
    // Still cooling down: skipped.
    expect(await deposit()).toEqual({ status: 'success', connector: 'psp-b' });

    offset += COOLDOWN_MS;
    expect(await deposit()).toEqual({ status: 'success', connector: 'psp-a' });
    expect(await healthOfA()).toMatchObject({ state: 'healthy', calls: 0, failures: 0 });
    expect(await metric('cashdesk_connector_open{connector="psp-a"}')).toBe('0');
    expect(server.logs()).toContain('connector answered again');
    expect(await deposit()).toEqual({ status: 'success', connector: 'psp-a' });
  });
});
