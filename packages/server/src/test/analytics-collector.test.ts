/**
 * SPEC §7, §8, §9: the clickstream tracker's HTTP collector, POST /psp/cashier-service/analytics
 * (its endpoint /psp, its analytics post path /cashier-service/analytics), on the real server and
 * a real database: what the widget could not publish over its failed realtime connection is kept
 * as the published events are, under the session's brand and player and without the analytics
 * session id; a body over SPEC §9's 40000-byte post is refused with 413, a malformed one with 400,
 * a call without a session with 401 (17); calls are limited per session (429); the log line says
 * how many events, nothing about the player.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { clickstreamEvents } from '../db/schema';
import { callJson, newPlayerSession } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

const COLLECTOR = '/psp/cashier-service/analytics';
const CALLS_PER_SESSION = 4;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { MONEY_CALLS_PER_SESSION: String(CALLS_PER_SESSION) },
  });
});

afterAll(async () => {
  await server.close();
});

function event(target: string) {
  return {
    type: 'click',
    session_id: 'analytics-session-7',
    session_type: 'deposit',
    pay_group: 1,
    min_amount: '5.00',
    max_amount: '500.00',
    contexts: { channel: 'DESKTOP_AIR_PM', brand: 'COM', language: 'en' },
    clickstream_id: 'cs-42',
    data: { target },
  };
}

describe('the analytics collector (SPEC §7 /psp, /cashier-service/analytics)', () => {
  it('SPEC §7: keeps posted clickstream events under the session’s brand and player, without the analytics session id', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'collector');
    const answer = await callJson(server, 'POST', COLLECTOR, session, {
      events: [event('submit_button'), event('save_card')],
    });
    expect(answer).toEqual({ status: 200, body: { stored: 2 } });
    const rows = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, playerUuid));
    expect(rows.map((row) => [row.brandId, row.type, row.clickstreamId])).toEqual([
      ['brand0', 'click', 'cs-42'],
      ['brand0', 'click', 'cs-42'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('analytics-session-7');
    const logs = server.logs();
    expect(logs).toContain('clickstream collected');
    expect(logs).not.toContain(session);
    expect(logs).not.toContain('submit_button');
  });

  it('SPEC §9: a post over 40000 bytes is refused with 413 and nothing is kept', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'collector');
    const big = Array.from({ length: 50 }, (_, index) => ({
      ...event('x'),
      data: { target: `${String(index)}${'y'.repeat(900)}` },
    }));
    const answer = await callJson(server, 'POST', COLLECTOR, session, { events: big });
    expect(answer.status).toBe(413);
    expect(answer.body.error_code).toBe(ERROR_CODES.bodyTooLarge.code);
    const rows = await server.db
      .select()
      .from(clickstreamEvents)
      .where(eq(clickstreamEvents.playerId, playerUuid));
    expect(rows).toEqual([]);
  });

  it('refuses a malformed batch with 400 and a call without a session with 401 (17)', async () => {
    const { session } = await newPlayerSession(server, 'collector');
    for (const body of [{ events: [] }, { events: [{ data: {} }] }, { event: event('a') }]) {
      const answer = await callJson(server, 'POST', COLLECTOR, session, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error_code).toBe(ERROR_CODES.invalidField.code);
    }
    const anonymous = await callJson(server, 'POST', COLLECTOR, null, { events: [event('a')] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error_code).toBe(ERROR_CODES.sessionExpired.code);
  });

  it('is limited per session: past the window’s calls 429 (1013), another session goes on', async () => {
    const { session } = await newPlayerSession(server, 'collector');
    for (let call = 0; call < CALLS_PER_SESSION; call += 1) {
      const answer = await callJson(server, 'POST', COLLECTOR, session, { events: [event('a')] });
      expect(answer.status).toBe(200);
    }
    const refused = await callJson(server, 'POST', COLLECTOR, session, { events: [event('a')] });
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe(ERROR_CODES.rateLimited.code);
    const other = await newPlayerSession(server, 'collector');
    const fine = await callJson(server, 'POST', COLLECTOR, other.session, { events: [event('a')] });
    expect(fine.status).toBe(200);
  });
});
