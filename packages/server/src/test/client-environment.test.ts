/**
 * SPEC §1: the channel, platform and device the widget sends with every call
 * (`x-channel`, `x-platform`, `x-device`) are kept with the payment they submit; headers naming
 * no environment, or an inconsistent one, keep nothing (never something false).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerDataOf } from '../modules/payments/transaction-repository';
import { CASHIER, callJson, cardDepositBody, payGroupId, text } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { reload } from './alt-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function depositWith(headers: Readonly<Record<string, string>>) {
  const session = await createTestSession(server);
  const card = await payGroupId(server, 'card', 'deposit');
  const paid = await callJson(
    server,
    'POST',
    `${CASHIER}/payments/groups/${String(card)}/submit`,
    session,
    cardDepositBody('12.00'),
    headers,
  );
  expect(paid.status).toBe(200);
  return providerDataOf(await reload(server, text(paid.body.transaction_id)));
}

describe('the client environment (SPEC §1)', () => {
  it('SPEC §1: a deposit from a native iOS app keeps its channel, platform and device', async () => {
    const data = await depositWith({
      'x-channel': 'MOBILE_NATIVE_IOS',
      'x-platform': 'IOS',
      'x-device': 'native_ios',
    });
    expect(data.client).toEqual({
      channel: 'MOBILE_NATIVE_IOS',
      platform: 'IOS',
      device: 'native_ios',
    });
  });

  it.each([
    [{}],
    [{ 'x-channel': 'MOBILE_NATIVE_IOS', 'x-platform': 'IOS', 'x-device': 'desktop' }],
    [{ 'x-channel': 'TELEVISION', 'x-platform': 'WEB', 'x-device': 'desktop' }],
  ])('SPEC §1: headers %j keep no environment, and the payment goes through', async (headers) => {
    const data = await depositWith(headers);
    expect(data.client).toBeUndefined();
  });
});
