/**
 * A brand's appearance: its themes, its default theme and its text overrides per language.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/**
 * A brand's themes: the widget's CSS custom properties (checked by the contract's
 * ThemeProperties), a font stack and a logo. The logo's bytes live here (at most 64 KiB, base64)
 * and are served by their SHA-256 from the cashier's own origin.
 */
export const brandThemes = pgTable(
  'brand_themes',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    fonts: text('fonts'),
    logoMediaType: text('logo_media_type', { enum: ['image/png', 'image/svg+xml'] }),
    logoBase64: text('logo_base64'),
    logoSha256: text('logo_sha256'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'brand_themes_pk', columns: [t.brandId, t.name] }),
    index('brand_themes_logo').on(t.logoSha256),
    check('brand_themes_name_format', sql`${t.name} ~ '^[a-z0-9_-]{1,32}$'`),
  ],
);

/** A brand's choice of default theme (brand0 while it has no row). */
export const brandDefaultThemes = pgTable('brand_default_themes', {
  brandId: text('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull(),
});

/** A brand's text overrides of one language: message key to text. */
export const brandTexts = pgTable(
  'brand_texts',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'brand_texts_pk', columns: [t.brandId, t.language] })],
);
