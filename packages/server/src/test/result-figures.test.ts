/**
 * What a result page reads of a payment's money (GET payments/status), on the real server over
 * HTTP with the sandbox provider: a withdrawal says what reaches the player after its fee and tax
 * and where it goes; an amount is taken only as the decimal the contract names, never guessed
 * from a typed form ("1,000" is refused, not read as 1.000).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { players } from '../db/schema';
import {
  CASHIER,
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  withdrawalSession,
} from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function playerIdOf(name: string): Promise<string> {
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error('no player');
  return row.id;
}

async function statusOf(sessionId: string, id: unknown) {
  if (typeof id !== 'string') throw new Error('no transaction id');
  const answer = await callJson(server, 'GET', `${CASHIER}/payments/status/${id}`, sessionId);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function depositSubmit(sessionId: string, body: unknown) {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, 'card', 'deposit')),
  });
  return callJson(server, 'POST', path, sessionId, body, { 'idempotency-key': randomUUID() });
}

describe('the money a result page shows (SPEC §2 result page, §7 status)', () => {
  it('SPEC §5 fee: a withdrawal says what the player receives and the card it goes to', async () => {
    const name = `figures-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(server, name);
    const cardId = await saveSandboxCard(server, await playerIdOf(name));
    // 150 EUR: brand0's withdrawal tax is 10 % of the part from 100 to 1000, 5.00 here.
    const answer = await cardPayoutSubmit(server, sessionId, cardId, { amount: '150' });
    expect(answer.status).toBe(200);
    const status = await statusOf(sessionId, answer.body.transaction_id);
    expect(status).toMatchObject({
      amount: '150.00',
      fee: '0.00',
      tax: '5.00',
      received: '145.00',
      destination: 'Visa •••• 0101',
    });
  });

  it('SPEC §7: a deposit carries neither', async () => {
    const sessionId = await createTestSession(server, {
      player: `figures-${randomUUID().slice(0, 8)}`,
      flow: 'deposit',
      currency: 'EUR',
    });
    const answer = await depositSubmit(sessionId, cardDepositBody('20'));
    expect(answer.status).toBe(200);
    const status = await statusOf(sessionId, answer.body.transaction_id);
    expect(status).toMatchObject({ received: null, destination: null });
  });

  it.each(['1,000', '1.000,00', '١٠٠٠', '1 000'])(
    'SPEC §3, §5: a typed amount %j is refused with a 400 naming body.amount, never guessed',
    async (typed) => {
      const sessionId = await createTestSession(server, {
        player: `figures-${randomUUID().slice(0, 8)}`,
        flow: 'deposit',
        currency: 'EUR',
      });
      const answer = await depositSubmit(sessionId, cardDepositBody(typed));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_field: 'body.amount' });
    },
  );
});
