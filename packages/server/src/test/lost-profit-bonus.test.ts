/**
 * The lost-profit bonus (SPEC §3 lost_profit_merchant_bonus, §5 ribbon and bonus rules,
 * docs/decisions/0116-lost-profit-bonus-credited.md), on the real server over HTTP with the
 * sandbox provider: a deposit through the advertised pay group (brand0's Crypto QR: 5 % from 20
 * to 100 EUR, 15.00 from 100) is credited the bonus of its tier once, as a ledger entry of its
 * own, and the status answer shows it with the new balance; another pay group earns none.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, callJson } from './api-calls';
import { eurBalance, ledgerOf, startDeposit } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations } from './money-invariants';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A new brand0 player (EUR 500 by the seed's defaults) with a deposit session. */
async function newPlayer(): Promise<{ name: string; sessionId: string }> {
  const name = `lost-profit-${randomUUID().slice(0, 8)}`;
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'deposit',
    currency: 'EUR',
  });
  return { name, sessionId };
}

/** The player pays the QR code at the sandbox's provider page (its Approve). */
async function approveAtProvider(transactionId: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/sandbox/interaction/${transactionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=approve',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

const status = (sessionId: string, id: string) =>
  callJson(server, 'GET', `${CASHIER}/payments/status/${id}`, sessionId);

describe('the lost-profit bonus is credited as the ribbon advertises (SPEC §5)', () => {
  it.each([
    ['60', '3.00', '563.00'],
    ['150', '15.00', '665.00'],
  ])(
    'SPEC §5: a %s EUR Crypto deposit by a new player earns %s, once; the balance becomes %s',
    async (amount, bonus, balance) => {
      const { name, sessionId } = await newPlayer();
      const deposit = await startDeposit(server, { sessionId, payGroup: 'crypto_qr', amount });
      // The bonus is booked with the payment, and shown while it waits.
      expect(Number(deposit.row.bonus)).toBe(Number(bonus));
      await approveAtProvider(deposit.transactionId);
      const first = await status(sessionId, deposit.transactionId);
      expect(first.body).toMatchObject({ result_status: 'success', bonus, user_balance: balance });
      // Read again (a second poll, a push): nothing is credited twice.
      const again = await status(sessionId, deposit.transactionId);
      expect(again.body).toMatchObject({ bonus, user_balance: balance });
      expect(await ledgerOf(server, deposit.transactionId)).toEqual([
        { kind: 'bonus', amount: bonus.replace(/\.?0+$/, '') },
        { kind: 'deposit', amount },
      ]);
      expect(await eurBalance(server, name)).toBe(balance.replace(/\.?0+$/, ''));
      expect(await ledgerViolations(server.db)).toEqual([]);
    },
  );

  it('SPEC §5: a pay group without the ribbon earns no bonus', async () => {
    const { sessionId } = await newPlayer();
    const other = await startDeposit(server, { sessionId, payGroup: 'mobile_money', amount: '60' });
    expect(Number(other.row.bonus)).toBe(0);
  });
});
