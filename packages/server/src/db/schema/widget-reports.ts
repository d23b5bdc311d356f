/**
 * What the widget reports: its clickstream events and its render crashes and errors.
 *
 * @packageDocumentation
 */
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { players } from './players';

/**
 * SPEC §7 clickstream: the events the widget publishes to `clickstream:track` over the
 * realtime connection, as received, for the operator to read. Kept for a bounded time
 * (`CLICKSTREAM_RETENTION_DAYS`); the player and session are those of the connection's token,
 * never what the payload claims.
 */
export const clickstreamEvents = pgTable(
  'clickstream_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** The widget's clickstream id (SPEC §1 `clstrmid`), when the page had one. */
    clickstreamId: text('clickstream_id'),
    /** The event's type (SPEC §4: amount, click, order_result_status, ...). */
    type: text('type').notNull(),
    /** The event as published, less what identifies the session. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clickstream_events_brand_received').on(t.brandId, t.receivedAt),
    index('clickstream_events_received').on(t.receivedAt),
  ],
);

/**
 * SPEC §4, §8 render crashes and errors: what the widget reported, with its last
 * breadcrumbs (SPEC §9: 20). Kept for a bounded time (`CLIENT_REPORT_RETENTION_DAYS`). No card
 * data and no session id: the widget scrubs its report and the server checks again.
 */
export const clientReports = pgTable(
  'client_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The brand of the session, or null when the report came without a valid one. */
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** `render_crash`, `error` or `unhandled_rejection`. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** The page's path (no query: it holds the session id). */
    page: text('page').notNull(),
    release: text('release'),
    userAgent: text('user_agent'),
    /** Whether the report's trace was sampled (SPEC §9 rate 0.9). */
    traceSampled: boolean('trace_sampled').notNull(),
    breadcrumbs: jsonb('breadcrumbs').$type<Record<string, unknown>[]>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_reports_brand_received').on(t.brandId, t.receivedAt),
    index('client_reports_received').on(t.receivedAt),
    // The operator's report list of a brand, newest first (its cursor is the id).
    index('client_reports_brand_id').on(t.brandId, t.id),
  ],
);
