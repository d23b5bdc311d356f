/**
 * The cursor of the operator lists ordered newest first by (created_at, id): the last row's
 * creation time at full microsecond precision and its uuid, opaque to the client. A page continues
 * strictly after its cursor, so a walk returns every row that existed when it started exactly
 * once while new rows are made (they sort before the first page).
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { ApiError } from '../../http/api-error';

/** A position in a list: the last row's creation time (microseconds, UTC) and id. */
export interface Position {
  readonly at: string;
  readonly id: string;
}

const CURSOR =
  /^t:([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** An opaque cursor of a position. */
export function encodeCursor(position: Position): string {
  return Buffer.from(`t:${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names.
 *
 * @throws {ApiError} invalidField (`query.cursor`) for a cursor this server did not make.
 */
export function decodeCursor(cursor: string): Position {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match?.[1] === undefined || match[2] === undefined || Number.isNaN(Date.parse(match[1]))) {
    throw new ApiError('invalidField', { field: 'query.cursor', detail: 'unknown cursor' });
  }
  return { at: match[1], id: match[2] };
}

/** A timestamp column as exact UTC text with microseconds (a JS Date keeps only milliseconds). */
export function microsecondText(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The rows strictly after `after` in the (created_at, id) descending order. */
export function afterPosition(createdAt: AnyColumn, id: AnyColumn, after: Position): SQL {
  return sql`(${createdAt}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}
