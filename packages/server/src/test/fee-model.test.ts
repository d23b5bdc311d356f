/**
 * The fee model (SPEC §3 currencies[].fee and merchant_user_fee, SPEC §5 fee; docs/fees.md) as the
 * real server charges it over HTTP: for each worked case of the domain's table, a pay group is
 * configured through the operator API, a player pays or withdraws, and what the provider is asked
 * to move, what the transaction records and what the operator API and the webhooks report are the
 * table's figures: the player pays the merchant user fee only, the operator sees the method fee
 * beside it, never added to it.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, OperatorTransaction, PayGroupConfig, WebhookEvent } from '@cashdesk/contract';
import { FEE_MODEL_CASES } from '@cashdesk/domain/testing';
import type { FeeModelCase } from '@cashdesk/domain/testing';
import { players, transactions, webhookEvents } from '../db/schema';
import { SandboxProvider } from '../providers';
import { CASHIER, callJson, cardDepositBody, saveSandboxCard } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';

let server: TestServer;
let brand0: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  brand0 = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
});

/** brand0's seeded pay group as a document to write again (without id, flow and short name). */
async function seededDocument(flow: 'deposit' | 'withdrawal', shortName: string) {
  const answer = await operatorCall(server, 'GET', `/pay-groups/${flow}/${shortName}`, brand0);
  expect(answer.status).toBe(200);
  const { flow: groupFlow, short_name: name, id, ...document } = PayGroupConfig.parse(answer.body);
  expect({ groupFlow, name, id: id > 0 }).toEqual({ groupFlow: flow, name: shortName, id: true });
  return document;
}

/** A brand0 card pay group of the case's flow, fees and currency; returns its id. */
async function groupFor(feeCase: FeeModelCase, shortName: string): Promise<number> {
  const seeded = await seededDocument(
    feeCase.flow,
    feeCase.flow === 'deposit' ? 'card' : 'card_payout',
  );
  const currency = seeded.currencies.find((entry) => entry.currency === feeCase.currency);
  if (currency === undefined) throw new Error(`no ${feeCase.currency} in the seeded card group`);
  const answer = await operatorCall(
    server,
    'PUT',
    `/pay-groups/${feeCase.flow}/${shortName}`,
    brand0,
    {
      body: {
        ...seeded,
        merchant_user_fee: feeCase.merchantUserFee,
        currencies: [{ ...currency, min_amount: '1', fee: feeCase.methodFee }],
      },
    },
  );
  expect(answer.status, answer.text).toBe(200);
  return PayGroupConfig.parse(answer.body).id;
}

/** The provider sandbox of the suite. */
function sandbox(): SandboxProvider {
  const provider = server.app.cashdesk.connectors.defaultProvider;
  if (!(provider instanceof SandboxProvider)) throw new Error('the suite pays with the sandbox');
  return provider;
}

/** Pays (deposit) or withdraws the case's amount; returns the transaction id. */
async function pay(feeCase: FeeModelCase, groupId: number): Promise<string> {
  const player = `fees-${randomUUID()}`;
  const session = await createTestSession(server, {
    player,
    flow: feeCase.flow,
    currency: feeCase.currency,
  });
  const key = { 'idempotency-key': randomUUID() };
  if (feeCase.flow === 'deposit') {
    const answer = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(groupId)}/submit`,
      session,
      { ...cardDepositBody(feeCase.amount), currency: feeCase.currency },
      key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return String(answer.body.transaction_id);
  }
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, player)));
  const cardId = await saveSandboxCard(server, row?.id ?? '');
  const answer = await callJson(
    server,
    'POST',
    `${CASHIER}/payouts/groups/${String(groupId)}/submit`,
    session,
    { amount: feeCase.amount, currency: feeCase.currency, card_data: { card_id: cardId } },
    key,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String(answer.body.transaction_id);
}

function same(actual: string | undefined, expected: string): boolean {
  return actual !== undefined && new Big(actual).eq(expected);
}

describe('the fee model on the server (SPEC §5 fee; docs/fees.md)', () => {
  it.each(FEE_MODEL_CASES.map((feeCase, index) => [feeCase.name, feeCase, index] as const))(
    'SPEC §5: %s',
    async (_name, feeCase, index) => {
      const groupId = await groupFor(feeCase, `fees_${String(index)}`);
      const id = await pay(feeCase, groupId);
      const { expected } = feeCase;

      // What the operator sees: the fee the player paid and the method fee, apart.
      const answer = await operatorCall(server, 'GET', `/transactions/${id}`, brand0);
      expect(answer.status).toBe(200);
      const seen = OperatorTransaction.parse(answer.body);
      expect(same(seen.fee, expected.fee), `fee ${seen.fee}`).toBe(true);
      expect(same(seen.method_fee, expected.methodFee), `method_fee ${seen.method_fee}`).toBe(true);

      // What the provider was asked to move: a deposit's amount + fee, a withdrawal's amount −
      // fee − tax (brand0 taxes withdrawals by its tiers).
      const moved = (await sandbox().activity()).find((entry) => entry.transactionId === id);
      const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
      if (feeCase.flow === 'deposit') {
        expect(same(moved?.amount, expected.total), `charged ${String(moved?.amount)}`).toBe(true);
        expect(row?.providerRequest).toMatchObject({ fee: expected.fee, total: expected.total });
      } else {
        const paidOut = new Big(expected.net).minus(seen.tax);
        expect(same(moved?.amount, paidOut.toFixed()), `paid out ${String(moved?.amount)}`).toBe(
          true,
        );
      }

      // The webhook carries the same two figures.
      const events = await server.db
        .select({ payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(eq(webhookEvents.transactionId, id));
      const created = events
        .map((event) => WebhookEvent.parse(event.payload))
        .find(
          (event) =>
            event.type === 'transaction.created' &&
            'transaction' in event &&
            event.transaction.id === id,
        );
      expect(created && 'transaction' in created ? created.transaction : null).toMatchObject({
        fee: seen.fee,
        method_fee: seen.method_fee,
      });
      expect(await ledgerViolations(server.db)).toEqual([]);
    },
  );
});

describe('a withdrawal the fee would swallow (SPEC §5 fee; docs/fees.md)', () => {
  it('SPEC §5: refuses a withdrawal whose fee takes the whole amount (400, 1010 on body.amount); nothing reserved', async () => {
    const feeCase: FeeModelCase = {
      name: 'fee 20.00 on 15.00',
      flow: 'withdrawal',
      currency: 'EUR',
      precision: 2,
      amount: '15.00',
      methodFee: null,
      merchantUserFee: { percentage: null, fix: '20' },
      expected: { methodFee: '0.00', fee: '20.00', total: '15.00', net: '-5.00' },
    };
    const groupId = await groupFor(feeCase, 'fees_swallowed');
    const player = `fees-${randomUUID()}`;
    const session = await createTestSession(server, { player, flow: 'withdrawal' });
    const [row] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, player)));
    const cardId = await saveSandboxCard(server, row?.id ?? '');
    const submit = (amount: string) =>
      callJson(
        server,
        'POST',
        `${CASHIER}/payouts/groups/${String(groupId)}/submit`,
        session,
        { amount, currency: 'EUR', card_data: { card_id: cardId } },
        { 'idempotency-key': randomUUID() },
      );
    for (const amount of ['15', '20']) {
      const refused = await submit(amount);
      expect(refused.status, amount).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: ERROR_CODES.invalidAmount.code,
        error_field: 'body.amount',
      });
    }
    const stored = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.playerId, row?.id ?? ''));
    expect(stored).toEqual([]);
    // 20.01 leaves the player 0.01.
    expect((await submit('20.01')).status).toBe(200);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});

describe('fee fields of a pay group (SPEC §3; docs/fees.md)', () => {
  it.each([
    ['currencies.0.fee', { currencies: [{ currency: 'EUR', fee: '100%' }] }],
    ['currencies.0.fee', { currencies: [{ currency: 'EUR', fee: '2' }] }],
    ['currencies.0.fee', { currencies: [{ currency: 'EUR', fee: '-1%' }] }],
    ['merchant_user_fee.percentage', { merchant_user_fee: { percentage: '100', fix: null } }],
    ['merchant_user_fee.percentage', { merchant_user_fee: { percentage: '2%', fix: null } }],
    ['merchant_user_fee.fix', { merchant_user_fee: { percentage: null, fix: '-0.25' } }],
  ])('refuses %s of %j with 400 naming the field', async (field, change) => {
    const seeded = await seededDocument('deposit', 'card');
    const answer = await operatorCall(server, 'PUT', '/pay-groups/deposit/fees_refused', brand0, {
      body: { ...seeded, ...change },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(errorFields(answer.body).field).toBe(`body.${field}`);
    const absent = await operatorCall(server, 'GET', '/pay-groups/deposit/fees_refused', brand0);
    expect(absent.status).toBe(404);
  });
});
