/**
 * POST client-reports (SPEC §4 render crash reported, SPEC §8 unhandled render error
 * reported, SPEC §9 trace sample rate 0.9 and 20 breadcrumbs): the real server on a real database.
 * A report is stored scrubbed, with the session's brand and player or without them; bad bodies are
 * 4xx with a code; reports are limited per client address; old reports are pruned in batches;
 * nothing of a report or its session reaches the log.
 *
 * TRUST_PROXY=true lets each test speak from its own client address (X-Forwarded-For), so the
 * per-address limit of one test does not count the calls of another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@cashdesk/contract';
import type { ClientReport } from '@cashdesk/domain';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { clientReports, players } from '../db/schema';
import {
  pruneClientReports,
  retentionCutoff,
  startClientReportPruner,
  storeClientReport,
} from '../modules/widget-reports/client-reports';

const LIMIT = 5;

let server: TestServer;
let session: string;
let badAddresses = 0;

beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', CLIENT_REPORTS_PER_ADDRESS: String(LIMIT) },
  });
  session = await createTestSession(server, { player: 'crash-reporter' });
});

afterAll(async () => {
  await server.close();
});

function validBody(page: string) {
  return {
    kind: 'render_crash',
    message: 'TypeError: amount is undefined',
    stack: 'TypeError: amount is undefined\n    at AmountField (app.js:1:2345)',
    page,
    release: '0.1.0',
    user_agent: 'Chromium',
    trace_sampled: true,
    breadcrumbs: [
      { type: 'navigation', message: '/deposit', at: 1_764_320_000_000 },
      { type: 'api', message: 'depositInit 200', at: 1_764_320_000_150 },
      { type: 'click', message: 'Visa', at: 1_764_320_002_100 },
    ],
  };
}

async function report(
  body: unknown,
  options: { readonly session?: string; readonly address: string },
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const response = await fetch(`${server.baseUrl}${ENDPOINTS.clientReport.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.address,
      ...(options.session === undefined ? {} : { 'x-session-id': options.session }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
  };
}

async function rowsOf(page: string) {
  return server.db.select().from(clientReports).where(eq(clientReports.page, page));
}

describe('POST client-reports (SPEC §4, §8, §9)', () => {
  it('SPEC §4: stores a render crash with the brand and player of a valid session, scrubbed', async () => {
    const body = {
      ...validBody('/deposit/12'),
      message: 'card 4111 1111 1111 1111 refused, cvv=123',
      stack: 'Error\n    at https://c.example/deposit?session_id=abc123&lang=en',
      page: '/deposit/12',
      breadcrumbs: [
        { type: 'navigation', message: '/deposit?cashier_session_id=abc123', at: 1 },
        { type: 'click', message: 'Pay 5500000000000004', at: 2 },
      ],
    };
    const answer = await report(body, { session, address: '198.51.100.1' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: true });
    const [row, ...others] = await rowsOf('/deposit/12');
    expect(others).toEqual([]);
    const [player] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.externalId, 'crash-reporter'));
    expect(row).toMatchObject({
      brandId: 'brand0',
      playerId: player?.id,
      kind: 'render_crash',
      message: 'card [card] refused, cvv=[redacted]',
      stack: 'Error\n    at https://c.example/deposit?session_id=[redacted]&lang=en',
      page: '/deposit/12',
      release: '0.1.0',
      userAgent: 'Chromium',
      traceSampled: true,
      breadcrumbs: [
        { type: 'navigation', message: '/deposit?cashier_session_id=[redacted]', at: 1 },
        { type: 'click', message: 'Pay [card]', at: 2 },
      ],
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4111');
    expect(stored).not.toContain('abc123');
  });

  it('SPEC §8: keeps a report without a session, or with an unknown one, without brand and player, answering the same', async () => {
    const without = await report(
      { ...validBody('/no-session'), kind: 'error' },
      { address: '198.51.100.2' },
    );
    const unknown = await report(
      { ...validBody('/unknown-session'), kind: 'unhandled_rejection' },
      { session: 'not-a-session-id', address: '198.51.100.2' },
    );
    expect(without).toEqual(unknown);
    expect(without.status).toBe(202);
    const [noSession] = await rowsOf('/no-session');
    const [unknownSession] = await rowsOf('/unknown-session');
    expect(noSession).toMatchObject({ brandId: null, playerId: null, kind: 'error' });
    expect(unknownSession).toMatchObject({
      brandId: null,
      playerId: null,
      kind: 'unhandled_rejection',
    });
  });

  it('SPEC §9: a report whose trace was not sampled is stored without breadcrumbs, and a page keeps its path only', async () => {
    const answer = await report(
      { ...validBody('/withdrawal?session_id=abc123#x'), trace_sampled: false },
      { session, address: '198.51.100.3' },
    );
    expect(answer.status).toBe(202);
    const [row] = await rowsOf('/withdrawal');
    expect(row).toMatchObject({ traceSampled: false, breadcrumbs: [] });
  });

  it.each([
    ['no kind', { ...validBody('/bad'), kind: undefined }, 'body.kind'],
    ['another kind', { ...validBody('/bad'), kind: 'warning' }, 'body.kind'],
    ['an empty message', { ...validBody('/bad'), message: '' }, 'body.message'],
    ['a message over 2000', { ...validBody('/bad'), message: 'x'.repeat(2_001) }, 'body.message'],
    ['a stack over 16000', { ...validBody('/bad'), stack: 'x'.repeat(16_001) }, 'body.stack'],
    [
      '21 breadcrumbs (SPEC §9: 20)',
      {
        ...validBody('/bad'),
        breadcrumbs: Array.from({ length: 21 }, () => ({ type: 'click', message: 'x', at: 1 })),
      },
      'body.breadcrumbs',
    ],
    [
      'a breadcrumb over 200',
      {
        ...validBody('/bad'),
        breadcrumbs: [{ type: 'click', message: 'x'.repeat(201), at: 1 }],
      },
      'body.breadcrumbs.0.message',
    ],
    ['a string trace flag', { ...validBody('/bad'), trace_sampled: 'yes' }, 'body.trace_sampled'],
    ['a NUL in the message', { ...validBody('/bad'), message: 'a\u0000b' }, 'body.message'],
  ])(
    'answers a body with %s with 400 error 1002 naming the field, stores nothing',
    async (_name, body, field) => {
      // Refused bodies count against the address too: each case speaks from its own.
      badAddresses += 1;
      const address = `203.0.113.${String(badAddresses)}`;
      const answer = await report(body, { session, address });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: '1002', error_field: field });
      expect(await rowsOf('/bad')).toEqual([]);
    },
  );

  it('answers malformed JSON and a body that is no object with a 4xx and a code, never a 5xx', async () => {
    for (const text of ['{"kind":', '[]', 'null', '"text"']) {
      const answer = await report(text, { address: '198.51.100.5' });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      const body: unknown = answer.body;
      expect(typeof body === 'object' && body !== null && 'error_code' in body).toBe(true);
    }
  });

  it('limits reports per client address: past CLIENT_REPORTS_PER_ADDRESS in the window, 429 error 1013 with Retry-After, and nothing stored', async () => {
    const address = '198.51.100.6';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await report(validBody('/limited'), { address })).status).toBe(202);
    }
    const refused = await report(validBody('/limited'), { session, address });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error_code: '1013' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await rowsOf('/limited')).toHaveLength(LIMIT);
    // Another address is not held back.
    expect((await report(validBody('/limited'), { address: '198.51.100.7' })).status).toBe(202);
  });

  it('never writes the session id or the texts of a report to the log', async () => {
    await report(
      { ...validBody('/log-check'), message: 'secret-message-text', stack: 'secret-stack-text' },
      { session, address: '198.51.100.8' },
    );
    const logs = server.logs();
    expect(logs).toContain('client report stored');
    expect(logs).not.toContain(session);
    expect(logs).not.toContain('secret-message-text');
    expect(logs).not.toContain('secret-stack-text');
    expect(logs).not.toContain('4111 1111');
    expect(logs).not.toContain('abc123');
  });
});

describe('client report retention (CLIENT_REPORT_RETENTION_DAYS)', () => {
  const DAY = 86_400_000;
  // The reports the routes stored were received now, on the system clock.
  const now = new Date();

  function stored(page: string): ClientReport {
    return {
      kind: 'error',
      message: 'x',
      stack: null,
      page,
      release: null,
      userAgent: null,
      traceSampled: false,
      breadcrumbs: [],
    };
  }

  async function insertAt(page: string, receivedAt: Date, count = 1): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      await storeClientReport(server.db, stored(page), null, receivedAt);
    }
  }

  it('deletes only reports older than the retention, on the injected clock', async () => {
    await insertAt('/retention-old', new Date(now.getTime() - 31 * DAY), 3);
    await insertAt('/retention-edge', new Date(now.getTime() - 30 * DAY + 1));
    await insertAt('/retention-new', new Date(now.getTime() - 29 * DAY));
    const pruner = startClientReportPruner({
      db: server.db,
      clock: () => now,
      retentionDays: 30,
      intervalMs: 0,
      runAtStart: false,
    });
    try {
      expect(await pruner.runOnce()).toBeGreaterThanOrEqual(3);
      expect(await rowsOf('/retention-old')).toEqual([]);
      expect(await rowsOf('/retention-edge')).toHaveLength(1);
      expect(await rowsOf('/retention-new')).toHaveLength(1);
      // The reports received now (the routes' rows) are kept.
      expect(await rowsOf('/deposit/12')).toHaveLength(1);
      expect(await pruner.runOnce()).toBe(0);
    } finally {
      await pruner.stop();
    }
  });

  it('deletes in bounded batches: a pass stops after its batches, the next one goes on', async () => {
    const before = retentionCutoff(now, 30);
    await insertAt('/retention-batches', new Date(before.getTime() - DAY), 5);
    expect(await pruneClientReports(server.db, { before, batchSize: 2, maxBatches: 2 })).toBe(4);
    expect(await rowsOf('/retention-batches')).toHaveLength(1);
    expect(await pruneClientReports(server.db, { before, batchSize: 2, maxBatches: 2 })).toBe(1);
    expect(await rowsOf('/retention-batches')).toEqual([]);
  });

  it('two processes pruning at once delete every old row once and fail neither', async () => {
    const before = retentionCutoff(now, 30);
    await insertAt('/retention-concurrent', new Date(before.getTime() - DAY), 6);
    const counts = await Promise.all([
      pruneClientReports(server.db, { before, batchSize: 2 }),
      pruneClientReports(server.db, { before, batchSize: 2 }),
    ]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(await rowsOf('/retention-concurrent')).toEqual([]);
  });
});
