/**
 * The hot statements of a submit, built by drizzle once per shape instead of on every
 * call.
 *
 * Why: drizzle builds a statement's SQL anew on every call, walking its chunks with prototype
 * checks: 300 µs of CPU for the transactions insert with its 44 returned columns, as much for the
 * status move, against well under 100 µs to send and map it. A card deposit makes about ten such
 * statements, so building them was a fifth of the server's CPU per submit.
 *
 * How: a {@link ShapedStatement} is written as an ordinary drizzle builder whose values are
 * placeholders (its `build` gets {@link Slots}: the call's values, each replaced by a placeholder
 * of its own name; a statement of n similar rows names its placeholders itself, `id0`, `id1`, …). The first call of a shape builds and renders it; later calls of that shape
 * only fill its parameters, in the order drizzle rendered them, each through its column's encoder
 * as drizzle does for a value, and run it on the caller's handle (`db._.session.prepareQuery`,
 * so a database transaction's statements run on its connection and the rows are mapped by
 * drizzle's own row mapper, with the row fields read from the query drizzle prepared: a drizzle
 * internal, which the tests compare with drizzle's own answers on both drivers).
 *
 * A shape is the set of values given (a value that is `undefined` is left out, so an insert gives
 * the column its default and an update leaves it, exactly as drizzle does) and the call's
 * `variant`: the part of the statement that is not a value (the statuses a move may come from,
 * the number of rows).
 * What must stay true for that, and is tested (statement-shapes.test.ts, schema columns):
 * - `build` reads nothing but its slots and the variant: a value it took from anywhere else would
 *   be baked into the shape and written by every later call;
 * - no column of the schema has `$defaultFn` or `$onUpdateFn`, whose value drizzle would compute
 *   once into the shape;
 * - a value that is itself SQL (a drizzle `sql` expression) is never a placeholder: a call with
 *   one is built for itself and its shape not kept.
 *
 * Bounded: at most {@link MAX_SHAPES} shapes per statement; past that a call is built for itself
 * and not kept, so the cache never grows with input.
 *
 * @packageDocumentation
 */
import { Param, Placeholder, SQL, getTableColumns, is, sql } from 'drizzle-orm';
import type { Column, DriverValueEncoder, Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgTable, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './handles';

/** At most this many shapes of one statement are kept (see the module comment). */
export const MAX_SHAPES = 64;

/** The values of a call, each as a placeholder named after its key (SQL values as they are). */
export type Slots<V> = { readonly [K in keyof V]: V[K] | Placeholder };

/** What a drizzle builder offers that a shaped statement uses. */
export interface ShapeBuilder<R> {
  /** Builds the statement's prepared query (not run): its SQL, its parameters, its row fields. */
  prepare(name: string): { getQuery(): Query };
  /** How drizzle would run it; only its answer's type is used (R). */
  execute(): Promise<R>;
}

const dialect = new PgDialect();

/**
 * A raw statement (`db.execute(sql…)`) as a shaped statement's builder: it answers what
 * `db.execute` answers (read it with `rowsOf`).
 */
export function rawStatement(db: Executor, statement: SQL): ShapeBuilder<unknown> {
  return {
    prepare: () => ({ getQuery: () => dialect.sqlToQuery(statement) }),
    execute: () => db.execute(statement),
  };
}

/** How one parameter of a shape is filled from a call's values. */
type ParamSource =
  | {
      readonly kind: 'encoded';
      readonly name: string;
      readonly encoder: DriverValueEncoder<unknown, unknown>;
    }
  | { readonly kind: 'raw'; readonly name: string }
  | { readonly kind: 'constant'; readonly value: unknown };

/** A shape built once: its SQL, where each parameter comes from, how its rows are mapped. */
interface Shape {
  readonly sql: string;
  readonly params: readonly ParamSource[];
  readonly fields: SelectedFieldsOrdered | undefined;
}

function isSelectedFieldsOrdered(value: unknown): value is SelectedFieldsOrdered {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        'path' in entry &&
        Array.isArray(entry.path) &&
        'field' in entry,
    )
  );
}

/**
 * The row fields drizzle gave the prepared query it built (`undefined`: it answers no rows).
 *
 * @throws for a select with joins, whose rows drizzle maps with what it knows of each join (not
 *   kept here): shaped statements read one table.
 */
function fieldsOf(prepared: object): SelectedFieldsOrdered | undefined {
  const joins: unknown = Reflect.get(prepared, 'joinsNotNullableMap');
  if (typeof joins === 'object' && joins !== null && Object.keys(joins).length > 1) {
    throw new Error('shaped statement: a select with joins is not supported');
  }
  const fields: unknown = Reflect.get(prepared, 'fields');
  if (fields === undefined) return undefined;
  if (!isSelectedFieldsOrdered(fields)) {
    throw new Error('shaped statement: drizzle prepared a query without readable row fields');
  }
  return fields;
}

function sourceOf(param: unknown): ParamSource {
  if (is(param, Param)) {
    if (is(param.value, Placeholder)) {
      return { kind: 'encoded', name: param.value.name, encoder: param.encoder };
    }
    return { kind: 'constant', value: param };
  }
  if (is(param, Placeholder)) return { kind: 'raw', name: param.name };
  return { kind: 'constant', value: param };
}

/**
 * The call's values with each defined value replaced by a placeholder of its key (a value that is
 * SQL stays as it is: see the module comment).
 */
function slotsOf<V extends object>(values: V): Slots<V> {
  const slots: Slots<V> = { ...values };
  for (const [key, value] of Object.entries(slots)) {
    if (value === undefined) Reflect.deleteProperty(slots, key);
    else if (!isSql(value)) Reflect.set(slots, key, sql.placeholder(key));
  }
  return slots;
}

function isSql(value: unknown): boolean {
  return typeof value === 'object' && value !== null && is(value, SQL);
}

/** The shape's key: the variant and the keys of the defined values; `null` when one is SQL. */
function shapeKey(values: object, variant: string): string | null {
  let key = variant;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (isSql(value)) return null;
    key += `,${name}`;
  }
  return key;
}

function fill(params: readonly ParamSource[], values: object): unknown[] {
  return params.map((source) => {
    if (source.kind === 'constant') return source.value;
    const value: unknown = Reflect.get(values, source.name);
    if (value === undefined) {
      throw new Error(`shaped statement: no value for ${source.name}`);
    }
    if (source.kind === 'raw' || value === null) return value;
    return source.encoder.mapToDriverValue(value);
  });
}

/**
 * A statement built once per shape (see the module comment).
 *
 * @typeParam V - the call's values: the statement's parameters, by name.
 * @typeParam R - what the statement answers (drizzle's type for the builder).
 * @typeParam A - the variant: what is part of the statement's text besides the values.
 */
export class ShapedStatement<V extends object, R, A extends string = ''> {
  readonly #shapes = new Map<string, Shape>();

  constructor(
    /** Builds the statement on `db` with the slots of a call and its variant. */
    private readonly build: (db: Executor, slots: Slots<V>, variant: A) => ShapeBuilder<R>,
  ) {}

  /** How many shapes are kept (tests). */
  get shapes(): number {
    return this.#shapes.size;
  }

  /** Runs the statement with `values` on `db` (a database or a database transaction). */
  async run(db: Executor, values: V, variant: A): Promise<R> {
    const key = shapeKey(values, variant);
    let shape = key === null ? undefined : this.#shapes.get(key);
    if (shape === undefined) {
      const prepared = this.build(db, slotsOf(values), variant).prepare('shape');
      const query = prepared.getQuery();
      shape = { sql: query.sql, params: query.params.map(sourceOf), fields: fieldsOf(prepared) };
      // A call with an SQL value, or past the cap, is built for itself and not kept.
      if (key !== null && this.#shapes.size < MAX_SHAPES) this.#shapes.set(key, shape);
    }
    const session = db._.session;
    return session
      .prepareQuery<{ execute: R; all: unknown; values: unknown }>(
        { sql: shape.sql, params: fill(shape.params, values) },
        shape.fields,
        undefined,
        true,
      )
      .execute();
  }
}

/**
 * The slots of an update's columns as drizzle's `set()` takes them: each one a parameter of its
 * column (its encoder writes the value), as drizzle makes of a value it is given.
 *
 * @throws when a slot is not a column of `table` (a key the statement would silently drop).
 */
export function updateSetOf<T extends PgTable>(
  table: T,
  slots: object,
): { [K in keyof T['$inferInsert']]?: SQL } {
  const columns: Record<string, Column> = getTableColumns(table);
  const set: { [K in keyof T['$inferInsert']]?: SQL } = {};
  for (const [key, value] of Object.entries(slots)) {
    const column = columns[key];
    if (column === undefined) throw new Error(`shaped statement: ${key} is not a column`);
    Reflect.set(set, key, is(value, SQL) ? value : sql`${new Param(value, column)}`);
  }
  return set;
}
