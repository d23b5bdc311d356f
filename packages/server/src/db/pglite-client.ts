/**
 * The embedded PGlite as drizzle gets it.
 *
 * drizzle's PGlite driver hands every query the same value parsers (timestamps, dates, intervals
 * and their arrays kept as the text PostgreSQL sent; drizzle's column types decode them), and
 * PGlite merges per-query parsers into a fresh copy of its whole parser table, a few hundred
 * entries, on every call. That copy cost about 0.15 ms per statement, as much as a primary-key
 * read itself. Here the parsers are set once on the instance, after PGlite has built its array
 * parsers (which would otherwise replace the array ones), and the per-query copy is taken off the
 * queries drizzle sends, on the instance and inside its transactions. What every statement
 * answers stays exactly what drizzle's own parsers give.
 *
 * @packageDocumentation
 */
import { PGlite, types } from '@electric-sql/pglite';

/** The value kept as PostgreSQL's text: what drizzle's PGlite driver asks of every query. */
function asText(value: string): string {
  return value;
}

/**
 * The types drizzle's PGlite driver (drizzle-orm/pglite/session.js) decodes itself: timestamp,
 * timestamptz, interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[],
 * date[].
 */
export const TEXT_KEPT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

const KEPT = new Set(TEXT_KEPT_TYPES);

/**
 * Query options without drizzle's `parsers`, which the instance has: parsers of other types (a
 * caller's own) are left for PGlite to apply.
 */
function withoutParsers(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || !('parsers' in options)) return options;
  const { parsers } = options;
  if (typeof parsers !== 'object' || parsers === null) return options;
  if (!Object.keys(parsers).every((type) => KEPT.has(Number(type)))) return options;
  const rest: Record<string, unknown> = { ...options };
  delete rest.parsers;
  return rest;
}

/**
 * The client (the instance or a transaction of it) with `query` taking no per-query parsers and
 * `transaction` handing out such clients. Every other member is the client's own, bound to it
 * (PGlite's methods use private fields).
 */
function leanQueries<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query') {
        return (...args: unknown[]): unknown =>
          Reflect.apply(value, target, [
            args[0],
            args[1],
            withoutParsers(args[2]),
            ...args.slice(3),
          ]);
      }
      if (property === 'transaction') {
        return (callback: (tx: object) => unknown, ...rest: unknown[]): unknown =>
          Reflect.apply(value, target, [(tx: object) => callback(leanQueries(tx)), ...rest]);
      }
      return (...args: unknown[]): unknown => Reflect.apply(value, target, args);
    },
  });
}

/**
 * A ready PGlite (in memory, or with files in `dataDir`) for drizzle, as the module says. `from`
 * is a data directory dumped by PGlite's `dumpDataDir` to start from instead of an empty cluster
 * (it skips initdb, most of a fresh PGlite's start).
 */
export async function openPgliteClient(dataDir: string | undefined, from?: Blob): Promise<PGlite> {
  const client = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(from === undefined ? {} : { loadDataDir: from }),
  });
  await client.waitReady;
  for (const type of TEXT_KEPT_TYPES) client.parsers[type] = asText;
  return leanQueries(client);
}
