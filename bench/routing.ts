/**
 * `npm run bench:routing`: what routing, cascading and connector health do for acceptance.
 *
 * Two PSP simulators run as processes of their own (connectors `psp-a` and `psp-b`, the provider
 * protocol over HTTP); the server runs in this process on the embedded database. The same
 * scenario is played against three set-ups, each on a fresh server and fresh simulators:
 *
 * - **one connector**: card deposits go to psp-a only (no rule), a decline is final;
 * - **cascade**: a rule tries psp-a, then psp-b on a soft decline or when psp-a was not reached;
 *   connector health off;
 * - **cascade + health**: the same, and psp-a is skipped while its calls go unanswered, probed
 *   after a cool-down.
 *
 * The scenario, BENCH_DEPOSITS card deposits (default 1,000) of new players, one after the other:
 * psp-a soft-declines 30 % of them (every deposit whose number ends in 0, 1 or 2 within each ten),
 * and is down (it never answers, so each call waits PROVIDER_TIMEOUT_MS) for 15 % of the run in
 * the middle; psp-b approves everything. Printed per set-up: the acceptance rate (succeeded of all
 * deposits, counted in the database at the end), the median and p95 of the time from the submit
 * to its answer, how many answers were final (success or error) and where the succeeded ones
 * were charged; then, per set-up, the figures per connector the operator API's Insight answers
 * (what the back office draws) for the run. Prints figures; never judges them.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { inArray } from 'drizzle-orm';
import { ENDPOINTS, InsightReport, buildPath } from '../packages/contract/src/index';
import type { RoutingRule } from '../packages/contract/src/index';
import { transactions } from '../packages/server/src/db/schema';
import { callJson, cardDepositBody, payGroupId } from '../packages/server/src/test/api-calls';
import { createTestSession, startTestServer } from '../packages/server/src/test/harness';
import { OPERATOR_ENV, mintKey, operatorCall } from '../packages/server/src/test/operator-calls';
import {
  cardDepositsPayThrough,
  cardsToPspAThenB,
  twoConnectorEnv,
} from '../packages/server/src/test/two-connectors';
import { startSimulatorProcess } from '../packages/testkit/src/index';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? '1000');
/** The provider time-out: what each call to a PSP that is down costs the player. */
const PROVIDER_TIMEOUT_MS = 200;
/** psp-a is down from this share of the run to that one. */
const DOWN_FROM = 0.4;
const DOWN_TO = 0.55;

interface Setup {
  readonly name: string;
  readonly rules: readonly RoutingRule[];
  readonly env: Readonly<Record<string, string>>;
}

const CASCADE_RULE = cardsToPspAThenB(true);

/** Health that never opens a connector (more calls than the run makes). */
const HEALTH_OFF = {
  CONNECTOR_HEALTH_MIN_CALLS: '100000',
  CONNECTOR_HEALTH_FAILURE_STREAK: '100000',
};
const HEALTH_ON = {
  CONNECTOR_HEALTH_MIN_CALLS: '5',
  CONNECTOR_HEALTH_FAILURE_PERCENT: '50',
  CONNECTOR_HEALTH_FAILURE_STREAK: '5',
  CONNECTOR_HEALTH_WINDOW_MS: '10000',
  CONNECTOR_HEALTH_COOLDOWN_MS: '2000',
};

const SETUPS: readonly Setup[] = [
  { name: 'one connector', rules: [], env: HEALTH_OFF },
  { name: 'cascade', rules: [CASCADE_RULE], env: HEALTH_OFF },
  { name: 'cascade + health', rules: [CASCADE_RULE], env: HEALTH_ON },
];

interface Figures {
  readonly setup: string;
  readonly accepted: number;
  readonly final: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly chargedAt: Readonly<Record<string, number>>;
  readonly seconds: number;
  /** The Insight figures per connector (GET /insight), as the back office draws them. */
  readonly insight: readonly string[];
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function play(setup: Setup): Promise<Figures> {
  const [pspA, pspB] = await Promise.all([startSimulatorProcess(), startSimulatorProcess()]);
  const server = await startTestServer({
    env: {
      ...OPERATOR_ENV,
      ...twoConnectorEnv(pspA, pspB),
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      PAYMENT_LEASE_MS: '5000',
      RECONCILE_INTERVAL_MS: '0',
      MONEY_CALLS_PER_SESSION: '1000000',
      LOG_LEVEL: 'warn',
      ...setup.env,
    },
  });
  const started = performance.now();
  try {
    await cardDepositsPayThrough(server.db, 'psp-a');
    const key = (await mintKey(server, 'brand0')).key;
    const put = await operatorCall(server, 'PUT', '/routing-rules', key, {
      body: { rules: setup.rules },
    });
    if (put.status !== 200) throw new Error(`rules refused: ${put.text}`);
    const path = buildPath(ENDPOINTS.depositSubmit, {
      payGroupId: String(await payGroupId(server, 'card', 'deposit')),
    });
    const ids: string[] = [];
    const times: number[] = [];
    let final = 0;
    let down = false;
    for (let index = 0; index < DEPOSITS; index += 1) {
      const share = index / DEPOSITS;
      const shouldBeDown = share >= DOWN_FROM && share < DOWN_TO;
      if (shouldBeDown && !down) {
        // Down: every call of psp-a hangs until the caller gives up (nothing processed).
        await pspA.fault({ operation: 'authorizeDeposit', mode: 'hang-before', times: 10_000 });
        down = true;
      } else if (!shouldBeDown && down) {
        // Back: the queued hangs are forgotten (with psp-a's payments: none was processed).
        await pspA.reset();
        down = false;
      }
      if (!down && index % 10 < 3) {
        await pspA.fault({ operation: 'authorizeDeposit', mode: 'soft-decline' });
      }
      const sessionId = await createTestSession(server, {
        player: `bench-${randomUUID().slice(0, 12)}`,
        flow: 'deposit',
        currency: 'EUR',
      });
      const before = performance.now();
      const answer = await callJson(server, 'POST', path, sessionId, cardDepositBody('20'), {
        'idempotency-key': randomUUID(),
      });
      times.push(performance.now() - before);
      const status = answer.body.transaction_status;
      if (status === 'success' || status === 'error') final += 1;
      const id = answer.body.transaction_id;
      if (typeof id === 'string') ids.push(id);
      // A soft decline that psp-a never took (routed elsewhere) would hit a later deposit.
      if (!down && index % 10 < 3) await pspA.reset();
    }
    const rows = await server.db
      .select({ status: transactions.status, connector: transactions.connector })
      .from(transactions)
      .where(inArray(transactions.id, ids));
    const succeeded = rows.filter((row) => row.status === 'success');
    const chargedAt: Record<string, number> = {};
    for (const row of succeeded) {
      const name = row.connector ?? 'default';
      chargedAt[name] = (chargedAt[name] ?? 0) + 1;
    }
    // What the back office's Insight screen shows of the run: the operator API's figures.
    const insight = await operatorCall(
      server,
      'GET',
      `/insight?${new URLSearchParams({
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        flow: 'deposit',
        group_by: 'connector',
      }).toString()}`,
      key,
    );
    const report = InsightReport.parse(insight.body);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      insight: report.rows.map(
        (row) =>
          `${row.key}: ${String(row.attempts.total)} calls, ${String(row.attempts.approved)} approved, ${String(row.attempts.declined)} declined, ${String(row.attempts.no_answer)} unanswered, acceptance ${row.attempts.acceptance_rate}, p95 ${String(row.latency.p95_ms)} ms`,
      ),
      setup: setup.name,
      accepted: succeeded.length / DEPOSITS,
      final,
      medianMs: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      chargedAt,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await server.close();
    await Promise.all([pspA.stop(), pspB.stop()]);
  }
}

async function main(): Promise<void> {
  console.log(
    `routing bench: ${String(DEPOSITS)} card deposits per set-up; psp-a soft-declines 30 %, down ${String(Math.round(DOWN_FROM * 100))}–${String(Math.round(DOWN_TO * 100))} % of the run (time-out ${String(PROVIDER_TIMEOUT_MS)} ms); ${String(availableParallelism())} cores, load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const results: Figures[] = [];
  for (const setup of SETUPS) results.push(await play(setup));
  const base = results[0];
  console.log('');
  console.log(
    '| set-up | acceptance | vs one connector | final answers | median ms | p95 ms | charged at | run s |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  for (const figures of results) {
    const ratio = base === undefined || base.accepted === 0 ? 0 : figures.accepted / base.accepted;
    console.log(
      `| ${figures.setup} | ${(figures.accepted * 100).toFixed(1)} % | ×${ratio.toFixed(2)} | ${String(figures.final)} | ${figures.medianMs.toFixed(1)} | ${figures.p95Ms.toFixed(1)} | ${Object.entries(
        figures.chargedAt,
      )
        .map(([name, count]) => `${name} ${String(count)}`)
        .join(', ')} | ${figures.seconds.toFixed(1)} |`,
    );
  }
  console.log('');
  console.log('Insight (GET /insight?group_by=connector, as the back office shows it):');
  for (const figures of results) {
    console.log(`- ${figures.setup}: ${figures.insight.join('; ')}`);
  }
}

await main();
