/**
 * Integration tests of Apple Pay and Google Pay deposits (SPEC §6, docs/decisions/0122): the
 * select answer carries the wallet's Payment Request data from the pay group's connector, the
 * submit carries the wallet's token, the sandbox decides by the token (its README table), a
 * retried submit charges once, and the token is never stored. The real server with the sandbox
 * provider on a fresh database, real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DepositMethodDetail } from '@cashdesk/contract';
import { sandboxPayments, sandboxTransactions, transactions } from '../db/schema';
import { getBalance } from '../modules/wallet/ledger';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER, withdrawalSession } from './api-calls';
import { depositSubmitCalls } from './deposit-submit-calls';
import type { DepositSubmitCalls } from './deposit-submit-calls';

let server: TestServer;
let idOf: DepositSubmitCalls['idOf'];
let submit: DepositSubmitCalls['submit'];
let freshPlayer: DepositSubmitCalls['freshPlayer'];

beforeAll(async () => {
  server = await startTestServer();
  ({ idOf, submit, freshPlayer } = await depositSubmitCalls(server));
});

afterAll(async () => {
  await server.close();
});

/** A Google Pay token as the wallet answers it, carrying the sandbox marker `marker`. */
function googlePayToken(marker: string): string {
  return JSON.stringify({ signature: 'MEUCIQ', protocolVersion: 'ECv2', signedMessage: marker });
}

function walletBody(wallet: string, token: string, amount = '10') {
  return { amount, currency: 'EUR', fields: {}, native_pay: { wallet, token } };
}

async function balanceOf(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

describe('Apple Pay and Google Pay deposits (SPEC §6)', () => {
  it('SPEC §6: the select answer of a wallet pay group carries its Payment Request data', async () => {
    const { session } = await freshPlayer();
    const select = async (shortName: string) => {
      const response = await fetch(
        `${server.baseUrl}${CASHIER}/payments/groups/${String(idOf(shortName))}/select`,
        {
          method: 'POST',
          headers: { 'x-session-id': session, 'content-type': 'application/json' },
          body: JSON.stringify({ currency: 'EUR' }),
        },
      );
      expect(response.status).toBe(200);
      return z.parse(DepositMethodDetail, await response.json());
    };
    const google = await select('google_pay');
    expect(JSON.parse(google.native_pay_data ?? 'null')).toMatchObject({
      environment: 'TEST',
      apiVersion: 2,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY' },
        },
      ],
    });
    const apple = await select('apple_pay');
    expect(JSON.parse(apple.native_pay_data ?? 'null')).toMatchObject({
      merchantIdentifier: 'merchant.test.cashdesk.sandbox',
    });
    expect((await select('card')).native_pay_data).toBeUndefined();
  });

  it('SPEC §6: an approved Google Pay token credits the deposit once; the token is not stored', async () => {
    const { session, playerId } = await freshPlayer();
    const token = googlePayToken('any-token');
    const answer = await submit(session, 'google_pay', walletBody('google_pay', token, '12.50'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      step: 'result',
      result_status: 'success',
      transaction_status: 'success',
      amount: '12.50',
      user_balance: '512.50',
    });
    expect(await balanceOf(playerId)).toBe('512.5');
    const txId = String(answer.body.transaction_id);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row?.providerRequest).toMatchObject({ wallet: 'google_pay', methodKind: 'card' });
    expect(JSON.stringify(row)).not.toContain('MEUCIQ');
    const [payment] = await server.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.transactionId, txId));
    expect(JSON.stringify(payment)).not.toContain('MEUCIQ');
  });

  it('SPEC §6: a declining token credits nothing and says why (sandbox table)', async () => {
    const { session, playerId } = await freshPlayer();
    const answer = await submit(
      session,
      'apple_pay',
      walletBody('apple_pay', '{"paymentData":"sandbox-insufficient-funds"}'),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      result_status: 'error',
      transaction_status: 'error',
      error_code: '1301',
    });
    expect(await balanceOf(playerId)).toBe('500');
    const [decided] = await server.db
      .select({ outcome: sandboxTransactions.outcome })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.transactionId, String(answer.body.transaction_id)));
    expect(decided?.outcome).toMatchObject({ outcome: 'declined', reason: 'insufficient_funds' });
  });

  it('SPEC §6: a submit retried with the same key charges once', async () => {
    const { session, playerId } = await freshPlayer();
    const key = randomUUID();
    const body = walletBody('google_pay', googlePayToken('approve'), '20');
    const first = await submit(session, 'google_pay', body, key);
    const second = await submit(session, 'google_pay', body, key);
    expect(first.status).toBe(200);
    expect(second).toEqual({ status: 200, body: first.body, replayed: true });
    expect(await balanceOf(playerId)).toBe('520');
    const txId = String(first.body.transaction_id);
    const [charged] = await server.db
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.transactionId, txId));
    expect(charged?.n).toBe(1);
    const [made] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made?.n).toBe(1);
  });

  it.each([
    ['a wallet pay group without a token', 'google_pay', { amount: '10', currency: 'EUR' }],
    [
      'a token of the other wallet',
      'google_pay',
      walletBody('apple_pay', googlePayToken('approve')),
    ],
    ['a token for a card pay group', 'card', walletBody('google_pay', googlePayToken('approve'))],
  ])('SPEC §6: %s is a 400 naming native_pay, and charges nothing', async (_name, group, body) => {
    const { session, playerId } = await freshPlayer();
    const answer = await submit(session, group, body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error_code).toBe('string');
    expect(JSON.stringify(answer.body)).toContain('native_pay');
    expect(await balanceOf(playerId)).toBe('500');
  });

  it('SPEC §6: a withdrawal carrying a wallet token is a 400 naming native_pay', async () => {
    const session = await withdrawalSession(server, `p-${randomUUID()}`);
    const response = await fetch(
      `${server.baseUrl}${CASHIER}/payouts/groups/${String(idOf('bank_payout', 'withdrawal'))}/submit`,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(walletBody('google_pay', googlePayToken('approve'), '50')),
      },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('native_pay');
  });
});
