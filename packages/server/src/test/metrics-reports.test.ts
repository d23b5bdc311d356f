import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@cashdesk/contract';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
let deposit: string;
let payout: string;

beforeAll(async () => {
  server = await startTestServer();
  deposit = await createTestSession(server, { player: 'demo', flow: 'deposit' });
  payout = await createTestSession(server, { player: 'demo2', flow: 'withdrawal' });
});

afterAll(async () => {
  await server.close();
});

async function post(
  path: string,
  session: string | undefined,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session === undefined ? {} : { 'x-session-id': session }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The "client metrics" log records written so far. */
function metricLines(): unknown[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.includes('"msg":"client metrics"'))
    .map((line): unknown => JSON.parse(line))
    .map((entry) =>
      typeof entry === 'object' && entry !== null && 'clientMetrics' in entry
        ? entry.clientMetrics
        : null,
    );
}

describe('POST payments/metrics and payouts/metrics (SPEC §7)', () => {
  it('records deposit page metrics as one info log line without personal data (SPEC §7)', async () => {
    const before = metricLines().length;
    const answer = await post(ENDPOINTS.depositMetrics.path, deposit, {
      metrics: [
        { name: 'TTI', value: 1234 },
        { name: 'FID', value: 16 },
      ],
      tags: { brand: 'brand0', channel: 'MOBILE_WEB', language: 'en', email: 'demo@cashdesk.test' },
    });
    expect(answer).toEqual({ status: 200, body: { accepted: 2 } });
    const lines = metricLines();
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)).toEqual({
      page: 'payments',
      brand: 'brand0',
      flow: 'deposit',
      language: 'en',
      metrics: { TTI: 1234, FID: 16 },
      tags: { brand: 'brand0', channel: 'MOBILE_WEB', language: 'en' },
      droppedTags: 1,
    });
    const logs = server.logs();
    expect(logs).not.toContain('demo@cashdesk.test');
    expect(logs).not.toContain(deposit);
  });

  it('records payout page metrics with the payouts page kind (SPEC §7)', async () => {
    const answer = await post(ENDPOINTS.payoutMetrics.path, payout, {
      metrics: [{ name: 'TTI', value: 0 }],
      tags: {},
    });
    expect(answer).toEqual({ status: 200, body: { accepted: 1 } });
    expect(metricLines().at(-1)).toEqual({
      page: 'payouts',
      brand: 'brand0',
      flow: 'withdrawal',
      language: 'en',
      metrics: { TTI: 0 },
      tags: {},
      droppedTags: 0,
    });
  });

  it('answers 400 naming the field for a bad body and logs nothing (SPEC §8)', async () => {
    const before = metricLines().length;
    const cases = [
      { body: { metrics: [], tags: {} }, field: 'body.metrics' },
      {
        body: { metrics: [{ name: 'TTI', value: 12.5 }], tags: {} },
        field: 'body.metrics.0.value',
      },
      { body: { metrics: [{ name: 'TTI', value: -1 }], tags: {} }, field: 'body.metrics.0.value' },
      {
        body: { metrics: [{ name: 'TTI', value: '12' }], tags: {} },
        field: 'body.metrics.0.value',
      },
      { body: { metrics: [{ name: '', value: 1 }], tags: {} }, field: 'body.metrics.0.name' },
      { body: { metrics: [{ name: 'TTI', value: 1 }] }, field: 'body.tags' },
    ];
    for (const { body, field } of cases) {
      const answer = await post(ENDPOINTS.depositMetrics.path, deposit, body);
      expect({ field, answer }).toEqual({
        field,
        answer: {
          status: 400,
          body: {
            error_code: '1002',
            error_message: 'CASHIER.ERROR.INVALID_FIELD',
            error_field: field,
          },
        },
      });
    }
    const malformed = await post(ENDPOINTS.depositMetrics.path, deposit, '{"metrics":[');
    expect(malformed).toMatchObject({ status: 400, body: { error_code: '1001' } });
    expect(metricLines().length).toBe(before);
  });

  it('answers code 17 for a missing or unknown session, the metrics failure the widget reads (SPEC §8)', async () => {
    const body = { metrics: [{ name: 'TTI', value: 1 }], tags: {} };
    for (const session of [undefined, 'no-such-session-0000']) {
      const answer = await post(ENDPOINTS.payoutMetrics.path, session, body);
      expect(answer).toEqual({
        status: 401,
        body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
      });
    }
  });

  it('keeps the known metrics as Prometheus histograms by metric, page and brand, and no other name (SPEC §7)', async () => {
    const series = async () => {
      const response = await fetch(`${server.baseUrl}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const count = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? '0');
    const lcp =
      /^cashdesk_client_timing_seconds_count\{metric="LCP",page="payouts",brand="brand0"\} (\d+)$/m;
    const lcpSum =
      /^cashdesk_client_timing_seconds_sum\{metric="LCP",page="payouts",brand="brand0"\} ([\d.]+)$/m;
    const shifts = /^cashdesk_client_layout_shift_sum\{page="payouts",brand="brand0"\} ([\d.]+)$/m;
    const before = await series();
    const answer = await post(ENDPOINTS.payoutMetrics.path, payout, {
      metrics: [
        { name: 'LCP', value: 1800 },
        { name: 'CLS', value: 125 },
        { name: 'LCP', value: 9999 },
        { name: 'player_email', value: 1 },
      ],
      tags: {},
    });
    expect(answer).toEqual({ status: 200, body: { accepted: 4 } });
    const after = await series();
    // One observation per name and request: the repeated LCP is not counted twice.
    expect(count(after, lcp) - count(before, lcp)).toBe(1);
    expect(count(after, lcpSum) - count(before, lcpSum)).toBeCloseTo(1.8, 6);
    // The layout-shift score travels in thousandths and is kept as the score.
    expect(count(after, shifts) - count(before, shifts)).toBeCloseTo(0.125, 6);
    expect(after).not.toContain('player_email');
  });

  it('SPEC §9 interaction delay thresholds: an input delay is counted within 100 ms and within 300 ms', async () => {
    const bucket = (le: string) =>
      new RegExp(
        `^cashdesk_client_timing_seconds_bucket\\{le="${le}",metric="FID",page="payouts",brand="brand0"\\} (\\d+)$`,
        'm',
      );
    const read = async () => (await fetch(`${server.baseUrl}/metrics`)).text();
    const count = (text: string, le: string) => Number(bucket(le).exec(text)?.[1] ?? '0');
    const before = await read();
    const answer = await post(ENDPOINTS.payoutMetrics.path, payout, {
      metrics: [{ name: 'FID', value: 250 }],
      tags: {},
    });
    expect(answer.status).toBe(200);
    const after = await read();
    // 250 ms: over the first threshold, within the second.
    expect(count(after, '0.1') - count(before, '0.1')).toBe(0);
    expect(count(after, '0.3') - count(before, '0.3')).toBe(1);
  });
});
