/**
 * Saved cards: a provider token and what may be shown of a card, never its number or CVV.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { players } from './players';

/**
 * SPEC §3 saved card: a provider token and what may be shown. There is no column for the card
 * number or the CVV, and the CHECKs keep `last4` at four digits and `bin` at six to eight.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    last4: text('last4').notNull(),
    bin: text('bin').notNull(),
    expMonth: smallint('exp_month').notNull(),
    /** Four digits. */
    expYear: smallint('exp_year').notNull(),
    holder: text('holder'),
    /** A domain CARD_TYPE id, e.g. visa or mastercard. */
    cardType: text('card_type').notNull(),
    /**
     * The connector that issued the token: a payment with the saved card can only go there
     * (null for a card saved before connectors were recorded: its pay group's connector).
     */
    connector: text('connector'),
    /** SPEC §3 is_card_token_active. */
    active: boolean('active').notNull().default(true),
    /** DELETE /user-cards hides a card; transactions keep referring to it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_player').on(t.playerId),
    // One saved card per card of a player (the same card saved again is the same entry).
    uniqueIndex('saved_cards_player_card')
      .on(t.playerId, t.bin, t.last4, t.expMonth, t.expYear)
      .where(sql`${t.deletedAt} is null`),
    check('saved_cards_last4_format', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_bin_format', sql`${t.bin} ~ '^[0-9]{6,8}$'`),
    check('saved_cards_exp_month_range', sql`${t.expMonth} between 1 and 12`),
    check('saved_cards_exp_year_range', sql`${t.expYear} between 2000 and 2099`),
  ],
);
