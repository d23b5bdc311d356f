/**
 * Players and their sessions: the player of a brand, the operator's amount limits for them, their
 * balances per currency, and the cashier sessions they open.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands, currencies } from './brands';
import { createdAt, money, updatedAt } from './columns';
import { paymentFlow, playerVerificationStatus } from './enums';

/** A player of a brand; `external_id` is the id the brand knows (e.g. "demo"). */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** E.164 digits with a leading plus. */
    phone: text('phone'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Where the player's identity check stands (the brand's rules read it). */
    verificationStatus: playerVerificationStatus('verification_status')
      .notNull()
      .default('unverified'),
    /** When the operator blocked the player (`null`: not blocked), and why. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('players_brand_external').on(t.brandId, t.externalId),
    // The operator's player list of a brand, newest first (cursor: created_at, id).
    index('players_brand_created').on(t.brandId, t.createdAt, t.id),
  ],
);

/**
 * A player's own amount limits per flow and currency, set by the operator. They
 * narrow the limits of every pay group the player sees and pays with (domain
 * narrowLimitsForPlayer); `null` leaves that bound to the pay group.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
  },
  (t) => [
    primaryKey({ name: 'player_limits_pk', columns: [t.playerId, t.flow, t.currency] }),
    check(
      'player_limits_order',
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.minAmount} <= ${t.maxAmount}`,
    ),
    check(
      'player_limits_some_bound',
      sql`${t.minAmount} is not null or ${t.maxAmount} is not null`,
    ),
  ],
);

/**
 * Balance per player and currency. `balance` is what the player can spend or withdraw;
 * `reserved` is the pending withdrawal (reserved, not yet paid). Both only change together with
 * a ledger entry (modules/wallet/ledger.ts). `reserved` can never be negative (CHECK). `balance` is
 * negative only after a refund or chargeback took back a deposit the player had already spent
 * (modules/wallet/ledger.ts reverseCredit): the player then owes the difference, withdrawals are
 * refused and the next deposits pay it back; every other change checks it in the ledger.
 */
export const playerBalances = pgTable(
  'player_balances',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    balance: money('balance').notNull().default('0'),
    reserved: money('reserved').notNull().default('0'),
    /**
     * SPEC §4 wager rule: the turnover the player must still wager in this currency before the
     * balance may be withdrawn (e.g. the wagering requirement of a bonus credited here); 0: none.
     * Not money that moves, so no ledger entry goes with it. Withdrawals of this currency are
     * disabled while it is positive and the brand has `wagerRuleEnabled`.
     */
    wagerRemaining: money('wager_remaining').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'player_balances_pk', columns: [t.playerId, t.currency] }),
    check('player_balances_reserved_not_negative', sql`${t.reserved} >= 0`),
    check('player_balances_wager_remaining_not_negative', sql`${t.wagerRemaining} >= 0`),
  ],
);

// --- sessions --------------------------------------------------------------------------------

/**
 * SPEC §1, §6: a cashier session. `id` is the x-session-id (43 url-safe characters of 32 random
 * bytes); `expires_at` slides forward on every authenticated call (http/sessions.ts);
 * `auth_token` authorises the realtime and clickstream connections (SPEC §7).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    language: text('language').notNull(),
    theme: text('theme').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    authToken: text('auth_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_player').on(t.playerId)],
);
