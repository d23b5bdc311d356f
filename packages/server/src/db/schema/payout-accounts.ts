/**
 * Payout accounts and one-time codes: where a withdrawal is paid, and the code challenges that
 * verify a new account (SPEC §7 account management).
 *
 * @packageDocumentation
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contactType } from './enums';
import { payGroups } from './pay-groups';
import { players } from './players';
import { savedCards } from './saved-cards';

/**
 * Payout accounts (SPEC §7 account management requisites): where a withdrawal is paid. Card
 * payouts refer to a saved card; other requisites (IBAN, wallet, phone) keep their details in
 * `details` and a masked value for display.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'set null' }),
    /** What kind of requisite: card, iban, wallet, phone, ... */
    requisiteType: text('requisite_type').notNull(),
    maskedValue: text('masked_value').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payout_accounts_player').on(t.playerId)],
);

/**
 * One-time code challenges (SPEC §7 otp/send, otp/verify). The code is stored only as an
 * HMAC-SHA-256 under the server secret; attempts, resends and the block are counted here.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'cascade',
    }),
    contactType: contactType('contact_type').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendCount: integer('resend_count').notNull().default(0),
    maxResends: integer('max_resends').notNull(),
    resendAfter: timestamp('resend_after', { withTimezone: true }),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_challenges_player').on(t.playerId)],
);
