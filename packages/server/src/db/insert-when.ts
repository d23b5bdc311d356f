/**
 * Rows inserted only when a condition holds, written as one statement that can be the body of a
 * data-modifying CTE: `insert into t (columns) select values where condition`. It lets several
 * writes that depend on each other go to the database in one round trip (a submit is
 * bound by its round trips), e.g. a payment's rows inserted only when its first record was new.
 *
 * drizzle's own `insert … values` cannot take a condition, and its `insert … select` names every
 * column of the table. Here only the given columns are named; each value goes through its
 * column's driver mapping (JSON, dates) and is cast to the column's type, because a parameter in
 * a select list has no type of its own.
 *
 * @packageDocumentation
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<the row's columns>) select <its values> where <condition>`. Columns the
 * row leaves undefined take their defaults. A value may be a placeholder (a shaped statement's
 * slot, db/statement-shapes.ts): it is written through its column's encoder all the same.
 *
 * @param row the values by column key: the table's `$inferInsert` row, or a shaped statement's
 *   slots of one.
 * @param returning an optional `returning …` list, written as given.
 * @throws when a key of the row is no column of the table.
 */
export function insertWhen(
  table: PgTable,
  row: Readonly<Record<string, unknown>>,
  condition: SQL,
  returning?: SQL,
): SQL {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (column === undefined) throw new Error(`insertWhen: ${key} is no column of the table`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`);
  }
  if (names.length === 0) throw new Error('insertWhen: a row needs at least one column');
  const tail = returning === undefined ? sql`` : sql` returning ${returning}`;
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} where ${condition}${tail}`;
}
