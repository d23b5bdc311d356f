import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AMOUNT_MESSAGE_KEYS } from '@cashdesk/domain/testing';
import {
  betShops,
  ledgerEntries,
  payGroups,
  payoutAccounts,
  players,
  savedCards,
  transactions,
} from '../db/schema';
import { getBalance, ledgerTotals } from '../modules/wallet/ledger';
import { payGroupId, saveSandboxCard, text, withIdempotencyKey } from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer, writeBrandConfig } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const CASHIER = '/api/cashier-service/v1.0';
const ACCOUNTS = '/api/account-management/v1.0';

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  sessionId: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: withIdempotencyKey(path, {
      'x-session-id': sessionId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed: unknown = await response.json();
  if (!isRecord(parsed)) throw new Error(`not an object: ${JSON.stringify(parsed)}`);
  return { status: response.status, body: parsed, headers: response.headers };
}

function playerId(name: string): Promise<string> {
  return brand0PlayerId(server, name);
}

/** The profile phone of the test players (a mobile payout goes to it). */
const PROFILE_PHONE = '+4915100000042';

/** A new brand0 player (EUR 500 by the seed's defaults, a phone) with a withdrawal session. */
async function withdrawalSession(name: string): Promise<{ sessionId: string; player: string }> {
  const sessionId = await createTestSession(server, {
    player: name,
    flow: 'withdrawal',
    currency: 'EUR',
  });
  const player = await playerId(name);
  await server.db
    .update(players)
    .set({ email: `${name}@players.test`, phone: PROFILE_PHONE, country: 'DE' })
    .where(eq(players.id, player));
  return { sessionId, player };
}

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `payout-test-key-${String(keyCounter).padStart(6, '0')}`;
}

async function submit(
  sessionId: string,
  shortName: string,
  body: Record<string, unknown>,
  key: string = newKey(),
): Promise<Answer> {
  return call(
    'POST',
    `${CASHIER}/payouts/groups/${String(await payGroupId(server, shortName))}/submit`,
    sessionId,
    { currency: 'EUR', ...body },
    { 'idempotency-key': key },
  );
}

async function withdrawals(player: string) {
  return server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.playerId, player), eq(transactions.flow, 'withdrawal')));
}

/** The ledger sums equal the balance row. */
async function expectConsistentLedger(player: string): Promise<void> {
  const balance = await getBalance(server.db, player, 'EUR');
  expect(await ledgerTotals(server.db, player, 'EUR')).toEqual({
    amount: balance.balance,
    reserved: balance.reserved,
  });
}

const TAX_FREE = {
  non_taxable_amount: '100.00',
  tax_value: '0.00',
  shown: false,
} as const;

describe('withdrawal amount and balance (SPEC §5, §8 code 1206)', () => {
  it('passes an amount equal to the balance and refuses one minor unit more with 1206', async () => {
    const { sessionId, player } = await withdrawalSession('po-exact');
    const over = await submit(sessionId, 'mobile_payout', { amount: '500.01' });
    expect(over).toMatchObject({
      status: 409,
      body: {
        error_code: '1206',
        error_message: 'CASHIER.PH2.ERROR_MESSAGE.1206',
        error_field: 'body.amount',
      },
    });
    expect(await withdrawals(player)).toEqual([]);
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });

    const exact = await submit(sessionId, 'mobile_payout', { amount: '500.00' });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({
      step: 'result',
      result_status: 'success',
      session_status: 'completed',
      transaction_status: 'success',
      error_code: null,
      amount: '500.00',
      currency: 'EUR',
      user_balance: '0.00',
      tax: {
        non_taxable_amount: '100.00',
        tax_value: '40.00',
        amount_after_tax: '460.00',
        shown: true,
      },
    });
    const [row] = await withdrawals(player);
    expect(row).toMatchObject({
      status: 'success',
      amount: '500.0000000000',
      tax: '40.0000000000',
    });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '0',
      reserved: '0',
    });
    await expectConsistentLedger(player);

    // Nothing left: a balance that is not positive refuses any amount.
    const empty = await submit(sessionId, 'mobile_payout', { amount: '5' });
    expect(empty.status).toBe(409);
    expect(empty.body.error_code).toBe('1206');
  });

  it('refuses with 1206 when the balance is under the method minimum, whatever the amount', async () => {
    const { sessionId, player } = await withdrawalSession('po-under-min');
    expect((await submit(sessionId, 'mobile_payout', { amount: '497' })).status).toBe(200);
    expect((await getBalance(server.db, player, 'EUR')).balance).toBe('3');
    const refused = await submit(sessionId, 'mobile_payout', { amount: '3' });
    expect(refused).toMatchObject({
      status: 409,
      body: { error_code: '1206', error_field: 'body.amount' },
    });
  });

  it('refuses amounts outside the limits and the currency precision with 1010 and the domain key', async () => {
    const { sessionId, player } = await withdrawalSession('po-limits');
    const cases: [string, string][] = [
      ['1', AMOUNT_MESSAGE_KEYS.withdrawal.underMinimum],
      ['10.005', 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT'],
      ['0', 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT'],
    ];
    for (const [amount, key] of cases) {
      const answer = await submit(sessionId, 'mobile_payout', { amount });
      expect(answer.status, amount).toBe(400);
      expect(answer.body).toEqual({
        error_code: '1010',
        error_message: key,
        error_field: 'body.amount',
      });
    }
    const cryptoPayout = await payGroupId(server, 'crypto_payout');
    await writeBrandConfig(server.db, 'brand0', (tx) =>
      tx
        .update(payGroups)
        .set({ amountRegExpFe: '^[0-9]+$' })
        .where(eq(payGroups.id, cryptoPayout)),
    );
    const pattern = await submit(sessionId, 'crypto_payout', {
      amount: '25.50',
      parameters: { wallet_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
    });
    expect(pattern.body).toMatchObject({
      error_code: '1010',
      error_message: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT',
    });
    expect(await withdrawals(player)).toEqual([]);
  });

  it('computes the tax by the brand tiers and pays out the amount after tax (SPEC §3, §5 tax)', async () => {
    const { sessionId, player } = await withdrawalSession('po-tax');
    const small = await submit(sessionId, 'mobile_payout', { amount: '50' });
    expect(small.body.tax).toEqual({ ...TAX_FREE, amount_after_tax: '50.00' });
    const taxed = await submit(sessionId, 'mobile_payout', { amount: '150.55' });
    expect(taxed.body.tax).toEqual({
      non_taxable_amount: '100.00',
      tax_value: '5.06',
      amount_after_tax: '145.49',
      shown: true,
    });
    const rows = await withdrawals(player);
    expect(rows.map((row) => row.tax).sort()).toEqual(['0.0000000000', '5.0600000000']);
    expect((await getBalance(server.db, player, 'EUR')).balance).toBe('299.45');
  });
});

describe('100 parallel withdrawals racing for one balance (concurrency)', () => {
  it('never overdraws: 33 of 100 withdrawals of 15 from 500 go through and the ledger sums agree', async () => {
    const { sessionId, player } = await withdrawalSession('po-race');
    const groupId = await payGroupId(server, 'mobile_payout');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(
          'POST',
          `${CASHIER}/payouts/groups/${String(groupId)}/submit`,
          sessionId,
          { amount: '15', currency: 'EUR' },
          { 'idempotency-key': `race-key-${String(index).padStart(4, '0')}` },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(33);
    expect(statuses.filter((status) => status === 409)).toHaveLength(67);
    expect(
      new Set(answers.filter((answer) => answer.status === 409).map((a) => a.body.error_code)),
    ).toEqual(new Set(['1206']));
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '5',
      reserved: '0',
    });
    await expectConsistentLedger(player);
    const rows = await withdrawals(player);
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.status === 'success')).toBe(true);
  });
});

describe('idempotent withdrawal submit', () => {
  it('answers a repeat with the first pay session and withdraws once', async () => {
    const { sessionId, player } = await withdrawalSession('po-idem');
    const key = newKey();
    const first = await submit(sessionId, 'mobile_payout', { amount: '20' }, key);
    const again = await submit(sessionId, 'mobile_payout', { amount: '20' }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await withdrawals(player)).toHaveLength(1);
    expect((await getBalance(server.db, player, 'EUR')).balance).toBe('480');
    const other = await submit(sessionId, 'mobile_payout', { amount: '21' }, key);
    expect(other.status).toBe(422);
    expect(other.body.error_code).toBe('1007');
  });
});

describe('provider outcomes of a withdrawal (SPEC §2 withdrawal result pages)', () => {
  it('a decline releases the reservation and answers an error pay session with 1301', async () => {
    const { sessionId, player } = await withdrawalSession('po-declined');
    const declined = await submit(sessionId, 'mobile_payout', { amount: '10.13' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      step: 'result',
      result_status: 'error',
      transaction_status: 'error',
      error_code: '1301',
      error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
      user_balance: '500.00',
    });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
    const entries = await server.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, text(declined.body.transaction_id)));
    expect(entries.map((entry) => entry.kind).sort()).toEqual([
      'withdrawal_release',
      'withdrawal_reserve',
    ]);
    await expectConsistentLedger(player);
  });

  it('processing keeps the amount reserved as the pending withdrawal', async () => {
    const { sessionId, player } = await withdrawalSession('po-processing');
    const pending = await submit(sessionId, 'mobile_payout', { amount: '20.15' });
    expect(pending.body).toMatchObject({
      step: 'await',
      result_status: 'processing',
      transaction_status: 'processing',
      session_status: 'active',
      user_balance: '479.85',
    });
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '479.85',
      reserved: '20.15',
    });
    await expectConsistentLedger(player);
  });
});

describe('withdrawal destinations (SPEC §2 payout entry, withdrawal card list, bet shops)', () => {
  it('pays a saved card by its token; another player card or an unknown one is 404', async () => {
    const { sessionId, player } = await withdrawalSession('po-card');
    const cardId = await saveSandboxCard(server, player);
    const paid = await submit(sessionId, 'card_payout', {
      amount: '25',
      card_data: { card_id: cardId },
    });
    expect(paid.body).toMatchObject({ transaction_status: 'success', user_balance: '475.00' });
    const [row] = await withdrawals(player);
    expect(row?.savedCardId).toBe(cardId);

    const byField = await submit(sessionId, 'card_payout', {
      amount: '10',
      parameters: { card_id: cardId },
    });
    expect(byField.body.transaction_status).toBe('success');

    const demoCard = await server.db
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(eq(savedCards.playerId, await playerId('demo')));
    for (const cardId of [demoCard[0]?.id ?? '', '00000000-0000-4000-8000-000000000000']) {
      const refused = await submit(sessionId, 'card_payout', {
        amount: '10',
        card_data: { card_id: cardId },
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({
        error_code: '1008',
        error_field: 'body.card_data.card_id',
      });
    }
    const none = await submit(sessionId, 'card_payout', { amount: '10' });
    expect(none).toMatchObject({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'PH.ERROR.FIELD_REQUIRED',
        error_field: 'body.parameters.card_id',
      },
    });
    const pan = await submit(sessionId, 'card_payout', {
      amount: '10',
      parameters: { card_id: cardId, card_pan: '4000000000000101' },
    });
    expect(pan.status).toBe(400);
    expect(pan.body.error_field).toBe('body.parameters.card_pan');
    expect(await withdrawals(player)).toHaveLength(2);
  });

  it('pays only a verified payout account of the player (1207 before verification, 404 for another player)', async () => {
    const { sessionId, player } = await withdrawalSession('po-account');
    const wallet = await payGroupId(server, 'ewallet_payout');
    const created = await call('POST', `${ACCOUNTS}/requisite/create`, sessionId, {
      pay_group_id: wallet,
      requisite_type: '2',
      value: '+4917012340000',
    });
    const requisiteId = text(created.body.requisite_id);

    const unverified = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { wallet_phone: requisiteId },
    });
    expect(unverified).toMatchObject({
      status: 409,
      body: {
        error_code: '1207',
        error_message: 'CASHIER.ERROR.PAYOUT_ACCOUNT_NOT_VERIFIED',
        error_field: 'body.parameters.wallet_phone',
      },
    });
    const typed = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { wallet_phone: '+4917012349999' },
      is_new_payout_account: true,
    });
    expect(typed.status).toBe(409);
    expect(typed.body.error_code).toBe('1207');

    await call('POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const latest = await call('GET', '/sandbox/otp/latest', sessionId);
    const verified = await call('POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: text(latest.body.otp),
      requisite_id: requisiteId,
    });
    expect(verified.body.verified).toBe(true);

    const paid = await submit(sessionId, 'ewallet_payout', {
      amount: '30',
      parameters: { wallet_phone: requisiteId },
    });
    expect(paid.body).toMatchObject({ transaction_status: 'success', user_balance: '470.00' });
    const byId = await submit(sessionId, 'ewallet_payout', {
      amount: '10',
      parameters: { requisite_id: requisiteId },
    });
    expect(byId.body.transaction_status).toBe('success');
    const rows = await withdrawals(player);
    expect(rows.map((row) => row.payoutAccountId)).toEqual([requisiteId, requisiteId]);

    const intruder = await withdrawalSession('po-account-intruder');
    const foreign = await submit(intruder.sessionId, 'ewallet_payout', {
      amount: '10',
      parameters: { wallet_phone: requisiteId },
    });
    expect(foreign).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'body.parameters.wallet_phone' },
    });
    expect(await withdrawals(intruder.player)).toEqual([]);
  });

  it('refuses a seeded unverified account with 1207 and pays typed requisites of a method without verification', async () => {
    const demo2 = await createTestSession(server, {
      player: 'demo2',
      flow: 'withdrawal',
      currency: 'EUR',
    });
    const [seeded] = await server.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.playerId, await playerId('demo2')));
    if (seeded === undefined) throw new Error('no seeded account');
    expect(seeded.verified).toBe(false);
    const { sessionId, player } = await withdrawalSession('po-bank');
    const bankForm = {
      iban: 'DE89370400440532013000',
      birth_date: '1990-04-01T00:00:00.000Z',
      account_owner_confirmed: true,
    };
    const missing = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: { iban: bankForm.iban, account_owner_confirmed: true },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'PH.ERROR.FIELD_REQUIRED',
        error_field: 'body.parameters.birth_date',
      },
    });
    const badIban = await submit(sessionId, 'bank_payout', {
      amount: '60',
      parameters: { ...bankForm, iban: 'not an iban' },
    });
    expect(badIban.body).toMatchObject({
      error_code: '1002',
      error_message: 'PH.ERROR.INCORRECT_IBAN',
      error_field: 'body.parameters.iban',
    });
    const paid = await submit(sessionId, 'bank_payout', { amount: '60', parameters: bankForm });
    expect(paid.body.transaction_status).toBe('success');
    const [row] = await withdrawals(player);
    expect(row?.parameters).toEqual(bankForm);
    expect(row?.payoutAccountId).toBeNull();

    const notVerified = await submit(demo2, 'bank_payout', {
      amount: '50',
      parameters: { ...bankForm, iban: seeded.id },
    });
    expect(notVerified).toMatchObject({
      status: 409,
      body: { error_code: '1207', error_field: 'body.parameters.iban' },
    });
    expect((await getBalance(server.db, seeded.playerId, 'EUR')).balance).toBe('50');
  });

  it('pays cash at a bet shop with a pick-up code as the voucher; an unknown shop is 404', async () => {
    const { sessionId } = await withdrawalSession('po-betshop');
    const [shop] = await server.db
      .select()
      .from(betShops)
      .where(and(eq(betShops.brandId, 'brand0'), eq(betShops.name, 'Kreuzberg')));
    if (shop === undefined) throw new Error('no shop');
    const paid = await submit(sessionId, 'betshop_payout', {
      amount: '40',
      parameters: { bet_shop: String(shop.id) },
    });
    expect(paid.body).toMatchObject({
      step: 'result',
      transaction_status: 'success',
      voucher: {
        bet_shop: { id: String(shop.id), name: 'Kreuzberg', city: 'Berlin' },
        amount: '40.00',
        currency: 'EUR',
      },
    });
    const voucher = paid.body.voucher;
    if (!isRecord(voucher)) throw new Error('no voucher');
    expect(voucher.code).toMatch(/^[0-9]{12}$/);
    const unknown = await submit(sessionId, 'betshop_payout', {
      amount: '40',
      parameters: { bet_shop: '999999' },
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'body.parameters.bet_shop' },
    });
    // Digits beyond the database's integer name no shop either: never a query that fails.
    const beyond = await submit(sessionId, 'betshop_payout', {
      amount: '40',
      parameters: { bet_shop: '9999999999' },
    });
    expect(beyond).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'body.parameters.bet_shop' },
    });
  });
});

describe('read-only profile fields of a withdrawal (SPEC §3 isDisabled and userRequisite, §8 empty profile phone)', () => {
  it('SPEC §3: a mobile payout goes to the profile phone, whatever phone the request sends', async () => {
    const { sessionId, player } = await withdrawalSession('po-own-phone');
    const answer = await submit(sessionId, 'mobile_payout', {
      amount: '20',
      parameters: { phone: '+4917699999999' },
    });
    expect(answer.status).toBe(200);
    const [row] = await withdrawals(player);
    expect(row?.parameters).toEqual({ phone: PROFILE_PHONE });
    // Sent without the phone (as the widget may), the same profile phone is used.
    const bare = await submit(sessionId, 'mobile_payout', { amount: '21' });
    expect(bare.status).toBe(200);
    const rows = await withdrawals(player);
    expect(rows.map((withdrawal) => withdrawal.parameters)).toEqual([
      { phone: PROFILE_PHONE },
      { phone: PROFILE_PHONE },
    ]);
  });

  it('SPEC §8 empty profile phone: a player without a phone is refused naming the phone, even when the request sends one, and nothing is reserved', async () => {
    const { sessionId, player } = await withdrawalSession('po-no-phone');
    await server.db.update(players).set({ phone: null }).where(eq(players.id, player));
    const refused = await submit(sessionId, 'mobile_payout', {
      amount: '20',
      parameters: { phone: '+4917699999999' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'PH.ERROR.FIELD_REQUIRED',
        error_field: 'body.parameters.phone',
      },
    });
    expect(await withdrawals(player)).toEqual([]);
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '500',
      reserved: '0',
    });
  });
});

describe('refused withdrawal requests (SPEC §8)', () => {
  it('answers unknown and deposit pay groups with 1003, another currency with 1002 and no session with 17', async () => {
    const { sessionId, player } = await withdrawalSession('po-bad');
    const unknown = await call('POST', `${CASHIER}/payouts/groups/999999/submit`, sessionId, {
      amount: '10',
      currency: 'EUR',
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { error_code: '1003', error_field: 'params.payGroupId' },
    });
    const deposit = await call(
      'POST',
      `${CASHIER}/payouts/groups/${String(await payGroupId(server, 'card', 'deposit'))}/submit`,
      sessionId,
      { amount: '10', currency: 'EUR' },
    );
    expect(deposit.status).toBe(404);
    const currency = await submit(sessionId, 'mobile_payout', { amount: '10', currency: 'JPY' });
    expect(currency).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.currency' },
    });
    const noSession = await fetch(
      `${server.baseUrl}${CASHIER}/payouts/groups/${String(await payGroupId(server, 'mobile_payout'))}/submit`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '10', currency: 'EUR' }),
      },
    );
    expect(noSession.status).toBe(401);
    expect(await withdrawals(player)).toEqual([]);
  });
});
