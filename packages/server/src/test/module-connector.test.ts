/**
 * A connector module end to end: the example connector (examples/connector-example, built on
 * `@cashdesk/connector-kit` alone) configured as an operator would, CONNECTORS=card-psp with
 * CONNECTOR_CARD_PSP_KIND=module and its package name, on the real server and database, paying
 * through the PSP simulator as its own process. brand0's card deposit pay group pays through it.
 * The simulator pushes signed notifications to `POST /api/providers/card-psp/webhook`: a
 * `processing` card deposit and a pending refund settle by them, and the simulator's count of
 * its routes shows that nothing polled.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefundAnswer } from '@cashdesk/contract';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { payGroups, refunds } from '../db/schema';
import { newCard } from '../providers/sandbox/test-support';
import { ledgerOf, reload, startDeposit } from './alt-fixtures';
import {
  createTestDatabase,
  createTestSession,
  startTestServer,
  writeBrandConfig,
} from './harness';
import type { TestDatabase, TestServer } from './harness';
import { moneyViolations } from './money-invariants';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';

const SECRET = 'card-psp-push-secret-1';
/** Past the sandbox's settle delay: what the simulator's clock says when it pushes results. */
const SETTLED_MS = 60_000;

let simulator: SimulatorProcess;
let database: TestDatabase;
let server: TestServer;
let key: string;

beforeAll(async () => {
  simulator = await startSimulatorProcess();
  database = await createTestDatabase();
  await writeBrandConfig(database.db, 'brand0', (tx) =>
    tx
      .update(payGroups)
      .set({ connector: 'card-psp' })
      .where(
        and(
          eq(payGroups.brandId, 'brand0'),
          eq(payGroups.flow, 'deposit'),
          eq(payGroups.shortName, 'card'),
        ),
      ),
  );
  server = await startTestServer({
    database,
    env: {
      ...OPERATOR_ENV,
      CONNECTORS: 'card-psp',
      CONNECTOR_CARD_PSP_KIND: 'module',
      CONNECTOR_CARD_PSP_MODULE: '@example/cashdesk-connector',
      CONNECTOR_CARD_PSP_SETTING_URL: simulator.url,
      CONNECTOR_CARD_PSP_SETTING_WEBHOOK_SECRET: SECRET,
    },
  });
  expect(server.config.unknownVariables).toEqual([]);
  await simulator.notifyTo({
    url: `${server.baseUrl}/api/providers/card-psp/webhook`,
    secret: SECRET,
  });
  key = (await mintKey(server, 'brand0')).key;
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await simulator.stop();
});

/** What the simulator's status and lookup routes were asked: polls, which must not happen. */
async function polls(): Promise<number> {
  const { operationCalls } = await simulator.activity();
  return (operationCalls.status ?? 0) + (operationCalls.lookup ?? 0);
}

describe('a connector module (CONNECTOR_<NAME>_KIND=module)', () => {
  it('pays a card deposit that settles by its push notification, with no status poll', async () => {
    const name = `module-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name, currency: 'EUR' });
    // The processing test card: accepted, then approved after the settle delay.
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'card',
      amount: '40',
      card: newCard('4000000000000606'),
    });
    expect(deposit.row).toMatchObject({ status: 'processing', connector: 'card-psp' });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);

    // The PSP settles and pushes the result; the server applies it at once.
    const { deliveries } = await simulator.deliverNotifications(new Date(Date.now() + SETTLED_MS));
    expect(deliveries).toContainEqual(
      expect.objectContaining({
        type: 'payment.status',
        transactionId: deposit.transactionId,
        httpStatus: 200,
      }),
    );
    const row = await reload(server, deposit.transactionId);
    expect(row.status).toBe('success');
    expect((await ledgerOf(server, deposit.transactionId)).map((entry) => entry.kind)).toEqual([
      'deposit',
    ]);
    expect(await polls()).toBe(0);

    // Delivered again (the PSP's retry): acknowledged, credited once.
    await simulator.notifyTo({
      url: `${server.baseUrl}/api/providers/card-psp/webhook`,
      secret: SECRET,
    });
    await simulator.deliverNotifications(new Date(Date.now() + SETTLED_MS));
    expect(await ledgerOf(server, deposit.transactionId)).toHaveLength(1);
    // The simulator's statuses as of its settled clock.
    const settled = await simulator.activity(new Date(Date.now() + SETTLED_MS));
    expect(await moneyViolations(server.db, settled)).toEqual([]);
  });

  it('settles a pending refund by its push notification (refund id, refund reference, outcome)', async () => {
    const name = `module-refund-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name, currency: 'EUR' });
    const deposit = await startDeposit(server, {
      sessionId,
      payGroup: 'card',
      amount: '50',
      card: newCard('4000000000000101'),
    });
    expect(deposit.row.status).toBe('success');
    // An amount ending in .15: the PSP accepts the refund and settles it later.
    const answer = await operatorCall(
      server,
      'POST',
      `/transactions/${deposit.transactionId}/refunds`,
      key,
      {
        body: { amount: '10.15', reason: 'goodwill' },
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    const requested = RefundAnswer.parse(answer.body).refund;
    expect(requested.status).toBe('requested');
    const { deliveries } = await simulator.deliverNotifications(new Date(Date.now() + SETTLED_MS));
    expect(deliveries).toContainEqual(
      expect.objectContaining({ type: 'refund.result', refundId: requested.id, httpStatus: 200 }),
    );
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, requested.id));
    expect(row?.status).toBe('succeeded');
    expect(await polls()).toBe(0);
    // The simulator's statuses as of its settled clock.
    const settled = await simulator.activity(new Date(Date.now() + SETTLED_MS));
    expect(await moneyViolations(server.db, settled)).toEqual([]);
  });
});
