/**
 * The operator API: its keys per brand and its audit trail.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { createdAt } from './columns';

/**
 * The API keys of the operator API, per brand. A key is `cdk_<id>_<secret>`; only the
 * SHA-256 of the whole key is kept (the secret is 32 random bytes, so a fast hash is enough: there
 * is nothing to guess). Several keys of a brand may be active at once (rotation); a revoked key
 * stays for the audit trail.
 */
export const operatorApiKeys = pgTable(
  'operator_api_keys',
  {
    /** The public part of the key (12 lower-case letters or digits). */
    id: text('id').primaryKey(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull(),
    /** The contract's OPERATOR_SCOPES this key holds. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: createdAt(),
    /** Updated at most once a minute, so a busy key costs no write per call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('operator_api_keys_brand').on(t.brandId),
    check('operator_api_keys_id_format', sql`${t.id} ~ '^[a-z0-9]{12}$'`),
  ],
);

/**
 * The audit trail of the operator API: every call that changed something, who made it
 * (`admin` or the key's id), what (the endpoint id and its target), when, and the state before and
 * after, written in the same database transaction as the change. No foreign key to the brand:
 * the trail outlives what it describes.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, the cursor of the trail. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    brandId: text('brand_id').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** `change` (with before and after) or `read` (every call is audited). */
    kind: text('kind').$type<'change' | 'read'>().notNull().default('change'),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_audit_log_brand_seq').on(t.brandId, t.seq),
    index('operator_audit_log_brand_kind_seq').on(t.brandId, t.kind, t.seq),
    check('operator_audit_log_kind', sql`${t.kind} in ('change', 'read')`),
  ],
);
