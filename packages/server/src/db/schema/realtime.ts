/**
 * The realtime hub's shared state (modules/realtime/): the recent publications of each channel
 * and their positions, for a client that reconnects to any process to recover what it missed
 * (SPEC §7 history and recovery), and who is subscribed where (SPEC §7 presence). Every process
 * reads and writes the same rows.
 *
 * A channel's publications form a stream. Its key is the channel name for a player's balance
 * channel; for a session's channels it is `<kind>:<SHA-256 of the session id>` (hex), which the
 * SQL that publishes computes from the session id (it cannot compute the HMAC that names the
 * channel) and the hub from the session it found for the connection's token: neither key holds
 * the session id.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One stream's position: its epoch (a random name of this incarnation of the stream: a stream
 * forgotten and started again gets another, so a client's old position is known to be lost) and
 * the position of its last publication (`top`, 0 before the first). Written at the commit of a
 * publishing transaction (migration 0028's `cashdesk_realtime_commit`), which locks the row:
 * positions follow the order of the commits.
 */
export const realtimeStreams = pgTable(
  'realtime_streams',
  {
    stream: text('stream').primaryKey(),
    epoch: text('epoch').notNull(),
    top: bigint('top', { mode: 'number' }).notNull(),
    /** The last publication (or the creation): idle streams are forgotten along it. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('realtime_streams_published').on(t.publishedAt)],
);

/**
 * The recent publications of each stream: at most the last 100 of a stream (trimmed as each is
 * written) and none older than the history's age (the hub deletes them). `position` is set at the
 * commit of the transaction that published it (null until then, seen by that transaction only).
 */
export const realtimeHistory = pgTable(
  'realtime_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    stream: text('stream').notNull(),
    position: bigint('position', { mode: 'number' }),
    data: json('data').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('realtime_history_stream_position').on(t.stream, t.position),
    index('realtime_history_published').on(t.publishedAt),
    index('realtime_history_pending')
      .on(t.id)
      .where(sql`${t.position} is null`),
  ],
);

/** The processes whose hubs are running, each seen at its last heartbeat. */
export const realtimeNodes = pgTable('realtime_nodes', {
  node: text('node').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * Who is subscribed to which channel, on which process: one row per connection and channel. Rows
 * of a process that stopped heartbeating are not read, and are deleted.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    channel: text('channel').notNull(),
    client: text('client').notNull(),
    /** The connection's player (the token's `sub`). */
    userId: text('user_id').notNull(),
    node: text('node').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.client] }),
    index('realtime_presence_node').on(t.node),
  ],
);
