/**
 * Opening the database: the embedded PGlite (files under DATA_DIR/pglite, or in memory for
 * tests) or PostgreSQL through a node-postgres pool when a URL is given. Either way the committed
 * migrations run before the handle is returned (unless the caller asks not to: `migrate: false`,
 * then `migrate()` runs them), and the rest of the server sees one type,
 * {@link Database}, so no code knows which driver it runs on.
 *
 * Driver difference that matters: PGlite has a single connection and runs one transaction at a
 * time (its own mutex), so row locks are never contended there; PostgreSQL runs transactions in
 * parallel and `SELECT ... FOR UPDATE` does the serialising. Code inside `db.transaction(tx => …)`
 * must use `tx` only: on PGlite a query on the outer handle waits for the transaction to end, which
 * never happens.
 *
 * @packageDocumentation
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationStatus } from './migrations';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import { openPgliteClient } from './pglite-client';
import { PreparingClient } from './prepared-statements';
import type { Database } from './handles';

/** The handles (db/handles.ts), where every service has always found them. */
export type { Database, Executor, Transaction } from './handles';

/** Which driver an {@link OpenDatabase} runs on. */
export type DatabaseKind = 'pglite' | 'postgres';

/** The connection counts of a PostgreSQL pool (node-postgres' `Pool` has them). */
export interface PoolStats {
  /** Connections open, idle or in use. */
  readonly totalCount: number;
  /** Connections open and idle. */
  readonly idleCount: number;
  /** Queries waiting for a connection. */
  readonly waitingCount: number;
}

/** An open database. */
export interface OpenDatabase {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** The node-postgres pool on PostgreSQL (for its connection counts); `undefined` on PGlite. */
  readonly pool: PoolStats | undefined;
  /**
   * Applies every pending migration (on PostgreSQL under an advisory lock, so processes doing it
   * at once migrate one after the other) and answers the tags this call applied, read under the
   * lock: of several processes migrating at once, one names them and the others none.
   * {@link openDatabase} does it unless told not to.
   */
  migrate(): Promise<readonly string[]>;
  /**
   * PGlite: its whole data directory as an uncompressed tarball, which {@link OpenDatabaseOptions}'s
   * `from` opens again (tests copy one migrated and seeded database this way). `undefined` on
   * PostgreSQL, where `CREATE DATABASE … TEMPLATE` does the same.
   */
  readonly dump: (() => Promise<Blob>) | undefined;
  /** Ends the pool or shuts PGlite down; safe to call twice. */
  close(): Promise<void>;
}

/** How to open the database; the first that applies wins: `url`, `inMemory`, `dataDir`. */
export interface OpenDatabaseOptions {
  /** postgres://…: PostgreSQL through a node-postgres pool. */
  readonly url?: string | undefined;
  /** A PGlite that lives in memory only (tests). */
  readonly inMemory?: boolean | undefined;
  /** With `inMemory`: start from this dumped data directory ({@link OpenDatabase.dump}). */
  readonly from?: Blob | undefined;
  /** PGlite files go to `${dataDir}/pglite`. */
  readonly dataDir?: string | undefined;
  /** Pool size for PostgreSQL (default 10). */
  readonly poolSize?: number | undefined;
  /**
   * PostgreSQL: whether the app's statements are prepared by name (default true;
   * db/prepared-statements.ts, DATABASE_PREPARED_STATEMENTS).
   */
  readonly preparedStatements?: boolean | undefined;
  /**
   * Whether to apply pending migrations before returning (default true). `false` opens the
   * database as it is: for a server started with MIGRATE_ON_START=false, which checks the schema
   * instead (db/migrations.ts), and for `migrate` (src/migrate.ts), which reports what it did.
   */
  readonly migrate?: boolean | undefined;
}

/** The committed migrations (packages/server/drizzle), from the sources and the build (paths.ts). */
export { MIGRATIONS_FOLDER };

/**
 * Opens the database and (unless `migrate: false`) applies every pending migration.
 *
 * @throws when neither `url`, `inMemory` nor `dataDir` is given, or the database refuses.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const opened = await openUnmigrated(options);
  if (options.migrate === false) return opened;
  try {
    await opened.migrate();
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

async function openUnmigrated(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  if (options.url !== undefined) {
    return openPostgres(options.url, options.poolSize ?? 10, options.preparedStatements ?? true);
  }
  if (options.inMemory === true) return openPglite(undefined, options.from);
  if (options.dataDir !== undefined) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    return openPglite(dir, undefined);
  }
  throw new Error('openDatabase needs a url, inMemory or a dataDir');
}

async function openPglite(
  dataDir: string | undefined,
  from: Blob | undefined,
): Promise<OpenDatabase> {
  const client = await openPgliteClient(dataDir, from);
  const db = drizzlePglite({ client });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    async migrate() {
      // A PGlite data folder belongs to this one process: nothing can migrate it meanwhile.
      const { pending } = await migrationStatus(db);
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return pending;
    },
    dump: () => client.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** The advisory lock PostgreSQL migrations run under (any constant every process shares). */
const MIGRATION_LOCK_KEY = 0x6361_7368_6465;

/**
 * Runs the migrations on one connection holding a session advisory lock, so that processes
 * starting at once on one database migrate it one after the other (the later ones find nothing
 * pending) instead of racing each other's `CREATE` statements and failing to start.
 */
async function migrateExclusively(pool: pg.Pool): Promise<readonly string[]> {
  const client = await pool.connect();
  let done = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let applied: readonly string[];
    try {
      const locked = drizzleNodePg({ client });
      applied = (await migrationStatus(locked)).pending;
      await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    done = true;
    return applied;
  } finally {
    // A connection that failed on the way may still hold the lock: closed rather than pooled.
    client.release(!done);
  }
}

function openPostgres(
  url: string,
  poolSize: number,
  preparedStatements: boolean,
): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(preparedStatements ? { Client: PreparingClient } : {}),
  });
  // An idle client's network error would otherwise crash the process: log-free, pg reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool });
  let closed = false;
  return Promise.resolve({
    db,
    kind: 'postgres',
    pool,
    migrate: () => migrateExclusively(pool),
    dump: undefined,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  });
}
