/**
 * The app's statements prepared by name on PostgreSQL (prepared-statements.ts). The
 * naming rules are checked here on their own; the connection's behaviour on PostgreSQL (with
 * TEST_DATABASE_URL): what a connection keeps, and that neither a rolled-back database
 * transaction nor a refused statement leaves a connection that cannot run it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createPostgresDatabase, postgresAdminUrl } from '../test/harness';
import { openDatabase } from './open';
import type { OpenDatabase } from './open';
import { StatementNames, keepsNamedStatements } from './prepared-statements';
import { rowsOf } from './rows';
import { brands } from './schema';

describe('statement names', () => {
  it('names the app queries by their text, one name per text', () => {
    const names = new StatementNames(10);
    const select = 'select "id" from "brands" where "brands"."id" = $1';
    const name = names.nameOf(select);
    expect(name).toMatch(/^cd_[\w-]{32}$/);
    expect(names.nameOf(select)).toBe(name);
    expect(names.nameOf(`${select} limit $2`)).not.toBe(name);
    for (const text of [
      'insert into "t" ("a") values ($1) returning "a"',
      'update "t" set "a" = $1',
      'delete from "t" where "a" = $1',
      'with x as (select 1) select * from x',
      "  SELECT 'a;b' as v;",
    ]) {
      expect(names.nameOf(text)).toMatch(/^cd_/);
    }
  });

  it('sends everything else unnamed: transaction control, settings, DDL, several statements', () => {
    const names = new StatementNames(10);
    for (const text of [
      'begin',
      'COMMIT',
      'rollback',
      'set local lock_timeout = 1000',
      'listen "cashdesk"',
      'create table "t" ("a" int)',
      'select 1; select 2',
      'update "t" set "a" = 1; delete from "t"',
    ]) {
      expect(names.nameOf(text)).toBeUndefined();
    }
  });

  it('names at most its capacity of texts, the first ones seen; known texts keep their name', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select 1');
    const second = names.nameOf('select 2');
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(first);
  });
});

const ADMIN_URL = postgresAdminUrl();

describe.runIf(ADMIN_URL !== undefined)(
  'prepared statements on a PostgreSQL connection (needs TEST_DATABASE_URL)',
  () => {
    let drop: () => Promise<void> = () => Promise.resolve();
    let url = '';
    const opened: OpenDatabase[] = [];

    beforeAll(async () => {
      if (ADMIN_URL === undefined) return;
      const created = await createPostgresDatabase(ADMIN_URL);
      url = created.url;
      drop = created.drop;
      // Migrated once; the handles below open it as it is.
      opened.push(await openDatabase({ url }));
    });

    afterAll(async () => {
      for (const database of opened) await database.close();
      await drop();
    });

    /** A handle of one connection, so every statement runs where the last one ran. */
    async function oneConnection(preparedStatements: boolean) {
      const database = await openDatabase({
        url,
        poolSize: 1,
        migrate: false,
        preparedStatements,
      });
      opened.push(database);
      return database.db;
    }

    async function preparedOf(db: OpenDatabase['db']): Promise<string[]> {
      const rows = await rowsOf(db.execute(sql`select statement from pg_prepared_statements`));
      return rows.map((row) => String(Reflect.get(Object(row), 'statement')));
    }

    const brandRead = (db: OpenDatabase['db'], id: string) =>
      db.select({ id: brands.id }).from(brands).where(eq(brands.id, id));

    it('a connection prepares a query once and runs it again by name', async () => {
      const db = await oneConnection(true);
      expect(await brandRead(db, 'nobody')).toEqual([]);
      expect(await brandRead(db, 'still-nobody')).toEqual([]);
      const prepared = await preparedOf(db);
      const reads = prepared.filter((text) => text.startsWith('select "id" from "brands"'));
      expect(reads).toHaveLength(1);
    });

    it('DATABASE_PREPARED_STATEMENTS=false: nothing is prepared', async () => {
      const db = await oneConnection(false);
      await brandRead(db, 'nobody');
      expect(await preparedOf(db)).toEqual([]);
    });

    it('says which handles keep named statements: the pool and its transactions, when on', async () => {
      const named = await oneConnection(true);
      const unnamed = await oneConnection(false);
      expect(keepsNamedStatements(named)).toBe(true);
      expect(await named.transaction((tx) => Promise.resolve(keepsNamedStatements(tx)))).toBe(true);
      expect(keepsNamedStatements(unnamed)).toBe(false);
      expect(await unnamed.transaction((tx) => Promise.resolve(keepsNamedStatements(tx)))).toBe(
        false,
      );
      const pglite = await openDatabase({ inMemory: true, migrate: false });
      opened.push(pglite);
      expect(keepsNamedStatements(pglite.db)).toBe(false);
    });

    it('a statement prepared in a rolled-back transaction runs again afterwards', async () => {
      const db = await oneConnection(true);
      const rolledBack = new Error('rolled back on purpose');
      await expect(
        db.transaction(async (tx) => {
          await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, 'x'));
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await db.select({ name: brands.name }).from(brands).where(eq(brands.id, 'x'))).toEqual(
        [],
      );
    });

    it('a statement PostgreSQL refuses is sent again, and the connection keeps working', async () => {
      const db = await oneConnection(true);
      const missing = sql`select "a" from "no_such_table" where "a" = ${1}`;
      await expect(db.execute(missing)).rejects.toThrow(/no_such_table/);
      await expect(db.execute(missing)).rejects.toThrow(/no_such_table/);
      await db.execute(sql`create table "no_such_table" ("a" int)`);
      expect(await rowsOf(db.execute(missing))).toEqual([]);
      expect(await brandRead(db, 'nobody')).toEqual([]);
      await db.execute(sql`drop table "no_such_table"`);
    });
  },
);
