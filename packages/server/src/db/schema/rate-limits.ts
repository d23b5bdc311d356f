/**
 * The rate limits' counters, shared by every server process (http/limit-counters.ts).
 *
 * @packageDocumentation
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counting window per limit and key: the window's start, its end and how many events it
 * counted. An event is one upsert (a row of a window that ended starts over at 1), so every
 * process counts into the same figure. The key is a hash of what is limited (a client address, a
 * session, an account and address), never the value itself. Rows of ended windows are deleted in
 * bulk along `rate_limit_windows_ends`.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** Which limit counts (e.g. `auth-failures`, `money:depositSubmit`). */
    limitName: text('limit_name').notNull(),
    /** SHA-256 of the limited key, base64url. */
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.limitName, t.keyHash] }),
    index('rate_limit_windows_ends').on(t.windowEnd),
  ],
);
