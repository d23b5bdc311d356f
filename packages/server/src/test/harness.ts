/**
 * The integration test harness: the real server on a real database on an ephemeral port.
 *
 * - Default: a fresh in-memory PGlite, migrated and seeded: a copy of the run's seeded database
 *   (database-template.ts). Start one per test file, or per test that needs its own.
 * - With TEST_DATABASE_URL (or DATABASE_URL) = postgres://user:pass@host/db, a role with CREATEDB:
 *   every call creates a fresh database `cashdesk_test_<random>` on that server, a copy of the
 *   run's migrated and seeded template, and drops it on close.
 *
 * @packageDocumentation
 */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { seededPgliteDump, seededPostgresTemplate } from './database-template';
import { createPostgresDatabase } from './postgres-database';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { ServerConfig, ServerMode } from '../config';
import { openDatabase } from '../db/open';
import type { Database, DatabaseKind, OpenDatabase, PoolStats, Transaction } from '../db/open';
import { seedDatabase } from '../db/seed';
import type { SeedReport } from '../db/seed';
import { bumpConfigVersion } from '../modules/brand-config/version';
import type { App, Clock, RouteModule } from '../http/app-types';
import { createLogger } from '../http/logger';
import type { PaymentProvider } from '../providers';
import type { OtpSender } from '../modules/accounts/otp-senders/otp-sender';

/** A migrated and seeded test database. */
export interface TestDatabase {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** The PostgreSQL pool (for the pool metrics); `undefined` on PGlite. */
  readonly pool?: PoolStats | undefined;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

/** A scratch PostgreSQL database (postgres-database.ts), for the tests that import the harness. */
export { createPostgresDatabase };

/** What {@link startTestServer} takes. */
export interface TestServerOptions {
  /** Default sandbox. */
  readonly mode?: ServerMode;
  /** Reuse a database (e.g. a second server in another mode); it is not closed by this server. */
  readonly database?: TestDatabase;
  /**
   * The payment provider, or a function making it on the server's database (a sandbox with
   * other timings keeps its state there, as the server's own does). Default: the configured one.
   */
  readonly provider?: PaymentProvider | ((db: Database) => PaymentProvider);
  /** The one-time-code sender, as an embedding operator passes one. Default: the configured one. */
  readonly otpSender?: OtpSender;
  /** Probe routes of a test, registered after the server's own. */
  readonly extraRoutes?: readonly RouteModule[];
  /** Extra environment for loadConfig (e.g. SESSION_LIFETIME_MS). */
  readonly env?: Readonly<Record<string, string>>;
  /** The app's clock (default: the system clock); fault tests move it past leases. */
  readonly clock?: Clock;
  /** The port (default a free one; a restart passes the port it had). */
  readonly port?: number;
  /** Default true; false leaves the realtime hub's tick and sweep to the test. */
  readonly realtimeTimers?: boolean;
}

/** A running test server. */
export interface TestServer {
  /** e.g. http://127.0.0.1:40123 */
  readonly baseUrl: string;
  readonly app: App;
  readonly db: Database;
  readonly database: TestDatabase;
  readonly config: ServerConfig;
  /** Every log line the server wrote (JSON lines), for the log-leak checks. */
  readonly logs: () => string;
  /** Stops the server and closes (drops) the database it created. */
  close(): Promise<void>;
}

/** The PostgreSQL server tests make their databases on (TEST_DATABASE_URL / DATABASE_URL), if any. */
export function postgresAdminUrl(): string | undefined {
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return adminUrl === undefined || adminUrl === '' ? undefined : adminUrl;
}

/** What {@link createTestDatabase} takes. */
export interface TestDatabaseOptions {
  /**
   * Migrate and seed this database here instead of copying the run's seeded one: for the tests
   * of the migrations and the seed themselves, which must run them.
   */
  readonly seedHere?: boolean;
}

/** A migrated and seeded test database, and what its seed wrote when it was seeded here. */
export interface SeededTestDatabase extends TestDatabase {
  /** The seed's report when `seedHere`; `undefined` for a copy. */
  readonly seeded: SeedReport | undefined;
}

/**
 * A fresh migrated and seeded database: in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL /
 * DATABASE_URL; a copy of the run's seeded database unless `seedHere`.
 */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<SeededTestDatabase> {
  const adminUrl = postgresAdminUrl();
  const copy = options.seedHere !== true;
  let opened: OpenDatabase;
  let drop: () => Promise<void> = () => Promise.resolve();
  let seeded: SeedReport | undefined;
  if (adminUrl !== undefined) {
    const template = copy ? seededPostgresTemplate() : undefined;
    const created = await createPostgresDatabase(adminUrl, undefined, template);
    drop = created.drop;
    opened = await openDatabase({ url: created.url });
    if (template === undefined) seeded = await seedDatabase(opened.db);
  } else if (copy) {
    opened = await openDatabase({ inMemory: true, from: await seededPgliteDump() });
  } else {
    opened = await openDatabase({ inMemory: true });
    seeded = await seedDatabase(opened.db);
  }
  return {
    db: opened.db,
    kind: opened.kind,
    pool: opened.pool,
    seeded,
    close: async () => {
      await opened.close();
      await drop();
    },
  };
}

/** A free TCP port on 127.0.0.1 (so the config can name the real address before listening). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** Starts the server on an ephemeral port (see the module comment). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = options.database === undefined;
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    CASHDESK_MODE: options.mode ?? 'sandbox',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    WIDGET_URL: 'http://widget.cashdesk.test',
    DATA_DIR: '/tmp/cashdesk-test-data',
    // Tests pass their own provider (the sandbox by default) in either mode.
    ...(options.mode === 'production'
      ? {
          CASHDESK_PROVIDER: 'sandbox',
          CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
          // The test's own database is passed in; the configuration names none.
          CASHDESK_ALLOW_EMBEDDED_DATABASE: 'true',
        }
      : {}),
    ...options.env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = await createApp({
    db: database.db,
    config,
    provider:
      typeof options.provider === 'function' ? options.provider(database.db) : options.provider,
    otpSender: options.otpSender,
    clock: options.clock,
    realtimeTimers: options.realtimeTimers,
    logger: createLogger({ level: 'info', destination: sink }),
    extraRoutes: options.extraRoutes,
    databasePool: database.pool,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl,
    app,
    db: database.db,
    database,
    config,
    logs: () => lines.join(''),
    close: async () => {
      // A test is over: nothing of it is in flight any more, so every connection goes at once.
      // Fastify's close closes only the connections Node counts as idle, and a keep-alive one a
      // test's fetch left (with a short REQUEST_TIMEOUT_MS) was at times not counted so, which
      // held close() until the hook's time-out. main.ts keeps the draining close (docs/decisions/0015-metrics-and-draining-shutdown.md).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      if (ownsDatabase) await database.close();
    },
  };
}

/** Creates a session through POST /sandbox/sessions and returns its id. */
export async function createTestSession(
  server: Pick<TestServer, 'baseUrl'>,
  request: {
    player?: string;
    flow?: 'deposit' | 'withdrawal';
    currency?: string;
    brand?: string;
    lang?: string;
  } = {},
): Promise<string> {
  const response = await fetch(`${server.baseUrl}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR', ...request }),
  });
  const body: unknown = await response.json();
  if (
    response.status !== 201 ||
    typeof body !== 'object' ||
    body === null ||
    !('session_id' in body)
  ) {
    throw new Error(`session not created: ${response.status} ${JSON.stringify(body)}`);
  }
  const id = body.session_id;
  if (typeof id !== 'string') throw new Error('session_id is not a string');
  return id;
}

/**
 * A test's own write of brand configuration straight into the tables, made the way the
 * configuration layer makes it: in one transaction that first bumps the brand's version and so
 * tells every process's brand-data cache (modules/brand-config/version.ts). A write without it
 * would be seen only when the cache's entry ends.
 */
export async function writeBrandConfig<T>(
  db: Database,
  brandId: string,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await bumpConfigVersion(tx, brandId);
    return write(tx);
  });
}
