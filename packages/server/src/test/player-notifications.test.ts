/**
 * GET notifications (SPEC §2, §4): the brand's notifications for every player and the
 * player's own, oldest first, never another player's; a session is required (code 17 without).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@cashdesk/contract';
import { payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { createNotification } from '../modules/brand-config/notifications';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function notificationsOf(session: string | undefined) {
  const response = await fetch(`${server.baseUrl}${ENDPOINTS.notifications.path}`, {
    headers: session === undefined ? {} : { 'x-session-id': session },
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe('GET notifications (SPEC §2, §4)', () => {
  it("SPEC §2: answers the brand's notifications and the player's own, oldest first, never another player's", async () => {
    const dana = await createTestSession(server, { player: 'notified-dana' });
    const omar = await createTestSession(server, { player: 'notified-omar' });
    const card = await payGroupId(server, 'card', 'deposit');
    // Both players exist once they have a session; one notification is for Dana only.
    await createNotification(server.db, 'brand0', {
      key: 'dana-limit',
      categories: ['withdrawal_form'],
      pay_group_id: null,
      player_external_id: 'notified-dana',
      message: 'Your withdrawal limit was raised.',
    });
    const seeded = {
      key: 'card-maintenance',
      categories: ['deposit_form'],
      pay_group_id: card,
      message: 'Card payments may take a few minutes longer tonight.',
    };
    expect(await notificationsOf(dana)).toEqual({
      status: 200,
      body: {
        notifications: [
          seeded,
          {
            key: 'dana-limit',
            categories: ['withdrawal_form'],
            pay_group_id: null,
            message: 'Your withdrawal limit was raised.',
          },
        ],
      },
    });
    expect(await notificationsOf(omar)).toEqual({
      status: 200,
      body: { notifications: [seeded] },
    });
  });

  it('SPEC §8: answers code 17 without a session', async () => {
    expect(await notificationsOf(undefined)).toEqual({
      status: 401,
      body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
    });
  });
});
