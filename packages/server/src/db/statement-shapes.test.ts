/**
 * Statements built once per shape (statement-shapes.ts), on PGlite and (with
 * TEST_DATABASE_URL) on PostgreSQL. Each answer is compared with what drizzle's own builder
 * answers for the same values, so a parameter filled in the wrong place, without its column's
 * encoder, or kept from an earlier call shows as a different row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Column } from 'drizzle-orm';
import { createTestDatabase } from '../test/harness';
import type { TestDatabase } from '../test/harness';
import * as schema from './schema';
import { players } from './schema';
import { MAX_SHAPES, ShapedStatement, rawStatement, updateSetOf } from './statement-shapes';
import { rowsOf } from './rows';

type NewPlayer = typeof players.$inferInsert;
type Player = typeof players.$inferSelect;

const insertPlayer = new ShapedStatement<NewPlayer, Player[]>((db, slots) =>
  db.insert(players).values(slots).returning(),
);

interface PlayerChange extends Partial<NewPlayer> {
  readonly playerId: string;
}

/** Blocks or edits a player whose status is one of the variant's (a list in the text). */
const changePlayer = new ShapedStatement<PlayerChange, Player[], 'unverified' | 'any'>(
  (db, { playerId, ...columns }, from) =>
    db
      .update(players)
      .set(updateSetOf(players, columns))
      .where(
        and(
          eq(players.id, playerId),
          inArray(
            players.verificationStatus,
            from === 'any' ? ['unverified', 'pending', 'verified'] : ['unverified'],
          ),
        ),
      )
      .returning(),
);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const brandId = 'brand0';

describe('statements built once per shape', () => {
  it('answers the rows drizzle answers, and builds a shape once', async () => {
    const shapesBefore = insertPlayer.shapes;
    const values = (externalId: string): NewPlayer => ({
      brandId,
      externalId,
      country: 'DE',
      blockedAt: new Date('2026-11-29T10:11:12.345Z'),
      blockReason: null,
    });
    const first = await insertPlayer.run(database.db, values(`shape-${randomUUID()}`), '');
    const second = await insertPlayer.run(database.db, values(`shape-${randomUUID()}`), '');
    expect(insertPlayer.shapes).toBe(shapesBefore + 1);
    const reference = values(`shape-${randomUUID()}`);
    const [built] = await database.db.insert(players).values(reference).returning();
    const same = (row: Player | undefined) => ({ ...row, id: '', externalId: '', createdAt: '' });
    expect(same(first[0])).toEqual(same(built));
    expect(same(second[0])).toEqual(same(built));
    // Each call's own values, not the first call's.
    expect(first[0]?.externalId).not.toBe(second[0]?.externalId);
    expect(first[0]?.blockedAt).toEqual(new Date('2026-11-29T10:11:12.345Z'));
  });

  it('leaves a column not given to its default, and a different set of columns is another shape', async () => {
    const shapesBefore = insertPlayer.shapes;
    const id = randomUUID();
    const [given] = await insertPlayer.run(
      database.db,
      { id, brandId, externalId: `shape-${id}`, verificationStatus: 'verified' },
      '',
    );
    expect(given).toMatchObject({ id, verificationStatus: 'verified', blockedAt: null });
    const [defaulted] = await insertPlayer.run(
      database.db,
      { id: undefined, brandId, externalId: `shape-${randomUUID()}`, country: undefined },
      '',
    );
    expect(defaulted?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(defaulted).toMatchObject({ verificationStatus: 'unverified', country: null });
    expect(insertPlayer.shapes).toBe(shapesBefore + 2);
  });

  it('writes a null through a column whose encoder would refuse it', async () => {
    const [row] = await insertPlayer.run(
      database.db,
      { brandId, externalId: `shape-${randomUUID()}`, blockedAt: null, country: null },
      '',
    );
    expect(row).toMatchObject({ blockedAt: null, country: null });
  });

  it('an update sets only what it is given, from the statuses of its variant', async () => {
    const [player] = await database.db
      .insert(players)
      .values({ brandId, externalId: `shape-${randomUUID()}`, country: 'FR' })
      .returning();
    if (player === undefined) throw new Error('no player');
    const blockedAt = new Date('2026-11-29T12:00:00.000Z');
    const [blocked] = await changePlayer.run(
      database.db,
      { playerId: player.id, blockedAt, blockReason: 'chargebacks' },
      'unverified',
    );
    expect(blocked).toEqual({ ...player, blockedAt, blockReason: 'chargebacks' });
    await database.db
      .update(players)
      .set({ verificationStatus: 'verified' })
      .where(eq(players.id, player.id));
    // Same columns, same variant: nothing moves from a status the variant does not list ...
    const none = await changePlayer.run(
      database.db,
      { playerId: player.id, blockedAt: null, blockReason: null },
      'unverified',
    );
    expect(none).toEqual([]);
    // ... and the variant that lists it is a shape of its own.
    const [unblocked] = await changePlayer.run(
      database.db,
      { playerId: player.id, blockedAt: null, blockReason: null },
      'any',
    );
    expect(unblocked).toMatchObject({ blockedAt: null, blockReason: null, country: 'FR' });
  });

  it('a value that is SQL is never a placeholder: that call runs through the builder', async () => {
    const insertAny = new ShapedStatement<PgInsertValue<typeof players>, Player[]>((db, slots) =>
      db.insert(players).values(slots).returning(),
    );
    for (const code of ['nl', 'be']) {
      const [row] = await insertAny.run(
        database.db,
        { brandId, externalId: `shape-${randomUUID()}`, country: sql`upper(${code})` },
        '',
      );
      expect(row?.country).toBe(code.toUpperCase());
    }
    expect(insertAny.shapes).toBe(0);
  });

  it('runs on the database transaction it is given', async () => {
    const externalId = `shape-${randomUUID()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await insertPlayer.run(tx, { brandId, externalId }, '');
        const [seen] = await tx.select().from(players).where(eq(players.externalId, externalId));
        expect(seen).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await database.db
      .select()
      .from(players)
      .where(eq(players.externalId, externalId));
    expect(after).toEqual([]);
  });

  it(`keeps at most ${String(MAX_SHAPES)} shapes; past that a call runs through the builder`, async () => {
    const wide = new ShapedStatement<NewPlayer, Player[], string>((db, slots) =>
      db.insert(players).values(slots).returning(),
    );
    for (let index = 0; index < MAX_SHAPES + 3; index += 1) {
      const externalId = `shape-${String(index)}-${randomUUID()}`;
      const [row] = await wide.run(database.db, { brandId, externalId }, String(index));
      expect(row?.externalId).toBe(externalId);
    }
    expect(wide.shapes).toBe(MAX_SHAPES);
  });

  it('a raw statement answers what db.execute answers, each call with its own values', async () => {
    const sum = new ShapedStatement<{ readonly a: number; readonly b: number }, unknown>(
      (db, slots) => rawStatement(db, sql`select ${slots.a}::int + ${slots.b}::int as "sum"`),
    );
    expect(await rowsOf(sum.run(database.db, { a: 1, b: 2 }, ''))).toEqual([{ sum: 3 }]);
    expect(await rowsOf(sum.run(database.db, { a: 40, b: 2 }, ''))).toEqual([{ sum: 42 }]);
    expect(await rowsOf(database.db.execute(sql`select ${40}::int + ${2}::int as "sum"`))).toEqual([
      { sum: 42 },
    ]);
    expect(sum.shapes).toBe(1);
  });

  it('a select with joins is refused: its rows would need what drizzle knows of each join', async () => {
    const joined = new ShapedStatement<{ readonly playerId: string }, unknown>((db, slots) =>
      db
        .select()
        .from(players)
        .leftJoin(schema.brands, eq(schema.brands.id, players.brandId))
        .where(eq(players.id, slots.playerId)),
    );
    await expect(joined.run(database.db, { playerId: randomUUID() }, '')).rejects.toThrow(/joins/);
  });

  it('an update slot that is not a column is refused, never dropped', () => {
    expect(() => updateSetOf(players, { blockedAt: null, nickname: 'x' })).toThrow(/nickname/);
  });

  it('no column of the schema computes its value in the app ($defaultFn, $onUpdateFn)', () => {
    // drizzle would compute such a value once, into the shape, and every later call would
    // write that same value: a shaped statement relies on there being none.
    const computed: string[] = [];
    let tables = 0;
    for (const [tableName, table] of Object.entries(schema)) {
      if (!is(table, PgTable)) continue;
      tables += 1;
      const columns: Record<string, Column> = getTableColumns(table);
      for (const [name, column] of Object.entries(columns)) {
        if (column.defaultFn !== undefined || column.onUpdateFn !== undefined) {
          computed.push(`${tableName}.${name}`);
        }
      }
    }
    expect(tables).toBeGreaterThan(10);
    expect(computed).toEqual([]);
  });
});
