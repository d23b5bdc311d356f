/**
 * The operator API's configuration of a brand under concurrent writes, on the real server over
 * HTTP: concurrent writes each get their own version, If-Match races have one winner and nothing
 * is half-written; and the seed's demo brands read back through the same API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, PayGroupConfig } from '@cashdesk/contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import { cardDocument, configurationOf, putGroup } from './operator-configuration-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
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
    await putGroup(server, brand, 'deposit', 'card', cardDocument());
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
    const configuration = await configurationOf(server, brand0);
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
