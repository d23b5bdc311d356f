/**
 * Integration tests of refused deposit submits (SPEC §4, §5 validation, §8): an unavailable
 * method, an unknown pay group, malformed input, amounts out of range and fields the form does
 * not have are refused and write nothing. The real server with the sandbox provider on a fresh
 * database, real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payGroupCurrencies, payGroups, transactions } from '../db/schema';
import { validatePhone } from '@cashdesk/domain/testing';
import { createTestSession, startTestServer, writeBrandConfig } from './harness';
import type { TestServer } from './harness';
import { depositSubmitCalls, APPROVED_VISA, cardBody } from './deposit-submit-calls';
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

describe('refused submits (SPEC §5, §8)', () => {
  let session: string;
  beforeAll(async () => {
    session = (await freshPlayer()).session;
  });

  it('answers 409 methodUnavailable for a disabled and a restricted method (SPEC §4)', async () => {
    for (const name of ['legacy_wallet', 'prepaid_voucher']) {
      const answer = await submit(session, name, {
        amount: '10',
        currency: 'EUR',
        parameters: { voucher_code: '1234567890123456' },
      });
      expect(answer).toEqual({
        status: 409,
        body: {
          error_code: '1009',
          error_message: 'CASHIER.ERROR.METHOD_UNAVAILABLE',
          error_field: 'params.payGroupId',
        },
        replayed: false,
      });
    }
  });

  it('answers 404 for an unknown pay group and a withdrawal pay group (SPEC §7)', async () => {
    for (const id of [424_242, idOf('card_payout', 'withdrawal')]) {
      const answer = await submit(session, id, cardBody(APPROVED_VISA));
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error_code: '1003', error_field: 'params.payGroupId' });
    }
  });

  it('answers 400 for malformed JSON and wrong types', async () => {
    const malformed = await submit(session, 'card', '{"amount": "10",');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_code).toBe('1001');
    const wrongType = await submit(session, 'card', { amount: true, currency: 'EUR' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error_code: '1002', error_field: 'body.amount' });
    const wrongParameter = await submit(session, 'card', {
      amount: '10',
      currency: 'EUR',
      parameters: { card_pan: 4000000000000101 },
    });
    expect(wrongParameter.status).toBe(400);
    expect(wrongParameter.body).toMatchObject({ error_code: '1002' });
  });

  it('answers 400 invalidAmount under the minimum, above the maximum and with too many decimals (SPEC §5)', async () => {
    const cases: [string, string][] = [
      ['4.99', 'PH.DEPOSIT.ERROR.MIN_AMOUNT'],
      ['5000.01', 'PH.DEPOSIT.ERROR.MAX_AMOUNT'],
      ['10.001', 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT'],
      ['0', 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT'],
    ];
    for (const [amount] of cases) {
      const answer = await submit(session, 'card', cardBody(APPROVED_VISA, amount));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: '1010', error_field: 'body.amount' });
    }
    const keys = await Promise.all(
      cases.map(async ([amount]) => {
        const answer = await submit(session, 'card', cardBody(APPROVED_VISA, amount));
        return answer.body.error_message;
      }),
    );
    expect(keys).toEqual(cases.map(([, key]) => key));
    const jpy = await createTestSession(server, { currency: 'JPY', player: `j-${randomUUID()}` });
    const yen = await submit(jpy, 'card', { ...cardBody(APPROVED_VISA, '500.5'), currency: 'JPY' });
    expect(yen.status).toBe(400);
    expect(yen.body).toMatchObject({ error_code: '1010', error_field: 'body.amount' });
  });

  it('answers 400 naming a missing required field and a bad card number (SPEC §5)', async () => {
    const missing = await submit(session, 'ewallet', { amount: '20', currency: 'EUR' });
    expect(missing).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'PH.ERROR.FIELD_REQUIRED',
        error_field: 'body.parameters.wallet_phone',
      },
      replayed: false,
    });
    const badCard = await submit(session, 'card', cardBody('4000000000000102'));
    expect(badCard.body).toEqual({
      error_code: '1002',
      error_message: 'PH.ERROR.INCORRECT_CARD_NUMBER',
      error_field: 'body.parameters.card_pan',
    });
    const badCvv = await submit(
      session,
      'card',
      cardBody(APPROVED_VISA, '10', { card_cvv: '12a' }),
    );
    expect(badCvv.body).toMatchObject({
      error_message: 'PH.ERROR.INCORRECT_CVV',
      error_field: 'body.parameters.card_cvv',
    });
    const expired = await submit(
      session,
      'card',
      cardBody(APPROVED_VISA, '10', { month: '01', year: '20' }),
    );
    expect(expired.body).toMatchObject({
      error_message: 'PH.ERROR.INCORRECT_EXP_DATE',
      error_field: 'body.parameters.expirationDate',
    });
    const badOption = await submit(session, 'mobile_money', {
      amount: '10',
      currency: 'EUR',
      parameters: { operator: 'operator_z' },
    });
    expect(badOption.body).toMatchObject({ error_field: 'body.parameters.operator' });
  });

  it('the server reads a phone pattern as the widget does (SPEC §5: +380\\d{9} accepts +380501234567)', async () => {
    const group = await writeBrandConfig(server.db, 'brand0', async (tx) => {
      const [row] = await tx
        .insert(payGroups)
        .values({
          brandId: 'brand0',
          flow: 'deposit',
          shortName: 'ua_mobile',
          publicName: 'Ukrainian mobile money',
          payMethodType: 'mobile',
          providerKind: 'mobile',
          fields: [
            {
              name: 'msisdn',
              type: 'input',
              extended_type: 'phone_with_country',
              label: 'PH.FIELD.PHONE',
              regexp: '+380\\d{9}',
              is_required: true,
            },
          ],
        })
        .returning({ id: payGroups.id });
      if (row === undefined) throw new Error('pay group not written');
      await tx
        .insert(payGroupCurrencies)
        .values({ payGroupId: row.id, currency: 'EUR', minAmount: '5', maxAmount: '500' });
      return row;
    });
    const { session: own } = await freshPlayer();
    const body = (msisdn: string) => ({ amount: '20', currency: 'EUR', parameters: { msisdn } });
    for (const [msisdn, widget] of [
      ['+380501234567', true],
      ['+38050123456', false],
      ['+490501234567', false],
    ] as const) {
      // The widget's own check of the field, the same domain rule.
      expect(validatePhone(msisdn, { required: true, pattern: '+380\\d{9}' }).valid).toBe(widget);
      const answer = await submit(own, group.id, body(msisdn));
      if (widget) {
        expect(answer).toMatchObject({ status: 200, body: { transaction_status: 'await' } });
      } else {
        expect(answer).toMatchObject({
          status: 400,
          body: {
            error_message: 'PH.ERROR.FIELD_HAS_ERROR',
            error_field: 'body.parameters.msisdn',
          },
        });
      }
    }
  });

  it('answers 400 naming a parameter the form does not have, in fields or parameters, and writes nothing', async () => {
    const { session: own, playerId } = await freshPlayer();
    const stray = await submit(own, 'card', cardBody(APPROVED_VISA, '10', { coupon: 'X1' }));
    expect(stray).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.parameters.coupon' },
    });
    const inFields = await submit(own, 'ewallet', {
      amount: '20',
      currency: 'EUR',
      fields: { wallet_phone: '+37120000000', redirect_to: 'https://elsewhere.test' },
    });
    expect(inFields.body).toMatchObject({ error_field: 'body.parameters.redirect_to' });
    const written = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(written).toEqual([]);
  });
});
