/**
 * The operator API's refusals of brand configuration, on the real server over HTTP: every route
 * refuses a bad key (401) and a key without its scope (403); invalid configuration answers 400
 * naming the field and writes nothing (the brand's whole configuration compared before and
 * after); and another brand's pay group, player or resource is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, OPERATOR_BASE, OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import {
  cardDocument,
  configurationOf,
  depositInit,
  putGroup,
} from './operator-configuration-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

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
    await putGroup(server, brand, 'deposit', 'card', cardDocument());
    const readOnly = await mintKey(server, brand.brandId, ['config:read']);
    const noConfig = await mintKey(server, brand.brandId, ['players:read', 'sessions:write']);
    const before = await configurationOf(server, brand);
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
    expect(await configurationOf(server, brand)).toEqual(before);
    expect(server.logs()).not.toContain(brand.key);
    expect(server.logs()).not.toContain(readOnly.key);
  });
});

describe('brand configuration — invalid input', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(server, brand, 'deposit', 'card', cardDocument());
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
    await depositInit(server, brand.brandId, 'en', 'p1');
    const before = await configurationOf(server, brand);
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
    expect(await configurationOf(server, brand)).toEqual(before);
  });

  it('every partial update (PATCH) refuses an empty body and an unknown field, naming it, and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    await depositInit(server, brand.brandId, 'en', 'p1');
    const patches = Object.values(OPERATOR_ENDPOINTS).filter((e) => e.method === 'PATCH');
    expect(patches.map((e) => e.id).sort()).toEqual(
      ['operatorBrandUpdate', 'operatorPlayerUpdate', 'operatorSettingsUpdate'].sort(),
    );
    const state = async () => ({
      configuration: await configurationOf(server, brand),
      brand: (await operatorCall(server, 'GET', '/brand', brand.key)).body,
      player: (await operatorCall(server, 'GET', '/players/p1', brand.key)).body,
    });
    const before = await state();
    const cases: { body: Record<string, unknown>; field: string }[] = [
      { body: {}, field: 'body' },
      // A misspelled field alone: it would change nothing.
      { body: { nmae: 'Renamed' }, field: 'body.nmae' },
      // Beside a real change, which then is not written either.
      { body: { name: 'Renamed', support_url: null, first_name: 'Ann', zz: 1 }, field: 'body.zz' },
    ];
    for (const endpoint of patches) {
      const path = endpoint.path.slice(OPERATOR_BASE.length).replace('{external_id}', 'p1');
      for (const entry of cases) {
        // The third case names only fields of this endpoint besides `zz`.
        const body = entry.field === 'body.zz' ? onlyKnownTo(endpoint.id, entry.body) : entry.body;
        const answer = await operatorCall(server, 'PATCH', path, brand.key, { body });
        expect(answer.status, `${endpoint.id} ${JSON.stringify(body)}`).toBe(400);
        expect(errorFields(answer.body), `${endpoint.id} ${JSON.stringify(body)}`).toEqual({
          code: ERROR_CODES.invalidField.code,
          field: entry.field,
        });
      }
    }
    expect(await state()).toEqual(before);
  });

  it("answers 404 (1803) for another brand's pay group, player or resource and writes nothing", async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    await putGroup(server, brand, 'deposit', 'card', cardDocument());
    // A pay group of the brand, but of the other flow: not a deposit pay group either.
    const ownPayout = await putGroup(server, brand, 'withdrawal', 'payout', cardDocument());
    const foreign = await putGroup(server, other, 'deposit', 'foreign', cardDocument());
    await depositInit(server, other.brandId, 'en', 'theirs');
    await depositInit(server, brand.brandId, 'en', 'mine');
    const before = await configurationOf(server, brand);
    const otherBefore = await configurationOf(server, other);
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
    expect(await configurationOf(server, brand)).toEqual(before);
    expect(await configurationOf(server, other)).toEqual(otherBefore);
  });
});

/** The fields of `body` that `endpointId` knows, and `zz`, which none does. */
function onlyKnownTo(
  endpointId: string,
  body: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const known: Record<string, readonly string[]> = {
    operatorBrandUpdate: ['name'],
    operatorSettingsUpdate: ['support_url'],
    operatorPlayerUpdate: ['first_name'],
  };
  return Object.fromEntries(
    Object.entries(body).filter(
      ([name]) => name === 'zz' || (known[endpointId] ?? []).includes(name),
    ),
  );
}
