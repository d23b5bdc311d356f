/**
 * The rows of a raw statement (`db.execute(sql…)`), whichever driver ran it: pg and PGlite both
 * answer `{ rows }`.
 *
 * @packageDocumentation
 */

/** The rows of a raw statement's answer. @throws {Error} when the answer has none. */
export async function rowsOf(result: Promise<unknown>): Promise<readonly unknown[]> {
  const answer = await result;
  if (typeof answer === 'object' && answer !== null && 'rows' in answer) {
    const rows: unknown = answer.rows;
    if (Array.isArray(rows)) return rows.map((row: unknown) => row);
  }
  throw new Error('a statement answered without rows');
}
