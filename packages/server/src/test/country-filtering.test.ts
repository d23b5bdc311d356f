/**
 * SPEC §3 cashier_settings.country_filtering_enabled on the real server over HTTP: while a brand
 * filters by country, a pay group that names countries is offered only to players of one of them:
 * the others neither see it in init nor can select or submit it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER, callJson, cardDepositBody } from './api-calls';
import { OPERATOR_ENV, createOperatorBrand, errorFields, operatorCall } from './operator-calls';
import type { OperatorBrand } from './operator-calls';
import { cardDocument, depositInit, groupsOf, putGroup } from './operator-configuration-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

/** A brand with a card offered in Germany and Austria only and one offered everywhere. */
async function brandWithCountries(filtering: boolean) {
  const brand = await createOperatorBrand(server);
  const local = await putGroup(
    server,
    brand,
    'deposit',
    'card_local',
    cardDocument('EUR', { countries: ['DE', 'AT'] }),
  );
  const everywhere = await putGroup(server, brand, 'deposit', 'card_all', cardDocument());
  const settings = await operatorCall(server, 'PATCH', '/settings', brand.key, {
    body: { country_filtering_enabled: filtering },
  });
  expect(settings.status).toBe(200);
  return { brand, local, everywhere };
}

/** A session of a new player of `brand` whose country is `country` (null: none). */
async function playerOf(brand: OperatorBrand, name: string, country: string | null) {
  await depositInit(server, brand.brandId, 'en', name);
  const update = await operatorCall(server, 'PATCH', `/players/${name}`, brand.key, {
    body: { country },
  });
  expect(update.status).toBe(200);
  return depositInit(server, brand.brandId, 'en', name);
}

const listed = (init: Record<string, unknown>) => groupsOf(init).map((group) => group.short_name);

/** The status of SPEC §7 select of pay group `id` in `session`. */
async function selectStatus(session: string, id: number): Promise<number> {
  const answer = await callJson(
    server,
    'POST',
    `${CASHIER}/payments/groups/${String(id)}/select`,
    session,
    { currency: 'EUR' },
  );
  return answer.status;
}

describe('country filtering (SPEC §3 country_filtering_enabled)', () => {
  it('SPEC §3: with filtering on, a pay group naming countries is listed only for their players', async () => {
    const { brand } = await brandWithCountries(true);
    const german = await playerOf(brand, 'de-player', 'DE');
    expect(listed(german.init).sort()).toEqual(['card_all', 'card_local']);
    const austrian = await playerOf(brand, 'at-player', 'AT');
    expect(listed(austrian.init)).toContain('card_local');
    const french = await playerOf(brand, 'fr-player', 'FR');
    expect(listed(french.init)).toEqual(['card_all']);
    const unknown = await playerOf(brand, 'no-country', null);
    expect(listed(unknown.init)).toEqual(['card_all']);
    expect(french.init).toMatchObject({ cashier_settings: { country_filtering_enabled: true } });
  });

  it('SPEC §3: a pay group not offered in the player country cannot be selected or submitted (404)', async () => {
    const { brand, local, everywhere } = await brandWithCountries(true);
    const french = await playerOf(brand, 'fr-buyer', 'FR');
    const select = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(local.id)}/select`,
      french.sessionId,
      { currency: 'EUR' },
    );
    expect(select.status).toBe(404);
    expect(errorFields(select.body).code).toBe(ERROR_CODES.unknownPayGroup.code);
    const submit = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(local.id)}/submit`,
      french.sessionId,
      cardDepositBody('10.00'),
    );
    expect(submit.status).toBe(404);
    expect(errorFields(submit.body).code).toBe(ERROR_CODES.unknownPayGroup.code);
    // The pay group offered everywhere is selected as ever.
    expect(await selectStatus(french.sessionId, everywhere.id)).toBe(200);
    const german = await playerOf(brand, 'de-buyer', 'DE');
    expect(await selectStatus(german.sessionId, local.id)).toBe(200);
  });

  it('SPEC §3: with filtering off the countries change nothing', async () => {
    const { brand, local } = await brandWithCountries(false);
    const french = await playerOf(brand, 'fr-free', 'FR');
    expect(listed(french.init)).toContain('card_local');
    expect(await selectStatus(french.sessionId, local.id)).toBe(200);
  });

  it('keeps the countries in the pay group document and refuses a malformed or repeated one', async () => {
    const { brand, local } = await brandWithCountries(true);
    expect(local.countries).toEqual(['DE', 'AT']);
    for (const countries of [['de'], ['DEU'], ['DE', 'DE']]) {
      const answer = await operatorCall(
        server,
        'PUT',
        '/pay-groups/deposit/card_local',
        brand.key,
        {
          body: cardDocument('EUR', { countries }),
        },
      );
      expect(answer.status).toBe(400);
      expect(String(errorFields(answer.body).field)).toMatch(/^body\.countries/);
    }
  });
});
