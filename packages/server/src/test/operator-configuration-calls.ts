/**
 * Set-up shared by the operator API's configuration tests: a card pay group document, writing a
 * pay group, reading a brand's whole configuration, and a player's deposit init to see it by.
 *
 * @packageDocumentation
 */
import { expect } from 'vitest';
import { PayGroupConfig } from '@cashdesk/contract';
import { createTestSession } from './harness';
import type { TestServer } from './harness';
import { CASHIER, callJson } from './api-calls';
import { operatorCall } from './operator-calls';
import type { OperatorBrand } from './operator-calls';
import { isRecord } from '../platform/is-record';

/** A deposit card pay group document in `currency` (German name "Karte"). */
export function cardDocument(currency = 'EUR', overrides: Record<string, unknown> = {}) {
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
export async function putGroup(
  server: Pick<TestServer, 'baseUrl'>,
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
export async function configurationOf(
  server: Pick<TestServer, 'baseUrl'>,
  brand: OperatorBrand,
): Promise<unknown> {
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
export async function depositInit(
  server: TestServer,
  brandId: string,
  lang = 'en',
  player = 'p1',
  currency = 'EUR',
) {
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

export function groupsOf(init: Record<string, unknown>): Record<string, unknown>[] {
  const groups = init.payment_groups;
  if (!Array.isArray(groups)) throw new Error('no payment_groups');
  return groups.filter(isRecord);
}
