/**
 * The operator API's configuration of a brand, on the real server over HTTP: every
 * route refuses a bad key (401) and a key without its scope (403); invalid configuration answers
 * 400 naming the field and writes nothing (the brand's whole configuration compared before and
 * after); another brand's pay group is 404; what is written shows in a player's next init;
 * concurrent writes each get their own version, If-Match races have one winner and nothing is
 * half-written; and the seed's demo brands read back through the same API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, PayGroupConfig } from '@cashdesk/contract';
import { startTestServer, createTestSession } from './harness';
import type { TestServer } from './harness';
import { CASHIER, callJson, cardDepositBody } from './api-calls';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';
import { isRecord } from '../platform/is-record';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

/** A deposit card pay group document in `currency` (German name "Karte"). */
function cardDocument(currency = 'EUR', overrides: Record<string, unknown> = {}) {
  return {
    public_name: 'Card',
    public_names: { de: 'Karte' },
    provider_kind: 'card',
    pay_method_type: 'cards',
    arrangement: 10,
    popular: true,
    logo: '/assets/logos/card.svg',
    fields: [
      {
        name: 'card_pan',
        type: 'input',
        extended_type: 'card_pan',
        label: 'PH.FIELD.CARD_NUMBER',
        is_required: true,
      },
      { name: 'expirationDate', type: 'input', label: 'PH.FIELD.EXPIRY', is_required: true },
      {
        name: 'card_cvv',
        type: 'input',
        extended_type: 'card_cvv',
        label: 'PH.FIELD.CVV',
        is_required: true,
      },
      {
        name: 'card_cardholder_name',
        type: 'input',
        extended_type: 'card_cardholder_name',
        label: 'PH.FIELD.CARDHOLDER',
        is_required: true,
      },
    ],
    currencies: [
      { currency, min_amount: '5', max_amount: '500', fee: '0%', amount_blocks: ['10', '20'] },
    ],
    ...overrides,
  };
}

/** Writes `document` as the brand's pay group flow/shortName and returns it. */
async function putGroup(
  brand: OperatorBrand,
  flow: string,
  shortName: string,
  document: unknown,
): Promise<PayGroupConfig> {
  const answer = await operatorCall(server, 'PUT', `/pay-groups/${flow}/${shortName}`, brand.key, {
    body: document,
  });
  if (answer.status !== 200) throw new Error(`put pay group: ${answer.status} ${answer.text}`);
  return PayGroupConfig.parse(answer.body);
}

/** Every readable part of the brand's configuration and its version, as the API answers them. */
async function configurationOf(brand: OperatorBrand): Promise<unknown> {
  const read = async (path: string) => {
    const answer = await operatorCall(server, 'GET', path, brand.key);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  return {
    settings: await read('/settings'),
    currencies: await read('/currencies'),
    payGroups: await read('/pay-groups'),
    taxTiers: await read('/tax-tiers'),
    lostProfit: await read('/lost-profit-bonus'),
    contentPages: await read('/content-pages'),
    notifications: await read('/notifications'),
    audit: await read('/audit?kind=change'),
  };
}

/** The deposit init of a new sandbox player of the brand, in `lang`. */
async function depositInit(brandId: string, lang = 'en', player = 'p1', currency = 'EUR') {
  const sessionId = await createTestSession(server, {
    brand: brandId,
    player,
    currency,
    lang,
  });
  const init = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, sessionId);
  expect(init.status).toBe(200);
  return { sessionId, init: init.body };
}

function groupsOf(init: Record<string, unknown>): Record<string, unknown>[] {
  const groups = init.payment_groups;
  if (!Array.isArray(groups)) throw new Error('no payment_groups');
  return groups.filter(isRecord);
}

/** Every configuration route with a valid body, for the key and scope checks. */
function everyRoute(): { method: string; path: string; body?: unknown; write: boolean }[] {
  return [
    { method: 'GET', path: '/settings', write: false },
    { method: 'PATCH', path: '/settings', body: { support_url: null }, write: true },
    { method: 'GET', path: '/currencies', write: false },
    {
      method: 'PUT',
      path: '/currencies/EUR',
      body: { currency_id: 978, name: 'Euro', iso_number: 978, precision: 2 },
      write: true,
    },
    { method: 'GET', path: '/pay-groups', write: false },
    { method: 'GET', path: '/pay-groups/deposit/card', write: false },
    { method: 'PUT', path: '/pay-groups/deposit/card', body: cardDocument(), write: true },
    { method: 'DELETE', path: '/pay-groups/deposit/card', write: true },
    { method: 'GET', path: '/tax-tiers', write: false },
    { method: 'PUT', path: '/tax-tiers/deposit', body: { tiers: [] }, write: true },
    { method: 'GET', path: '/lost-profit-bonus', write: false },
    {
      method: 'PUT',
      path: '/lost-profit-bonus',
      body: {
        pay_group_id: 1,
        tiers: [{ from: '1', to: null, percent_value: '5', absolute_value: null }],
      },
      write: true,
    },
    { method: 'DELETE', path: '/lost-profit-bonus', write: true },
    { method: 'PUT', path: '/bonuses/p1', body: { bonuses: [] }, write: true },
    { method: 'GET', path: '/content-pages', write: false },
    {
      method: 'PUT',
      path: '/content-pages/terms/en',
      body: { title: 'Terms', sections: [] },
      write: true,
    },
    { method: 'DELETE', path: '/content-pages/terms/en', write: true },
    { method: 'GET', path: '/notifications', write: false },
    {
      method: 'POST',
      path: '/notifications',
      body: {
        key: 'k',
        categories: ['deposit_form'],
        pay_group_id: null,
        player_external_id: null,
        message: 'm',
      },
      write: true,
    },
    { method: 'DELETE', path: '/notifications/k', write: true },
  ];
}

describe('brand configuration — keys and scopes', () => {
  it('answers 401 (1801) without a valid key and 403 (1802) without the scope, writing nothing', async () => {
    const brand = await createOperatorBrand(server);
    await putGroup(brand, 'deposit', 'card', cardDocument());
    const readOnly = await mintKey(server, brand.brandId, ['config:read']);
    const noConfig = await mintKey(server, brand.brandId, ['players:read', 'sessions:write']);
    const before = await configurationOf(brand);
    for (const route of everyRoute()) {
      const options = route.body === undefined ? {} : { body: route.body };
      for (const key of [null, 'cdk_aaaaaaaaaaaa_' + 'A'.repeat(43)]) {
        const answer = await operatorCall(server, route.method, route.path, key, options);
        expect(answer.status, `${route.method} ${route.path}`).toBe(401);
        expect(errorFields(answer.body).code).toBe(ERROR_CODES.operatorKeyInvalid.code);
      }
      const wrongScope = await operatorCall(
        server,
        route.method,
        route.path,
        noConfig.key,
        options,
      );
      expect(wrongScope.status, `${route.method} ${route.path}`).toBe(403);
      expect(errorFields(wrongScope.body).code).toBe(ERROR_CODES.operatorScopeMissing.code);
      if (route.write) {
        const readScope = await operatorCall(
          server,
          route.method,
          route.path,
          readOnly.key,
          options,
        );
        expect(readScope.status, `${route.method} ${route.path}`).toBe(403);
      }
    }
    expect(await configurationOf(brand)).toEqual(before);
    expect(server.logs()).not.toContain(brand.key);
    expect(server.logs()).not.toContain(readOnly.key);
  });
});

describe('brand configuration — pay groups', () => {
  it("shows a written pay group in the player's next init, named in the session's language", async () => {
    const brand = await createOperatorBrand(server);
    const written = await putGroup(brand, 'deposit', 'card', cardDocument());
    expect(written).toMatchObject({
      flow: 'deposit',
      short_name: 'card',
      public_names: { de: 'Karte' },
      enabled: true,
      connector: null,
      currencies: [
        { currency: 'EUR', min_amount: '5', max_amount: '500', amount_blocks: ['10', '20'] },
      ],
    });

    const german = groupsOf((await depositInit(brand.brandId, 'de', 'p-de')).init);
    expect(german.map((group) => [group.id, group.public_name])).toEqual([[written.id, 'Karte']]);
    const english = groupsOf((await depositInit(brand.brandId, 'en', 'p-en')).init);
    expect(english.map((group) => group.public_name)).toEqual(['Card']);
    const french = groupsOf((await depositInit(brand.brandId, 'fr', 'p-fr')).init);
    expect(french.map((group) => group.public_name)).toEqual(['Card']);

    // Replaced: same id, new limits, at once.
    const replaced = await putGroup(
      brand,
      'deposit',
      'card',
      cardDocument('EUR', {
        currencies: [{ currency: 'EUR', min_amount: '7.5', max_amount: '250', fee: '1%' }],
      }),
    );
    expect(replaced.id).toBe(written.id);
    const [group] = groupsOf((await depositInit(brand.brandId, 'en', 'p-en2')).init);
    expect(group?.currencies).toMatchObject([
      {
        alpha3: 'EUR',
        limits: { min_amount: '7.50', max_amount: '250.00' },
      },
    ]);

    const { sessionId } = await depositInit(brand.brandId, 'en', 'p-en3');
    const select = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(written.id)}/select`,
      sessionId,
      { currency: 'EUR' },
    );
    expect(select.body).toMatchObject({
      limits: { min_amount: '7.50', max_amount: '250.00' },
      amount_blocks: [],
    });

    const audit = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    const [last, first] = audit.entries;
    expect(last).toMatchObject({ action: 'operatorPayGroupPut', target: 'pay_group:deposit/card' });
    expect(last?.before).toEqual(written);
    expect(last?.after).toEqual(replaced);
    expect(first?.before).toBeNull();
  });

  it('answers the pay group, the list by flow, and 404 (1803) for an unknown one', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(brand, 'deposit', 'card', cardDocument());
    const payout = await putGroup(brand, 'withdrawal', 'card_payout', {
      ...cardDocument(),
      fields: [
        { name: 'card_id', type: 'select', extended_type: 'card_id', user_requisite_type_id: 1 },
      ],
    });
    const one = await operatorCall(server, 'GET', '/pay-groups/deposit/card', brand.key);
    expect(one.body).toEqual(card);
    const deposits = await operatorCall(server, 'GET', '/pay-groups?flow=deposit', brand.key);
    expect(deposits.body).toEqual({ pay_groups: [card] });
    const all = await operatorCall(server, 'GET', '/pay-groups', brand.key);
    expect(all.body).toEqual({ pay_groups: [card, payout] });
    const missing = await operatorCall(server, 'GET', '/pay-groups/withdrawal/card', brand.key);
    expect(missing.status).toBe(404);
    expect(errorFields(missing.body)).toEqual({
      code: ERROR_CODES.operatorNotFound.code,
      field: 'params.shortName',
    });
  });

  it('opens operator sessions only in a currency an enabled pay group of the flow offers', async () => {
    const brand = await createOperatorBrand(server);
    const startSession = (flow: string) =>
      operatorCall(server, 'POST', '/sessions', brand.key, {
        body: { player: { external_id: 'offered' }, flow, currency: 'EUR' },
      });
    await putGroup(brand, 'deposit', 'card', cardDocument('EUR', { enabled: false }));
    const disabled = await startSession('deposit');
    expect(disabled.status).toBe(400);
    expect(errorFields(disabled.body).field).toBe('body.currency');

    await putGroup(brand, 'deposit', 'card', cardDocument('EUR'));
    expect((await startSession('deposit')).status).toBe(201);
    // A deposit method offers nothing to the withdrawal flow.
    const payout = await startSession('withdrawal');
    expect(payout.status).toBe(400);
    expect(errorFields(payout.body).field).toBe('body.currency');
  });

  it('refuses to delete a pay group with transactions (409, 1820) but disables it; deletes one without', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(brand, 'deposit', 'card', cardDocument());
    await putGroup(brand, 'deposit', 'spare', cardDocument('EUR', { public_name: 'Spare' }));
    const { sessionId } = await depositInit(brand.brandId, 'en', 'payer');
    const deposit = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(card.id)}/submit`,
      sessionId,
      cardDepositBody('10'),
    );
    expect(deposit.status).toBe(200);

    const refused = await operatorCall(server, 'DELETE', '/pay-groups/deposit/card', brand.key);
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).code).toBe(ERROR_CODES.configPayGroupInUse.code);
    expect((await operatorCall(server, 'GET', '/pay-groups/deposit/card', brand.key)).body).toEqual(
      card,
    );

    await putGroup(brand, 'deposit', 'card', cardDocument('EUR', { enabled: false }));
    const [shown] = groupsOf((await depositInit(brand.brandId, 'en', 'payer')).init).filter(
      (group) => group.id === card.id,
    );
    expect(shown?.enabled).toBe(false);

    const deleted = await operatorCall(server, 'DELETE', '/pay-groups/deposit/spare', brand.key);
    expect(deleted.status).toBe(200);
    expect((await operatorCall(server, 'GET', '/pay-groups/deposit/spare', brand.key)).status).toBe(
      404,
    );
  });
});

describe('brand configuration — invalid input', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(brand, 'deposit', 'card', cardDocument());
    const cases: { method: string; path: string; body: unknown; field: string }[] = [
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          currencies: [{ currency: 'EUR', min_amount: '600', max_amount: '500' }],
        }),
        field: 'body.currencies.0.min_amount',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          currencies: [{ currency: 'EUR', min_amount: '5.5.5' }],
        }),
        field: 'body.currencies.0.min_amount',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('XXX'),
        field: 'body.currencies.0.currency',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          currencies: [{ currency: 'EUR', min_amount: '5', max_amount: '50', preset_amount: '51' }],
        }),
        field: 'body.currencies.0.preset_amount',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          currencies: [{ currency: 'EUR', max_amount: '50', amount_blocks: ['10', '60'] }],
        }),
        field: 'body.currencies.0.amount_blocks.1',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          currencies: [{ currency: 'EUR' }, { currency: 'JPY' }, { currency: 'EUR' }],
        }),
        field: 'body.currencies.2.currency',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', { processing_currency: { alpha3: 'XXX', rate: '1.1' } }),
        field: 'body.processing_currency.alpha3',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', { connector: 'nowhere' }),
        field: 'body.connector',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', {
          fields: [{ name: 'account', user_requisite_type_id: 3 }],
        }),
        field: 'body.fields.0',
      },
      {
        method: 'PUT',
        path: '/pay-groups/deposit/card',
        body: cardDocument('EUR', { fields: [{ name: 'x', max_length: -1 }] }),
        field: 'body.fields.0.max_length',
      },
      {
        method: 'PUT',
        path: '/tax-tiers/deposit',
        body: {
          tiers: [
            { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
            { from: '50', to: null, percent_value: '5', absolute_value: '0' },
          ],
        },
        field: 'body.tiers.1.from',
      },
      {
        method: 'PUT',
        path: '/tax-tiers/withdrawal',
        body: {
          tiers: [
            { from: '0', to: null, percent_value: '1', absolute_value: '0' },
            { from: '100', to: '200', percent_value: '5', absolute_value: '0' },
          ],
        },
        field: 'body.tiers.0.to',
      },
      {
        method: 'PUT',
        path: '/lost-profit-bonus',
        body: {
          pay_group_id: card.id,
          tiers: [{ from: '100', to: '20', percent_value: '5', absolute_value: null }],
        },
        field: 'body.tiers.0.to',
      },
      {
        method: 'PATCH',
        path: '/settings',
        body: { allowed_host_origins: ['https://ok.example', 'https://site.example/path'] },
        field: 'body.allowed_host_origins.1',
      },
      {
        method: 'PATCH',
        path: '/settings',
        body: { allowed_host_origins: ["javascript:alert('x')"] },
        field: 'body.allowed_host_origins.0',
      },
      {
        method: 'PATCH',
        path: '/settings',
        body: { currency_display_setting_id: 9 },
        field: 'body.currency_display_setting_id',
      },
      {
        method: 'PATCH',
        path: '/settings',
        body: { widget_settings: { show_pci_dss_logo: 'yes' } },
        field: 'body.widget_settings',
      },
      {
        method: 'PATCH',
        path: '/settings',
        body: { widget_settings: { logo_sizes: { height: 4000, width: 40 } } },
        field: 'body.widget_settings',
      },
      {
        method: 'PUT',
        path: '/currencies/GBP',
        body: { currency_id: 826, name: 'Pound', iso_number: 826, precision: 11 },
        field: 'body.precision',
      },
      {
        method: 'PUT',
        path: '/bonuses/p1',
        body: { bonuses: [{ description: 'nothing', pay_group_ids: [] }] },
        field: 'body.bonuses.0.percent_value',
      },
    ];
    // The player the bonus case names exists, so only its body is at fault.
    await depositInit(brand.brandId, 'en', 'p1');
    const before = await configurationOf(brand);
    for (const entry of cases) {
      const answer = await operatorCall(server, entry.method, entry.path, brand.key, {
        body: entry.body,
      });
      expect(answer.status, JSON.stringify(entry.body)).toBe(400);
      expect(errorFields(answer.body), JSON.stringify(entry.body)).toEqual({
        code: ERROR_CODES.invalidField.code,
        field: entry.field,
      });
    }
    expect(await configurationOf(brand)).toEqual(before);
  });

  it("answers 404 (1803) for another brand's pay group, player or resource and writes nothing", async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    await putGroup(brand, 'deposit', 'card', cardDocument());
    // A pay group of the brand, but of the other flow: not a deposit pay group either.
    const ownPayout = await putGroup(brand, 'withdrawal', 'payout', cardDocument());
    const foreign = await putGroup(other, 'deposit', 'foreign', cardDocument());
    await depositInit(other.brandId, 'en', 'theirs');
    await depositInit(brand.brandId, 'en', 'mine');
    const before = await configurationOf(brand);
    const otherBefore = await configurationOf(other);
    const cases: { method: string; path: string; body?: unknown; field: string }[] = [
      {
        method: 'PUT',
        path: '/lost-profit-bonus',
        body: {
          pay_group_id: foreign.id,
          tiers: [{ from: '1', to: null, percent_value: '5', absolute_value: null }],
        },
        field: 'body.pay_group_id',
      },
      {
        method: 'POST',
        path: '/notifications',
        body: {
          key: 'theirs',
          categories: ['deposit_form'],
          pay_group_id: foreign.id,
          player_external_id: null,
          message: 'm',
        },
        field: 'body.pay_group_id',
      },
      {
        method: 'POST',
        path: '/notifications',
        body: {
          key: 'theirs',
          categories: ['deposit_form'],
          pay_group_id: null,
          player_external_id: 'theirs',
          message: 'm',
        },
        field: 'body.player_external_id',
      },
      {
        method: 'PUT',
        path: '/bonuses/mine',
        body: {
          bonuses: [{ description: 'b', percent_value: '5', pay_group_ids: [foreign.id] }],
        },
        field: 'body.bonuses.0.pay_group_ids.0',
      },
      {
        method: 'PUT',
        path: '/lost-profit-bonus',
        body: {
          pay_group_id: ownPayout.id,
          tiers: [{ from: '1', to: null, percent_value: '5', absolute_value: null }],
        },
        field: 'body.pay_group_id',
      },
      { method: 'PUT', path: '/bonuses/theirs', body: { bonuses: [] }, field: 'params.externalId' },
      { method: 'GET', path: '/pay-groups/deposit/foreign', field: 'params.shortName' },
      { method: 'DELETE', path: '/pay-groups/deposit/foreign', field: 'params.shortName' },
      { method: 'DELETE', path: '/notifications/none', field: 'params.key' },
      { method: 'DELETE', path: '/content-pages/none/en', field: 'params.slug' },
    ];
    for (const entry of cases) {
      const answer = await operatorCall(
        server,
        entry.method,
        entry.path,
        brand.key,
        entry.body === undefined ? {} : { body: entry.body },
      );
      expect(answer.status, `${entry.method} ${entry.path}`).toBe(404);
      expect(errorFields(answer.body)).toEqual({
        code: ERROR_CODES.operatorNotFound.code,
        field: entry.field,
      });
    }
    expect(await configurationOf(brand)).toEqual(before);
    expect(await configurationOf(other)).toEqual(otherBefore);
  });
});

describe('brand configuration — the rest, visible to players', () => {
  it('writes settings, tax tiers, the lost-profit bonus and bonuses; the next init shows them', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(brand, 'deposit', 'card', cardDocument());
    const settings = await operatorCall(server, 'PATCH', '/settings', brand.key, {
      body: {
        merchant_url: 'https://new.brand.example',
        merchant_redirect_type: 'top',
        allowed_host_origins: ['https://www.new.brand.example', 'http://localhost:8081'],
        success_page_redirect_timeout: 12,
        cashier_features: ['billing_carousel'],
        country_filtering_enabled: true,
        widget_settings: { show_pci_dss_logo: true, logo_sizes: { height: 32, width: 64 } },
      },
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      merchant_url: 'https://new.brand.example',
      allowed_host_origins: ['https://www.new.brand.example', 'http://localhost:8081'],
    });
    expect(
      (
        await operatorCall(server, 'PUT', '/tax-tiers/deposit', brand.key, {
          body: {
            tiers: [
              { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
              { from: '100', to: null, percent_value: '5', absolute_value: '0.5' },
            ],
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await operatorCall(server, 'PUT', '/lost-profit-bonus', brand.key, {
          body: {
            pay_group_id: card.id,
            tiers: [{ from: '20', to: null, percent_value: '5', absolute_value: null }],
          },
        })
      ).status,
    ).toBe(200);
    await depositInit(brand.brandId, 'en', 'bonus-player');
    const bonuses = await operatorCall(server, 'PUT', '/bonuses/bonus-player', brand.key, {
      body: {
        bonuses: [
          { description: 'general', percent_value: '10', max_value: '50', pay_group_ids: [] },
          { description: 'card only', absolute_value: '5', pay_group_ids: [card.id] },
        ],
      },
    });
    expect(bonuses.status).toBe(200);

    const { init } = await depositInit(brand.brandId, 'en', 'bonus-player');
    expect(init).toMatchObject({
      merchant_url: 'https://new.brand.example',
      merchant_redirect_type: 'top',
      cashier_features: ['billing_carousel'],
      cashier_settings: { country_filtering_enabled: true },
      // SPEC §3 showPCIDSSLogo and logoSizes, set by the operator in the brand's widget settings.
      widget_settings: { show_pci_dss_logo: true, logo_sizes: { height: 32, width: 64 } },
      tax: {
        tiers: [
          { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
          { from: '100', percent_value: '5', absolute_value: '0.5' },
        ],
      },
      lost_profit_merchant_bonus: { pay_group: card.id },
    });
    expect(JSON.stringify(init.user_bonuses)).toContain('card only');
    expect(JSON.stringify(init.user_bonuses)).toContain('general');
  });

  it('serves a content page written through the API and removes it; notifications by key', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(brand, 'deposit', 'card', cardDocument());
    const page = await operatorCall(server, 'PUT', '/content-pages/terms/en', brand.key, {
      body: {
        title: 'Terms',
        sections: [{ heading: 'Fees', paragraphs: ['None.', 'Really none.'] }],
      },
    });
    expect(page.status).toBe(200);
    const { sessionId } = await depositInit(brand.brandId, 'en', 'reader');
    const served = await callJson(server, 'GET', `/content/terms`, sessionId);
    expect(served.body).toMatchObject({
      title: 'Terms',
      sections: [{ heading: 'Fees', paragraphs: ['None.', 'Really none.'] }],
    });

    const note = {
      key: 'card-slow',
      categories: ['deposit_form'],
      pay_group_id: card.id,
      player_external_id: null,
      message: 'Cards are slow tonight.',
    };
    const created = await operatorCall(server, 'POST', '/notifications', brand.key, { body: note });
    expect(created.status).toBe(201);
    const again = await operatorCall(server, 'POST', '/notifications', brand.key, { body: note });
    expect(again.status).toBe(409);
    expect(errorFields(again.body)).toEqual({
      code: ERROR_CODES.operatorConflict.code,
      field: 'body.key',
    });
    expect((await operatorCall(server, 'GET', '/notifications', brand.key)).body).toEqual({
      notifications: [note],
    });
    expect(
      (await operatorCall(server, 'DELETE', '/notifications/card-slow', brand.key)).body,
    ).toEqual(note);
    expect((await operatorCall(server, 'GET', '/notifications', brand.key)).body).toEqual({
      notifications: [],
    });
    expect(
      (await operatorCall(server, 'DELETE', '/content-pages/terms/en', brand.key)).status,
    ).toBe(200);
    const gone = await callJson(server, 'GET', `/content/terms`, sessionId);
    expect(gone.status).toBe(404);
  });

  it('defines a currency once: the same again changes nothing, another definition is 409 (1805)', async () => {
    const brand = await createOperatorBrand(server);
    const code = 'CHF';
    const definition = { currency_id: 756, name: 'Swiss franc', iso_number: 756, precision: 2 };
    const first = await operatorCall(server, 'PUT', `/currencies/${code}`, brand.key, {
      body: definition,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ alpha3: code, ...definition });
    expect(
      (await operatorCall(server, 'PUT', `/currencies/${code}`, brand.key, { body: definition }))
        .status,
    ).toBe(200);
    const changed = await operatorCall(server, 'PUT', `/currencies/${code}`, brand.key, {
      body: { ...definition, precision: 3 },
    });
    expect(changed.status).toBe(409);
    expect(errorFields(changed.body).code).toBe(ERROR_CODES.operatorConflict.code);

    await putGroup(brand, 'deposit', 'card', cardDocument(code));
    const list = await operatorCall(server, 'GET', '/currencies', brand.key);
    expect(list.body).toMatchObject({ offered: [code] });
    const { init } = await depositInit(brand.brandId, 'en', 'swiss', code);
    expect(groupsOf(init)).toHaveLength(1);
  });
});

describe('brand configuration — concurrent writes', () => {
  it('gives each of several concurrent writes its own version, all audited', async () => {
    const brand = await createOperatorBrand(server);
    const start = (await operatorCall(server, 'GET', '/settings', brand.key)).body;
    const startVersion = isRecord(start) ? Number(start.config_version) : NaN;
    const writes = 8;
    const answers = await Promise.all(
      Array.from({ length: writes }, (_, index) =>
        operatorCall(server, 'PATCH', '/settings', brand.key, {
          body: { support_url: `https://support.example/${String(index)}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(writes).fill(200));
    const versions = answers.map((answer) => Number(JSON.parse(answer.headers.get('etag') ?? '0')));
    expect([...versions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: writes }, (_, index) => startVersion + index + 1),
    );
    const audit = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    expect(audit.entries.filter((entry) => entry.action === 'operatorSettingsUpdate')).toHaveLength(
      writes,
    );
  });

  it('lets exactly one of several writes naming the same If-Match win; nothing is half-written', async () => {
    const brand = await createOperatorBrand(server);
    await putGroup(brand, 'deposit', 'card', cardDocument());
    const current = await operatorCall(server, 'GET', '/settings', brand.key);
    const etag = current.headers.get('etag') ?? '';
    const documents = Array.from({ length: 6 }, (_, index) =>
      cardDocument('EUR', {
        public_name: `Card ${String(index)}`,
        currencies: [
          { currency: 'EUR', min_amount: String(index + 1), max_amount: String(100 * (index + 1)) },
          { currency: 'JPY', min_amount: String(1000 * (index + 1)) },
        ],
      }),
    );
    const answers = await Promise.all(
      documents.map((body) =>
        operatorCall(server, 'PUT', '/pay-groups/deposit/card', brand.key, {
          body,
          headers: { 'if-match': etag },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    for (const answer of answers.filter((entry) => entry.status === 409)) {
      expect(errorFields(answer.body).code).toBe(ERROR_CODES.operatorVersionConflict.code);
    }
    const winner = answers.findIndex((answer) => answer.status === 200);
    const stored = PayGroupConfig.parse(
      (await operatorCall(server, 'GET', '/pay-groups/deposit/card', brand.key)).body,
    );
    expect(stored.public_name).toBe(`Card ${String(winner)}`);
    expect(stored.currencies.map((entry) => [entry.currency, entry.min_amount])).toEqual([
      ['EUR', String(winner + 1)],
      ['JPY', String(1000 * (winner + 1))],
    ]);
  });

  it('keeps every pay group whole under concurrent replacements without If-Match', async () => {
    const brand = await createOperatorBrand(server);
    const documents = Array.from({ length: 6 }, (_, index) =>
      cardDocument('EUR', {
        public_name: `Card ${String(index)}`,
        currencies: Array.from({ length: index + 1 }, (_, n) => ({
          currency: ['EUR', 'JPY', 'KWD'][n % 3],
          min_amount: String(index + 1),
        })).slice(0, Math.min(index + 1, 3)),
      }),
    );
    const answers = await Promise.all(
      documents.map((body) =>
        operatorCall(server, 'PUT', '/pay-groups/deposit/card', brand.key, { body }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const stored = PayGroupConfig.parse(
      (await operatorCall(server, 'GET', '/pay-groups/deposit/card', brand.key)).body,
    );
    const index = Number(stored.public_name.replace('Card ', ''));
    expect(stored.currencies.map((entry) => entry.min_amount)).toEqual(
      Array(Math.min(index + 1, 3)).fill(String(index + 1)),
    );
  });
});

describe('the seed through the configuration layer', () => {
  it('reads the demo brands back through the API as the seed describes them', async () => {
    const key = (await mintKey(server, 'brand0', ['config:read'])).key;
    const brand0 = { brandId: 'brand0', key, keyId: '' };
    const groups = await operatorCall(server, 'GET', '/pay-groups', key);
    const list =
      isRecord(groups.body) && Array.isArray(groups.body.pay_groups) ? groups.body.pay_groups : [];
    expect(list.length).toBeGreaterThan(10);
    const card = await operatorCall(server, 'GET', '/pay-groups/deposit/card', key);
    expect(card.body).toMatchObject({ public_name: 'Visa / Mastercard', popular: true });
    const settings = await operatorCall(server, 'GET', '/settings', key);
    expect(settings.body).toMatchObject({
      allowed_host_origins: ['http://localhost:8081'],
      bonus_in_amount_block: true,
      processing_page_redirect_timeout: 20,
      // Created at 1, bumped once by the seed's one configuration transaction.
      config_version: 2,
    });
    const configuration = await configurationOf(brand0);
    expect(configuration).toMatchObject({
      lostProfit: {
        lost_profit_bonus: {
          tiers: [
            { from: '20', to: '100' },
            { from: '100', to: null },
          ],
        },
      },
      contentPages: { pages: [{ slug: 'deposit-terms', language: 'en' }] },
      notifications: { notifications: [{ key: 'card-maintenance' }] },
    });
  });
});
