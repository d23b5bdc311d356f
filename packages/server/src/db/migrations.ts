/**
 * Which of the committed migrations a database has applied, for the readiness probe (/readyz)
 * and for a server started with MIGRATE_ON_START=false, which refuses to run on a schema behind
 * its code.
 *
 * The committed list is drizzle-kit's journal (`drizzle/meta/_journal.json`); what a database has
 * applied is drizzle's own record, the table `drizzle.__drizzle_migrations` (one row per applied
 * migration, `created_at` = the migration's `when` in the journal). drizzle's migrator applies
 * every migration newer than the newest row, so the same rule tells what is pending here.
 *
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { MIGRATIONS_FOLDER } from '../paths';
import type { Executor } from './handles';

/** One committed migration. */
export interface MigrationEntry {
  /** e.g. `0002_provider_call_state` */
  readonly tag: string;
  /** drizzle-kit's timestamp of the migration, what drizzle records when it applies it. */
  readonly when: number;
}

/** What a database has of the committed migrations. */
export interface MigrationStatus {
  /** How many committed migrations the database has applied. */
  readonly applied: number;
  /** The committed migrations it has not applied, oldest first. */
  readonly pending: readonly string[];
}

const Journal = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

/** The committed migrations, oldest first (read from the folder's journal). */
export function committedMigrations(folder: string = MIGRATIONS_FOLDER): MigrationEntry[] {
  const journal = Journal.parse(
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries
    .map((entry) => ({ tag: entry.tag, when: entry.when }))
    .sort((a, b) => a.when - b.when);
}

const Rows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/** The first column of the first row of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function scalar(db: Executor, query: ReturnType<typeof sql>): Promise<unknown> {
  const result: unknown = await db.execute(query);
  const [row] = Rows.parse(result).rows;
  return row === undefined ? undefined : Object.values(row)[0];
}

/**
 * The database's {@link MigrationStatus} against `migrations` (default: the committed ones).
 * Also a cheap check that the database answers: it throws when it does not.
 */
export async function migrationStatus(
  db: Executor,
  migrations: readonly MigrationEntry[] = committedMigrations(),
): Promise<MigrationStatus> {
  // to_regclass answers null for a missing table (or schema) instead of failing: a new database.
  const table = await scalar(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text`);
  const newest =
    table === null || table === undefined
      ? null
      : await scalar(db, sql`select max(created_at)::text from drizzle.__drizzle_migrations`);
  const last = typeof newest === 'string' ? Number(newest) : Number.NEGATIVE_INFINITY;
  const pending = migrations.filter((migration) => migration.when > last);
  return {
    applied: migrations.length - pending.length,
    pending: pending.map((migration) => migration.tag),
  };
}

/** A database whose schema is behind the code, met by a server that was told not to migrate. */
export class SchemaBehindError extends Error {
  override readonly name = 'SchemaBehindError';
}

/**
 * Checks that the database has every committed migration (MIGRATE_ON_START=false).
 *
 * @throws {SchemaBehindError} naming the pending migrations and the command that applies them.
 */
export async function assertMigrated(db: Executor): Promise<void> {
  const status = await migrationStatus(db);
  if (status.pending.length === 0) return;
  throw new SchemaBehindError(
    `The database schema is behind this server: ${String(status.pending.length)} migration(s) not applied (${status.pending.join(', ')}).\n` +
      'MIGRATE_ON_START=false: run `npm run migrate` (or `node packages/server/dist/migrate.js`) with the same DATABASE_URL first, or start with MIGRATE_ON_START=true.',
  );
}
