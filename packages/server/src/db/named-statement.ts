/**
 * A fixed statement of the hot path sent by name (issue 16). On PostgreSQL, node-postgres parses a
 * named statement once per pool connection and afterwards sends only its parameters (Bind and
 * Execute, no Parse), so PostgreSQL neither parses nor plans it again: for init's player figures
 * (the call of `cashdesk_player_figures`) that is about a third of the statement's database time
 * (83–93 µs against 113–133 µs of the backend's CPU per call, sequential, the same run). PGlite
 * has no named statements and runs the text as any other.
 *
 * It runs on whatever the executor is, a database transaction included (drizzle's own
 * `prepare(name)` is bound to the handle that made it, which a transaction is not).
 *
 * @packageDocumentation
 */
import type { Executor } from './open';
import { rowsOf } from './rows';

/**
 * The rows of `text` with `params` (driver values), sent as the named statement `name`. One name
 * must always mean one text: node-postgres refuses a known name with another text.
 */
export function namedStatement(
  db: Executor,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<readonly unknown[]> {
  const prepared = db._.session.prepareQuery(
    { sql: text, params: [...params] },
    undefined,
    name,
    false,
  );
  return rowsOf(prepared.execute());
}
