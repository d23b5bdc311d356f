/**
 * Bonuses: a player's bonuses, the pay groups a bonus is limited to, and the tiers of a brand's
 * lost-profit bonus.
 *
 * @packageDocumentation
 */
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { createdAt, money } from './columns';
import { payGroups } from './pay-groups';
import { players } from './players';

/**
 * SPEC §3 user bonuses. A bonus with no rows in {@link bonusPayGroups} is a general bonus that
 * applies to every pay group.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    description: text('description'),
    absoluteValue: money('absolute_value'),
    percentValue: money('percent_value'),
    maxValue: money('max_value'),
    minDepositAmount: money('min_deposit_amount'),
    maxDepositAmount: money('max_deposit_amount'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('bonuses_player').on(t.playerId)],
);

/** SPEC §3 bonusPayGroupsIds: the pay groups a bonus is limited to. */
export const bonusPayGroups = pgTable(
  'bonus_pay_groups',
  {
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'bonus_pay_groups_pk', columns: [t.bonusId, t.payGroupId] })],
);

/** SPEC §3 lost_profit_merchant_bonus: the tiers of the brand's lost-profit pay group. */
export const lostProfitBonusTiers = pgTable(
  'lost_profit_bonus_tiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
    from: money('from'),
    to: money('to'),
    percentValue: money('percent_value'),
    absoluteValue: money('absolute_value'),
  },
  (t) => [index('lost_profit_bonus_tiers_brand').on(t.brandId)],
);
