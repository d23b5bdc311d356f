/**
 * `npm run bench:server`: the cashier-service's hot calls (deposit init, select, submit by one
 * player and by 20) as ratios to two yardsticks measured in the same rounds:
 * - bare: a Fastify route that does nothing, the ceiling of any route on this machine now;
 * - one query: a route of the app doing one primary-key read with the raw driver and nothing
 *   else (bench/server-target.ts; it exists only there), the floor of any call that touches the
 *   database.
 * Each call is measured BENCH_ROUNDS times, the yardsticks in every round, so a ratio compares
 * figures taken within seconds of each other on a shared, noisy machine; the tables give the
 * median req/s and the min / median / max of the ratios over the rounds.
 *
 * Runs on the embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL or
 * DATABASE_URL) names a server where the role may create databases (each target gets a fresh
 * one, dropped afterwards). On PostgreSQL it adds init at a fixed 200 req/s (its latency, after
 * the one-query yardstick's at the same rate: the machine's own p99; each also as the app itself
 * timed its requests, without the load generator's own delays) and a run of one server
 * process against two (WORKERS=2, the server's own cluster.ts), both measured
 * in the same rounds, with what the cores allow two processes to give over one at all (from
 * the CPU a request costs the server, PostgreSQL and the load generator: bench/cpu.ts).
 *
 * The server runs in processes of its own (bench/server-target.ts), so the load generator does
 * not share their event loop. Prints figures and the machine's load; never judges them (budgets
 * are read by people: docs/architecture.md "Budgets").
 *
 * Environment: BENCH_SECONDS (default 5 per measurement), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 10), BENCH_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../packages/server/src/test/postgres-database';
import * as z from 'zod/mini';
import { ENDPOINTS, buildPath } from '../packages/contract/src/index';
import { ceilingRps, cpuSnapshot, perRequest } from './cpu';
import type { CpuSnapshot } from './cpu';

const seconds = Number(process.env.BENCH_SECONDS ?? '5');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '10');
const postgresAdminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
/** How many players submit at once in the "20 players" rows. */
const PLAYERS = 20;
/** The fixed rate of the init latency row (p99 at 200 req/s). */
const FIXED_RATE = 200;

// --- targets --------------------------------------------------------------------------------

const Target = z.object({
  appAddress: z.string(),
  bareAddress: z.string(),
  sessions: z.array(z.string()),
  kind: z.string(),
  workers: z.number(),
});

interface RunningTarget extends z.infer<typeof Target> {
  readonly child: ChildProcess;
  readonly cardPayGroupId: number;
  stop(): Promise<void>;
}

async function startTarget(options: {
  postgres: boolean;
  workers: number;
}): Promise<RunningTarget> {
  const database =
    options.postgres && postgresAdminUrl !== undefined
      ? await createPostgresDatabase(postgresAdminUrl, 'cashdesk_bench')
      : undefined;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./server-target.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_TARGET_WORKERS: String(options.workers),
        BENCH_TARGET_PLAYERS: String(PLAYERS),
        ...(database === undefined ? {} : { BENCH_TARGET_DATABASE_URL: database.url }),
      },
    },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const target = await new Promise<z.infer<typeof Target>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const parsed = Target.safeParse(JSON.parse(line));
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`unexpected first line from the target: ${line}`));
    });
    child.once('exit', (code) => {
      reject(new Error(`the target exited with ${String(code)}`));
    });
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await database?.drop();
  };
  try {
    return { ...target, child, cardPayGroupId: await cardPayGroupId(target), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function call(target: { appAddress: string }, path: string, init: RequestInit) {
  const response = await fetch(`${target.appAddress}${path}`, init);
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(body)}`);
  return body;
}

const ServerLatency = z.object({ count: z.number(), p50Ms: z.number(), p99Ms: z.number() });

/** The target's own timing of its requests since the last call (bench/server-target.ts). */
async function serverLatency(target: { appAddress: string }) {
  return ServerLatency.parse(await call(target, '/bench/latency', {}));
}

function headersOf(sessionId: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-session-id': sessionId };
}

function firstSession(target: { sessions: readonly string[] }): string {
  const [session] = target.sessions;
  if (session === undefined) throw new Error('the target made no session');
  return session;
}

/** The first card pay group of the seeded brand, found through the API itself. */
async function cardPayGroupId(target: z.infer<typeof Target>): Promise<number> {
  const body = await call(target, buildPath(ENDPOINTS.depositInit, {}), {
    headers: headersOf(firstSession(target)),
  });
  const init = z.parse(ENDPOINTS.depositInit.responses[200].schema, body);
  const card = init.payment_groups.find((group) => /card/i.test(group.pay_method_type ?? ''));
  if (card === undefined) throw new Error('no card pay group in the seeded deposit methods');
  return card.id;
}

const submitBody = JSON.stringify({
  amount: '25.00',
  currency: 'EUR',
  parameters: {
    card_pan: '4000000000000101',
    month: '12',
    year: '34',
    card_cvv: '123',
    card_cardholder_name: 'BENCH PLAYER',
  },
});

function submitPath(target: RunningTarget): string {
  return buildPath(ENDPOINTS.depositSubmit, { payGroupId: String(target.cardPayGroupId) });
}

// --- calls ----------------------------------------------------------------------------------

interface Figure {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  /** Requests answered in the measurement. */
  readonly requests: number;
}

type CallName =
  | 'bare'
  | 'one query'
  | 'init'
  | 'select'
  | 'submit, 1 player'
  | `submit, ${typeof PLAYERS} players`;

const CALLS: readonly CallName[] = [
  'bare',
  'one query',
  'init',
  'select',
  'submit, 1 player',
  `submit, ${PLAYERS} players`,
];

function optionsFor(name: CallName, target: RunningTarget): autocannon.Options {
  const session = firstSession(target);
  const cashier = (path: string) => `${target.appAddress}${path}`;
  switch (name) {
    case 'bare':
      return { url: `${target.bareAddress}/bare` };
    case 'one query':
      return { url: cashier('/bench/one-query') };
    case 'init':
      return { url: cashier(buildPath(ENDPOINTS.depositInit, {})), headers: headersOf(session) };
    case 'select':
      return {
        url: cashier(
          buildPath(ENDPOINTS.depositSelect, { payGroupId: String(target.cardPayGroupId) }),
        ),
        method: 'POST',
        headers: headersOf(session),
        body: JSON.stringify({ currency: 'EUR' }),
      };
    case 'submit, 1 player':
    case `submit, ${PLAYERS} players`: {
      const sessions = name === 'submit, 1 player' ? [session] : target.sessions;
      let next = 0;
      return {
        url: cashier(submitPath(target)),
        method: 'POST',
        body: submitBody,
        requests: [
          {
            setupRequest: (request) => {
              const sessionId = sessions[next % sessions.length] ?? session;
              next += 1;
              return {
                ...request,
                headers: { ...headersOf(sessionId), 'idempotency-key': randomUUID() },
              };
            },
          },
        ],
      };
    }
  }
}

async function measure(options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

// --- figures --------------------------------------------------------------------------------

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function spread(values: readonly number[]): string {
  if (values.length === 0) return 'n/a';
  const show = (value: number) => value.toPrecision(2);
  return `${show(Math.min(...values))} / ${show(median(values))} / ${show(Math.max(...values))}`;
}

/** Per-round ratios of `name` to `base` (rounds where both were measured). */
function ratios(byRound: readonly Map<string, Figure>[], name: string, base: string): number[] {
  return byRound.flatMap((round) => {
    const top = round.get(name)?.rps;
    const bottom = round.get(base)?.rps;
    return top === undefined || bottom === undefined || bottom === 0 ? [] : [top / bottom];
  });
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

const out = (text: string) => process.stdout.write(text);

/** Warms the target up and proves its calls answer 2xx before anything is measured. */
async function warmUp(target: RunningTarget): Promise<void> {
  await call(target, submitPath(target), {
    method: 'POST',
    headers: { ...headersOf(firstSession(target)), 'idempotency-key': randomUUID() },
    body: submitBody,
  });
  await autocannon({ connections, amount: 200, url: `${target.appAddress}/bench/one-query` });
  await autocannon({
    connections,
    amount: 200,
    url: `${target.appAddress}${buildPath(ENDPOINTS.depositInit, {})}`,
    headers: headersOf(firstSession(target)),
  });
}

/** Every call in every round on one target; prints the table. */
async function benchOneTarget(target: RunningTarget): Promise<void> {
  await warmUp(target);
  const byRound: Map<string, Figure>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const figures = new Map<string, Figure>();
    for (const name of CALLS) figures.set(name, await measure(optionsFor(name, target)));
    byRound.push(figures);
  }
  out(
    `\n### ${target.kind}, one server process (${String(rounds)} rounds × ${String(seconds)} s, ${String(connections)} connections)\n\n`,
  );
  out(
    '| call | req/s (median) | p50 ms | p99 ms | ÷ bare (min / median / max) | ÷ one query (min / median / max) | non-2xx |\n|---|---|---|---|---|---|---|\n',
  );
  for (const name of CALLS) {
    const figures = byRound.flatMap((round) => {
      const figure = round.get(name);
      return figure === undefined ? [] : [figure];
    });
    out(
      `| ${name} | ${median(figures.map((f) => f.rps)).toFixed(0)} | ${String(median(figures.map((f) => f.p50)))} | ${String(median(figures.map((f) => f.p99)))} | ${spread(ratios(byRound, name, 'bare'))} | ${spread(ratios(byRound, name, 'one query'))} | ${String(figures.reduce((sum, f) => sum + f.non2xx, 0))} |\n`,
    );
  }
  if (target.kind === 'postgres') {
    // The same rate on the one-query yardstick first: the p99 this machine gives any route that
    // touches the database, against which init's p99 is read.
    out('\n');
    for (const name of ['one query', 'init'] as const) {
      await serverLatency(target);
      const fixed = await measure({
        ...optionsFor(name, target),
        overallRate: FIXED_RATE,
        duration: Math.max(seconds, 10),
      });
      const inApp = await serverLatency(target);
      out(
        `${name} at a fixed ${String(FIXED_RATE)} req/s (${String(Math.max(seconds, 10))} s): ${fixed.rps.toFixed(0)} req/s served, p50 ${String(fixed.p50)} ms, p99 ${String(fixed.p99)} ms, non-2xx ${String(fixed.non2xx)}; in the app: p50 ${inApp.p50Ms.toFixed(1)} ms, p99 ${inApp.p99Ms.toFixed(1)} ms (${String(inApp.count)} requests)\n`,
      );
    }
  }
}

/** One process against two, on PostgreSQL, the same calls alternated in every round. */
async function benchWorkers(one: RunningTarget, two: RunningTarget): Promise<void> {
  await warmUp(one);
  await warmUp(two);
  const names: readonly CallName[] = ['one query', 'init', `submit, ${PLAYERS} players`];
  const byRound: Map<string, Figure>[] = [];
  // What a request of each call costs the machine with one process, per round.
  const costs = new Map<CallName, CpuSnapshot[]>();
  for (let round = 0; round < rounds; round += 1) {
    const figures = new Map<string, Figure>();
    for (const name of names) {
      const pid = one.child.pid ?? 0;
      const before = cpuSnapshot(pid);
      const single = await measure(optionsFor(name, one));
      const after = cpuSnapshot(pid);
      const cost =
        before === undefined || after === undefined
          ? undefined
          : perRequest(before, after, single.requests);
      if (cost !== undefined) costs.set(name, [...(costs.get(name) ?? []), cost]);
      figures.set(`${name} 1`, single);
      figures.set(`${name} 2`, await measure(optionsFor(name, two)));
    }
    byRound.push(figures);
  }
  out(
    `\n### postgres, one server process against two (WORKERS=2), ${String(availableParallelism())} cores\n\n`,
  );
  out(
    '| call | 1 process req/s | 2 processes req/s | 2 ÷ 1 (min / median / max) |\n|---|---|---|---|\n',
  );
  for (const name of names) {
    const rps = (suffix: string) =>
      median(byRound.map((round) => round.get(`${name} ${suffix}`)?.rps ?? 0)).toFixed(0);
    out(
      `| ${name} | ${rps('1')} | ${rps('2')} | ${spread(ratios(byRound, `${name} 2`, `${name} 1`))} |\n`,
    );
  }
  printCeiling(names, costs);
}

/**
 * What this machine allows at all: from the CPU a request costs the server, PostgreSQL and the
 * load generator (all on these cores), the most req/s one and two processes could serve, and so
 * the most that two can give over one here. A "2 ÷ 1" under 1.5 is the machine's when this
 * ceiling is under it too.
 */
function printCeiling(
  names: readonly CallName[],
  costs: ReadonlyMap<CallName, readonly CpuSnapshot[]>,
): void {
  const cores = availableParallelism();
  const rows = names.flatMap((name) => {
    const measured = costs.get(name) ?? [];
    if (measured.length === 0) return [];
    const part = (pick: (cost: CpuSnapshot) => number) => median(measured.map(pick));
    const cost = {
      server: part((c) => c.server),
      database: part((c) => c.database),
      generator: part((c) => c.generator),
    };
    const oneCap = ceilingRps(cost, 1, cores);
    const twoCap = ceilingRps(cost, 2, cores);
    return [
      `| ${name} | ${cost.server.toFixed(3)} | ${cost.database.toFixed(3)} | ${cost.generator.toFixed(3)} | ${oneCap.toFixed(0)} | ${twoCap.toFixed(0)} | ${(twoCap / oneCap).toFixed(2)} |\n`,
    ];
  });
  if (rows.length === 0) {
    out('\n(no /proc here: the CPU a request costs, and so the ceiling, are not printed)\n');
    return;
  }
  out(
    `\nWhat ${String(cores)} cores allow: CPU ms per request with one process (PostgreSQL counted when it runs on this machine), the req/s that CPU caps one and two processes at, and so the most two can give over one here (other load on the machine lowers it further)\n\n`,
  );
  out(
    '| call | server ms | PostgreSQL ms | load generator ms | cap, 1 process | cap, 2 processes | cap 2 ÷ cap 1 |\n|---|---|---|---|---|---|---|\n',
  );
  for (const row of rows) out(row);
}

out(
  `cashier-service bench: ${String(availableParallelism())} cores, load average ${load()} (1, 5, 15 min)\n`,
);
const pglite = await startTarget({ postgres: false, workers: 1 });
try {
  await benchOneTarget(pglite);
} finally {
  await pglite.stop();
}
if (postgresAdminUrl === undefined) {
  out(
    '\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server where the role may create databases)\n',
  );
} else {
  const postgres = await startTarget({ postgres: true, workers: 1 });
  try {
    await benchOneTarget(postgres);
  } finally {
    await postgres.stop();
  }
  const one = await startTarget({ postgres: true, workers: 1 });
  const two = await startTarget({ postgres: true, workers: 2 }).catch(async (error: unknown) => {
    await one.stop();
    throw error;
  });
  try {
    await benchWorkers(one, two);
  } finally {
    await Promise.all([one.stop(), two.stop()]);
  }
}
out(`\nload average at the end: ${load()}\n`);
