/**
 * A scratch PostgreSQL database per test or benchmark run, on a server where the role may create
 * databases. Only `pg` and `node:crypto`: the benchmark's load generator uses it too, without
 * loading the server.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** SQLSTATE insufficient_privilege: FORCE met a backend this role may not end. */
const INSUFFICIENT_PRIVILEGE = '42501';
/** Tries of the drop, a moment apart (a bound, not a timing anyone checks). */
const DROP_TRIES = 20;
const DROP_PAUSE_MS = 250;

/**
 * `DROP DATABASE … WITH (FORCE)` ends the other connections to the database, but only those of
 * roles this one may signal: an autovacuum worker busy in the database at that moment belongs to
 * none, and the drop fails with 42501 unless the role has pg_signal_backend
 * (scripts/start-postgres.sh grants it). The worker is done within moments, so the drop is tried
 * again.
 */
async function dropWithRetries(dropper: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
      if (code !== INSUFFICIENT_PRIVILEGE || attempt >= DROP_TRIES) throw error;
      await sleep(DROP_PAUSE_MS);
    }
  }
}

/** A scratch database: its name, its URL and a dropper. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Ends its connections and drops it. */
  readonly drop: () => Promise<void>;
}

/**
 * Creates a database `<prefix>_<random>` (`cashdesk_test_…` by default) on the PostgreSQL server
 * of `adminUrl` (a role with CREATEDB) and returns its URL and a dropper (which ends its
 * connections first). It is empty, or a copy of `template` (a database nobody is connected to:
 * PostgreSQL copies its files, much faster than migrating and seeding again).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'cashdesk_test',
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      template === undefined
        ? `CREATE DATABASE "${name}"`
        : `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropWithRetries(dropper, name);
      } finally {
        await dropper.end();
      }
    },
  };
}
