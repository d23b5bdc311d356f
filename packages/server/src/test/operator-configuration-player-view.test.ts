/**
 * The operator API's configuration of a brand as players see it, on the real server over HTTP:
 * pay groups are written, read, listed, disabled and deleted, and what is written (pay groups,
 * settings, tax tiers, bonuses, content pages, notifications, currencies) shows in a player's
 * next init.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES } from '@cashdesk/contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER, callJson, cardDepositBody } from './api-calls';
import { OPERATOR_ENV, createOperatorBrand, operatorCall, errorFields } from './operator-calls';
import { cardDocument, depositInit, groupsOf, putGroup } from './operator-configuration-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

describe('brand configuration — pay groups', () => {
  it("shows a written pay group in the player's next init, named in the session's language", async () => {
    const brand = await createOperatorBrand(server);
    const written = await putGroup(server, brand, 'deposit', 'card', cardDocument());
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

    const german = groupsOf((await depositInit(server, brand.brandId, 'de', 'p-de')).init);
    expect(german.map((group) => [group.id, group.public_name])).toEqual([[written.id, 'Karte']]);
    const english = groupsOf((await depositInit(server, brand.brandId, 'en', 'p-en')).init);
    expect(english.map((group) => group.public_name)).toEqual(['Card']);
    const french = groupsOf((await depositInit(server, brand.brandId, 'fr', 'p-fr')).init);
    expect(french.map((group) => group.public_name)).toEqual(['Card']);

    // Replaced: same id, new limits, at once.
    const replaced = await putGroup(
      server,
      brand,
      'deposit',
      'card',
      cardDocument('EUR', {
        currencies: [{ currency: 'EUR', min_amount: '7.5', max_amount: '250', fee: '1%' }],
      }),
    );
    expect(replaced.id).toBe(written.id);
    const [group] = groupsOf((await depositInit(server, brand.brandId, 'en', 'p-en2')).init);
    expect(group?.currencies).toMatchObject([
      {
        alpha3: 'EUR',
        limits: { min_amount: '7.50', max_amount: '250.00' },
      },
    ]);

    const { sessionId } = await depositInit(server, brand.brandId, 'en', 'p-en3');
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

  it('SPEC §2 self-target: the flag written in the pay group reaches the init answer; a value not a boolean is refused', async () => {
    const brand = await createOperatorBrand(server);
    await putGroup(server, brand, 'deposit', 'card', cardDocument('EUR', { self_target: true }));
    await putGroup(server, brand, 'deposit', 'card_new_tab', cardDocument());
    const groups = groupsOf((await depositInit(server, brand.brandId, 'en', 'self')).init);
    expect(
      Object.fromEntries(groups.map((group) => [String(group.short_name), group.self_target])),
    ).toEqual({ card: true, card_new_tab: false });
    const refused = await operatorCall(server, 'PUT', '/pay-groups/deposit/card', brand.key, {
      body: cardDocument('EUR', { self_target: 'yes' }),
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused.body).field).toBe('body.self_target');
  });

  it('answers the pay group, the list by flow, and 404 (1803) for an unknown one', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(server, brand, 'deposit', 'card', cardDocument());
    const payout = await putGroup(server, brand, 'withdrawal', 'card_payout', {
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
    await putGroup(server, brand, 'deposit', 'card', cardDocument('EUR', { enabled: false }));
    const disabled = await startSession('deposit');
    expect(disabled.status).toBe(400);
    expect(errorFields(disabled.body).field).toBe('body.currency');

    await putGroup(server, brand, 'deposit', 'card', cardDocument('EUR'));
    expect((await startSession('deposit')).status).toBe(201);
    // A deposit method offers nothing to the withdrawal flow.
    const payout = await startSession('withdrawal');
    expect(payout.status).toBe(400);
    expect(errorFields(payout.body).field).toBe('body.currency');
  });

  it('refuses to delete a pay group with transactions (409, 1820) but disables it; deletes one without', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(server, brand, 'deposit', 'card', cardDocument());
    await putGroup(
      server,
      brand,
      'deposit',
      'spare',
      cardDocument('EUR', { public_name: 'Spare' }),
    );
    const { sessionId } = await depositInit(server, brand.brandId, 'en', 'payer');
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

    await putGroup(server, brand, 'deposit', 'card', cardDocument('EUR', { enabled: false }));
    const [shown] = groupsOf((await depositInit(server, brand.brandId, 'en', 'payer')).init).filter(
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

describe('brand configuration — the rest, visible to players', () => {
  it('writes settings, tax tiers, the lost-profit bonus and bonuses; the next init shows them', async () => {
    const brand = await createOperatorBrand(server);
    const card = await putGroup(server, brand, 'deposit', 'card', cardDocument());
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
    await depositInit(server, brand.brandId, 'en', 'bonus-player');
    const bonuses = await operatorCall(server, 'PUT', '/bonuses/bonus-player', brand.key, {
      body: {
        bonuses: [
          { description: 'general', percent_value: '10', max_value: '50', pay_group_ids: [] },
          { description: 'card only', absolute_value: '5', pay_group_ids: [card.id] },
        ],
      },
    });
    expect(bonuses.status).toBe(200);

    const { init } = await depositInit(server, brand.brandId, 'en', 'bonus-player');
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
    const card = await putGroup(server, brand, 'deposit', 'card', cardDocument());
    const page = await operatorCall(server, 'PUT', '/content-pages/terms/en', brand.key, {
      body: {
        title: 'Terms',
        sections: [{ heading: 'Fees', paragraphs: ['None.', 'Really none.'] }],
      },
    });
    expect(page.status).toBe(200);
    const { sessionId } = await depositInit(server, brand.brandId, 'en', 'reader');
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

    await putGroup(server, brand, 'deposit', 'card', cardDocument(code));
    const list = await operatorCall(server, 'GET', '/currencies', brand.key);
    expect(list.body).toMatchObject({ offered: [code] });
    const { init } = await depositInit(server, brand.brandId, 'en', 'swiss', code);
    expect(groupsOf(init)).toHaveLength(1);
  });
});
