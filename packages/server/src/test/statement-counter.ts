/**
 * Counts the SQL statements and commits the server sends, by wrapping the database driver's query
 * function: a second drizzle handle is built over a counting proxy of the
 * driver's client (PGlite, or node-postgres' pool and the connections it hands out), so every
 * statement of a request goes through the counter, with `BEGIN`, `COMMIT` and `ROLLBACK` told
 * apart. Savepoints (`savepoint`, `release savepoint`) count as statements: each is a round trip.
 *
 * Several counting handles may share one client (e.g. the app's and the sandbox provider's), each
 * with its own counter, so the cashier's statements and the provider's are reported apart.
 *
 * @packageDocumentation
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../db/open';
import type { TestDatabase } from './harness';

/** What a counter saw between {@link StatementCounter.reset} and now. */
export interface StatementFigures {
  /** SQL statements other than BEGIN, COMMIT and ROLLBACK (savepoints included). */
  readonly statements: number;
  readonly begins: number;
  readonly commits: number;
  /** Writes sent outside a database transaction: each commits on its own. */
  readonly autocommits: number;
  readonly rollbacks: number;
  /** Every statement's text (first line, shortened), in order, BEGIN and COMMIT included. */
  readonly log: readonly string[];
}

/** A running count of statements. */
export class StatementCounter {
  #log: string[] = [];
  #autocommits = 0;

  /** Records one statement by its text; `alone`: sent outside a database transaction. */
  record(text: string, alone = false): void {
    const line = text.replace(/\s+/g, ' ').trim();
    if (alone && /^(insert|update|delete|with)\b/i.test(line)) this.#autocommits += 1;
    this.#log.push(line.slice(0, 160));
  }

  /** Starts counting afresh. */
  reset(): void {
    this.#log = [];
    this.#autocommits = 0;
  }

  /** The figures since the last reset. */
  figures(): StatementFigures {
    const kind = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
    const kinds = this.#log.map(kind);
    const of = (name: string) => kinds.filter((k) => k === name).length;
    return {
      statements: kinds.filter((k) => k !== 'begin' && k !== 'commit' && k !== 'rollback').length,
      begins: of('begin'),
      commits: of('commit'),
      autocommits: this.#autocommits,
      rollbacks: of('rollback'),
      log: [...this.#log],
    };
  }
}

/** The text of a driver query's first argument (a string or node-postgres' config object). */
function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null && 'text' in query) {
    const text: unknown = query.text;
    if (typeof text === 'string') return text;
  }
  return String(query);
}

/** A method of `target` bound to it (PGlite's and pg's private fields need the real `this`). */
function forwarded(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? value.bind(target) : value;
}

/** Calls a method of `target` by name with `args` (node-postgres' overloaded `query`). */
function forwardedCall(target: object, name: string, args: unknown[]): unknown {
  const method: unknown = Reflect.get(target, name, target);
  if (typeof method !== 'function') throw new Error(`no method ${name}`);
  const result: unknown = Reflect.apply(method, target, args);
  return result;
}

type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

function countingPgliteTransaction(
  tx: PgliteTransaction,
  counter: StatementCounter,
): PgliteTransaction {
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query') {
        const query: PgliteTransaction['query'] = (text, params, options) => {
          counter.record(text);
          return target.query(text, params, options);
        };
        return query;
      }
      return forwarded(target, property);
    },
  });
}

function countingPglite(client: PGlite, counter: StatementCounter): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        const query: PGlite['query'] = (text, params, options) => {
          counter.record(text, true);
          return target.query(text, params, options);
        };
        return query;
      }
      if (property === 'transaction') {
        const transaction: PGlite['transaction'] = async (callback) => {
          counter.record('BEGIN');
          try {
            const result = await target.transaction((tx) =>
              callback(countingPgliteTransaction(tx, counter)),
            );
            counter.record('COMMIT');
            return result;
          } catch (error) {
            counter.record('ROLLBACK');
            throw error;
          }
        };
        return transaction;
      }
      return forwarded(target, property);
    },
  });
}

function countingPgClient(client: pg.PoolClient, counter: StatementCounter): pg.PoolClient {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: unknown[]): unknown => {
          counter.record(textOf(args[0]));
          return forwardedCall(target, 'query', args);
        };
      }
      return forwarded(target, property);
    },
  });
}

function countingPool(pool: pg.Pool, counter: StatementCounter): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (...args: unknown[]): unknown => {
          counter.record(textOf(args[0]), true);
          return forwardedCall(target, 'query', args);
        };
      }
      if (property === 'connect') {
        return async () => countingPgClient(await target.connect(), counter);
      }
      return forwarded(target, property);
    },
  });
}

/**
 * A drizzle handle over `database`'s driver client whose statements `counter` counts. The handle
 * is not closed by itself: `database` owns the client.
 */
export function countingHandle(database: TestDatabase, counter: StatementCounter): Database {
  const client: unknown = Reflect.get(database.db, '$client');
  if (client instanceof PGlite) {
    return drizzlePglite({ client: countingPglite(client, counter) });
  }
  if (client instanceof pg.Pool) {
    return drizzleNodePg({ client: countingPool(client, counter) });
  }
  throw new Error('countingHandle: neither PGlite nor a node-postgres pool');
}

/** `database` seen through a counting handle (same client, same close). */
export function countedDatabase(database: TestDatabase, counter: StatementCounter): TestDatabase {
  return {
    db: countingHandle(database, counter),
    kind: database.kind,
    pool: database.pool,
    close: () => database.close(),
  };
}
