/**
 * Applies the pending migrations to the database the environment names (DATABASE_URL, or the
 * PGlite under DATA_DIR), reports them and exits: for operators who migrate before they roll a
 * new version out, and start its servers with MIGRATE_ON_START=false.
 *
 * `npm run migrate` (from the sources) or `node packages/server/dist/migrate.js` (the build).
 * It reads the server's own environment (config/), so it runs with the settings the servers
 * get. On PostgreSQL the migrations run under an advisory lock (db/open.ts): several `migrate`
 * commands or servers starting at once apply them once. A PGlite data folder belongs to one
 * process: migrate it while its server is stopped.
 *
 * Exit status 0 when the database is up to date, 1 when anything failed (the message says what).
 *
 * @packageDocumentation
 */
import { configuredDatabase, loadConfig } from './config';
import { migrationStatus } from './db/migrations';
import { openDatabase } from './db/open';
import { startupFailureMessage } from './startup-failure';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ ...configuredDatabase(config), migrate: false });
  try {
    // What this command applied, read under the migration lock: when several run at once, one
    // names the migrations and the others find nothing left to do.
    const applied = await database.migrate();
    const after = await migrationStatus(database.db);
    if (after.pending.length > 0) {
      throw new Error(`migrations still pending after migrating: ${after.pending.join(', ')}`);
    }
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
    process.stdout.write(
      applied.length === 0
        ? `${where}: up to date, all ${String(after.applied)} migrations were applied already.\n`
        : `${where}: applied ${applied.join(', ')}; up to date (${String(after.applied)} migrations).\n`,
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(startupFailureMessage('Migrating failed', error));
    process.exit(1);
  },
);
