/**
 * SPEC §3 payment request payload `is_new_payout_account` (the widget's isNewPamAccount, §7
 * marker pam_new_account): the server keeps the player's "new account" claim with the withdrawal
 * where it can stand by it, and tells the operator in the transaction its webhooks and operator
 * API carry (`new_payout_account`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OperatorTransaction } from '@cashdesk/contract';
import { transactions, webhookEvents } from '../db/schema';
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
): Promise<string> {
  const answer = await callJson(
    server,
    'POST',
    `${CASHIER}/payouts/groups/${String(await payGroupId(server, shortName))}/submit`,
    sessionId,
    { currency: 'EUR', ...body },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.transaction_status).toBe('success');
  // The newest withdrawal of the session is the one just made.
  const rows = await server.db
    .select({ id: transactions.id, createdAt: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.sessionId, sessionId), eq(transactions.flow, 'withdrawal')));
  const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (newest === undefined) throw new Error('no withdrawal written');
  return newest.id;
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

describe('SPEC §3 is_new_payout_account on the server', () => {
  it('SPEC §3: a withdrawal to requisites typed as a new account is marked new for the operator; the same form without the marker is not', async () => {
    const sessionId = await withdrawalSession(server, 'new-account-typed');
    const marked = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: BANK_FORM,
      is_new_payout_account: true,
    });
    expect(await toldOperator(marked)).toEqual({ events: [true, true], api: true });

    const unmarked = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: BANK_FORM,
    });
    expect(await toldOperator(unmarked)).toEqual({ events: [false, false], api: false });
  });

  it('SPEC §3, §7 pam_new_account: an account added and verified just before is new on its first withdrawal only; a stale marker on the second is not believed', async () => {
    const name = 'new-account-verified';
    const sessionId = await withdrawalSession(server, name);
    const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
      pay_group_id: await payGroupId(server, 'ewallet_payout'),
      requisite_type: '2',
      value: '+4917012340077',
    });
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

    const first = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: requisiteId },
      is_new_payout_account: true,
    });
    expect((await toldOperator(first)).api).toBe(true);
    const second = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { requisite_id: requisiteId },
      is_new_payout_account: true,
    });
    expect(await toldOperator(second)).toEqual({ events: [false, false], api: false });
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
