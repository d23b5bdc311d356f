/**
 * Integration tests of the route call of both flows and the deposit confirmation code (SPEC §7
 * route and otp, §3 routing and one-time code state): the real server on a fresh database with
 * two fixture pay groups (a routable bank list and a wallet whose phone is confirmed by a code).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { otpChallenges, payGroupCurrencies, payGroups, players, transactions } from '../db/schema';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';
import { ACCOUNTS, callJson, text, withIdempotencyKey, withdrawalSession } from './api-calls';

let server: TestServer;
const ids = new Map<string, number>();
let routable = 0;
let confirmed = 0;

const CASHIER = '/api/cashier-service/v1.0';
const ROUTE = '/api/cashier-service';
const PHONE = '+4915199887766';

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db
    .select({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.brandId, 'brand0'));
  for (const row of rows) ids.set(`${row.flow}:${row.shortName}`, row.id);
  const inserted = await server.db
    .insert(payGroups)
    .values([
      {
        brandId: 'brand0',
        flow: 'deposit',
        shortName: 'local_bank',
        publicName: 'Local bank (routed)',
        payMethodType: 'bank_transfers',
        providerKind: 'alternative',
        isRoutable: true,
        fields: [
          {
            name: 'bank',
            type: 'select',
            label: 'PH.FIELD.BANK',
            is_required: true,
            options: [
              { label: 'Bank One', value: 'b1' },
              { label: 'Bank Two', value: 'b2' },
            ],
            items: [
              {
                when: 'b1',
                fields: [
                  {
                    name: 'iban',
                    type: 'input',
                    regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
                    is_required: true,
                  },
                ],
              },
              {
                when: 'b2',
                fields: [{ name: 'account_number', type: 'input', is_required: true }],
              },
            ],
          },
        ],
      },
      {
        brandId: 'brand0',
        flow: 'deposit',
        shortName: 'phone_wallet',
        publicName: 'Phone wallet (confirmed by code)',
        payMethodType: 'mobile',
        providerKind: 'mobile',
        fields: [
          {
            name: 'wallet_phone',
            type: 'input',
            extended_type: 'phone_with_country',
            regexp: '^\\+[0-9]{8,15}$',
            is_required: true,
            is_otp_requisites: true,
          },
          { name: 'otp', type: 'input', regexp: '^[0-9]{6}$', is_required: true },
        ],
      },
    ])
    .returning({ id: payGroups.id, shortName: payGroups.shortName });
  for (const row of inserted) {
    await server.db
      .insert(payGroupCurrencies)
      .values({ payGroupId: row.id, currency: 'EUR', minAmount: '5', maxAmount: '5000' });
    if (row.shortName === 'local_bank') routable = row.id;
    else confirmed = row.id;
  }
});

afterAll(async () => {
  await server.close();
});

function idOf(shortName: string, flow: 'deposit' | 'withdrawal' = 'deposit'): number {
  const id = ids.get(`${flow}:${shortName}`);
  if (id === undefined) throw new Error(`no seed pay group ${shortName}`);
  return id;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function post(session: string, path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: withIdempotencyKey(path, {
      'x-session-id': session,
      'content-type': 'application/json',
    }),
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  if (!isRecord(parsed)) throw new Error('answer is not an object');
  return { status: response.status, body: parsed };
}

function names(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error('not a list');
  return value.map((field: unknown) => (isRecord(field) ? field.name : null));
}

/** The latest sandbox code sent for the confirmed wallet, read from the sandbox log line. */
function latestCode(): string {
  const pattern = new RegExp(
    `sandbox OTP for requisite deposit-${String(confirmed)}: ([0-9]{6})`,
    'g',
  );
  const matches = [...server.logs().matchAll(pattern)];
  const code = matches.at(-1)?.[1];
  if (code === undefined) throw new Error('no code in the sandbox log');
  return code;
}

describe('route (SPEC §7 "response has parameters, mapped as form fields")', () => {
  let session: string;
  beforeAll(async () => {
    session = await createTestSession(server, { player: `r-${randomUUID()}` });
  });

  it('answers the fields of the chosen bank for a routable method (SPEC §3 routing state)', async () => {
    const path = `${ROUTE}/payments/groups/${String(routable)}/route`;
    const b1 = await post(session, path, {
      currency: 'EUR',
      amount: '50',
      parameters: { bank: 'b1' },
    });
    expect(b1.status).toBe(200);
    expect(b1.body).toEqual({
      parameters: [
        {
          name: 'bank',
          type: 'select',
          label: 'PH.FIELD.BANK',
          is_required: true,
          options: [
            { label: 'Bank One', value: 'b1', is_selected: true },
            { label: 'Bank Two', value: 'b2', is_selected: false },
          ],
        },
        {
          name: 'iban',
          type: 'input',
          regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
          is_required: true,
        },
      ],
      view_data: [],
      card_data: null,
    });
    const b2 = await post(session, path, { currency: 'EUR', parameters: { bank: 'b2' } });
    expect(names(b2.body.parameters)).toEqual(['bank', 'account_number']);
    const none = await post(session, path, { currency: 'EUR', parameters: {} });
    expect(names(none.body.parameters)).toEqual(['bank']);
  });

  it('answers the own fields of a method that is not routable (SPEC §7)', async () => {
    const answer = await post(session, `${ROUTE}/payments/groups/${String(idOf('card'))}/route`, {
      currency: 'EUR',
      parameters: {},
      card_data: { card_id: 'card_1' },
    });
    expect(answer.status).toBe(200);
    expect(names(answer.body.parameters)).toEqual([
      'card_id',
      'card_pan',
      'expirationDate',
      'card_cvv',
      'card_cardholder_name',
      'save_card',
    ]);
    expect(answer.body.card_data).toEqual({ card_id: 'card_1' });
  });

  it('answers withdrawal field definitions on the payout route (SPEC §7)', async () => {
    const payout = await createTestSession(server, { flow: 'withdrawal' });
    const answer = await post(
      payout,
      `${ROUTE}/payouts/groups/${String(idOf('ewallet_payout', 'withdrawal'))}/route`,
      { currency: 'EUR', parameters: { wallet_phone: PHONE } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.parameters).toEqual([
      {
        name: 'wallet_phone',
        type: 'input',
        extended_type: 'phone_with_country',
        label: 'PH.FIELD.PHONE',
        regexp: '^\\+[0-9]{8,15}$',
        is_required: true,
        is_otp_requisites: true,
        user_requisite_type_id: 2,
        verify_new_payout_account: true,
      },
      {
        name: 'save_requisites',
        type: 'check',
        extended_type: 'save_requisites',
        label: 'PH.FIELD.SAVE_ACCOUNT',
      },
    ]);
  });

  it('answers 404 for an unknown or other-flow pay group and 409 for a disabled one (SPEC §4, §8)', async () => {
    const unknown = await post(session, `${ROUTE}/payments/groups/777777/route`, {
      currency: 'EUR',
      parameters: {},
    });
    expect(unknown).toEqual({
      status: 404,
      body: {
        error_code: '1003',
        error_message: 'CASHIER.ERROR.UNKNOWN_PAY_GROUP',
        error_field: 'params.paygroup_id',
      },
    });
    const otherFlow = await post(session, `${ROUTE}/payouts/groups/${String(idOf('card'))}/route`, {
      currency: 'EUR',
      parameters: {},
    });
    expect(otherFlow.status).toBe(404);
    const disabled = await post(
      session,
      `${ROUTE}/payments/groups/${String(idOf('legacy_wallet'))}/route`,
      { currency: 'EUR', parameters: {} },
    );
    expect(disabled.status).toBe(409);
    expect(disabled.body.error_code).toBe('1009');
    const wrongType = await post(session, `${ROUTE}/payments/groups/${String(routable)}/route`, {
      currency: 'EUR',
      parameters: { bank: ['b1'] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error_code).toBe('1002');
  });
});

describe('deposit confirmation code (SPEC §7 payments/groups/{paygroup_id}/otp)', () => {
  const otpPath = () => `${CASHIER}/payments/groups/${String(confirmed)}/otp`;
  const submitPath = () => `${CASHIER}/payments/groups/${String(confirmed)}/submit`;
  const request = {
    currency: 'EUR',
    amount: '20',
    parameters: { wallet_phone: PHONE },
    field_name: 'otp',
  };
  /** A deposit submit of the confirmed wallet carrying `otp` as its code. */
  const submitCode = (session: string, otp: string) =>
    post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: PHONE, otp },
    });
  /** Six digits that are not `code`. */
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends a code, refuses a resend before the timer, and confirms the deposit with it (SPEC §7)', async () => {
    const session = await createTestSession(server, { player: `o-${randomUUID()}` });
    const sent = await post(session, otpPath(), request);
    expect(sent).toEqual({
      status: 200,
      body: {
        status: 'sent',
        error: false,
        can_resend: true,
        error_code: null,
        error_message: null,
        resend_after: 60,
        field_name: 'otp',
      },
    });
    const code = latestCode();
    // The sandbox page reads the same code (one delivery per app, shared with account management).
    const latest = await fetch(`${server.baseUrl}/sandbox/otp/latest`, {
      headers: { 'x-session-id': session },
    });
    expect(latest.status).toBe(200);
    expect(JSON.stringify(await latest.json())).toContain(`"${code}"`);
    const tooSoon = await post(session, otpPath(), request);
    expect(tooSoon.body).toMatchObject({
      status: 'failed',
      error: true,
      can_resend: true,
      error_code: '1403',
      error_message: 'CASHIER.ERROR.OTP_RESEND_TOO_SOON',
      field_name: 'otp',
    });
    expect(Number(tooSoon.body.resend_after)).toBeGreaterThan(55);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: PHONE, otp: wrongCode },
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        error_code: '1401',
        error_message: 'CASHIER.ERROR.OTP_INVALID',
        error_field: 'body.parameters.otp',
        attempts_left: 2,
      },
    });
    const otherPhone = await post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: '+4915100000000', otp: code },
    });
    expect(otherPhone.status).toBe(400);
    expect(otherPhone.body.attempts_left).toBe(1);

    const right = await post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: PHONE, otp: code },
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ transaction_status: 'await', step: 'await' });
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(right.body.transaction_id)));
    expect(row?.parameters).toEqual({ wallet_phone: PHONE });

    const reused = await post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: PHONE, otp: code },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error_code).toBe('1401');
  });

  it('blocks after the last wrong try (SPEC §4 blocking)', async () => {
    const session = await createTestSession(server, { player: `b-${randomUUID()}` });
    await post(session, otpPath(), request);
    const wrongCode = latestCode() === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 3; i += 1) {
      tries.push(
        await post(session, submitPath(), {
          amount: '20',
          currency: 'EUR',
          parameters: { wallet_phone: PHONE, otp: wrongCode },
        }),
      );
    }
    expect(tries.map((answer) => answer.status)).toEqual([400, 400, 429]);
    expect(tries[2]?.body).toMatchObject({ error_code: '1402', attempts_left: 0 });
    const again = await post(session, otpPath(), request);
    expect(again.body).toMatchObject({
      status: 'blocked',
      error: true,
      can_resend: false,
      error_code: '1402',
    });
  });

  it('gives no new tries with a new code: tries count per challenge, as for a payout account (SPEC §3 maxRequestCount, §4 blocking)', async () => {
    const player = `t-${randomUUID()}`;
    const session = await createTestSession(server, { player });
    await post(session, otpPath(), request);
    expect((await submitCode(session, wrongOf(latestCode()))).body).toMatchObject({
      attempts_left: 2,
    });
    expect((await submitCode(session, wrongOf(latestCode()))).body).toMatchObject({
      attempts_left: 1,
    });

    // As if the resend timer ran out: a second code on the same challenge.
    const [row] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.externalId, player));
    await server.db
      .update(otpChallenges)
      .set({ resendAfter: new Date(Date.now() - 1000) })
      .where(and(eq(otpChallenges.playerId, row?.id ?? ''), isNull(otpChallenges.payoutAccountId)));
    const resent = await post(session, otpPath(), request);
    expect(resent.body).toMatchObject({ status: 'sent', can_resend: true });

    const last = await submitCode(session, wrongOf(latestCode()));
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ error_code: '1402', attempts_left: 0 });
  });

  it('keeps a deposit block and a payout account verification block apart (SPEC §3 payout_account_verification_blocked, §4 blocking)', async () => {
    const player = `sep-${randomUUID()}`;
    const payout = await withdrawalSession(server, player);
    const deposit = await createTestSession(server, { player });
    const wallet = idOf('ewallet_payout', 'withdrawal');
    const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, payout, {
      pay_group_id: wallet,
      requisite_type: '2',
      value: '+4917012340000',
    });
    const requisiteId = text(created.body.requisite_id);
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, payout, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const latest = await callJson(server, 'GET', '/sandbox/otp/latest', payout);
    const wrongPayoutCode = wrongOf(text(latest.body.otp));
    let payoutBlock: unknown = null;
    for (let i = 0; i < 3; i += 1) {
      const guess = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, payout, {
        otp: wrongPayoutCode,
        requisite_id: requisiteId,
      });
      payoutBlock = guess.body.block_until ?? null;
    }
    expect(payoutBlock).toEqual(expect.any(String));

    // Payout verification is blocked; deposit codes are not.
    const sent = await post(deposit, otpPath(), request);
    expect(sent.body).toMatchObject({ status: 'sent', error: false });
    const wrongCode = wrongOf(latestCode());
    for (let i = 0; i < 3; i += 1) await submitCode(deposit, wrongCode);
    expect((await post(deposit, otpPath(), request)).body).toMatchObject({ status: 'blocked' });

    // The later deposit block leaves the payout block as it was.
    const select = await post(payout, `${CASHIER}/payouts/groups/${String(wallet)}/select`, {
      currency: 'EUR',
    });
    expect(select.body).toMatchObject({
      payout_account_verification_blocked: true,
      payout_account_verification_blocked_until: payoutBlock,
    });
  });

  it('answers failed for a method without a requisite field, and 400 for bad requests (SPEC §7, §8)', async () => {
    const session = await createTestSession(server, { player: `f-${randomUUID()}` });
    const card = await post(session, `${CASHIER}/payments/groups/${String(idOf('card'))}/otp`, {
      ...request,
      parameters: {},
    });
    expect(card).toEqual({
      status: 200,
      body: {
        status: 'failed',
        error: true,
        can_resend: false,
        error_code: '1002',
        error_message: 'CASHIER.ERROR.OTP_NOT_REQUIRED',
        resend_after: 0,
        field_name: 'otp',
      },
    });
    const badField = await post(session, otpPath(), { ...request, field_name: 'wallet_phone' });
    expect(badField.status).toBe(400);
    expect(badField.body).toMatchObject({ error_code: '1002', error_field: 'body.field_name' });
    const badPhone = await post(session, otpPath(), {
      ...request,
      parameters: { wallet_phone: 'call me' },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({
      error_code: '1002',
      error_field: 'body.parameters.wallet_phone',
    });
    const unknown = await post(session, `${CASHIER}/payments/groups/888888/otp`, request);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: '1003', error_field: 'params.paygroup_id' });
    const noCode = await post(session, submitPath(), {
      amount: '20',
      currency: 'EUR',
      parameters: { wallet_phone: PHONE, otp: '123456' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ error_code: '1401', error_field: 'body.parameters.otp' });
  });
});
