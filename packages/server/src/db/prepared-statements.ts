/**
 * The app's statements on PostgreSQL are sent as prepared statements, named by a digest
 * of their text, so each pool connection parses and plans a statement once and afterwards sends
 * only its parameters (Bind and Execute).
 *
 * Why: drizzle sends every statement unnamed, so PostgreSQL parsed and planned each one on every
 * call. For a card deposit that was most of the database's work: 5.4–5.7 ms of backend CPU per
 * submit with unnamed statements against 3.2–3.3 ms named (20 players, the same run, bench
 * harness on the 2-core machine), and the database shares the cores with the server.
 *
 * Which statements: single `select`, `insert`, `update`, `delete` and `with` statements, the
 * app's queries. Others (BEGIN, COMMIT, SET, LISTEN, DDL of the migrations) are sent as before.
 * drizzle writes every value as a parameter, so one query shape is one text; the texts named are
 * capped ({@link MAX_NAMED_TEXTS} per process, the first ones seen, which are the hot path's), so
 * a shape that varies with its input (a list of n ids) cannot grow each connection's statements
 * without bound: past the cap a new text is sent unnamed, as before.
 *
 * What stays true: a named statement belongs to its connection and outlives a rolled-back
 * database transaction; a text PostgreSQL refuses is not remembered as parsed (node-postgres
 * forgets it on the error), so the next call sends it again; PostgreSQL re-plans a prepared
 * statement by itself when a table it reads changes. What a statement must do for that: name the
 * columns it answers (drizzle always does). A prepared `select *` whose columns a migration
 * changes under a running process is refused ("cached plan must not change result type") until
 * the connection ends.
 *
 * Off with `DATABASE_PREPARED_STATEMENTS=false`, for a pooler that hands one session's
 * statements to several server connections (PgBouncer in transaction mode before 1.21).
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { isRecord } from '../platform/is-record';

/** How many distinct statement texts a process names at most (see the module comment). */
export const MAX_NAMED_TEXTS = 500;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statement names by text, the first {@link StatementNames.capacity} texts seen. */
export class StatementNames {
  readonly #names = new Map<string, string>();

  constructor(readonly capacity: number) {}

  /**
   * The name `text` is prepared under, or `undefined` when it is sent unnamed: not one of the
   * app's queries (see the module comment), or past the cap.
   */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (this.#names.size >= this.capacity || !PREPARABLE.test(text) || !isSingleStatement(text)) {
      return undefined;
    }
    const name = `cd_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    this.#names.set(text, name);
    return name;
  }
}

/** The names of this process, shared by its pools (one text is one statement everywhere). */
const processNames = new StatementNames(MAX_NAMED_TEXTS);

/** Whether every `;` of `text` is inside a quoted string or identifier (so it is one statement). */
function isSingleStatement(text: string): boolean {
  const body = text.trimEnd().replace(/;$/, '');
  let quote: string | null = null;
  for (const char of body) {
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === ';') {
      return false;
    }
  }
  return true;
}

/** The query config of node-postgres with the name this module gives it, when it has none. */
function named(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('text' in config)) return config;
  if ('name' in config && config.name !== undefined) return config;
  const text: unknown = config.text;
  if (typeof text !== 'string') return config;
  const name = processNames.nameOf(text);
  return name === undefined ? config : { ...config, name };
}

/**
 * A node-postgres client that prepares the app's statements by name; the pool's `Client` option.
 * A string query (node-postgres' other form, used by migrations and raw callers) is sent as is.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query: unknown = Reflect.get(pg.Client.prototype, 'query');
    if (typeof query !== 'function') throw new Error('node-postgres has no query method');
    // An own property over the prototype's overloaded method: same arguments, the config named.
    Reflect.set(this, 'query', (...args: unknown[]): unknown => {
      const result: unknown = Reflect.apply(query, this, [named(args[0]), ...args.slice(1)]);
      return result;
    });
  }
}

/**
 * Whether a database handle's statements are prepared by name (a PostgreSQL pool, or one of its
 * connections, opened with {@link PreparingClient}): then a statement's plan is kept by each
 * connection, and a statement may be written for that (modules/cashier/player-figures.ts, the
 * player's figures). PGlite, and PostgreSQL with DATABASE_PREPARED_STATEMENTS=false, answer false.
 */
export function keepsNamedStatements(db: { readonly _: { readonly session: object } }): boolean {
  const client: unknown = Reflect.get(db._.session, 'client');
  if (client instanceof PreparingClient) return true;
  if (!(client instanceof pg.Pool)) return false;
  const options: unknown = Reflect.get(client, 'options');
  return isRecord(options) && options.Client === PreparingClient;
}
