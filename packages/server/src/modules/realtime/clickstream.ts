/**
 * SPEC §4, §7, §8, §9: the clickstream the widget publishes to `clickstream:track` over
 * its realtime connection (hub.ts takes the `publish` command), stored in `clickstream_events` for
 * the operator to read (GET /api/operator/v1/clickstream), and deleted after
 * CLICKSTREAM_RETENTION_DAYS.
 *
 * - {@link checkClickstreamData}: data over SPEC §9's 60000-byte transport is refused with 106
 *   (limit exceeded), data that is not a {@link ClickstreamPublication} or holds text the input
 *   guard refuses (NUL, control characters, a lone surrogate) with 107 (bad request).
 *   Neither closes the connection: its subscriptions go on.
 * - {@link ClickstreamBudget}: a connection publishes at most CLICKSTREAM_MAX_EVENTS_PER_MINUTE
 *   events a minute (a fixed window on the app's clock); past it 111 (too many requests, flagged
 *   temporary: the widget tries again after its back-off), so one client cannot flood the table.
 * - {@link storeClickstream}: one statement; brand and player are those of the connection's token
 *   (the player's row names the brand), never the payload's; `session_id` is not stored.
 * - {@link startClickstreamRetention}: every hour (and at {@link ClickstreamRetention.runOnce}),
 *   deletes events older than the retention in batches of {@link RETENTION_BATCH_ROWS} rows.
 *   Several processes may run it at once: each batch locks its rows with SKIP LOCKED, so they
 *   share the work instead of waiting on each other.
 *
 * @packageDocumentation
 */
import { ClickstreamPublication } from '@cashdesk/contract';
import type { ClickstreamEvent } from '@cashdesk/contract';
import { ANALYTICS, CLICKSTREAM_CHANNEL, utf8ByteLength } from '@cashdesk/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { rowsOf } from '../../db/rows';
import { findRefusedText } from '../../http/input-guard';
import { ERROR } from './protocol';
import type { ErrorReply } from './protocol';

export { CLICKSTREAM_CHANNEL };

/** What {@link checkClickstreamData} found. */
export type ClickstreamCheck =
  | { readonly ok: true; readonly events: readonly ClickstreamEvent[] }
  | { readonly ok: false; readonly error: ErrorReply };

/** SPEC §9: the data of one publication is at most the analytics transport's 60000 bytes. */
export function checkClickstreamData(data: unknown): ClickstreamCheck {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch {
    text = undefined;
  }
  if (text === undefined) return { ok: false, error: ERROR.badRequest };
  if (utf8ByteLength(text) > ANALYTICS.transportMaxBytes) {
    return { ok: false, error: ERROR.limitExceeded };
  }
  // NUL, control characters and lone surrogates (the server's input guard) are bad input: they
  // would otherwise fail the insert, PostgreSQL refusing them in jsonb.
  if (findRefusedText(data) !== undefined) return { ok: false, error: ERROR.badRequest };
  const parsed = ClickstreamPublication.safeParse(data);
  if (!parsed.success) return { ok: false, error: ERROR.badRequest };
  return { ok: true, events: parsed.data.events };
}

/** A connection's count of events in the current minute. */
export class ClickstreamBudget {
  private windowStart = 0;
  private used = 0;

  constructor(private readonly perMinute: number) {}

  /** Takes `events` from the budget at `nowMs`; `false` (nothing taken) when they do not fit. */
  take(events: number, nowMs: number): boolean {
    if (nowMs - this.windowStart >= 60_000 || nowMs < this.windowStart) {
      this.windowStart = nowMs;
      this.used = 0;
    }
    if (this.used + events > this.perMinute) return false;
    this.used += events;
    return true;
  }
}

/** The row of an event: its type and clickstream id apart, the rest without `session_id`. */
function rowOf(event: ClickstreamEvent) {
  const { type, clickstream_id: clickstreamId, ...rest } = event;
  const payload: Record<string, unknown> = { ...rest };
  delete payload.session_id;
  return { type, clickstream_id: clickstreamId ?? null, payload };
}

/**
 * Stores `events` under `playerId`'s brand and player (the connection token's `sub`), received
 * at `now`, in one statement. Answers how many were stored (0 when the player is gone).
 */
export async function storeClickstream(
  db: Database,
  playerId: string,
  events: readonly ClickstreamEvent[],
  now: Date,
): Promise<number> {
  const rows = JSON.stringify(events.map(rowOf));
  const answer = await rowsOf(
    db.execute(sql`with stored as (
      insert into clickstream_events (brand_id, player_id, clickstream_id, type, payload, received_at)
      select p.brand_id, p.id, e.clickstream_id, e.type, e.payload, ${now.toISOString()}::timestamptz
      from players p
      cross join jsonb_to_recordset(${rows}::jsonb) as e(clickstream_id text, type text, payload jsonb)
      where p.id = ${playerId}::uuid
      returning 1
    ) select count(*)::int as stored from stored`),
  );
  const first: unknown = answer[0];
  const stored: unknown =
    typeof first === 'object' && first !== null ? Reflect.get(first, 'stored') : 0;
  return typeof stored === 'number' ? stored : Number(stored);
}

/** Rows one retention statement deletes at most. */
export const RETENTION_BATCH_ROWS = 1_000;
/** Batches one retention pass runs at most (the next pass goes on). */
export const RETENTION_MAX_BATCHES = 100;
/** How often the retention runs. */
export const RETENTION_INTERVAL_MS = 3_600_000;

/**
 * Deletes events received before `cutoff`, in batches of `batchRows`, at most `maxBatches`
 * batches. Answers how many were deleted.
 */
export async function deleteOldClickstream(
  db: Database,
  cutoff: Date,
  options: { readonly batchRows?: number; readonly maxBatches?: number } = {},
): Promise<number> {
  const batchRows = options.batchRows ?? RETENTION_BATCH_ROWS;
  const maxBatches = options.maxBatches ?? RETENTION_MAX_BATCHES;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const answer = await rowsOf(
      db.execute(sql`with gone as (
        delete from clickstream_events where id in (
          select id from clickstream_events
          where received_at < ${cutoff.toISOString()}::timestamptz
          order by received_at
          limit ${batchRows}
          for update skip locked
        ) returning 1
      ) select count(*)::int as deleted from gone`),
    );
    const first: unknown = answer[0];
    const value: unknown =
      typeof first === 'object' && first !== null ? Reflect.get(first, 'deleted') : 0;
    const count = typeof value === 'number' ? value : Number(value);
    deleted += count;
    if (count < batchRows) break;
  }
  return deleted;
}

/** A running retention job. */
export interface ClickstreamRetention {
  /** Runs one pass now (after a pass in progress); answers how many events it deleted. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the retention of a process: a pass every `intervalMs` on a timer (none when 0), each
 * deleting what is older than `retentionDays` on `clock`.
 */
export function startClickstreamRetention(options: {
  readonly db: Database;
  readonly clock: () => Date;
  readonly retentionDays: number;
  readonly intervalMs?: number | undefined;
  readonly log: { warn(object: object, message: string): void; info(o: object, m: string): void };
}): ClickstreamRetention {
  const intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;
  let running: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<number> => {
    if (running !== null) await running.catch(() => 0);
    const cutoff = new Date(options.clock().getTime() - options.retentionDays * 86_400_000);
    const current = deleteOldClickstream(options.db, cutoff);
    running = current;
    try {
      const deleted = await current;
      if (deleted > 0) options.log.info({ deleted }, 'clickstream retention pass');
      return deleted;
    } finally {
      if (running === current) running = null;
    }
  };

  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      pass()
        .catch((error: unknown) => {
          options.log.warn(
            { error: error instanceof Error ? error.name : typeof error },
            'clickstream retention pass failed',
          );
        })
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running !== null) await running.catch(() => 0);
    },
  };
}

declare module '../../http/app-types' {
  interface AppDeps {
    /** Deletes clickstream events past CLICKSTREAM_RETENTION_DAYS, hourly. */
    readonly clickstreamRetention: ClickstreamRetention;
  }
}
