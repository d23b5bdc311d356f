/**
 * Integration tests of the deposit submit (SPEC §3 pay session, §5 validation, §7 submit;
 * idempotency, money and card-data rules): the real server with the sandbox provider on a fresh
 * database, real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  lastUsedMethods,
  ledgerEntries,
  payGroupCurrencies,
  payGroups,
  players,
  savedCards,
  sessions,
  transactions,
} from '../db/schema';
import { getBalance, ledgerTotals } from '../services/ledger';
import { validatePhone } from '@cashdesk/domain/testing';
import { SandboxProvider } from '../providers';
import { createTestSession, startTestServer, writeBrandConfig } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';

let server: TestServer;
const ids = new Map<string, number>();

const BASE = '/api/cashier-service/v1.0';
const APPROVED_VISA = '4000000000000101';
const DECLINED_VISA = '4000000000000200';
const CHALLENGE_VISA = '4000000000000507';
const PROCESSING_VISA = '4000000000000606';
const CVV = '737';

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db
    .select({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.brandId, 'brand0'));
  for (const row of rows) ids.set(`${row.flow}:${row.shortName}`, row.id);
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
  readonly replayed: boolean;
}

async function submit(
  session: string,
  payGroup: string | number,
  body: unknown,
  key?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-session-id': session,
    'content-type': 'application/json',
  };
  // Like the widget, every submit has a key: the one a test names, else a fresh one.
  headers['idempotency-key'] = key ?? randomUUID();
  const id = typeof payGroup === 'number' ? payGroup : idOf(payGroup);
  const response = await fetch(`${server.baseUrl}${BASE}/payments/groups/${String(id)}/submit`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  if (!isRecord(parsed)) throw new Error('answer is not an object');
  return {
    status: response.status,
    body: parsed,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

function cardBody(pan: string, amount = '10', extra: Record<string, string | boolean> = {}) {
  return {
    amount,
    currency: 'EUR',
    parameters: {
      card_pan: pan,
      month: '12',
      year: '30',
      card_cvv: CVV,
      card_cardholder_name: 'Dana  Demo',
      ...extra,
    },
  };
}

/** A new player (500 EUR, no bonuses) with a deposit session. */
async function freshPlayer(): Promise<{ session: string; playerId: string }> {
  const player = `p-${randomUUID()}`;
  const session = await createTestSession(server, { player });
  const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
  if (row === undefined) throw new Error('no session row');
  return { session, playerId: row.playerId };
}

async function playerIdOf(externalId: string): Promise<string> {
  const [row] = await server.db
    .select()
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
  if (row === undefined) throw new Error(`no player ${externalId}`);
  return row.id;
}

async function balanceOf(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

describe('card deposits (SPEC §3 pay session, §5; money)', () => {
  it('credits an approved card deposit once, with fee, tax and bonus stored (SPEC §3, §5)', async () => {
    const session = await createTestSession(server);
    const playerId = await playerIdOf('demo');
    const before = new Date();
    const answer = await submit(session, 'card', cardBody(APPROVED_VISA, '25'), randomUUID());
    expect(answer.status).toBe(200);
    const txId = String(answer.body.transaction_id);
    expect(answer.body).toEqual({
      session_id: txId,
      transaction_id: txId,
      step: 'result',
      action: 'none',
      result_status: 'success',
      session_status: 'completed',
      transaction_status: 'success',
      experiment_user_group: null,
      decline_page_settings: null,
      error_fatal: false,
      error_code: null,
      error_message: null,
      success_url: 'https://demo.cashdesk.test/payments/success',
      fail_url: 'https://demo.cashdesk.test/payments/fail',
      processing_url: 'https://demo.cashdesk.test/payments/processing',
      merchant_url: 'https://demo.cashdesk.test',
      redirect_data: null,
      display_form: null,
      voucher: null,
      amount: '25.00',
      currency: 'EUR',
      // 1000 + 25 + the general bonus 10 % of 25 (SPEC §5 bonus rule).
      user_balance: '1027.50',
    });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row).toMatchObject({
      status: 'success',
      amount: '25.0000000000',
      // Merchant user fee 1.5 % of 25 plus 0.25, rounded half up to cents; method fee 0 %.
      fee: '0.6300000000',
      tax: '0.0000000000',
      bonus: '2.5000000000',
      savedCardId: null,
    });
    expect(row?.parameters).toEqual({});
    const entries = await server.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, txId))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { kind: 'deposit', amount: '25.0000000000' },
      { kind: 'bonus', amount: '2.5000000000' },
    ]);
    expect(await balanceOf(playerId)).toBe('1027.5');
    expect(await ledgerTotals(server.db, playerId, 'EUR')).toEqual({
      amount: '1027.5',
      reserved: '0',
    });
    const [lastUsed] = await server.db
      .select()
      .from(lastUsedMethods)
      .where(and(eq(lastUsedMethods.playerId, playerId), eq(lastUsedMethods.flow, 'deposit')));
    expect(lastUsed?.payGroupId).toBe(idOf('card'));
    expect(lastUsed?.usedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('answers a repeat with the same Idempotency-Key with the first result and credits nothing more', async () => {
    const { session, playerId } = await freshPlayer();
    const key = randomUUID();
    const first = await submit(session, 'card', cardBody(APPROVED_VISA, '10'), key);
    const second = await submit(session, 'card', cardBody(APPROVED_VISA, '10'), key);
    expect(first.status).toBe(200);
    expect(second).toEqual({ status: 200, body: first.body, replayed: true });
    expect(await balanceOf(playerId)).toBe('510');
    const other = await submit(session, 'card', cardBody(APPROVED_VISA, '11'), key);
    expect(other.status).toBe(422);
    expect(other.body.error_code).toBe('1007');
  });

  it('a submit without an Idempotency-Key is refused with 1012, so 50 parallel ones write nothing', async () => {
    const { session, playerId } = await freshPlayer();
    const path = `${server.baseUrl}${BASE}/payments/groups/${String(idOf('card'))}/submit`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'x-session-id': session, 'content-type': 'application/json' },
          body: JSON.stringify(cardBody(APPROVED_VISA, '10')),
        });
        const body: unknown = await response.json();
        return { status: response.status, body };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: {
          error_code: '1012',
          error_message: 'CASHIER.ERROR.IDEMPOTENCY_KEY_REQUIRED',
          error_field: 'headers.idempotency-key',
        },
      });
    }
    const [made] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made?.n).toBe(0);
    expect(await balanceOf(playerId)).toBe('500');
  });

  it('the fee reaches the provider: 50.00 with the 1.5 % + 0.25 fee is charged 51.00', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(APPROVED_VISA, '50'));
    const txId = String(answer.body.transaction_id);
    const provider = server.app.cashdesk.connectors.defaultProvider;
    if (!(provider instanceof SandboxProvider)) throw new Error('the suite pays with the sandbox');
    expect((await provider.activity()).find((entry) => entry.transactionId === txId)).toMatchObject(
      {
        flow: 'deposit',
        amount: '51.00',
      },
    );
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row?.providerRequest).toMatchObject({ amount: '50', fee: '1.00', total: '51.00' });
    expect(JSON.stringify(row?.providerRequest)).not.toContain(APPROVED_VISA);
  });

  it('makes one transaction of 50 parallel submits with one Idempotency-Key', async () => {
    const { session, playerId } = await freshPlayer();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => submit(session, 'card', cardBody(APPROVED_VISA, '10'), key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const txIds = new Set(answers.map((answer) => answer.body.transaction_id));
    expect(txIds.size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    const [made] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made?.n).toBe(1);
    expect(await balanceOf(playerId)).toBe('510');
  });

  it('answers a declined card with error_code 1301 in a 200 pay session and credits nothing (SPEC §3)', async () => {
    const { session, playerId } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(DECLINED_VISA, '10'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      step: 'result',
      action: 'none',
      result_status: 'error',
      session_status: 'completed',
      transaction_status: 'error',
      error_code: '1301',
      error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
      error_fatal: false,
      decline_page_settings: {
        retry: true,
        change_method: true,
        all_methods: true,
        into_game: true,
        message_key: 'CASHIER.DECLINE.DECLINED',
      },
      user_balance: '500.00',
    });
    const entries = await server.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, String(answer.body.transaction_id)));
    expect(entries[0]?.n).toBe(0);
    expect(await balanceOf(playerId)).toBe('500');
  });

  it('takes the checkout payment request payload of a host-to-host method (SPEC §3, §4 checkout)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card_checkout', {
      amount: 30,
      currency: 'EUR',
      parameters: {
        card_bin: '400000',
        card_pan: APPROVED_VISA,
        is_card_token_active: false,
        card_cardholder_name: 'Dana Demo',
        card_exp_month: '12',
        card_exp_year: '30',
        card_cvv: CVV,
        save_card: true,
      },
      browser_data: {
        color_depth: 24,
        language: 'en',
        time_zone: 0,
        timezone_name: 'UTC',
        java_enabled: false,
        screen_height: 900,
        screen_width: 1280,
        window_height: 900,
        window_width: 1280,
        user_agent: 'test',
        java_script_enabled: true,
      },
      fingerprint: 'fp-checkout',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result_status: 'success', amount: '30.00' });
    const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
    const cards = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, row?.playerId ?? ''));
    expect(cards.map((card) => card.last4)).toEqual([APPROVED_VISA.slice(-4)]);
  });

  it('sends a 3-D Secure challenge to the challenge page in a frame (SPEC §2 /3ds_result)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(CHALLENGE_VISA, '10'));
    expect(answer.body).toMatchObject({
      step: 'redirect',
      action: 'iframe',
      result_status: 'await',
      transaction_status: 'await',
      session_status: 'active',
      user_balance: '500.00',
    });
    const redirect = answer.body.redirect_data;
    if (!isRecord(redirect)) throw new Error('no redirect_data');
    expect(redirect.method).toBe('GET');
    expect(redirect.fields).toEqual({});
    expect(String(redirect.url)).toMatch(
      new RegExp(`^${server.baseUrl}/sandbox/3ds/sbx\\.d\\.challenge\\.`),
    );
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(answer.body.transaction_id)));
    expect(row?.providerData).toMatchObject({
      returnUrls: {
        // The session's language and theme stand in for display parameters the submit did not send.
        threeDsReturn: `http://widget.cashdesk.test/3ds_result?transaction_id=${String(answer.body.transaction_id)}&session_id=${session}&lang=en-brand0&theme=brand0`,
      },
    });
  });

  it('answers a processing card as processing with the await step (SPEC §3 step kinds)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(PROCESSING_VISA, '10'));
    expect(answer.body).toMatchObject({
      step: 'await',
      result_status: 'processing',
      transaction_status: 'processing',
      redirect_data: null,
    });
  });

  it('saves a card only when asked, and pays with the saved card (SPEC §2 save card, §3 saved card)', async () => {
    const { session, playerId } = await freshPlayer();
    const first = await submit(session, 'card', cardBody(APPROVED_VISA, '10', { save_card: true }));
    expect(first.body.transaction_status).toBe('success');
    const cards = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, playerId));
    expect(cards).toHaveLength(1);
    const card = cards[0];
    if (card === undefined) throw new Error('no card saved');
    expect(card).toMatchObject({
      last4: '0101',
      bin: '400000',
      expMonth: 12,
      expYear: 2030,
      holder: 'Dana Demo',
      cardType: 'visa',
      active: true,
    });
    expect(card.token).toMatch(/^sbxtok_/);
    expect(card.token).not.toContain(APPROVED_VISA);

    const saved = await submit(session, 'card', {
      amount: '15',
      currency: 'EUR',
      card_data: { card_id: card.id },
      parameters: { card_cvv: CVV },
    });
    expect(saved.body).toMatchObject({ transaction_status: 'success', user_balance: '525.00' });
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(saved.body.transaction_id)));
    expect(row?.savedCardId).toBe(card.id);

    const unsaved = await submit(session, 'card', cardBody(APPROVED_VISA, '5'));
    expect(unsaved.body.transaction_status).toBe('success');
    const after = await server.db
      .select({ n: count() })
      .from(savedCards)
      .where(eq(savedCards.playerId, playerId));
    expect(after[0]?.n).toBe(1);
  });

  it("answers 404 for another player's saved card and charges nothing", async () => {
    const { session, playerId } = await freshPlayer();
    const demo2 = await playerIdOf('demo2');
    const [card] = await server.db.select().from(savedCards).where(eq(savedCards.playerId, demo2));
    if (card === undefined) throw new Error('demo2 has no card');
    const answer = await submit(session, 'card', {
      amount: '10',
      currency: 'EUR',
      card_data: { card_id: card.id },
      parameters: { card_cvv: CVV },
    });
    expect(answer).toEqual({
      status: 404,
      body: {
        error_code: '1008',
        error_message: 'CASHIER.ERROR.NOT_FOUND',
        error_field: 'body.card_data.card_id',
      },
      replayed: false,
    });
    const made = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made[0]?.n).toBe(0);
  });

  it('never writes the card number or CVV to the database or the log', async () => {
    const { session } = await freshPlayer();
    await submit(session, 'card', cardBody(APPROVED_VISA, '10', { save_card: true }));
    await submit(session, 'card', cardBody(DECLINED_VISA, '10'));
    const dump = await server.db.execute(
      sql`select coalesce(string_agg(t::text, ' '), '') as dump from transactions t`,
    );
    const cardsDump = await server.db.execute(
      sql`select coalesce(string_agg(c::text, ' '), '') as dump from saved_cards c`,
    );
    const text = JSON.stringify([dump, cardsDump]);
    for (const secret of [APPROVED_VISA, DECLINED_VISA, `"${CVV}"`]) {
      expect(text).not.toContain(secret);
      expect(server.logs()).not.toContain(secret);
    }
    expect(server.logs()).toContain('authorising deposit');
  });
});

describe('other method kinds (SPEC §1, §2 result and display pages)', () => {
  it('redirects an alternative payment to its interaction page (SPEC §3 redirect result)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'ewallet', {
      amount: '20',
      currency: 'EUR',
      fields: { wallet_phone: '+4915112345678' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      step: 'redirect',
      action: 'redirect',
      transaction_status: 'await',
      result_status: 'await',
    });
    const redirect = answer.body.redirect_data;
    if (!isRecord(redirect)) throw new Error('no redirect_data');
    expect(String(redirect.url)).toMatch(
      new RegExp(`^${server.baseUrl}/sandbox/interaction/sbx\\.d\\.redirect\\.`),
    );
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(answer.body.transaction_id)));
    // 2 % method fee of 20; the stored form values keep the wallet phone.
    expect(row?.fee).toBe('0.4000000000');
    expect(row?.parameters).toEqual({ wallet_phone: '+4915112345678' });
  });

  it('waits for a mobile payment and takes the read-only phone from the profile (SPEC §3 isDisabled)', async () => {
    const parametersOf = async (answer: Answer) => {
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, String(answer.body.transaction_id)));
      return row?.parameters;
    };
    const demo = await submit(await createTestSession(server), 'mobile_money', {
      amount: '10',
      currency: 'EUR',
      parameters: { operator: 'operator_a', phone: '+10000000000' },
    });
    expect(demo.body).toMatchObject({ step: 'await', transaction_status: 'await' });
    expect(await parametersOf(demo)).toEqual({ operator: 'operator_a', phone: '+4915112345678' });
    // A player without a phone in the profile: the client's value is not taken either.
    const { session } = await freshPlayer();
    const noPhone = await submit(session, 'mobile_money', {
      amount: '10',
      currency: 'EUR',
      parameters: { operator: 'operator_b', phone: '+10000000000' },
    });
    expect(await parametersOf(noPhone)).toEqual({ operator: 'operator_b' });
  });

  it('shows a display form with a QR payload (SPEC §2 /deposit/deposit-display-form)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'crypto_qr', {
      amount: '25.50',
      currency: 'EUR',
      parameters: { network: 'btc' },
    });
    expect(answer.body).toMatchObject({ step: 'display_form', transaction_status: 'await' });
    const form = answer.body.display_form;
    if (!isRecord(form)) throw new Error('no display_form');
    // At the currency precision, as every other amount of the pay session.
    expect(form.amount).toBe('25.50');
    expect(form.currency).toBe('EUR');
    expect(String(form.qr_payload)).toMatch(/^cashdesk-sandbox:\/\/pay\?/);
  });

  it('gives a bet-shop voucher naming the chosen shop (SPEC §2 /betshop-deposit)', async () => {
    const { session } = await freshPlayer();
    const select = await fetch(
      `${server.baseUrl}${BASE}/payments/groups/${String(idOf('betshop_cash'))}/select`,
      {
        method: 'POST',
        headers: { 'x-session-id': session, 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'EUR' }),
      },
    );
    const detail: unknown = await select.json();
    if (!isRecord(detail) || !Array.isArray(detail.bet_shops)) throw new Error('no bet shops');
    const shop: unknown = detail.bet_shops[2];
    if (!isRecord(shop)) throw new Error('no third shop');
    const answer = await submit(session, 'betshop_cash', {
      amount: '30',
      currency: 'EUR',
      parameters: { bet_shop: String(shop.id) },
    });
    expect(answer.body).toMatchObject({
      step: 'voucher',
      transaction_status: 'await',
      voucher: { amount: '30.00', currency: 'EUR', bet_shop: shop },
    });
    const voucher = answer.body.voucher;
    if (!isRecord(voucher)) throw new Error('no voucher');
    expect(String(voucher.code)).toMatch(/^[0-9]{12}$/);
  });
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
