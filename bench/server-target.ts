/**
 * The process `bench/server.ts` measures: the real cashier-service, seeded, with logging off, on a
 * fresh in-memory PGlite or on BENCH_TARGET_DATABASE_URL (PostgreSQL), plus two yardsticks:
 * - a bare Fastify route in a process of its own (here), the ceiling of any route;
 * - `GET /bench/one-query` on the app itself: one primary-key read with the raw driver and
 *   nothing else, the floor of any route that touches the database. It is registered here, by
 *   the benchmark, and exists in no server the product starts.
 *
 * With BENCH_TARGET_WORKERS above 1 (PostgreSQL only) the app runs in that many processes on one
 * port through the server's own cluster (packages/server/src/cluster.ts), as WORKERS does.
 *
 * Prints one JSON line (the addresses, BENCH_TARGET_PLAYERS deposit sessions of players of their
 * own, the database kind), then serves until killed.
 */
import cluster from 'node:cluster';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import { createHistogram } from 'node:perf_hooks';
import Fastify from 'fastify';
import { loadConfig } from '../packages/server/src/config';
import { createApp } from '../packages/server/src/app';
import { announceListening, runPrimary } from '../packages/server/src/cluster';
import { openDatabase } from '../packages/server/src/db/open';
import type { OpenDatabase } from '../packages/server/src/db/open';
import { seedDatabase } from '../packages/server/src/db/seed';
import { createSession } from '../packages/server/src/modules/cashier';
import { createLogger } from '../packages/server/src/http/logger';

// Sessions submit at load-test rates: the per-session money-call limit is lifted, so
// the figures measure the submit, not the 429 a player would get long before.
// Answers are written as production writes them (the compiled serializer alone, docs/decisions/0035-serializer-compiled-from-the-contract.md);
// RESPONSE_VALIDATION=zod in the environment measures the development setting instead.
const config = loadConfig({
  MONEY_CALLS_PER_SESSION: '1000000',
  AUTH_FAILURES_PER_ADDRESS: '1000000',
  RESPONSE_VALIDATION: 'off',
  ...process.env,
  LOG_LEVEL: 'silent',
});
const databaseUrl = process.env.BENCH_TARGET_DATABASE_URL;
const workers = Number(process.env.BENCH_TARGET_WORKERS ?? '1');
const players = Number(process.env.BENCH_TARGET_PLAYERS ?? '20');

/** The one-query yardstick: a primary-key read through the driver itself (pg or PGlite). */
interface RawClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

function rawClient(database: OpenDatabase): RawClient {
  // drizzle keeps the driver it was given as `$client`; its type is not part of Database.
  const client: unknown = Reflect.get(database.db, '$client');
  if (
    typeof client === 'object' &&
    client !== null &&
    'query' in client &&
    typeof client.query === 'function'
  ) {
    const query = client.query;
    return {
      query: async (text, values) => {
        const result: unknown = await Reflect.apply(query, client, [text, values]);
        return result;
      },
    };
  }
  throw new Error('the database has no raw client to query');
}

/**
 * How long the app itself took for each request, from its arrival to the end of the answer
 * (Node's `http.server.*` diagnostics channels, so no hook of the app is involved): the
 * load generator runs on the same cores, and its own delays are in the latency it reports.
 * `GET /bench/latency` answers the figures since the last call and starts anew.
 */
function serverLatency() {
  const histogram = createHistogram();
  let server: Server | undefined;
  const started = new WeakMap<IncomingMessage, bigint>();
  diagnostics.subscribe('http.server.request.start', (message) => {
    if (!isRequestMessage(message) || message.server !== server) return;
    started.set(message.request, process.hrtime.bigint());
  });
  diagnostics.subscribe('http.server.response.finish', (message) => {
    if (!isRequestMessage(message)) return;
    const start = started.get(message.request);
    if (start !== undefined) histogram.record(Math.max(1, Number(process.hrtime.bigint() - start)));
  });
  const watch = (app: Server) => {
    server = app;
  };
  const take = () => {
    const figures = {
      count: histogram.count,
      p50Ms: histogram.count === 0 ? 0 : histogram.percentile(50) / 1e6,
      p99Ms: histogram.count === 0 ? 0 : histogram.percentile(99) / 1e6,
    };
    histogram.reset();
    return figures;
  };
  return { watch, take };
}

function isRequestMessage(
  message: unknown,
): message is { readonly request: IncomingMessage; readonly server: Server } {
  return typeof message === 'object' && message !== null && 'request' in message;
}

/** The app with the yardstick route, listening on `port` (0: a free one, shared by workers). */
async function serveApp(database: OpenDatabase, port: number): Promise<string> {
  const raw = rawClient(database);
  const latency = serverLatency();
  const app = await createApp({
    db: database.db,
    config,
    logger: createLogger({ level: 'silent' }),
    extraRoutes: [
      (routes) => {
        routes.get('/bench/one-query', async () => {
          await raw.query('select id from brands where id = $1', ['brand0']);
          return { ok: true };
        });
        routes.get('/bench/latency', () => latency.take());
      },
    ],
  });
  latency.watch(app.server);
  return app.listen({ port, host: '127.0.0.1' });
}

if (cluster.isWorker) {
  if (databaseUrl === undefined) throw new Error('workers need BENCH_TARGET_DATABASE_URL');
  const database = await openDatabase({ url: databaseUrl, migrate: false });
  announceListening(await serveApp(database, 0));
} else {
  const database = await openDatabase(
    databaseUrl === undefined ? { inMemory: true } : { url: databaseUrl },
  );
  await seedDatabase(database.db);
  const sessions = [];
  for (let index = 0; index < players; index += 1) {
    const session = await createSession(
      database.db,
      { lifetimeMs: config.sessionLifetimeMs, widgetUrl: config.widgetUrl },
      {
        player: `bench-${String(index + 1)}`,
        flow: 'deposit',
        currency: 'EUR',
        language: 'en',
        brand: 'brand0',
        // A player of its own, with the brand's demo balances (as the sandbox route makes one).
        createPlayer: true,
      },
    );
    sessions.push(session.session_id);
  }

  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ ok: true }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  let appAddress: string;
  if (workers <= 1) {
    appAddress = await serveApp(database, 0);
  } else {
    await database.close();
    appAddress = await new Promise<string>((resolve, reject) => {
      runPrimary({
        workers,
        stopTimeoutMs: 5_000,
        out: (line) => {
          const address = /^(http:\/\/\S+)/.exec(line)?.[1];
          if (address !== undefined) resolve(address);
        },
      }).then(
        (code) => {
          reject(new Error(`the workers stopped (exit code ${String(code)})`));
          // The workers are gone (the bench's SIGTERM, which the primary takes to stop them): so
          // is the app, and the bare route must not keep this process, which the bench awaits.
          void bare.close();
        },
        (error: unknown) => {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
  process.stdout.write(
    `${JSON.stringify({
      appAddress,
      bareAddress,
      sessions,
      kind: databaseUrl === undefined ? 'pglite' : 'postgres',
      workers: Math.max(1, workers),
    })}\n`,
  );
}
