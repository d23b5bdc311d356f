/**
 * What keeps a session alive (SPEC §4 session expiry): the player's calls slide its end forward;
 * the calls made for the player but not by them (the demo host page's balance and one-time-code
 * polls every few seconds, page metrics, a realtime token's renewal) never do, so that an idle
 * player's session ends on time. Every answer under a session says how long it has left
 * (x-session-expires-in), which the widget keeps as the session's expiration time.
 *
 * The real server on a real database. Sessions live on the system clock (http/session-auth.ts):
 * instead of waiting, a test moves a session's end close to now, as fourteen idle minutes would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@cashdesk/contract';
import type { Endpoint } from '@cashdesk/contract';
import {
  SESSION_EXPIRES_IN_HEADER,
  TIMEOUT_LONG_MS,
  parseSessionExpiresIn,
} from '@cashdesk/domain';
import { sessions } from '../db/schema';
import { expireSession } from '../http/sessions';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A minute before its end: a session whose player has been idle for fourteen minutes. */
const IDLE_LEFT_MS = 60_000;

async function idleSession(): Promise<{ id: string; end: Date }> {
  const id = await createTestSession(server, { player: 'demo', flow: 'deposit' });
  const end = new Date(Date.now() + IDLE_LEFT_MS);
  await expireSession(server.db, id, end);
  return { id, end };
}

async function storedEnd(id: string): Promise<number> {
  const [row] = await server.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  if (row === undefined) throw new Error(`no session ${id}`);
  return row.expiresAt.getTime();
}

/** One GET of an endpoint under a session: its status and the time left it announces. */
async function get(endpoint: Endpoint, sessionId: string) {
  const response = await fetch(`${server.baseUrl}${endpoint.path}`, {
    headers: { 'x-session-id': sessionId },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    left: parseSessionExpiresIn(response.headers.get(SESSION_EXPIRES_IN_HEADER)),
  };
}

describe('what keeps a session alive (SPEC §4 session expiry)', () => {
  it('the host page polls (balance, one-time code) read an idle session without moving its end', async () => {
    const { id, end } = await idleSession();
    // Three rounds of the demo page's 5-second polls.
    for (let round = 0; round < 3; round += 1) {
      const balance = await get(ENDPOINTS.sandboxBalance, id);
      const otp = await get(ENDPOINTS.sandboxLatestOtp, id);
      expect(balance.status).toBe(200);
      // No code was sent in this session: 1008, still under the session.
      expect(otp.status).toBe(404);
      for (const answer of [balance, otp]) {
        expect(answer.left).not.toBeNull();
        expect(answer.left).toBeLessThanOrEqual(IDLE_LEFT_MS);
      }
    }
    expect(await storedEnd(id)).toBe(end.getTime());
  });

  it('page metrics and a realtime token renewal do not keep it alive either', async () => {
    const { id, end } = await idleSession();
    const metrics = await fetch(`${server.baseUrl}${ENDPOINTS.depositMetrics.path}`, {
      method: 'POST',
      headers: { 'x-session-id': id, 'content-type': 'application/json' },
      body: JSON.stringify({ metrics: [{ name: 'TTI', value: 812 }], tags: {} }),
    });
    await metrics.arrayBuffer();
    const token = await fetch(`${server.baseUrl}${ENDPOINTS.realtimeToken.path}`, {
      method: 'POST',
      headers: { 'x-session-id': id },
    });
    await token.arrayBuffer();
    expect(token.status).toBe(200);
    expect(await storedEnd(id)).toBe(end.getTime());
  });

  it('a call of the player slides the end forward by the lifetime, and the answer says so', async () => {
    const { id, end } = await idleSession();
    const before = Date.now();
    const init = await get(ENDPOINTS.depositInit, id);
    expect(init.status).toBe(200);
    // The session has its whole lifetime again (less the time the call took).
    expect(init.left).toBeGreaterThan(TIMEOUT_LONG_MS - (Date.now() - before) - 1_000);
    expect(init.left).toBeLessThanOrEqual(TIMEOUT_LONG_MS);
    // The write runs beside the answer.
    await expect.poll(() => storedEnd(id)).toBeGreaterThan(end.getTime() + 10 * 60_000);
    // A poll afterwards reads the new end.
    const balance = await get(ENDPOINTS.sandboxBalance, id);
    expect(balance.left).toBeGreaterThan(IDLE_LEFT_MS);
  });

  it('an ended session answers 17 to the polls as to any call', async () => {
    const id = await createTestSession(server);
    await expireSession(server.db, id, new Date(Date.now() - 1_000));
    const balance = await get(ENDPOINTS.sandboxBalance, id);
    expect(balance.status).toBe(401);
  });
});
