/**
 * GET /metrics (modules/service/routes/prometheus.ts, http/telemetry.ts) after real traffic:
 * request latency by route pattern and status, a card deposit counted as finished, its provider
 * call timed, an Idempotency-Key replay counted, a reconciler pass counted, the process metrics
 * present, and no address with an id in any label. Who may read the metrics: METRICS_TOKEN, and
 * production without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../config';
import { Telemetry } from '../http/telemetry';
import { reconcileOnce } from '../modules/payments/reconciler';
import { ProviderTimeoutError, withProviderTimeout } from '../modules/payments/payment-deps';
import { CASHIER, payGroupId, cardDepositBody } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const TOKEN = 'a-scraper-token-of-the-test';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** The value of one series in a scrape (`undefined` when it is not there). */
function valueOf(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(
  target: TestServer = server,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`${target.baseUrl}/metrics`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

describe('the Prometheus metrics after a payment', () => {
  const submitRoute = `${CASHIER}/payments/groups/:payGroupId/submit`;
  let transactionId = '';
  let sessionId = '';

  beforeAll(async () => {
    sessionId = await createTestSession(server);
    const group = await payGroupId(server, 'card', 'deposit');
    const key = randomUUID();
    const submit = () =>
      fetch(`${server.baseUrl}${CASHIER}/payments/groups/${String(group)}/submit`, {
        method: 'POST',
        headers: {
          'x-session-id': sessionId,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(cardDepositBody('10')),
      });
    const first = await submit();
    expect(first.status).toBe(200);
    const body: unknown = await first.json();
    transactionId = String(Reflect.get(Object(body), 'transaction_id'));
    const again = await submit();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await fetch(`${server.baseUrl}/no/such/route/${randomUUID()}`)).status).toBe(404);
    await reconcileOnce({ ...server.app.cashdesk });
  });

  it('is Prometheus text, never cached', async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain('# TYPE cashdesk_http_request_duration_seconds histogram');
  });

  it('times requests by route pattern and status code, never by an address with its ids', async () => {
    const { body } = await scrape();
    expect(
      valueOf(
        body,
        `cashdesk_http_request_duration_seconds_count{method="POST",route="${submitRoute}",status_code="200"}`,
      ),
    ).toBe(2);
    expect(
      valueOf(
        body,
        'cashdesk_http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_http_request_duration_seconds_count{method="POST",route="/sandbox/sessions",status_code="201"}',
      ),
    ).toBe(1);
    expect(body).not.toContain(transactionId);
    expect(body).not.toContain(sessionId);
    expect(body).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('counts the deposit that finished, its provider call, and the replay', async () => {
    const { body } = await scrape();
    expect(
      valueOf(
        body,
        'cashdesk_transactions_finished_total{flow="deposit",method_kind="card",status="success",connector="sandbox"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_duration_seconds_count{operation="authorizeDeposit",outcome="ok",connector="sandbox"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_errors_total{operation="payout",outcome="timeout",connector=""}',
      ),
    ).toBe(0);
    expect(valueOf(body, `cashdesk_idempotent_replays_total{route="${submitRoute}"}`)).toBe(1);
  });

  it('counts reconciler passes and has every action at zero or more', async () => {
    const { body } = await scrape();
    expect(valueOf(body, 'cashdesk_reconciler_passes_total')).toBe(1);
    for (const action of [
      'resolved',
      'refreshed',
      'finished',
      'expired',
      'released_claims',
      'errors',
    ]) {
      expect(
        valueOf(body, `cashdesk_reconciler_actions_total{action="${action}"}`),
      ).toBeGreaterThanOrEqual(0);
    }
  });

  it('has the process metrics, and the pool metrics on PostgreSQL only', async () => {
    const { body } = await scrape();
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(body).toContain('nodejs_heap_size_used_bytes');
    if (server.database.kind === 'postgres') {
      expect(valueOf(body, 'cashdesk_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(body, 'cashdesk_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(
        0,
      );
      expect(valueOf(body, 'cashdesk_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(body).not.toContain('cashdesk_db_pool_connections');
    }
  });
});

describe('payment outcomes per connector (decision 0109)', () => {
  it('counts a finished payment and a provider call under the connector the pipeline names', async () => {
    const metrics = new Telemetry();
    metrics.transactionFinished({
      flow: 'deposit',
      methodKind: 'card',
      status: 'success',
      connector: 'acme',
    });
    metrics.transactionFinished({ flow: 'deposit', methodKind: 'card', status: 'error' });
    metrics.providerCall('authorizeDeposit', 0.2, 'timeout', 'acme');
    const { body } = await metrics.scrape();
    expect(
      valueOf(
        body,
        'cashdesk_transactions_finished_total{flow="deposit",method_kind="card",status="success",connector="acme"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_transactions_finished_total{flow="deposit",method_kind="card",status="error",connector=""}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_errors_total{operation="authorizeDeposit",outcome="timeout",connector="acme"}',
      ),
    ).toBe(1);
  });
});

describe('provider calls without an answer', () => {
  it('are timed and counted by operation and outcome', async () => {
    const metrics = new Telemetry();
    const deps = { config: loadConfig({ PROVIDER_TIMEOUT_MS: '100' }), metrics };
    await expect(
      withProviderTimeout(deps, 'status', () => Promise.reject(new Error('connection reset'))),
    ).rejects.toThrow('connection reset');
    await expect(
      withProviderTimeout(deps, 'payout', (options) => {
        // A provider that never answers, until the time-out aborts the call.
        return new Promise((_resolve, reject) => {
          options.signal?.addEventListener('abort', () => {
            reject(new Error('aborted'));
          });
        });
      }),
    ).rejects.toThrow(ProviderTimeoutError);
    const { body } = await metrics.scrape();
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_errors_total{operation="status",outcome="error",connector=""}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_errors_total{operation="payout",outcome="timeout",connector=""}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_duration_seconds_count{operation="payout",outcome="timeout",connector=""}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        body,
        'cashdesk_provider_call_duration_seconds_sum{operation="payout",outcome="timeout",connector=""}',
      ),
    ).toBeGreaterThan(0);
  });
});

describe('who may read the metrics', () => {
  it('with METRICS_TOKEN: only a scrape with the bearer token', async () => {
    const guarded = await startTestServer({
      database: server.database,
      env: { METRICS_TOKEN: TOKEN },
    });
    try {
      const without = await scrape(guarded);
      expect(without.status).toBe(401);
      expect(JSON.parse(without.body)).toMatchObject({ error: 'unauthorized' });
      expect((await scrape(guarded, { authorization: 'Bearer not-the-token' })).status).toBe(401);
      const withToken = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
      expect(withToken.status).toBe(200);
      expect(withToken.body).toContain('cashdesk_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('in production without METRICS_TOKEN: 404, as for any unknown address', async () => {
    const production = await startTestServer({
      database: server.database,
      mode: 'production',
      env: { CASHDESK_SECRET: 'a-production-secret-of-the-test' },
    });
    try {
      const answer = await scrape(production);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ error_code: '1008' });
    } finally {
      await production.close();
    }
  });

  it('every app counts its own requests', async () => {
    const other = await startTestServer({ database: server.database });
    try {
      const { body } = await scrape(other);
      expect(body).not.toContain('submit');
    } finally {
      await other.close();
    }
  });
});
