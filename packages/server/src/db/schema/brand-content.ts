/**
 * What a brand shows besides its pay groups: bet shops, content pages and notifications.
 *
 * @packageDocumentation
 */
import { boolean, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { createdAt, updatedAt } from './columns';
import { payGroups } from './pay-groups';
import { players } from './players';

/** Opening hours of a bet shop: day (mon..sun) to [open, close] "HH:MM" pairs; closed days absent. */
export type WorkingHours = Partial<
  Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', { open: string; close: string }[]>
>;

/** Bet shops for cash deposits and pick-ups (SPEC §2 /betshop-deposit, /betshop-withdrawal). */
export const betShops = pgTable(
  'bet_shops',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('bet_shops_brand').on(t.brandId)],
);

/** One section of a content page. */
export interface ContentSection {
  title?: string;
  body: string;
}

/** Content pages fetched by address (SPEC §2 /content, §7 "{url} on the site root"). */
export const contentPages = pgTable(
  'content_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    language: text('language').notNull().default('en'),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<ContentSection[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('content_pages_brand_slug_language').on(t.brandId, t.slug, t.language)],
);

/**
 * Notifications (SPEC §3 notification {key, categories, payGroupId}): for one player when
 * `player_id` is set, else for every player of the brand.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Page categories of the domain's NOTIFICATION_CATEGORIES. */
    categories: jsonb('categories').$type<string[]>().notNull(),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_brand_player').on(t.brandId, t.playerId)],
);
