/**
 * Uploaded documents (receipts, proofs): their metadata; the bytes are files under DATA_DIR.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { payGroups } from './pay-groups';
import { players } from './players';
import { transactions } from './transactions';

/**
 * Uploaded documents: bytes in the document storage (DATA_DIR/uploads, or a bucket with
 * UPLOADS_S3_BUCKET: modules/payments/document-storage.ts), metadata here (SPEC §5 upload rules).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'set null' }),
    /** The storage key `{player}/{document}.{ext}`: relative to DATA_DIR/uploads, or in the bucket. */
    filePath: text('file_path').notNull(),
    originalName: text('original_name').notNull(),
    /** Detected from the bytes (pdf, heic, jpeg, png), never from the name. */
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_player').on(t.playerId),
    check('documents_size_limit', sql`${t.sizeBytes} between 1 and 20971520`),
  ],
);
