/**
 * The database: PostgreSQL at DATABASE_URL or the embedded PGlite in DATA_DIR, and whether
 * statements are prepared (DATABASE_PREPARED_STATEMENTS).
 *
 * @packageDocumentation
 */
import path from 'node:path';
import * as z from 'zod';
import { REPO_ROOT } from '../paths';
import { flagText, optionalText } from './env';
import type { ValuesOf } from './env';

/** The variables of the database. */
export const DATABASE_VARIABLES = {
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_PREPARED_STATEMENTS: flagText,
  DATA_DIR: optionalText,
};

/** The database's part of the configuration. */
export interface DatabaseSettings {
  /** postgres://… when set: PostgreSQL through node-postgres instead of the embedded PGlite. */
  readonly databaseUrl: string | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS (default true): on PostgreSQL the app's statements are prepared
   * by name, parsed and planned once per connection (db/prepared-statements.ts). `false` for a
   * pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  readonly databasePreparedStatements: boolean;
  /** Where PGlite files (`pglite/`) and uploaded documents (`uploads/`) live. */
  readonly dataDir: string;
}

/** The database settings; DATA_DIR defaults to `<repo>/.data`. */
export function readDatabase(values: ValuesOf<typeof DATABASE_VARIABLES>): DatabaseSettings {
  return {
    databaseUrl: values.DATABASE_URL,
    databasePreparedStatements: values.DATABASE_PREPARED_STATEMENTS !== 'false',
    dataDir: path.resolve(values.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
  };
}

/**
 * Where the configured database is and how to talk to it (DATABASE_URL, DATA_DIR,
 * DATABASE_PREPARED_STATEMENTS), as db/open.ts openDatabase takes it: what every command that
 * opens it passes, the server, its workers, `migrate` and the command-line tools alike.
 */
export function configuredDatabase(config: DatabaseSettings) {
  return {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
  };
}
