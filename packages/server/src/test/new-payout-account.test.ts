/**
 * SPEC §3 payment request payload `is_new_payout_account` (the widget's isNewPamAccount, §7
 * marker pam_new_account): the operator's `new_payout_account` (webhooks and operator API) is
 * true exactly on a player's first withdrawal to a payout account, its requisites (typed or
 * saved, deleted and added again), and false on every later one, whatever the client claims;
 * of two withdrawals requested at once exactly one is the first; a first that failed moved no
 * money, so the next one is the first again (modules/payments/first-payout.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OperatorTransaction } from '@cashdesk/contract';
import { webhookEvents } from '../db/schema';
import {
  ACCOUNTS,
  CASHIER,
  callJson,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';

let server: TestServer;
let operatorKey: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  operatorKey = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
});

const BANK_FORM = {
  iban: 'DE89370400440532013000',
  birth_date: '1990-04-01T00:00:00.000Z',
  account_owner_confirmed: true,
};

async function submit(
  sessionId: string,
  shortName: string,
  body: Record<string, unknown>,
  status = 'success',
): Promise<string> {
  const answer = await callJson(
    server,
    'POST',
    `${CASHIER}/payouts/groups/${String(await payGroupId(server, shortName))}/submit`,
    sessionId,
    { currency: 'EUR', ...body },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.transaction_status).toBe(status);
  // The answer names the withdrawal it made (two made at once are told apart by it).
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error(`no transaction id: ${JSON.stringify(answer.body)}`);
  return id;
}

/** What the operator is told: the webhook events of the withdrawal and the operator API's view. */
async function toldOperator(id: string): Promise<{ events: boolean[]; api: boolean }> {
  const events = await server.db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.transactionId, id))
    .orderBy(webhookEvents.seq);
  const flags = events.map((event) => {
    const transaction: unknown = Reflect.get(Object(event.payload), 'transaction');
    return Reflect.get(Object(transaction), 'new_payout_account') === true;
  });
  const answer = await operatorCall(server, 'GET', `/transactions/${id}`, operatorKey);
  expect(answer.status, answer.text).toBe(200);
  return { events: flags, api: OperatorTransaction.parse(answer.body).new_payout_account };
}

/** A payout account of the player's ewallet_payout, added and verified by a one-time code. */
async function verifiedAccount(sessionId: string, phone: string): Promise<string> {
  const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
    pay_group_id: await payGroupId(server, 'ewallet_payout'),
    requisite_type: '2',
    value: phone,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const requisiteId = text(created.body.requisite_id);
  await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
    contact_type: 'email',
    requisite_id: requisiteId,
  });
  const latest = await callJson(server, 'GET', '/sandbox/otp/latest', sessionId);
  const verified = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
    otp: text(latest.body.otp),
    requisite_id: requisiteId,
  });
  expect(verified.body.verified).toBe(true);
  return requisiteId;
}

/** The operator API's mark of each withdrawal, in order. */
async function marks(ids: readonly string[]): Promise<boolean[]> {
  const found: boolean[] = [];
  for (const id of ids) found.push((await toldOperator(id)).api);
  return found;
}

describe('SPEC §3 is_new_payout_account on the server', () => {
  it('SPEC §3: five withdrawals to the same typed IBAN, each claimed new: only the first is new, in the webhooks and the API', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-typed');
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        await submit(sessionId, 'bank_payout', {
          amount: '60',
          parameters: BANK_FORM,
          is_new_payout_account: true,
        }),
      );
    }
    expect(await toldOperator(ids[0] ?? '')).toEqual({ events: [true, true], api: true });
    expect(await toldOperator(ids[1] ?? '')).toEqual({ events: [false, false], api: false });
    expect(await marks(ids)).toEqual([true, false, false, false, false]);
  });

  it('SPEC §3: another IBAN, or the same IBAN of another player, is new without any claim', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-other');
    const first = await submit(sessionId, 'bank_payout', { amount: '60', parameters: BANK_FORM });
    const other = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: { ...BANK_FORM, iban: 'GB82WEST12345698765432' },
    });
    const again = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: BANK_FORM,
      is_new_payout_account: true,
    });
    const otherPlayer = await submit(
      await withdrawalSession(server, 'new-account-other-2'),
      'bank_payout',
      { amount: '60', parameters: BANK_FORM },
    );
    expect(await marks([first, other, again, otherPlayer])).toEqual([true, true, false, true]);
  });

  it('SPEC §3, §7 pam_new_account: the first withdrawal to an account verified just before is new without the marker; the second is not, with it', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-verified');
    const requisiteId = await verifiedAccount(sessionId, '+4917012340077');
    const first = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: requisiteId },
    });
    expect(await toldOperator(first)).toEqual({ events: [true, true], api: true });
    const second = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: requisiteId },
      is_new_payout_account: true,
    });
    expect(await toldOperator(second)).toEqual({ events: [false, false], api: false });
  });

  it('SPEC §2 delete-account: an account deleted and added again with the same value is not new; another value is', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-readded');
    const before = await verifiedAccount(sessionId, '+4917012340088');
    const first = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: before },
    });
    const removed = await callJson(server, 'DELETE', `${ACCOUNTS}/requisite/${before}`, sessionId);
    expect(removed.status).toBe(200);
    const again = await verifiedAccount(sessionId, '+4917012340088');
    expect(again).not.toBe(before);
    const afterReadding = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: again },
      is_new_payout_account: true,
    });
    const another = await verifiedAccount(sessionId, '+4917012340099');
    const toAnother = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: another },
    });
    expect(await marks([first, afterReadding, toAnother])).toEqual([true, false, true]);
  });

  it('SPEC §3: two withdrawals to a new account requested at once: exactly one is the first', async () => {
    // On PostgreSQL (npm run test:postgres) the two creating transactions run side by side and
    // only the account's lock orders them; PGlite runs one transaction at a time.
    const sessionId = await withdrawalSession(server, 'new-account-concurrent');
    const body = {
      amount: '60',
      parameters: { ...BANK_FORM, iban: 'FR1420041010050500013M02606' },
      is_new_payout_account: true,
    };
    const ids = await Promise.all([
      submit(sessionId, 'bank_payout', body),
      submit(sessionId, 'bank_payout', body),
    ]);
    expect((await marks(ids)).sort()).toEqual([false, true]);
  });

  it('SPEC §3: a first withdrawal that failed (rejected) paid nothing: the next one to the account is the first', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-rejected');
    const iban = { ...BANK_FORM, iban: 'NL91ABNA0417164300' };
    const approval = (required: boolean) =>
      operatorCall(server, 'PUT', '/payout-approval', operatorKey, { body: { required } });
    expect((await approval(true)).status).toBe(200);
    let rejected: string;
    let waiting: string;
    try {
      rejected = await submit(
        sessionId,
        'bank_payout',
        { amount: '60', parameters: iban },
        'created',
      );
      waiting = await submit(
        sessionId,
        'bank_payout',
        { amount: '60', parameters: iban },
        'created',
      );
    } finally {
      expect((await approval(false)).status).toBe(200);
    }
    // Requested while the first might still be paid: not the first.
    expect(await marks([rejected, waiting])).toEqual([true, false]);
    const decided = await operatorCall(
      server,
      'POST',
      `/transactions/${rejected}/reject`,
      operatorKey,
      { body: {} },
    );
    expect(decided.status).toBe(200);
    const reversed = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/reverse-pending-withdrawal`,
      sessionId,
    );
    expect(reversed.status).toBe(200);
    const next = await submit(sessionId, 'bank_payout', { amount: '60', parameters: iban });
    const later = await submit(sessionId, 'bank_payout', { amount: '60', parameters: iban });
    expect(await marks([next, later])).toEqual([true, false]);
  });

  it('SPEC §3: a saved card is no payout account: the marker on a card withdrawal is ignored', async () => {
    const name = 'new-account-card';
    const sessionId = await withdrawalSession(server, name);
    const cardId = await saveSandboxCard(server, await brand0PlayerId(server, name));
    const id = await submit(sessionId, 'card_payout', {
      amount: '40',
      card_data: { card_id: cardId },
      is_new_payout_account: true,
    });
    expect((await toldOperator(id)).api).toBe(false);
  });
});
