/**
 * The previews' plan covers the schema: every table with a `brand_id` or `pay_group_id` column is
 * either copied into a preview (as it is, or by a step of its own) or named as left out. A new
 * configuration table fails here until the preview decides what to do with it.
 */
import { describe, expect, it } from 'vitest';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { PREVIEW_TABLES } from './preview';

/** The names of the schema's tables that hold a brand's or a pay group's rows. */
function brandOwnedTables(): string[] {
  const values: unknown[] = Object.values(schema);
  return values
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
    .filter((config) =>
      config.columns.some((column) => column.name === 'brand_id' || column.name === 'pay_group_id'),
    )
    .map((config) => config.name)
    .sort();
}

const planned = (tables: readonly PgTable[]) => tables.map((table) => getTableConfig(table).name);

describe('configuration previews (decision 0107)', () => {
  it('decide for every table of a brand or a pay group whether a preview copies it', () => {
    const all = [
      ...planned(PREVIEW_TABLES.copied),
      ...planned(PREVIEW_TABLES.ownStep),
      ...planned(PREVIEW_TABLES.leftOut),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(brandOwnedTables()).toEqual([...all].sort());
    // The configuration the cashier reads is copied, never left out.
    expect(planned(PREVIEW_TABLES.leftOut)).not.toContain('pay_groups');
    expect(planned(PREVIEW_TABLES.copied)).toEqual(
      expect.arrayContaining(['tax_tiers', 'brand_texts', 'brand_themes']),
    );
  });
});
