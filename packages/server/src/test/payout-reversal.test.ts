import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, players, transactions } from '../db/schema';
import type { Database } from '../db/open';
import { DatabaseSandboxStore, SandboxProvider } from '../providers';
import { getBalance, ledgerTotals } from '../modules/wallet/ledger';
import { REVERSED_MESSAGE_KEY, reversePendingWithdrawal } from '../modules/payments/reversal';
import { resolveSession } from '../http/sessions';
import { callJson, payGroupId } from './api-calls';
import type { Method } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

/** Processing payouts settle after ten minutes, so a test decides when they are paid. */
const SETTLE_AFTER_MS = 600_000;
const provider = (db: Database) =>
  new SandboxProvider({ store: new DatabaseSandboxStore(db), settleAfterMs: SETTLE_AFTER_MS });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ provider });
});

afterAll(async () => {
  await server.close();
});

const CASHIER = '/api/cashier-service/v1.0';
const REVERSE = `${CASHIER}/payments/reverse-pending-withdrawal`;

const call = (method: Method, path: string, sessionId: string, body?: unknown) =>
  callJson(server, method, path, sessionId, body);
const mobilePayoutId = () => payGroupId(server, 'mobile_payout');

/** A new brand0 player with EUR 500, a phone and a withdrawal session. */
async function withdrawalSession(name: string): Promise<{ sessionId: string; player: string }> {
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'withdrawal',
    currency: 'EUR',
  });
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error(`no player ${name}`);
  // The mobile payout goes to the profile phone, which it requires.
  await server.db.update(players).set({ phone: '+4915100000042' }).where(eq(players.id, row.id));
  return { sessionId, player: row.id };
}

/** A withdrawal the sandbox keeps processing (amount ending in .15). */
async function pendingWithdrawal(sessionId: string, amount: string): Promise<string> {
  const answer = await call(
    'POST',
    `${CASHIER}/payouts/groups/${String(await mobilePayoutId())}/submit`,
    sessionId,
    { amount, currency: 'EUR' },
  );
  expect(answer.body).toMatchObject({ transaction_status: 'processing' });
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  return id;
}

async function transactionRow(id: string) {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  if (row === undefined) throw new Error(`no transaction ${id}`);
  return row;
}

async function entryKinds(transactionId: string): Promise<string[]> {
  const rows = await server.db
    .select({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  return rows.map((row) => row.kind).sort();
}

async function expectConsistentLedger(player: string): Promise<void> {
  const balance = await getBalance(server.db, player, 'EUR');
  expect(await ledgerTotals(server.db, player, 'EUR')).toEqual({
    amount: balance.balance,
    reserved: balance.reserved,
  });
}

const NOTHING = {
  status: 409,
  body: { error_code: '1501', error_message: 'CASHIER.ERROR.NOTHING_TO_REVERSE' },
};

describe('reverse-pending-withdrawal (SPEC §7, §4 withdrawal reversal)', () => {
  it('answers 1501 when nothing is pending', async () => {
    const { sessionId } = await withdrawalSession('rv-nothing');
    expect(await call('GET', REVERSE, sessionId)).toEqual(NOTHING);
  });

  it('returns the pending amount once: the second reversal finds nothing and the balance is restored exactly once', async () => {
    const { sessionId, player } = await withdrawalSession('rv-twice');
    const id = await pendingWithdrawal(sessionId, '20.15');
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '479.85',
      reserved: '20.15',
    });

    const init = await call('GET', `${CASHIER}/payouts/groups/init`, sessionId);
    expect(init.body.withdrawal_reverse).toEqual({ amount: '20.15', currency: 'EUR' });

    const first = await call('GET', REVERSE, sessionId);
    expect(first).toEqual({
      status: 200,
      body: { success_amount: '20.15', fail_amount: null, currency: 'EUR' },
    });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    const row = await transactionRow(id);
    expect(row).toMatchObject({
      status: 'error',
      errorMessage: REVERSED_MESSAGE_KEY,
      errorCode: null,
      resultStatus: 'error',
    });
    expect(row.providerData).toMatchObject({ declineReason: 'cancelled' });
    expect(typeof row.providerData.reversedAt).toBe('string');

    expect(await call('GET', REVERSE, sessionId)).toEqual(NOTHING);
    expect((await getBalance(server.db, player, 'EUR')).balance).toBe('500');
    const after = await call('GET', `${CASHIER}/payouts/groups/init`, sessionId);
    expect(after.body.withdrawal_reverse).toBeNull();
    expect(await entryKinds(id)).toEqual(['withdrawal_release', 'withdrawal_reserve']);
    await expectConsistentLedger(player);
  });

  it('two reversals at once return the money once: one answers the amount, the other 1501', async () => {
    const { sessionId, player } = await withdrawalSession('rv-race');
    const id = await pendingWithdrawal(sessionId, '30.15');
    const answers = await Promise.all([
      call('GET', REVERSE, sessionId),
      call('GET', REVERSE, sessionId),
    ]);
    const sorted = [...answers].sort((a, b) => a.status - b.status);
    expect(sorted).toEqual([
      { status: 200, body: { success_amount: '30.15', fail_amount: null, currency: 'EUR' } },
      NOTHING,
    ]);
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    expect(await entryKinds(id)).toEqual(['withdrawal_release', 'withdrawal_reserve']);
    await expectConsistentLedger(player);
  });

  it('reverses every pending withdrawal of the session currency together', async () => {
    const { sessionId, player } = await withdrawalSession('rv-several');
    await pendingWithdrawal(sessionId, '10.15');
    await pendingWithdrawal(sessionId, '12.15');
    expect((await getBalance(server.db, player, 'EUR')).reserved).toBe('22.3');
    const answer = await call('GET', REVERSE, sessionId);
    expect(answer.body).toEqual({ success_amount: '22.30', fail_amount: null, currency: 'EUR' });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
  });

  it('reports a withdrawal the provider already paid as fail_amount and settles it (no success_amount)', async () => {
    const { sessionId, player } = await withdrawalSession('rv-paid');
    const id = await pendingWithdrawal(sessionId, '40.15');
    const session = await resolveSession(server.db, { lifetimeMs: 900_000 }, sessionId);
    const later = new Date(Date.now() + SETTLE_AFTER_MS + 1_000);
    const answer = await reversePendingWithdrawal(
      { ...server.app.cashdesk, clock: () => later },
      session,
    );
    expect(answer).toEqual({ success_amount: null, fail_amount: '40.15', currency: 'EUR' });
    expect(await transactionRow(id)).toMatchObject({ status: 'success' });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '459.85',
      reserved: '0',
    });
    expect(await entryKinds(id)).toEqual(['withdrawal_reserve', 'withdrawal_settle']);
    expect(await call('GET', REVERSE, sessionId)).toEqual(NOTHING);
    await expectConsistentLedger(player);
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    const response = await fetch(`${server.baseUrl}${REVERSE}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error_code: '17',
      error_message: 'CASHIER.PH2.ERROR_MESSAGE.17',
    });
  });
});
