/**
 * The rate limits' counters, shared by every server process. {@link LimitCounters} is the whole
 * interface the limits use (http/rate-limits.ts, the staff sign-in lock): count one event of a key
 * in the current window, read the window without counting, or end it. {@link postgresCounters} keeps them in the database every
 * process already shares (table `rate_limit_windows`), the default; limit-counters-redis.ts keeps
 * them in Redis when REDIS_URL names one (docs/decisions/0112-shared-rate-limits.md,
 * 0115-limit-counters-in-redis.md).
 *
 * Windows are fixed: a window starts at the first event counted after the previous one ended and
 * lasts the limit's window length. Keys are stored as SHA-256 hashes (a key may hold a session id
 * or a client address).
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { rateLimitWindows } from '../db/schema';

/** A key's window as a counter saw it. */
export interface WindowCount {
  /** Events counted in the window (0 when none is open). */
  readonly count: number;
  /** When the window ends (`now` when none is open). */
  readonly endsAt: Date;
}

/** The counters of every limit, shared by every process that uses the same store. */
export interface LimitCounters {
  /** Counts one event of `key` under `limit` in its window (opening one of `windowMs` if none is). */
  hit(limit: string, key: string, windowMs: number, now: Date): Promise<WindowCount>;
  /** The window of `key` under `limit`, not counting anything. */
  peek(limit: string, key: string, now: Date): Promise<WindowCount>;
  /** Ends the window of `key` under `limit` (a success that forgives earlier failures). */
  clear(limit: string, key: string): Promise<void>;
}

/** The stored form of a key (never in clear: it may hold a session id or an address). */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Rows of ended windows deleted by one clean-up statement, at most. */
const CLEAN_UP_BATCH = 1_000;

/**
 * Counters in PostgreSQL (or PGlite): one upsert per counted event, one primary-key read per
 * peek. Each process deletes ended windows at most once per `cleanUpEveryMs` (by the index on
 * their end, a bounded batch), after a hit and without the caller waiting for it.
 */
export function postgresCounters(
  db: Database,
  options: {
    readonly cleanUpEveryMs: number;
    readonly onCleanUpError: (error: unknown) => void;
  },
): LimitCounters {
  let nextCleanUp = 0;
  const cleanUp = (now: Date): void => {
    if (now.getTime() < nextCleanUp) return;
    nextCleanUp = now.getTime() + options.cleanUpEveryMs;
    const ended = db
      .select({ limitName: rateLimitWindows.limitName, keyHash: rateLimitWindows.keyHash })
      .from(rateLimitWindows)
      .where(lte(rateLimitWindows.windowEnd, now))
      .limit(CLEAN_UP_BATCH);
    db.delete(rateLimitWindows)
      .where(
        and(
          lte(rateLimitWindows.windowEnd, now),
          sql`(${rateLimitWindows.limitName}, ${rateLimitWindows.keyHash}) in (${ended})`,
        ),
      )
      .then(() => undefined, options.onCleanUpError);
  };
  return {
    async hit(limit, key, windowMs, now) {
      const end = new Date(now.getTime() + windowMs);
      const open = sql`${rateLimitWindows.windowEnd} > ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitWindows)
        .values({
          limitName: limit,
          keyHash: keyHash(key),
          windowStart: now,
          windowEnd: end,
          count: 1,
        })
        .onConflictDoUpdate({
          target: [rateLimitWindows.limitName, rateLimitWindows.keyHash],
          set: {
            count: sql`case when ${open} then ${rateLimitWindows.count} + 1 else 1 end`,
            windowStart: sql`case when ${open} then ${rateLimitWindows.windowStart} else excluded.window_start end`,
            windowEnd: sql`case when ${open} then ${rateLimitWindows.windowEnd} else excluded.window_end end`,
          },
        })
        .returning({ count: rateLimitWindows.count, endsAt: rateLimitWindows.windowEnd });
      cleanUp(now);
      return row ?? { count: 1, endsAt: end };
    },
    async peek(limit, key, now) {
      const [row] = await db
        .select({ count: rateLimitWindows.count, endsAt: rateLimitWindows.windowEnd })
        .from(rateLimitWindows)
        .where(
          and(eq(rateLimitWindows.limitName, limit), eq(rateLimitWindows.keyHash, keyHash(key))),
        );
      if (row === undefined || row.endsAt.getTime() <= now.getTime()) {
        return { count: 0, endsAt: now };
      }
      return row;
    },
    async clear(limit, key) {
      await db
        .delete(rateLimitWindows)
        .where(
          and(eq(rateLimitWindows.limitName, limit), eq(rateLimitWindows.keyHash, keyHash(key))),
        );
    },
  };
}
