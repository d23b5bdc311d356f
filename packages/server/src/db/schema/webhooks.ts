/**
 * The outbox of the webhooks to the operator and the state of each event.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Where an outgoing webhook event stands: `pending` until the operator's endpoint acknowledged it
 * (`delivered`). An event whose attempts ran out is dead (`dead_at` set): it stays `pending` until
 * its slow retry (`next_attempt_at`), or is `dead` when it has none and waits for a redelivery
 * (modules/webhooks/dispatcher.ts DEAD_EVENT). A pending or dead event holds the later events of
 * its transaction.
 */
export const webhookEventState = pgEnum('webhook_event_state', ['pending', 'delivered', 'dead']);

/**
 * The transactional outbox of the webhooks to the operator (modules/webhooks/): an event is
 * written in the same database transaction as the change it reports, so it exists exactly when
 * that change committed; the dispatcher of every process sends it from here, at least once.
 * `payload` is the event as sent (the contract's WebhookEvent, built when the change happened).
 * No foreign keys: an event outlives a deleted player or brand, as the operator's copy does.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event id, sent in the body and as Cashdesk-Event-Id: the receiver's de-duplication key. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Recording order: the events of one transaction are sent in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    brandId: text('brand_id').notNull(),
    /** The transaction the event is about, if any. */
    transactionId: uuid('transaction_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: webhookEventState('state').notNull().default('pending'),
    /** Delivery attempts made (answered or not). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; `null`: at once (a new or requeued event). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The dispatcher sending it, until when: one sender at a time. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The HTTP status of the last answer (`null`: no answer). */
    lastStatusCode: integer('last_status_code'),
    /** Why the last attempt failed (`http 500`, `timeout`, `ECONNREFUSED`); never a secret. */
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_seq').on(t.seq),
    index('webhook_events_pending')
      .on(t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_events_transaction_pending')
      .on(t.transactionId, t.seq)
      .where(sql`${t.state} = 'pending' and ${t.transactionId} is not null`),
    // The operator's event list, per brand and per transaction, in recording order.
    index('webhook_events_brand_seq').on(t.brandId, t.seq),
    index('webhook_events_transaction_seq').on(t.transactionId, t.seq),
    check('webhook_events_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);
