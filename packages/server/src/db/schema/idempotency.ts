/**
 * The idempotency keys of the player's requests that create or change a payment.
 *
 * @packageDocumentation
 */
import {
  bigint,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { players } from './players';
import { transactions } from './transactions';

/**
 * Idempotency keys of submit, upload and reversal (http/idempotency.ts). A row is claimed
 * before the work runs (response still null) with a lease, and completed with the response; the
 * UNIQUE makes the claim the single point where concurrent duplicates meet. A claim is tied to
 * the transaction it created (in the same database transaction that created it), so a retry
 * after a failure or a crash finds that transaction instead of making another one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The operation, e.g. `deposit-submit:12`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    sessionId: text('session_id'),
    /** SHA-256 of the canonical request (method, path, body). */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** The transaction this request created, linked in the transaction's own commit. */
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    /** A random token of the request holding the claim; a takeover gives a new one. */
    owner: text('owner'),
    /** The claim's holder works until then; after it, a retry may take the claim over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [unique('idempotency_keys_player_scope_key').on(t.playerId, t.scope, t.key)],
);
