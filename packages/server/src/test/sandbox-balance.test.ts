/**
 * GET /sandbox/balance (the demo host page's header balance, refreshed on the embed SDK's result
 * event): the real server on a fresh database over HTTP. It reports what the cashier's own init
 * answer reports, moves exactly by what a deposit credits, needs a session, and does not exist in
 * production mode.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, SandboxBalanceResponse } from '@cashdesk/contract';
import { CASHIER, callJson, payGroupId, text } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({
    mode: 'production',
    database: server.database,
    env: { CASHDESK_SECRET: 'a-production-secret-for-balance-tests' },
  });
});

afterAll(async () => {
  await production.close();
  await server.close();
});

const BALANCE = ENDPOINTS.sandboxBalance.path;

async function balance(session: string): Promise<SandboxBalanceResponse> {
  const answer = await callJson(server, 'GET', BALANCE, session);
  expect(answer.status).toBe(200);
  return SandboxBalanceResponse.parse(answer.body);
}

async function initBalance(session: string): Promise<string> {
  const answer = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, session);
  expect(answer.status).toBe(200);
  return text(answer.body.user_balance);
}

describe('GET /sandbox/balance', () => {
  it("reports the session player's balance as init does, and moves exactly by a deposit's credit", async () => {
    const player = `balance-${randomUUID().slice(0, 8)}`;
    const session = await createTestSession(server, { player, currency: 'EUR' });
    const before = await balance(session);
    expect(before).toMatchObject({ player_id: player, currency: 'EUR', reserved: '0.00' });
    expect(before.balance).toBe(await initBalance(session));

    const card = await payGroupId(server, 'card', 'deposit');
    const paid = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${card}/submit`,
      session,
      {
        amount: '25.10',
        currency: 'EUR',
        parameters: {
          card_pan: '4000000000000101',
          month: '12',
          year: '30',
          card_cvv: '737',
          card_cardholder_name: 'Dana Demo',
        },
      },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.result_status).toBe('success');

    const after = await balance(session);
    expect(after.balance).toBe(await initBalance(session));
    expect(after.balance).toBe(text(paid.body.user_balance));
    // A new player has no bonus: the balance moves by exactly the amount deposited.
    expect(after.balance).toBe(new Big(before.balance).plus('25.10').toFixed(2));
  });

  it('needs a session: a missing or unknown one is a 4xx with error 17, never a 5xx', async () => {
    for (const session of [null, 'no-such-session']) {
      const answer = await callJson(server, 'GET', BALANCE, session);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error_code).toBe('17');
    }
  });

  it('answers 404 code 1901 in production mode', async () => {
    const session = await createTestSession(server, { player: 'demo' });
    const answer = await callJson(production, 'GET', BALANCE, session);
    expect(answer).toEqual({
      status: 404,
      body: { error_code: '1901', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
  });
});
