import { describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import { databaseConnectionFailure } from './connection-errors';
import { postgresAdminUrl } from '../test/harness';

/** The error opening and using the database at `url` fails with. */
async function failureOf(url: string): Promise<unknown> {
  const database = await openDatabase({ url, migrate: false, poolSize: 1 });
  try {
    await database.migrate();
  } catch (error) {
    return error;
  } finally {
    await database.close();
  }
  throw new Error(`${url} opened`);
}

describe('a database that refuses or cannot be reached, as one line', () => {
  it('nothing listening: names the address and the code, never the password', async () => {
    const line = databaseConnectionFailure(
      await failureOf('postgres://cashier:s3cret-pw@127.0.0.1:1/cashdesk'),
    );
    expect(line).toBe(
      'Cannot reach the database: nothing listens at the address of DATABASE_URL (127.0.0.1:1) [ECONNREFUSED].',
    );
  });

  it('each refusal PostgreSQL answers has its line; other errors have none', () => {
    const refused = (code: string) =>
      databaseConnectionFailure(Object.assign(new Error('x'), { code }));
    expect(refused('28P01')).toBe(
      'Cannot use the database: PostgreSQL refused the user name or password of DATABASE_URL (SQLSTATE 28P01).',
    );
    expect(refused('3D000')).toContain('does not exist');
    expect(refused('23505')).toBeUndefined();
    expect(databaseConnectionFailure(new Error('boom'))).toBeUndefined();
    expect(databaseConnectionFailure('boom')).toBeUndefined();
    // Node reports every address of a host it tried together.
    const tried = new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]);
    expect(databaseConnectionFailure(tried)).toContain('[ECONNREFUSED]');
  });

  const adminUrl = postgresAdminUrl();
  it.runIf(adminUrl !== undefined)(
    'a wrong password and a missing database on a real PostgreSQL (needs TEST_DATABASE_URL)',
    async () => {
      const url = new URL(adminUrl ?? '');
      const wrong = new URL(url);
      wrong.password = 'not-the-password';
      expect(databaseConnectionFailure(await failureOf(wrong.href))).toBe(
        'Cannot use the database: PostgreSQL refused the user name or password of DATABASE_URL (SQLSTATE 28P01).',
      );
      const missing = new URL(url);
      missing.pathname = '/cashdesk_no_such_database';
      expect(databaseConnectionFailure(await failureOf(missing.href))).toContain(
        '(SQLSTATE 3D000)',
      );
    },
  );
});
