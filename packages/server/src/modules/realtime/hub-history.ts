/**
 * SPEC §7 history and recovery: the reads of a channel's stream (db/schema/realtime.ts) that the
 * hub (hub.ts) answers `subscribe` with `recoverable`/`recover` and `history` from. The streams
 * are in the database, so a client recovers what it missed whichever process it reconnects to.
 *
 * - A stream's position is its epoch and its top (the position of its last publication, 0
 *   before the first). A recoverable subscription is answered with it (`recoverable: true`,
 *   `offset`, `epoch`), and each push carries its publication's position (`offset`).
 * - A subscribe that recovers (`recover: true`, `offset`, `epoch`) gets the publications after
 *   `offset` (`recovered: true`) when the epoch is the stream's (an empty one matches any, as in
 *   Centrifugo) and every one of them is still kept; otherwise `recovered: false` and none (the
 *   client then reads the state again), or error 112 when it flagged that it wants no
 *   unrecovered subscription.
 * - Bounds: a stream keeps its last {@link HISTORY_SIZE} publications (the migration trims as it
 *   writes) of the last {@link HISTORY_TTL_MS} (older ones are not read, and
 *   {@link retainHistory} deletes them); a stream idle {@link STREAM_TTL_MS} is forgotten, and
 *   starts again with another epoch.
 *
 * One statement answers each read, so the position and the publications are of one snapshot.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { rowsOf } from '../../db/rows';
import { isRecord } from '../../platform/is-record';

/** Publications a stream keeps at most (the migration's `cashdesk_realtime_commit` trims). */
export const HISTORY_SIZE = 100;

/** How long a publication is kept for recovery and history. */
export const HISTORY_TTL_MS = 5 * 60_000;

/** How long a stream with no publication keeps its epoch and position. */
export const STREAM_TTL_MS = 24 * 60 * 60_000;

/** A publication as replies carry it. */
export interface StoredPublication {
  readonly data: unknown;
  readonly offset: number;
}

/** A stream's position and, for a read that asked, publications of it. */
export interface StreamRead {
  readonly epoch: string;
  readonly top: number;
  readonly publications: readonly StoredPublication[];
}

/** What a read asks for besides the position. */
export interface ReadOptions {
  /** Publications after this position (none when absent). */
  readonly after?: number | undefined;
  /** At most this many. */
  readonly limit: number;
  /** Newest first. */
  readonly reverse?: boolean | undefined;
  /** Publications older than this are not read. */
  readonly cutoff: Date;
}

function numberOf(value: unknown): number {
  const parsed = Number(typeof value === 'bigint' ? value.toString() : value);
  if (!Number.isSafeInteger(parsed)) throw new Error('a stream position is not an integer');
  return parsed;
}

function positionRows(rows: readonly unknown[]): StreamRead | null {
  let read: { epoch: string; top: number; publications: StoredPublication[] } | null = null;
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const { epoch, top, position, data } = row;
    if (typeof epoch !== 'string') continue;
    read ??= { epoch, top: numberOf(top), publications: [] };
    if (position !== null && position !== undefined) {
      read.publications.push({ offset: numberOf(position), data });
    }
  }
  return read;
}

/**
 * The position of `stream` and the publications `options` asks for, in one statement; a stream
 * never published is created at position 0 with a new epoch.
 */
export async function readStream(
  db: Database,
  stream: string,
  options: ReadOptions,
): Promise<StreamRead> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const after = options.after ?? null;
    const order = options.reverse === true ? sql`desc` : sql`asc`;
    const rows = await rowsOf(
      db.execute(sql`with created as (
        insert into realtime_streams (stream, epoch, top, published_at)
        values (${stream}, ${randomBytes(8).toString('hex')}, 0, now())
        on conflict (stream) do nothing returning stream, epoch, top),
      position as (
        select stream, epoch, top from created
        union all select stream, epoch, top from realtime_streams where stream = ${stream})
      select position.epoch, position.top, kept.position, kept.data
      from (select * from position limit 1) as position
      left join lateral (
        select h.position, h.data from realtime_history h
        where ${after}::bigint is not null and h.stream = position.stream
          and h.position > ${after}::bigint and h.published_at > ${options.cutoff}
        order by h.position ${order} limit ${options.limit}) as kept on true
      order by kept.position ${order}`),
    );
    const read = positionRows(rows);
    // A stream created by another statement meanwhile is seen by the next one.
    if (read !== null) return read;
  }
  throw new Error('a realtime stream could not be read');
}

/** What a recovering subscribe asked: the client's position. */
export interface Since {
  readonly offset: number;
  readonly epoch: string;
}

/** The outcome of a recovery from `since`. */
export interface Recovery {
  readonly recovered: boolean;
  readonly epoch: string;
  readonly top: number;
  readonly publications: readonly StoredPublication[];
}

/**
 * Recovers the publications of `stream` after `since` (see the module comment): all of them
 * (none missing, none older than the history's age) or none.
 */
export async function recoverStream(
  db: Database,
  stream: string,
  since: Since | null,
  now: Date,
): Promise<Recovery> {
  const read = await readStream(db, stream, {
    after: since?.offset,
    limit: HISTORY_SIZE,
    cutoff: new Date(now.getTime() - HISTORY_TTL_MS),
  });
  if (since === null) return { ...read, recovered: false, publications: [] };
  const sameEpoch = since.epoch === '' || since.epoch === read.epoch;
  const missed = read.top - since.offset;
  const complete =
    sameEpoch &&
    missed >= 0 &&
    read.publications.length === missed &&
    (missed === 0 || read.publications[0]?.offset === since.offset + 1);
  return complete ? { ...read, recovered: true } : { ...read, recovered: false, publications: [] };
}

/**
 * Deletes publications older than the history's age and streams idle longer than theirs; every
 * process runs it (deleting twice is harmless). Returns how many publications went.
 */
export async function retainHistory(db: Database, now: Date): Promise<number> {
  const publications = await rowsOf(
    db.execute(
      sql`delete from realtime_history where published_at < ${new Date(now.getTime() - HISTORY_TTL_MS)} and position is not null returning 1`,
    ),
  );
  await db.execute(
    sql`delete from realtime_streams where published_at < ${new Date(now.getTime() - STREAM_TTL_MS)}`,
  );
  return publications.length;
}
