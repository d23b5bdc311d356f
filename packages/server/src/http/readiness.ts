/**
 * Whether the server is ready for traffic, for GET /readyz (modules/service/routes/readiness.ts),
 * as opposed to alive (GET /healthz, modules/service/routes/meta.ts). Ready means:
 * - the database answers (within {@link READINESS_TIMEOUT_MS});
 * - it has every migration this server's code expects (db/migrations.ts), which a server started
 *   with MIGRATE_ON_START=false cannot assume while a `migrate` is still running;
 * - the server is not shutting down: from the moment shutdown begins (main.ts on SIGTERM, or
 *   any `app.close()`), so a load balancer stops sending it requests.
 *
 * @packageDocumentation
 */
import type { FastifyInstance } from 'fastify';
import { committedMigrations, migrationStatus } from '../db/migrations';
import type { MigrationEntry, MigrationStatus } from '../db/migrations';
import type { Executor } from '../db/open';

/** How long the database may take to answer a readiness check before it counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

/** What GET /readyz answers. */
export interface ReadinessReport {
  readonly status: 'ready' | 'not_ready';
  /** What is not ready: `database`, `migrations`, `shutting_down`; empty when ready. */
  readonly not_ready: readonly ('database' | 'migrations' | 'shutting_down')[];
  /** `ok`, or why the database did not answer (the error's kind, never its message). */
  readonly database: string;
  /** The migrations applied and pending (`null` when the database did not answer). */
  readonly migrations: MigrationStatus | null;
}

/** The kind of a database error: its code (SQLSTATE, ECONNREFUSED) or its name. */
function errorKind(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const cause: unknown = Reflect.get(error, 'cause');
    const code: unknown = Reflect.get(error, 'code');
    if (typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code)) return code;
    if (cause !== undefined && cause !== error) return errorKind(cause);
    if (error instanceof Error) return error.name;
  }
  return typeof error;
}

/** Rejects after `ms` unless `work` settles first. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One app's readiness (see the module comment); `app.readiness`. */
export class Readiness {
  readonly #db: Executor;
  readonly #migrations: readonly MigrationEntry[];
  #shuttingDown = false;

  /** `migrations`: what this code expects (default: the committed ones, read once). */
  constructor(db: Executor, migrations: readonly MigrationEntry[] = committedMigrations()) {
    this.#db = db;
    this.#migrations = migrations;
  }

  /** From now on the server is not ready: it is shutting down. */
  markShuttingDown(): void {
    this.#shuttingDown = true;
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /** Checks the database and its migrations now. */
  async check(): Promise<ReadinessReport> {
    const notReady: ReadinessReport['not_ready'][number][] = [];
    let database = 'ok';
    let migrations: MigrationStatus | null = null;
    try {
      migrations = await within(migrationStatus(this.#db, this.#migrations), READINESS_TIMEOUT_MS);
      if (migrations.pending.length > 0) notReady.push('migrations');
    } catch (error) {
      database = `unavailable (${errorKind(error)})`;
      notReady.push('database');
    }
    if (this.#shuttingDown) notReady.push('shutting_down');
    return {
      status: notReady.length === 0 ? 'ready' : 'not_ready',
      not_ready: notReady,
      database,
      migrations,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the app is ready for traffic (http/readiness.ts). */
    readiness: Readiness;
  }
}

/**
 * Decorates the app with its {@link Readiness}, which turns false as soon as the app closes.
 * While shutting down, every answer closes its connection (`connection: close`): a keep-alive
 * connection that turns idle after its last answer would otherwise hold the close open until
 * the client or the keep-alive time-out ends it.
 */
export function installReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.decorate('readiness', readiness);
  app.addHook('preClose', (done) => {
    readiness.markShuttingDown();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.shuttingDown) void reply.header('connection', 'close');
    done(null, payload);
  });
}
