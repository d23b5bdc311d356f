/**
 * Integration tests of init and select for both flows (SPEC §3 cashier response and method
 * detail, §4 grouping facts, §7 calls): the real server on a fresh database, real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { payGroups, sessions } from '../db/schema';
import { reserveWithdrawal } from '../modules/wallet/ledger';
import { createTransaction } from '../modules/payments/transaction-repository';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';

let server: TestServer;
let eurDeposit: string;
let eurPayout: string;
let jpyDeposit: string;
let kwdDeposit: string;
const ids = new Map<string, number>();

const BASE = '/api/cashier-service/v1.0';

beforeAll(async () => {
  server = await startTestServer();
  [eurDeposit, eurPayout, jpyDeposit, kwdDeposit] = await Promise.all([
    createTestSession(server),
    createTestSession(server, { flow: 'withdrawal' }),
    createTestSession(server, { currency: 'JPY' }),
    createTestSession(server, { brand: 'brand1', currency: 'KWD' }),
  ]);
  const rows = await server.db
    .select({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.brandId, 'brand0'));
  for (const row of rows) ids.set(`${row.flow}:${row.shortName}`, row.id);
});

afterAll(async () => {
  await server.close();
});

function idOf(flow: 'deposit' | 'withdrawal', shortName: string): number {
  const id = ids.get(`${flow}:${shortName}`);
  if (id === undefined) throw new Error(`no seed pay group ${flow}:${shortName}`);
  return id;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function call(
  path: string,
  init: { method?: string; session?: string | null; body?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.session !== null) headers['x-session-id'] = init.session ?? eurDeposit;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error(`not an object: ${JSON.stringify(body)}`);
  return { status: response.status, body };
}

function list(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new Error('not a list');
  return value.filter(isRecord);
}

function byName(groups: unknown, shortName: string): Record<string, unknown> {
  const found = list(groups).find((group) => group.short_name === shortName);
  if (found === undefined) throw new Error(`no ${shortName} in the list`);
  return found;
}

describe('deposit init (SPEC §3 cashier response, §7 payments/groups/init)', () => {
  it('names the host-to-host card method a checkout in its detail (SPEC §4 workflow types)', async () => {
    const { status, body } = await call(
      `/payments/groups/${String(idOf('deposit', 'card_checkout'))}/select`,
      { method: 'POST', body: JSON.stringify({ currency: 'EUR' }) },
    );
    expect(status).toBe(200);
    expect(body.workflow_type).toBe('host_to_host');
  });

  it('lists the EUR deposit pay groups of the brand by arrangement with their flags (SPEC §3, §4)', async () => {
    const { status, body } = await call('/payments/groups/init');
    expect(status).toBe(200);
    expect(list(body.payment_groups).map((group) => group.short_name)).toEqual([
      'card',
      'apple_pay',
      'google_pay',
      'ewallet',
      'mobile_money',
      'crypto_qr',
      'bank_transfer',
      'betshop_cash',
      'prepaid_voucher',
      'card_checkout',
      'legacy_wallet',
    ]);
    const card = byName(body.payment_groups, 'card');
    expect(card).toEqual({
      id: idOf('deposit', 'card'),
      short_name: 'card',
      public_name: 'Visa / Mastercard',
      arrangement: 100,
      popular: true,
      logo: null,
      native_pay_type: null,
      action_type: 'activity',
      info: 'https://demo.cashdesk.test/help/cards',
      info_in_iframe: false,
      self_target: false,
      pay_method_type: 'cards',
      last_used: true,
      auto_submit: false,
      show_in_carousel: true,
      allow_pre_selected_method: true,
      restricted_until: null,
      merchant_user_fee: { percentage: '1.5', fix: '0.25' },
      display_limits: true,
      currencies: [
        {
          currency_id: 978,
          name: 'Euro',
          alpha3: 'EUR',
          iso_number: 978,
          precision: 2,
          fee: '0%',
          processing_time_translation_key: 'PH.PROCESSING_TIME.INSTANT',
          show_processing_time: true,
          limits: { min_amount: '5.00', max_amount: '5000.00' },
        },
      ],
      pay_group: 'card',
      enabled: true,
    });
    expect(byName(body.payment_groups, 'prepaid_voucher').restricted_until).toBe(
      '2099-12-31T23:00:00.000Z',
    );
    expect(byName(body.payment_groups, 'legacy_wallet').enabled).toBe(false);
    expect(byName(body.payment_groups, 'ewallet').last_used).toBe(false);
    // Apple Pay stays in the list: the widget filters it by platform (SPEC §6).
    expect(byName(body.payment_groups, 'apple_pay').native_pay_type).toBe('apple_pay');
    expect(byName(body.payment_groups, 'google_pay').native_pay_type).toBe('google_pay');
  });

  it('answers the settings, bonuses, lost-profit bonus, balance and profile (SPEC §3)', async () => {
    const { body } = await call('/payments/groups/init');
    expect(body).toMatchObject({
      view_data: [],
      cashier_settings: { country_filtering_enabled: false },
      cashier_features: ['billing_carousel', 'billing_quick_suggestions', 'billing_lost_profit'],
      withdrawal_reverse: null,
      tax: { tiers: [] },
      merchant_url: 'https://demo.cashdesk.test',
      merchant_success_url: 'https://demo.cashdesk.test/payments/success',
      merchant_fail_url: 'https://demo.cashdesk.test/payments/fail',
      merchant_processing_url: 'https://demo.cashdesk.test/payments/processing',
      merchant_redirect_type: 'self',
      user_balance: '1000.00',
      widget_settings: {
        currency_display_setting_id: 1,
        bonus_in_amount_block: true,
        processing_page_redirect_timeout: 20,
        success_page_redirect_timeout: 30,
        show_pci_dss_logo: true,
        // SPEC §3 logoSizes from the brand's widget settings (the seed's 40 by 40).
        logo_sizes: { height: 40, width: 40 },
      },
      user_profile: { country: 'DE', phone: '+4915112345678', language: 'en' },
    });
    // The realtime connection token, a JWT of three base64url parts.
    expect(String(body.auth_token)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user_bonuses).toEqual([
      {
        bonusDescription: '10% on every deposit, up to 50 EUR',
        bonusPayGroupsIds: [],
        bonusInfo: {
          absoluteBonusValue: null,
          percentBonusValue: '10',
          maxBonusValue: '50',
          minDepositAmount: '20',
          maxDepositAmount: null,
        },
      },
      {
        bonusDescription: '5 EUR extra on e-wallet deposits from 10 EUR',
        bonusPayGroupsIds: [idOf('deposit', 'ewallet')],
        bonusInfo: {
          absoluteBonusValue: '5',
          percentBonusValue: null,
          maxBonusValue: null,
          minDepositAmount: '10',
          maxDepositAmount: null,
        },
      },
    ]);
    expect(body.lost_profit_merchant_bonus).toEqual({
      pay_group: idOf('deposit', 'crypto_qr'),
      tiers: [
        { from: '20', to: '100', percent_value: '5', absolute_value: null },
        { from: '100', to: null, percent_value: '7', absolute_value: '15' },
      ],
    });
  });

  it("reads the player's figures the same both ways in: inlined query and PL/pgSQL (SPEC §3)", async () => {
    const [session] = await server.db
      .select({ playerId: sessions.playerId, brandId: sessions.brandId })
      .from(sessions)
      .where(eq(sessions.id, eurDeposit));
    if (session === undefined) throw new Error('no session row');
    const figuresBy = (fn: string) =>
      rowsOf(
        server.db.execute(
          sql`select * from ${sql.raw(fn)}(${session.playerId}::uuid, ${session.brandId}::text,
            'EUR'::text, 'deposit'::payment_flow, true)`,
        ),
      );
    const viaQuery = await figuresBy('cashdesk_player_figures_query');
    expect(viaQuery).toHaveLength(1);
    expect(await figuresBy('cashdesk_player_figures')).toEqual(viaQuery);
  });

  it('lists only the pay groups with the session currency, at its precision (SPEC §3)', async () => {
    const { status, body } = await call('/payments/groups/init', { session: jpyDeposit });
    expect(status).toBe(200);
    expect(list(body.payment_groups).map((group) => group.short_name)).toEqual(['card', 'ewallet']);
    expect(byName(body.payment_groups, 'card').currencies).toEqual([
      expect.objectContaining({
        alpha3: 'JPY',
        precision: 0,
        limits: { min_amount: '500', max_amount: '500000' },
      }),
    ]);
    expect(body.user_balance).toBe('150000');
  });

  it("shows another brand's player only that brand's methods and money (SPEC §3)", async () => {
    const { status, body } = await call('/payments/groups/init', { session: kwdDeposit });
    expect(status).toBe(200);
    const groups = list(body.payment_groups);
    expect(groups.map((group) => [group.short_name, group.public_name])).toEqual([
      ['card', 'Card'],
    ]);
    expect(body).toMatchObject({
      user_balance: '100.125',
      merchant_redirect_type: 'blank',
      user_bonuses: [],
      lost_profit_merchant_bonus: null,
    });
    // SPEC §3 showPCIDSSLogo: brand1's widget settings do not ask for the PCI DSS mark.
    expect(body.widget_settings).toMatchObject({ show_pci_dss_logo: false });
    // SPEC §9: a brand that names no logo size gets the default 40 by 40.
    expect(body.widget_settings).toMatchObject({ logo_sizes: { height: 40, width: 40 } });
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    const { status, body } = await call('/payments/groups/init', { session: null });
    expect(status).toBe(401);
    expect(body).toEqual({ error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' });
  });
});

describe('payout init (SPEC §3 cashier response, §7 payouts/groups/init)', () => {
  it('lists the withdrawal pay groups with the withdrawal tax tiers and no bonuses (SPEC §3)', async () => {
    const { status, body } = await call('/payouts/groups/init', { session: eurPayout });
    expect(status).toBe(200);
    expect(list(body.payout_groups).map((group) => group.short_name)).toEqual([
      'card_payout',
      'ewallet_payout',
      'mobile_payout',
      'crypto_payout',
      'bank_payout',
      'betshop_payout',
    ]);
    expect(byName(body.payout_groups, 'card_payout').last_used).toBe(true);
    expect(body.tax).toEqual({
      tiers: [
        { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
        { from: '100', to: '1000', percent_value: '10', absolute_value: '0' },
        { from: '1000', percent_value: '15', absolute_value: '0' },
      ],
    });
    expect(body.user_bonuses).toEqual([]);
    expect(body.lost_profit_merchant_bonus).toBeNull();
    expect(body.payment_groups).toBeUndefined();
  });

  it('answers the pending withdrawal as withdrawal_reverse (SPEC §3, §2 /reject-withdrawal)', async () => {
    const session = await createTestSession(server, { player: 'reverse-me', flow: 'withdrawal' });
    const before = await call('/payouts/groups/init', { session });
    expect(before.body).toMatchObject({ user_balance: '500.00', withdrawal_reverse: null });
    const [player] = await server.db.select().from(sessions).where(eq(sessions.id, session));
    if (player === undefined) throw new Error('no session row');
    const [group] = await server.db
      .select()
      .from(payGroups)
      .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.shortName, 'card_payout')));
    if (group === undefined) throw new Error('no payout group');
    const tx = await createTransaction(server.db, {
      playerId: player.playerId,
      brandId: 'brand0',
      sessionId: session,
      payGroupId: group.id,
      flow: 'withdrawal',
      amount: '40',
      currency: 'EUR',
      providerKind: 'card',
    });
    await reserveWithdrawal(server.db, {
      playerId: player.playerId,
      currency: 'EUR',
      amount: '40',
      transactionId: tx.id,
    });
    const after = await call('/payouts/groups/init', { session });
    expect(after.body).toMatchObject({
      user_balance: '460.00',
      withdrawal_reverse: { amount: '40.00', currency: 'EUR' },
    });
  });
});

describe('deposit select (SPEC §3 method detail, §7 payments/groups/{payGroupId}/select)', () => {
  it('answers the card method detail with limits, blocks, fees and fields (SPEC §3, §5)', async () => {
    const { status, body } = await call(
      `/payments/groups/${String(idOf('deposit', 'card'))}/select`,
      {
        method: 'POST',
        body: JSON.stringify({ currency: 'EUR' }),
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      currency: 'EUR',
      limits: { min_amount: '5.00', max_amount: '5000.00', max_recurring_amount: '500.00' },
      amount_blocks: ['10.00', '25.00', '50.00', '100.00'],
      view_data: [],
      processing_currency: null,
      processing_currency_rate: null,
      show_processing_currency: false,
      amount_reg_exp_fe: null,
      auto_submit: false,
      preset_behavior: null,
      preset_amount: '25.00',
      preset_currency: 'EUR',
      allow_preset_amount: false,
      merchant_user_fee: { percentage: '1.5', fix: '0.25' },
      processing_time_translation_key: 'PH.PROCESSING_TIME.INSTANT',
      workflow_type: 'form',
      info: 'https://demo.cashdesk.test/help/cards',
      fee: '0%',
      is_routable: false,
    });
    expect(list(body.parameters).map((field) => field.name)).toEqual([
      'card_id',
      'card_pan',
      'expirationDate',
      'card_cvv',
      'card_cardholder_name',
      'save_card',
    ]);
    expect(body.bet_shops).toBeUndefined();
  });

  it('answers the display-form workflow and pre-fills profile fields (SPEC §3, §4)', async () => {
    const crypto = await call(`/payments/groups/${String(idOf('deposit', 'crypto_qr'))}/select`, {
      method: 'POST',
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(crypto.body).toMatchObject({
      workflow_type: 'display_form',
      amount_reg_exp_fe: '^[0-9]+(\\.[0-9]{1,2})?$',
      limits: { min_amount: '20.00' },
    });
    const mobile = await call(
      `/payments/groups/${String(idOf('deposit', 'mobile_money'))}/select`,
      { method: 'POST', body: JSON.stringify({ currency: 'EUR' }) },
    );
    expect(list(mobile.body.parameters)[0]).toEqual({
      name: 'phone',
      type: 'user_phone',
      label: 'PH.FIELD.PHONE',
      is_read_only: true,
      user_requisite: '+4915112345678',
    });
  });

  it('lists the bet shops of a bet-shop form with their working hours (SPEC §2, §3)', async () => {
    const { body } = await call(
      `/payments/groups/${String(idOf('deposit', 'betshop_cash'))}/select`,
      { method: 'POST', body: JSON.stringify({ currency: 'EUR' }) },
    );
    const shops = list(body.bet_shops);
    expect(shops.map((shop) => [shop.city, shop.name])).toEqual([
      ['Berlin', 'Alexanderplatz'],
      ['Berlin', 'Kreuzberg'],
      ['Hamburg', 'Reeperbahn'],
    ]);
    expect(shops[1]?.working_hours).toEqual([
      { day: 1, opens: '10:00', closes: '14:00' },
      { day: 1, opens: '15:00', closes: '20:00' },
      { day: 3, opens: '10:00', closes: '20:00' },
      { day: 5, opens: '10:00', closes: '20:00' },
      { day: 7, opens: '12:00', closes: '18:00' },
    ]);
  });

  it("answers the method's view_data of several display kinds (SPEC §3 information display kinds)", async () => {
    const { body } = await call(
      `/payments/groups/${String(idOf('deposit', 'bank_transfer'))}/select`,
      { method: 'POST', body: JSON.stringify({ currency: 'EUR' }) },
    );
    expect(list(body.view_data).map((entry) => entry.type)).toEqual([
      'information_block',
      'text',
      'line',
      'collapse',
      'popup',
      'additional_info',
    ]);
  });

  it('answers the detail of a disabled or restricted method; only submit refuses it (SPEC §4)', async () => {
    for (const name of ['legacy_wallet', 'prepaid_voucher']) {
      const { status } = await call(`/payments/groups/${String(idOf('deposit', name))}/select`, {
        method: 'POST',
        body: JSON.stringify({ currency: 'EUR' }),
      });
      expect(status).toBe(200);
    }
  });

  it('answers 404 unknownPayGroup for an unknown pay group, the other flow and another brand (SPEC §7, §8)', async () => {
    const unknown = { error_code: '1003', error_message: 'CASHIER.ERROR.UNKNOWN_PAY_GROUP' };
    const brand1Card = await server.db
      .select({ id: payGroups.id })
      .from(payGroups)
      .where(and(eq(payGroups.brandId, 'brand1'), eq(payGroups.flow, 'deposit')));
    for (const id of [999_999, idOf('withdrawal', 'card_payout'), brand1Card[0]?.id ?? 0]) {
      const result = await call(`/payments/groups/${String(id)}/select`, {
        method: 'POST',
        body: JSON.stringify({ currency: 'EUR' }),
      });
      expect(result).toEqual({
        status: 404,
        body: { ...unknown, error_field: 'params.payGroupId' },
      });
    }
  });

  it('answers 404 for a pay group without the session currency (SPEC §3)', async () => {
    const result = await call(
      `/payments/groups/${String(idOf('deposit', 'mobile_money'))}/select`,
      {
        method: 'POST',
        session: jpyDeposit,
        body: JSON.stringify({ currency: 'JPY' }),
      },
    );
    expect(result.status).toBe(404);
    expect(result.body.error_code).toBe('1003');
  });

  it('refuses another currency, a wrong type, malformed JSON and a bad id with 400 (SPEC §8)', async () => {
    const path = `/payments/groups/${String(idOf('deposit', 'card'))}/select`;
    const otherCurrency = await call(path, {
      method: 'POST',
      body: JSON.stringify({ currency: 'JPY' }),
    });
    expect(otherCurrency).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'body.currency',
      },
    });
    const wrongType = await call(path, { method: 'POST', body: JSON.stringify({ currency: 5 }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error_code: '1002', error_field: 'body.currency' });
    const malformed = await call(path, { method: 'POST', body: '{"currency": "EUR"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_code).toBe('1001');
    const badId = await call('/payments/groups/card/select', {
      method: 'POST',
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error_code: '1002', error_field: 'params.payGroupId' });
  });
});

describe('payout select (SPEC §3 withdrawal method detail)', () => {
  it('adds verification, support, contacts and the payout accounts (SPEC §3)', async () => {
    const { status, body } = await call(
      `/payouts/groups/${String(idOf('withdrawal', 'ewallet_payout'))}/select`,
      { method: 'POST', session: eurPayout, body: JSON.stringify({ currency: 'EUR' }) },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      currency: 'EUR',
      limits: { min_amount: '5.00', max_amount: '5000.00', max_recurring_amount: null },
      fee: '1%',
      payout_account_verification_blocked: false,
      payout_account_verification_blocked_until: null,
      support_url: 'https://demo.cashdesk.test/support',
      trusted_contacts: [
        { contact_type: 'email', masked_contact: 'd***@cashdesk.test' },
        { contact_type: 'phone', masked_contact: '+4915****678' },
      ],
      allow_new_payout_account: true,
    });
    const accounts = list(body.payout_accounts);
    expect(typeof accounts[0]?.id).toBe('string');
    expect(accounts).toEqual([
      {
        id: accounts[0]?.id,
        label: 'E-Wallet payout',
        masked: '+49151*****678',
        verified: true,
        requisite_type: '2',
      },
    ]);
    expect(list(body.parameters)[0]).toMatchObject({
      name: 'wallet_phone',
      is_otp_requisites: true,
      user_requisite_type_id: 2,
      verify_new_payout_account: true,
    });
  });

  it('answers 404 for a deposit pay group on the payout path (SPEC §7)', async () => {
    const result = await call(`/payouts/groups/${String(idOf('deposit', 'card'))}/select`, {
      method: 'POST',
      session: eurPayout,
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error_code: '1003', error_field: 'params.payGroupId' });
  });
});
