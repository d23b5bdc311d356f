/**
 * A scratch PostgreSQL database per test or benchmark run, on a server where the role may create
 * databases. Only `pg` and `node:crypto`: the benchmark's load generator uses it too, without
 * loading the server.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates an empty database `<prefix>_<random>` (`cashdesk_test_…` by default) on the PostgreSQL server of `adminUrl` (a
 * role with CREATEDB) and returns its URL and a dropper (which ends its connections first).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'cashdesk_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
