/**
 * How an operator runs the server: migrations at start, the shutdown's grace, the metrics
 * endpoint's token and the number of server processes (MIGRATE_ON_START, SHUTDOWN_TIMEOUT_MS,
 * METRICS_TOKEN, WORKERS).
 *
 * @packageDocumentation
 */
import { availableParallelism } from 'node:os';
import * as z from 'zod';
import { flagText, integerText, optionalText, secretText } from './env';
import type { ValuesOf } from './env';

/** How the server is run by an operator: migrations, shutdown and the metrics endpoint. */
export interface OperationsConfig {
  /**
   * MIGRATE_ON_START (default true): the server applies pending migrations when it starts. With
   * `false` it expects `npm run migrate` to have run first and refuses to start on a schema
   * behind its code.
   */
  readonly migrateOnStart: boolean;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 12000): on SIGTERM or SIGINT the server stops accepting
   * connections and lets the requests in flight finish for at most this long (a payment's
   * provider call may take PROVIDER_TIMEOUT_MS), then stops the reconciler and closes the
   * database. Requests still running then are cut and the process exits 1; the payments they
   * left are finished by the reconciler.
   */
  readonly shutdownTimeoutMs: number;
  /**
   * METRICS_TOKEN (optional, at least 16 characters): `GET /metrics` then requires
   * `Authorization: Bearer <token>`. Without it /metrics is open in sandbox mode and answers 404
   * in production mode, where it would otherwise be public on the players' port.
   */
  readonly metricsToken: string | undefined;
  /**
   * WORKERS (default 1; `auto` is one per core): how many server processes `main.ts` runs on
   * the one port through `node:cluster` (cluster.ts). More than one needs PostgreSQL
   * (DATABASE_URL): PGlite is a database inside one process.
   */
  readonly workers: number;
}

/** The default {@link OperationsConfig}. */
export const DEFAULT_OPERATIONS: OperationsConfig = {
  migrateOnStart: true,
  shutdownTimeoutMs: 12_000,
  metricsToken: undefined,
  workers: 1,
};

/** The most server processes WORKERS may ask for. */
export const MAX_WORKERS = 64;

/** The variables of the deployment. */
export const OPERATION_VARIABLES = {
  MIGRATE_ON_START: flagText,
  SHUTDOWN_TIMEOUT_MS: integerText('SHUTDOWN_TIMEOUT_MS', 0, 600_000).default(
    DEFAULT_OPERATIONS.shutdownTimeoutMs,
  ),
  METRICS_TOKEN: secretText('METRICS_TOKEN', 16),
  WORKERS: optionalText.pipe(
    z
      .string()
      .regex(
        /^(auto|[1-9][0-9]?)$/,
        `WORKERS must be auto or a whole number from 1 to ${String(MAX_WORKERS)}`,
      )
      .optional(),
  ),
};

/** WORKERS as a count: `auto` is one process per core of this machine. */
function workerCount(value: string | undefined): number {
  if (value === undefined) return DEFAULT_OPERATIONS.workers;
  return value === 'auto' ? Math.max(1, availableParallelism()) : Number(value);
}

/**
 * The deployment settings: {@link DEFAULT_OPERATIONS} for what is not set. More than
 * {@link MAX_WORKERS} workers, or more than one without PostgreSQL (`databaseUrl`), is a line in
 * `problems`.
 */
export function readOperations(
  values: ValuesOf<typeof OPERATION_VARIABLES>,
  databaseUrl: string | undefined,
  problems: string[],
): OperationsConfig {
  const workers = workerCount(values.WORKERS);
  if (workers > MAX_WORKERS) {
    problems.push(`WORKERS: at most ${String(MAX_WORKERS)} server processes`);
  } else if (workers > 1 && databaseUrl === undefined) {
    problems.push(
      'WORKERS: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database serves one process',
    );
  }
  return {
    migrateOnStart: values.MIGRATE_ON_START !== 'false',
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    metricsToken: values.METRICS_TOKEN,
    workers,
  };
}
