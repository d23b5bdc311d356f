/**
 * The parts of init that the brand data shares between answers (modules/cashier/init-answer.ts):
 * frozen, and the same object in every answer of the brand, which is what the cashier route needs
 * to have their text written once (http/written-once.ts frozenPartsWrittenOnce); the player's own
 * parts are neither. The service's answers are read directly, on the app's database handle (whose
 * brand data is kept in memory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@cashdesk/contract';
import { isWrittenOnce } from '../http/written-once';
import { depositCashierResponse, payoutCashierResponse } from '../modules/cashier/init-answer';
import { resolveSession } from '../http/sessions';
import type { SessionContext } from '../http/sessions';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function contextOf(
  request: Parameters<typeof createTestSession>[1],
): Promise<SessionContext> {
  const id = await createTestSession(server, request);
  return resolveSession(server.db, { lifetimeMs: server.config.sessionLifetimeMs }, id);
}

describe('init answer parts shared between answers', () => {
  it('shares the brand-level parts and the pay groups, frozen, and not the player parts', async () => {
    const [first, second] = await Promise.all([contextOf({}), contextOf({})]);
    const wallet = server.app.cashdesk.wallet;
    const a = await depositCashierResponse(server.db, first, new Date(), wallet, 'token');
    const b = await depositCashierResponse(server.db, second, new Date(), wallet, 'token');
    for (const key of ['cashier_settings', 'tax', 'widget_settings'] as const) {
      expect(Object.isFrozen(a[key]), key).toBe(true);
      expect(b[key], key).toBe(a[key]);
    }
    expect(a.payment_groups.length).toBeGreaterThan(0);
    a.payment_groups.forEach((group, index) => {
      expect(Object.isFrozen(group)).toBe(true);
      expect(Object.isFrozen(group.currencies[0])).toBe(true);
      expect(b.payment_groups[index]).toBe(group);
    });
    expect(Object.isFrozen(a.user_profile)).toBe(false);
    expect(b.user_profile).not.toBe(a.user_profile);
  });

  it('shares the disabled variants the wager rule lists, frozen like the pay groups', async () => {
    const request = {
      brand: 'brand1',
      player: 'wager',
      currency: 'KWD',
      flow: 'withdrawal',
    } as const;
    const [first, second] = await Promise.all([contextOf(request), contextOf(request)]);
    const wallet = server.app.cashdesk.wallet;
    const a = await payoutCashierResponse(server.db, first, new Date(), wallet, 'token');
    const b = await payoutCashierResponse(server.db, second, new Date(), wallet, 'token');
    expect(a.view_data.some((item) => Object.isFrozen(item))).toBe(false);
    expect(a.payout_groups.length).toBeGreaterThan(0);
    a.payout_groups.forEach((group, index) => {
      expect(group.enabled).toBe(false);
      expect(Object.isFrozen(group)).toBe(true);
      expect(b.payout_groups[index]).toBe(group);
    });
  });

  it('has the cashier route write those parts once, and the player parts each time', async () => {
    const session = await createTestSession(server);
    const reply = await fetch(`${server.baseUrl}${ENDPOINTS.depositInit.path}`, {
      headers: { 'x-session-id': session },
    });
    expect(reply.status).toBe(200);
    const context = await contextOf({});
    const wallet = server.app.cashdesk.wallet;
    const held = await depositCashierResponse(server.db, context, new Date(), wallet, 'token');
    expect(isWrittenOnce(held.tax)).toBe(true);
    expect(isWrittenOnce(held.widget_settings)).toBe(true);
    expect(held.payment_groups.every(isWrittenOnce)).toBe(true);
    expect(isWrittenOnce(held.user_profile)).toBe(false);
  });
});
