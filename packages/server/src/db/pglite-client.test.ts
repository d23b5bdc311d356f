import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { TEXT_KEPT_TYPES, openPgliteClient } from './pglite-client';
import { pgTable, timestamp, integer, numeric } from 'drizzle-orm/pg-core';

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  amounts: numeric('amounts').array().notNull(),
});

let client: PGlite;

beforeAll(async () => {
  client = await openPgliteClient(undefined);
  await client.exec(
    'create table moments (id integer primary key, at timestamptz not null, amounts numeric[] not null)',
  );
});

afterAll(async () => {
  await client.close();
});

describe('PGlite as drizzle gets it (parsers set once, not merged per query)', () => {
  it('keeps the types drizzle decodes itself as the text PostgreSQL sent', async () => {
    const result = await client.query<{ at: unknown; amounts: unknown }>(
      "select timestamptz '2026-11-27 10:00:00.123+00' as at, array[1.50, 2]::numeric[] as amounts",
    );
    expect(result.rows[0]).toEqual({ at: '2026-11-27 10:00:00.123+00', amounts: '{1.50,2}' });
    for (const type of TEXT_KEPT_TYPES) expect(client.parsers[type]?.('x', type)).toBe('x');
  });

  it('drizzle reads and writes timestamps and numeric arrays as with its own per-query parsers', async () => {
    const db = drizzle({ client });
    const at = new Date('2026-11-27T10:00:00.123Z');
    await db.insert(moments).values({ id: 1, at, amounts: ['1.50', '2'] });
    const [row] = await db.select().from(moments).where(eq(moments.id, 1));
    expect(row).toEqual({ id: 1, at, amounts: ['1.50', '2'] });
    const inTransaction = await db.transaction(async (tx) => {
      await tx
        .update(moments)
        .set({ at: new Date(at.getTime() + 1) })
        .where(eq(moments.id, 1));
      return tx.select().from(moments).where(eq(moments.id, 1));
    });
    expect(inTransaction[0]?.at).toEqual(new Date(at.getTime() + 1));
    const raw = await db.execute(sql`select at from moments where id = 1`);
    expect(raw.rows[0]).toEqual({ at: '2026-11-27 10:00:00.124+00' });
  });

  it('a caller’s own parsers of other types still apply', async () => {
    const result = await client.query<{ n: unknown }>('select 41 as n', [], {
      parsers: { 23: (value: string) => Number(value) + 1 },
    });
    expect(result.rows[0]).toEqual({ n: 42 });
    const inTransaction = await client.transaction((tx) =>
      tx.query<{ n: unknown }>('select 41 as n', [], {
        parsers: { 23: (value: string) => Number(value) + 1 },
      }),
    );
    expect(inTransaction.rows[0]).toEqual({ n: 42 });
  });
});
