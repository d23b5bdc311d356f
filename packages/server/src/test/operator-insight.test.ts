/**
 * The operator's acceptance figures (GET /insight, GET /insight.csv; decision 0109) on the real
 * server over HTTP, after real card deposits through the pipeline: two approved, two declined
 * (issuer decline, insufficient funds) and one whose call timed out. The provider is the sandbox,
 * wrapped so that each authorisation takes a known time on the app's clock (the clock moves, no
 * one waits) and the one of 13 EUR ends as a time-out. Asserted exactly: the attempts per
 * connector, method, country and hour with their rates, the payments by status with their volume,
 * the latency's median and 95th percentile, the decline reasons, the funnel from the clickstream
 * and the backlog; the CSV; another brand's key sees none of it; bad filters are 400 naming the
 * filter; the metrics' backlog gauges move when a payout waits and when a webhook event is
 * pending or dead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and, sql } from 'drizzle-orm';
import { InsightReport } from '@cashdesk/contract';
import type { ClickstreamEvent } from '@cashdesk/contract';
import { DatabaseSandboxStore, SandboxProvider } from '../providers';
import { ProviderTimeoutError } from '../modules/payments/payment-deps';
import { storeClickstream } from '../modules/realtime/clickstream';
import { players, webhookEvents } from '../db/schema';
import { rowsOf } from '../db/rows';
import {
  APPROVED_CARD_PAN,
  cardDepositSubmit,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  withdrawalSession,
} from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { operatorDepositSession } from './operator-player-calls';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  errorFields,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

const DECLINED_CARD_PAN = '4000000000000200';
const INSUFFICIENT_FUNDS_PAN = '4000000000000309';
/** The amount the wrapped provider answers with a time-out. */
const TIMEOUT_AMOUNT = '13';

/** The app's clock stands still but for what each authorisation takes ({@link offset}). */
const START = Date.now();
let offset = 0;
const clock = () => new Date(START + offset);
/** What the next authorisations take, in milliseconds of the app's clock. */
const latencies: number[] = [];

/** The sandbox, its authorisations taking the next of {@link latencies}; 13 EUR times out. */
class TimedSandbox extends SandboxProvider {
  override authorizeDeposit(
    ...args: Parameters<SandboxProvider['authorizeDeposit']>
  ): ReturnType<SandboxProvider['authorizeDeposit']> {
    offset += latencies.shift() ?? 0;
    if (args[0].amount === TIMEOUT_AMOUNT)
      return Promise.reject(new ProviderTimeoutError('no answer in time'));
    return super.authorizeDeposit(...args);
  }
}

let server: TestServer;
let brand0: string;
let other: OperatorBrand;
let connector: string;
let cardGroup: number;
let from: string;
let to: string;

beforeAll(async () => {
  server = await startTestServer({
    env: OPERATOR_ENV,
    clock,
    provider: (db) => new TimedSandbox({ store: new DatabaseSandboxStore(db) }),
  });
  brand0 = (await mintKey(server, 'brand0')).key;
  other = await createOperatorBrand(server);
  connector = server.app.cashdesk.connectors.resolve(null);
  cardGroup = await payGroupId(server, 'card', 'deposit');
  from = new Date(START - 60_000).toISOString();
});

afterAll(async () => {
  await server.close();
});

/** A new brand0 player (of `country`) with a deposit session: its session and player ids. */
async function depositPlayer(country: string | null) {
  const externalId = freshBrandId('in');
  const session = await operatorDepositSession(server, brand0, externalId);
  await server.db
    .update(players)
    .set({ country })
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
  return { session, playerId: await brand0PlayerId(server, externalId) };
}

/** A card deposit that takes `latencyMs` at the provider. */
async function deposit(session: string, amount: string, pan: string, latencyMs: number) {
  latencies.push(latencyMs);
  const answer = await cardDepositSubmit(server, session, amount, pan);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A clickstream event of the card deposit group, as the widget publishes it. */
function event(
  type: string,
  data: ClickstreamEvent['data'],
  flow: 'deposit' | 'withdrawal' = 'deposit',
): ClickstreamEvent {
  return {
    type,
    session_id: 'an-analytics-session',
    session_type: flow,
    pay_group: cardGroup,
    min_amount: '1',
    max_amount: '1000',
    contexts: { channel: 'desktop', brand: 'brand0', language: 'en' },
    data,
  };
}

async function insight(query: string, key = brand0) {
  const answer = await operatorCall(server, 'GET', `/insight?${query}`, key);
  expect(answer.status, answer.text).toBe(200);
  return InsightReport.parse(answer.body);
}

const range = () => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

describe('operator API: GET /insight after real payments (decision 0109)', () => {
  beforeAll(async () => {
    const a = await depositPlayer('DE');
    const b = await depositPlayer('DE');
    const c = await depositPlayer(null);
    const d = await depositPlayer(null);
    const e = await depositPlayer('MT');
    await deposit(a.session, '10', APPROVED_CARD_PAN, 100);
    await deposit(b.session, '25.50', APPROVED_CARD_PAN, 200);
    await deposit(c.session, '5', DECLINED_CARD_PAN, 300);
    await deposit(d.session, TIMEOUT_AMOUNT, APPROVED_CARD_PAN, 400);
    await deposit(e.session, '7', INSUFFICIENT_FUNDS_PAN, 1000);
    // The funnel: a and b chose the card (its form reported its first amount), a submitted it;
    // c's event belongs to a withdrawal session.
    const now = clock();
    await storeClickstream(
      server.db,
      a.playerId,
      [
        event('amount', { action: 'initial', amount: '10' }),
        event('amount', { action: 'changed', amount: '12' }),
        event('click', { target: 'submit_button' }),
        event('click', { target: 'submit_button' }),
      ],
      now,
    );
    await storeClickstream(
      server.db,
      b.playerId,
      [event('amount', { action: 'initial', amount: '25.50' })],
      now,
    );
    await storeClickstream(
      server.db,
      c.playerId,
      [event('amount', { action: 'initial', amount: '5' }, 'withdrawal')],
      now,
    );
    to = new Date(clock().getTime() + 3_600_000).toISOString();
  });

  it('counts each attempt on its connector, each payment by its status, with rates, volume and latency', async () => {
    const report = await insight(`${range()}&flow=deposit`);
    expect(report).toMatchObject({ from, to, flow: 'deposit', group_by: 'connector' });
    expect(report.rows).toEqual([
      {
        key: connector,
        attempts: {
          total: 5,
          approved: 2,
          declined: 2,
          pending: 0,
          no_answer: 1,
          acceptance_rate: '0.4000',
        },
        payments: {
          total: 5,
          succeeded: 2,
          failed: 2,
          open: 1,
          acceptance_rate: '0.5000',
          volume: [{ currency: 'EUR', count: 2, amount: '35.5' }],
        },
        // 100, 200, 300, 400, 1000 ms: the median is the third, the 95th percentile the last.
        latency: { median_ms: 300, p95_ms: 1000 },
      },
    ]);
    expect(report.decline_reasons).toEqual([
      { reason: 'declined', count: 1 },
      { reason: 'insufficient_funds', count: 1 },
    ]);
  });

  it('groups by method, by country (unknown without one) and by the hour in UTC', async () => {
    const byMethod = await insight(`${range()}&group_by=method`);
    expect(byMethod.rows.map((row) => [row.key, row.attempts.total])).toEqual([['card', 5]]);

    const byCountry = await insight(`${range()}&group_by=country`);
    expect(
      byCountry.rows.map((row) => [
        row.key,
        row.attempts.approved,
        row.attempts.declined,
        row.attempts.no_answer,
        row.attempts.acceptance_rate,
        row.payments.acceptance_rate,
      ]),
    ).toEqual([
      ['DE', 2, 0, 0, '1.0000', '1.0000'],
      ['MT', 0, 1, 0, '0.0000', '0.0000'],
      ['unknown', 0, 1, 1, '0.0000', '0.0000'],
    ]);

    const byHour = await insight(`${range()}&group_by=hour`);
    for (const row of byHour.rows) expect(row.key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);
    expect(byHour.rows.reduce((sum, row) => sum + row.attempts.total, 0)).toBe(5);
    expect(byHour.rows.reduce((sum, row) => sum + row.payments.total, 0)).toBe(5);
  });

  it('tells the funnel per method in players: opened, chose, submitted, paid', async () => {
    const report = await insight(`${range()}&flow=deposit`);
    expect(report.funnel).toEqual({
      cashier_opened: 5,
      methods: [{ pay_group_id: cardGroup, method_kind: 'card', chosen: 2, submitted: 1, paid: 2 }],
    });
    // The withdrawal's event is counted in its own flow.
    const withdrawals = await insight(`${range()}&flow=withdrawal`);
    expect(withdrawals.rows).toEqual([]);
    expect(withdrawals.funnel.methods).toEqual([
      { pay_group_id: cardGroup, method_kind: 'card', chosen: 1, submitted: 0, paid: 0 },
    ]);
  });

  it('exports the rows as CSV, one line per group and currency', async () => {
    const answer = await operatorCall(server, 'GET', `/insight.csv?${range()}`, brand0);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.text).toBe(
      'group_by,key,attempts,approved,declined,pending,no_answer,attempt_acceptance_rate,payments,succeeded,failed,open,payment_acceptance_rate,currency,succeeded_count,succeeded_amount,latency_median_ms,latency_p95_ms\r\n' +
        `connector,${connector},5,2,2,0,1,0.4000,5,2,2,1,0.5000,EUR,2,35.5,300,1000\r\n`,
    );
    const byCountry = await operatorCall(
      server,
      'GET',
      `/insight.csv?${range()}&group_by=country`,
      brand0,
    );
    expect(byCountry.text.split('\r\n').slice(1, -1)).toEqual([
      'country,DE,2,2,0,0,0,1.0000,2,2,0,0,1.0000,EUR,2,35.5,100,200',
      'country,MT,1,0,1,0,0,0.0000,1,0,1,0,0.0000,,,,1000,1000',
      'country,unknown,2,0,1,0,1,0.0000,2,0,1,1,0.0000,,,,300,400',
    ]);
  });

  it("shows another brand's key none of it", async () => {
    const report = await insight(range(), other.key);
    expect(report.rows).toEqual([]);
    expect(report.decline_reasons).toEqual([]);
    expect(report.funnel).toEqual({ cashier_opened: 0, methods: [] });
    expect(report.backlog).toEqual({
      pending_payouts: { count: 0, awaiting_approval: 0, amounts: [] },
      webhook_events: { pending: 0, dead: 0 },
    });
    const csv = await operatorCall(server, 'GET', `/insight.csv?${range()}`, other.key);
    expect(csv.text.split('\r\n')).toHaveLength(2);
  });

  it('refuses bad filters with 400 naming the filter, and a key without reports:read', async () => {
    const cases: [string, string][] = [
      [`to=${encodeURIComponent(to)}`, 'query.from'],
      [`from=yesterday&to=${encodeURIComponent(to)}`, 'query.from'],
      [`from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`, 'query.to'],
      [`from=${encodeURIComponent(from)}&to=${encodeURIComponent(from)}`, 'query.to'],
      ['from=2026-01-01T00:00:00Z&to=2026-04-05T00:00:01Z', 'query.to'],
      [`${range()}&group_by=planet`, 'query.group_by'],
      [`${range()}&flow=sideways`, 'query.flow'],
      [`${range()}&colour=blue`, 'query.colour'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/insight', '/insight.csv']) {
        const answer = await operatorCall(server, 'GET', `${path}?${query}`, brand0);
        expect([path, query, answer.status, errorFields(answer.body)]).toEqual([
          path,
          query,
          400,
          { code: '1002', field },
        ]);
      }
    }
    // 93 days exactly is allowed.
    const quarter = await operatorCall(
      server,
      'GET',
      '/insight?from=2026-01-01T00:00:00Z&to=2026-04-04T00:00:00Z',
      brand0,
    );
    expect(quarter.status).toBe(200);
    const narrow = await mintKey(server, 'brand0', ['transactions:read']);
    const refused = await operatorCall(server, 'GET', `/insight?${range()}`, narrow.key);
    expect(refused.status).toBe(403);
  });
});

/** The value of one series in a scrape (`undefined` when it is not there). */
async function gauge(series: string): Promise<number | undefined> {
  const body = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function webhookCount(state: 'pending' | 'dead'): Promise<number> {
  const [row] = await rowsOf(
    server.db.execute(sql`select count(*)::int as n from webhook_events where state = ${state}`),
  );
  return Number(Reflect.get(Object(row), 'n'));
}

describe('the backlog: insight and the metrics gauges (decision 0109)', () => {
  it('counts a payout waiting for approval, in the report and in cashdesk_payouts_pending', async () => {
    expect(await gauge('cashdesk_payouts_pending')).toBe(0);
    const set = await operatorCall(server, 'PUT', '/payout-approval', brand0, {
      body: { required: true },
    });
    expect(set.status, set.text).toBe(200);
    const name = freshBrandId('payout');
    const session = await withdrawalSession(server, name);
    const card = await saveSandboxCard(server, await brand0PlayerId(server, name));
    const payout = await cardPayoutSubmit(server, session, card, { amount: '40' });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);

    expect(await gauge('cashdesk_payouts_pending')).toBe(1);
    const report = await insight(range());
    expect(report.backlog.pending_payouts).toEqual({
      count: 1,
      awaiting_approval: 1,
      amounts: [{ currency: 'EUR', amount: '40' }],
    });
    expect((await insight(range(), other.key)).backlog.pending_payouts.count).toBe(0);
  });

  it('counts webhook events pending and dead, in the report and in cashdesk_webhook_events', async () => {
    const pending = await webhookCount('pending');
    // The payments above recorded events no endpoint acknowledged yet.
    expect(pending).toBeGreaterThan(0);
    expect(await gauge('cashdesk_webhook_events{state="pending"}')).toBe(pending);
    expect(await gauge('cashdesk_webhook_events{state="dead"}')).toBe(0);
    // One event's attempts run out.
    const [first] = await server.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.brandId, 'brand0'), eq(webhookEvents.state, 'pending')))
      .limit(1);
    if (first === undefined) throw new Error('no pending event');
    await server.db
      .update(webhookEvents)
      .set({ state: 'dead', deadAt: clock() })
      .where(eq(webhookEvents.id, first.id));
    expect(await gauge('cashdesk_webhook_events{state="pending"}')).toBe(pending - 1);
    expect(await gauge('cashdesk_webhook_events{state="dead"}')).toBe(1);
    expect((await insight(range())).backlog.webhook_events).toEqual({
      pending: pending - 1,
      dead: 1,
    });
  });
});
