/**
 * Integration tests of the deposit submit's other results (SPEC §1, §2, §3 step kinds): a
 * processing card, saved cards, card data never stored or logged, and the other method kinds
 * (redirect, mobile wait, display form, bet-shop voucher). The real server with the sandbox
 * provider on a fresh database, real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { savedCards, transactions } from '../db/schema';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER } from './api-calls';
import {
  depositSubmitCalls,
  APPROVED_VISA,
  DECLINED_VISA,
  PROCESSING_VISA,
  CVV,
  cardBody,
} from './deposit-submit-calls';
import type { DepositSubmitCalls, SubmitAnswer } from './deposit-submit-calls';
import { isRecord } from '../platform/is-record';

let server: TestServer;
let idOf: DepositSubmitCalls['idOf'];
let submit: DepositSubmitCalls['submit'];
let freshPlayer: DepositSubmitCalls['freshPlayer'];
let playerIdOf: DepositSubmitCalls['playerIdOf'];

beforeAll(async () => {
  server = await startTestServer();
  ({ idOf, submit, freshPlayer, playerIdOf } = await depositSubmitCalls(server));
});

afterAll(async () => {
  await server.close();
});

describe('card deposits (SPEC §3 pay session, §5; money)', () => {
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
    const parametersOf = async (answer: SubmitAnswer) => {
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
    // Each detail keeps the provider's stable name, by which the widget labels it in the player's
    // language, beside the provider's own label.
    expect(form.copy_fields).toEqual([
      { name: 'wallet', label: 'Wallet', value: 'SANDBOX-WALLET-0001' },
      { name: 'amount', label: 'Amount (EUR)', value: '25.50' },
      { name: 'reference', label: 'Payment reference', value: form.reference },
    ]);
  });

  it('gives a bet-shop voucher naming the chosen shop (SPEC §2 /betshop-deposit)', async () => {
    const { session } = await freshPlayer();
    const select = await fetch(
      `${server.baseUrl}${CASHIER}/payments/groups/${String(idOf('betshop_cash'))}/select`,
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
