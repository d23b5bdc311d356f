import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payoutAccounts, transactions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { ACCOUNTS, CASHIER, callJson, payGroupId, text, withdrawalSession } from './api-calls';
import type { Answer, CallArgs } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const call = (...args: CallArgs) => callJson(server, ...args);
const walletGroupId = () => payGroupId(server, 'ewallet_payout');

/** A new brand0 player (EUR 500 by the seed's defaults) with a withdrawal session and e-mail. */
const withdrawalPlayer = (name: string) => withdrawalSession(server, name, { country: 'DE' });

/** Creates a wallet account and confirms it with the one-time code, as the widget does. */
async function verifiedWallet(sessionId: string, value: string): Promise<string> {
  const created = await call('POST', `${ACCOUNTS}/requisite/create`, sessionId, {
    pay_group_id: await walletGroupId(),
    requisite_type: '2',
    value,
  });
  expect(created.status).toBe(200);
  const requisiteId = text(created.body.requisite_id);
  const sent = await call('POST', `${ACCOUNTS}/otp/send`, sessionId, {
    contact_type: 'email',
    requisite_id: requisiteId,
  });
  expect(sent.status).toBe(200);
  const latest = await call('GET', '/sandbox/otp/latest', sessionId);
  const verified = await call('POST', `${ACCOUNTS}/otp/verify`, sessionId, {
    otp: text(latest.body.otp),
    requisite_id: requisiteId,
  });
  expect(verified.body.verified).toBe(true);
  return requisiteId;
}

/** The ids of payout_accounts in the wallet method's select answer. */
async function listedAccounts(sessionId: string): Promise<string[]> {
  const detail = await call(
    'POST',
    `${CASHIER}/payouts/groups/${String(await walletGroupId())}/select`,
    sessionId,
    { currency: 'EUR' },
  );
  expect(detail.status).toBe(200);
  const accounts = detail.body.payout_accounts;
  if (!Array.isArray(accounts)) throw new Error('payout_accounts is not a list');
  return accounts.map((account: unknown) => (isRecord(account) ? text(account.id) : ''));
}

let keyCounter = 0;

async function payTo(
  sessionId: string,
  requisiteId: string,
): Promise<Answer<Record<string, unknown>>> {
  keyCounter += 1;
  return call(
    'POST',
    `${CASHIER}/payouts/groups/${String(await walletGroupId())}/submit`,
    sessionId,
    { currency: 'EUR', amount: '10', parameters: { requisite_id: requisiteId } },
    { 'idempotency-key': `requisite-delete-key-${String(keyCounter).padStart(6, '0')}` },
  );
}

function removeAccount(
  sessionId: string | null,
  requisiteId: string,
): Promise<Answer<Record<string, unknown>>> {
  return call('DELETE', `${ACCOUNTS}/requisite/${requisiteId}`, sessionId);
}

describe('DELETE requisite/{requisiteId} (SPEC §2 payout entry: delete-account confirmation popup)', () => {
  it('removes the account: it leaves payout_accounts of the select and is no longer payable (SPEC §2, §7)', async () => {
    const sessionId = await withdrawalPlayer('rd-owner');
    const kept = await verifiedWallet(sessionId, '+4917012300001');
    const removed = await verifiedWallet(sessionId, '+4917012300002');
    expect(await listedAccounts(sessionId)).toEqual([kept, removed]);
    const before = await payTo(sessionId, removed);
    expect(before.status).toBe(200);
    expect(before.body.transaction_status).toBe('success');

    const answer = await removeAccount(sessionId, removed);
    expect(answer).toEqual({ status: 200, body: { deleted: true, requisite_id: removed } });

    expect(await listedAccounts(sessionId)).toEqual([kept]);
    const after = await payTo(sessionId, removed);
    expect(after).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'body.parameters.requisite_id' },
    });
    expect((await payTo(sessionId, kept)).status).toBe(200);

    // Soft delete: the row stays for the withdrawal already paid to it.
    const [row] = await server.db
      .select({ deletedAt: payoutAccounts.deletedAt })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, removed));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const paid = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.payoutAccountId, removed));
    expect(paid).toHaveLength(1);
  });

  it('answers 404 for an account removed before, and otp/send no longer reaches it (SPEC §2, §8)', async () => {
    const sessionId = await withdrawalPlayer('rd-twice');
    const requisiteId = await verifiedWallet(sessionId, '+4917012300003');
    expect((await removeAccount(sessionId, requisiteId)).status).toBe(200);
    expect(await removeAccount(sessionId, requisiteId)).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'params.requisiteId' },
    });
    const sent = await call('POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(sent.status).toBe(404);
  });

  it("answers 404 for another player's account exactly like an unknown one, and leaves it alone (SPEC §6, §8)", async () => {
    const owner = await withdrawalPlayer('rd-victim');
    const requisiteId = await verifiedWallet(owner, '+4917012300004');
    const intruder = await withdrawalPlayer('rd-intruder');

    const foreign = await removeAccount(intruder, requisiteId);
    const unknown = await removeAccount(intruder, '00000000-0000-4000-8000-000000000000');
    const malformed = await removeAccount(intruder, 'req_7QpX2');
    for (const answer of [foreign, unknown, malformed]) {
      expect(answer).toMatchObject({
        status: 404,
        body: { error_code: '1008', error_message: 'CASHIER.ERROR.NOT_FOUND' },
      });
    }
    expect(foreign.body).toEqual(unknown.body);
    expect(await listedAccounts(owner)).toEqual([requisiteId]);
    expect((await payTo(owner, requisiteId)).status).toBe(200);
  });

  it('answers code 17 without a session and removes nothing (SPEC §6, §8)', async () => {
    const owner = await withdrawalPlayer('rd-no-session');
    const requisiteId = await verifiedWallet(owner, '+4917012300005');
    const answer = await removeAccount(null, requisiteId);
    expect(answer).toEqual({
      status: 401,
      body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
    });
    expect(await listedAccounts(owner)).toEqual([requisiteId]);
  });
});
