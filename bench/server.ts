/**
 * `npm run bench:server`: requests per second and latency of the cashier-service's hot calls
 * (deposit init, select, submit) next to a bare Fastify route measured in the same run, on this
 * machine. The server runs in its own process (bench/server-target.ts) so the load generator does
 * not share its event loop. Prints figures only; it never judges them (budgets are read by people,
 * ARCHITECTURE.md "Budgets").
 *
 * Environment: BENCH_SECONDS (default 10 per call), BENCH_CONNECTIONS (default 10), DATABASE_URL to
 * measure on PostgreSQL instead of the embedded PGlite.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import * as z from 'zod/mini';
import { ENDPOINTS, buildPath } from '../packages/contract/src/index';

const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '10');

interface Target {
  readonly appAddress: string;
  readonly bareAddress: string;
  readonly sessionId: string;
  readonly kind: string;
}

function isTarget(value: unknown): value is Target {
  return (
    typeof value === 'object' &&
    value !== null &&
    'appAddress' in value &&
    typeof value.appAddress === 'string' &&
    'bareAddress' in value &&
    typeof value.bareAddress === 'string' &&
    'sessionId' in value &&
    typeof value.sessionId === 'string' &&
    'kind' in value &&
    typeof value.kind === 'string'
  );
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./server-target.ts', import.meta.url).pathname],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const target = await new Promise<Target>((resolve, reject) => {
  const lines = createInterface({ input: child.stdout });
  lines.once('line', (line) => {
    const parsed: unknown = JSON.parse(line);
    if (isTarget(parsed)) resolve(parsed);
    else reject(new Error(`unexpected first line from the target: ${line}`));
  });
  child.once('exit', (code) => {
    reject(new Error(`the target exited with ${String(code)}`));
  });
});

const headers = { 'content-type': 'application/json', 'x-session-id': target.sessionId };

async function call(path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${target.appAddress}${path}`, init);
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(body)}`);
  return body;
}

/** The first card pay group of the seeded brand, found through the API itself. */
async function cardPayGroupId(): Promise<number> {
  const body = await call(buildPath(ENDPOINTS.depositInit, {}), { headers });
  const init = z.parse(ENDPOINTS.depositInit.responses[200].schema, body);
  const card = init.payment_groups.find((group) => /card/i.test(group.pay_method_type ?? ''));
  if (card === undefined) throw new Error('no card pay group in the seeded deposit methods');
  return card.id;
}

const payGroupId = await cardPayGroupId();
const selectPath = buildPath(ENDPOINTS.depositSelect, { payGroupId: String(payGroupId) });
const submitPath = buildPath(ENDPOINTS.depositSubmit, { payGroupId: String(payGroupId) });
const submitBody = JSON.stringify({
  amount: '25.00',
  currency: 'EUR',
  fields: {
    card_pan: '4000000000000101',
    month: '12',
    year: '34',
    card_cvv: '123',
    card_cardholder_name: 'BENCH PLAYER',
  },
  save_card: false,
});
// One real submit first, so a broken body fails loudly instead of measuring 400s.
await call(submitPath, {
  method: 'POST',
  headers: { ...headers, 'idempotency-key': randomUUID() },
  body: submitBody,
});

interface Row {
  readonly name: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const rows: Row[] = [];
rows.push(await measure('bare Fastify GET', { url: `${target.bareAddress}/bare` }));
rows.push(
  await measure('GET payments/groups/init', {
    url: `${target.appAddress}${buildPath(ENDPOINTS.depositInit, {})}`,
    headers,
  }),
);
rows.push(
  await measure('POST payments/groups/{id}/select', {
    url: `${target.appAddress}${selectPath}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ currency: 'EUR' }),
  }),
);
rows.push(
  await measure('POST payments/groups/{id}/submit', {
    url: `${target.appAddress}${submitPath}`,
    method: 'POST',
    headers,
    body: submitBody,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  }),
);
child.kill();

const bare = rows[0]?.rps ?? 0;
process.stdout.write(
  `cashier-service bench: ${target.kind}, ${String(connections)} connections, ${String(seconds)} s per call\n\n`,
);
process.stdout.write(
  '| call | req/s | p50 ms | p99 ms | vs bare | non-2xx |\n|---|---|---|---|---|---|\n',
);
for (const row of rows) {
  const ratio = bare > 0 ? (row.rps / bare).toPrecision(2) : 'n/a';
  process.stdout.write(
    `| ${row.name} | ${row.rps.toFixed(0)} | ${String(row.p50)} | ${String(row.p99)} | ${ratio} | ${String(row.non2xx)} |\n`,
  );
}
