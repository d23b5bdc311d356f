/**
 * A brand's appearance as configuration: themes (the widget's CSS custom
 * properties, a font stack, a logo), the default theme and the text overrides per language, and
 * the player's appearance answer the widget reads at start-up. Writes run inside the caller's
 * transaction, after `bumpConfigVersion` has locked the brand row.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import {
  BUILT_IN_THEMES,
  CASHIER_BASE,
  THEME_LOGO_MAX_BYTES,
  ThemeProperties,
  overridableText,
  overridableTexts,
  textPlaceholders,
  widgetTextLanguage,
} from '@cashdesk/contract';
import type {
  AppearanceResponse,
  TextKeysAnswer,
  TextsAnswer,
  Theme,
  ThemeWriteRequest,
} from '@cashdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brandDefaultThemes, brandTexts, brandThemes } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** The theme of a brand that chose none (SPEC §9 default theme). */
export const FALLBACK_THEME = 'brand0';

/** Where the cashier serves a logo (content-addressed: its SHA-256). */
export const LOGO_PATH = `${CASHIER_BASE}/appearance/logos`;

type ThemeRow = typeof brandThemes.$inferSelect;

/** Whether the widget ships CSS for a theme name. */
export function isBuiltInTheme(name: string): boolean {
  return BUILT_IN_THEMES.some((builtIn) => builtIn === name);
}

/** The address of a stored logo. */
function logoUrl(sha256: string): string {
  return `${LOGO_PATH}/${sha256}`;
}

/** The properties that have a value. */
function definedProperties(properties: ThemeProperties): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (value !== undefined) defined[name] = value;
  }
  return defined;
}

/** The stored properties, read back through the contract's schema (an invalid set reads empty). */
function storedProperties(row: ThemeRow): Record<string, string> {
  const parsed = ThemeProperties.safeParse(row.properties);
  return parsed.success ? definedProperties(parsed.data) : {};
}

/** A theme row as the operator API answers it. */
function toTheme(row: ThemeRow, defaultTheme: string): Theme {
  return {
    name: row.name,
    properties: storedProperties(row),
    fonts: row.fonts,
    logo:
      row.logoSha256 === null || row.logoMediaType === null
        ? null
        : { url: logoUrl(row.logoSha256), media_type: row.logoMediaType, sha256: row.logoSha256 },
    is_default: row.name === defaultTheme,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The brand's default theme: its choice, else {@link FALLBACK_THEME}. */
export async function defaultThemeOf(db: Executor, brandId: string): Promise<string> {
  const [row] = await db
    .select({ theme: brandDefaultThemes.theme })
    .from(brandDefaultThemes)
    .where(eq(brandDefaultThemes.brandId, brandId));
  return row?.theme ?? FALLBACK_THEME;
}

async function themeRow(db: Executor, brandId: string, name: string): Promise<ThemeRow | null> {
  const [row] = await db
    .select()
    .from(brandThemes)
    .where(and(eq(brandThemes.brandId, brandId), eq(brandThemes.name, name)));
  return row ?? null;
}

/** The brand's themes, by name, and its default. */
export async function listThemes(
  db: Executor,
  brandId: string,
): Promise<{ default_theme: string; built_in: string[]; themes: Theme[] }> {
  const defaultTheme = await defaultThemeOf(db, brandId);
  const rows = await db
    .select()
    .from(brandThemes)
    .where(eq(brandThemes.brandId, brandId))
    .orderBy(asc(brandThemes.name));
  return {
    default_theme: defaultTheme,
    built_in: [...BUILT_IN_THEMES],
    themes: rows.map((row) => toTheme(row, defaultTheme)),
  };
}

/**
 * One theme of the brand.
 *
 * @throws {ApiError} operatorNotFound when the brand has no theme of that name.
 */
export async function getTheme(db: Executor, brandId: string, name: string): Promise<Theme> {
  const row = await themeRow(db, brandId, name);
  if (row === null) throw new ApiError('operatorNotFound', { field: 'params.name' });
  return toTheme(row, await defaultThemeOf(db, brandId));
}

/** The PNG signature (RFC 2083). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an SVG logo may not hold: anything that runs (scripts, event attributes, `javascript:`),
 * embeds other documents (foreignObject, iframe, embed, object), declares entities, or refers to
 * anything outside itself (an href, xlink:href or url() that is not a `#fragment`), and CSS
 * imports. The logo is also served so that nothing in it could run (module comment of routes).
 */
const SVG_FORBIDDEN: readonly RegExp[] = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(?:iframe|embed|object|audio|video|image)\b/i,
  /<!\s*(?:ENTITY|DOCTYPE)/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /(?:xlink:)?href\s*=\s*["']?\s*(?!#)/i,
  /url\s*\(\s*["']?\s*(?!#)/i,
  /@import/i,
];

/**
 * Checks an uploaded logo and returns its bytes.
 *
 * @throws {ApiError} appearanceLogoInvalid naming `body.logo.data_base64` (or `.media_type`).
 */
export function checkLogo(logo: NonNullable<ThemeWriteRequest['logo']>): Buffer {
  const bytes = Buffer.from(logo.data_base64, 'base64');
  const field = 'body.logo.data_base64';
  if (bytes.length === 0 || bytes.length > THEME_LOGO_MAX_BYTES) {
    throw new ApiError('appearanceLogoInvalid', { field, detail: `${bytes.length} bytes` });
  }
  if (logo.media_type === 'image/png') {
    if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
      throw new ApiError('appearanceLogoInvalid', { field, detail: 'not a PNG' });
    }
    return bytes;
  }
  const text = bytes.toString('utf8');
  if (!/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) {
    throw new ApiError('appearanceLogoInvalid', { field, detail: 'not an SVG document' });
  }
  if (SVG_FORBIDDEN.some((pattern) => pattern.test(text))) {
    throw new ApiError('appearanceLogoInvalid', { field, detail: 'SVG with active content' });
  }
  return bytes;
}

/** The result of a write: the state before (null: none) and after. */
export interface Change<T> {
  readonly before: T | null;
  readonly after: T;
}

/** Creates or replaces a theme (inside the caller's transaction). */
export async function putTheme(
  tx: Executor,
  brandId: string,
  name: string,
  input: ThemeWriteRequest,
  now: Date,
): Promise<Change<Theme>> {
  const defaultTheme = await defaultThemeOf(tx, brandId);
  const previous = await themeRow(tx, brandId, name);
  const logo = input.logo ?? null;
  const bytes = logo === null ? null : checkLogo(logo);
  const values = {
    properties: definedProperties(input.properties),
    fonts: input.fonts ?? null,
    logoMediaType: logo === null ? null : logo.media_type,
    logoBase64: bytes === null ? null : bytes.toString('base64'),
    logoSha256: bytes === null ? null : createHash('sha256').update(bytes).digest('hex'),
    updatedAt: now,
  };
  const [row] = await tx
    .insert(brandThemes)
    .values({ brandId, name, ...values })
    .onConflictDoUpdate({ target: [brandThemes.brandId, brandThemes.name], set: values })
    .returning();
  if (row === undefined) throw new Error('theme upsert returned nothing');
  return {
    before: previous === null ? null : toTheme(previous, defaultTheme),
    after: toTheme(row, defaultTheme),
  };
}

/**
 * Deletes a theme (inside the caller's transaction).
 *
 * @throws {ApiError} operatorNotFound when there is none; appearanceThemeInUse for the default.
 */
export async function deleteTheme(tx: Executor, brandId: string, name: string): Promise<Theme> {
  const defaultTheme = await defaultThemeOf(tx, brandId);
  const [row] = await tx
    .delete(brandThemes)
    .where(and(eq(brandThemes.brandId, brandId), eq(brandThemes.name, name)))
    .returning();
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.name' });
  // A built-in theme of the same name stays behind, so only a brand-only default is in use.
  if (name === defaultTheme && !isBuiltInTheme(name)) {
    throw new ApiError('appearanceThemeInUse', { field: 'params.name' });
  }
  return toTheme(row, defaultTheme);
}

/**
 * Makes a theme the brand's default (inside the caller's transaction).
 *
 * @throws {ApiError} appearanceThemeUnknown when it is neither the brand's nor built in.
 */
export async function setDefaultTheme(
  tx: Executor,
  brandId: string,
  name: string,
): Promise<Change<{ name: string }>> {
  if (!isBuiltInTheme(name) && (await themeRow(tx, brandId, name)) === null) {
    throw new ApiError('appearanceThemeUnknown', { field: 'body.name' });
  }
  const before = await defaultThemeOf(tx, brandId);
  await tx
    .insert(brandDefaultThemes)
    .values({ brandId, theme: name })
    .onConflictDoUpdate({ target: brandDefaultThemes.brandId, set: { theme: name } });
  return { before: { name: before }, after: { name } };
}

/** The brand's text overrides of one language (empty when none). */
export async function getTexts(
  db: Executor,
  brandId: string,
  language: string,
): Promise<TextsAnswer> {
  const [row] = await db
    .select()
    .from(brandTexts)
    .where(and(eq(brandTexts.brandId, brandId), eq(brandTexts.language, language)));
  return {
    language,
    texts: row?.texts ?? {},
    updated_at: row === undefined ? null : row.updatedAt.toISOString(),
  };
}

/**
 * The keys a brand may override in a language, with their placeholders and the widget's own texts
 * (the contract's rule over the widget's locale files, the one {@link checkTextOverrides} applies).
 */
export function textKeysOf(language: string): TextKeysAnswer {
  return {
    language,
    texts_language: widgetTextLanguage(language),
    keys: overridableTexts(language).map((entry) => ({
      key: entry.key,
      placeholders: [...entry.placeholders],
      default_text: entry.defaultText,
    })),
  };
}

/**
 * Checks text overrides of a language against the keys it may override (GET /text-keys/{language})
 * and their placeholders.
 *
 * @throws {ApiError} invalidField naming `body.texts.<key>` (the first key at fault).
 */
export function checkTextOverrides(
  language: string,
  texts: Readonly<Record<string, string>>,
): void {
  for (const [key, text] of Object.entries(texts)) {
    const expected = overridableText(language, key)?.placeholders;
    const field = `body.texts.${key}`;
    if (expected === undefined) {
      throw new ApiError('invalidField', {
        field,
        detail: 'not a message key of the widget in this language (GET /text-keys/{language})',
      });
    }
    if (textPlaceholders(text).join(',') !== expected.join(',')) {
      throw new ApiError('invalidField', {
        field,
        detail: `placeholders must be ${expected.join(', ') || 'none'}`,
      });
    }
  }
}

/** Replaces the text overrides of one language (inside the caller's transaction). */
export async function putTexts(
  tx: Executor,
  brandId: string,
  language: string,
  texts: Readonly<Record<string, string>>,
  now: Date,
): Promise<Change<TextsAnswer>> {
  checkTextOverrides(language, texts);
  const before = await getTexts(tx, brandId, language);
  const [row] = await tx
    .insert(brandTexts)
    .values({ brandId, language, texts: { ...texts }, updatedAt: now })
    .onConflictDoUpdate({
      target: [brandTexts.brandId, brandTexts.language],
      set: { texts: { ...texts }, updatedAt: now },
    })
    .returning();
  if (row === undefined) throw new Error('texts upsert returned nothing');
  return {
    before: before.updated_at === null ? null : before,
    after: { language, texts: row.texts, updated_at: row.updatedAt.toISOString() },
  };
}

/** The language of a lang parameter ("de-XX" gives "de"); null when it names none. */
function languageOf(lang: string | undefined): string | null {
  const base = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(base) ? base : null;
}

/**
 * The player's appearance answer: the theme asked for (else the session's) and the
 * brand's text overrides for the language asked for (else the session's).
 */
export async function appearanceFor(
  db: Executor,
  session: { readonly brandId: string; readonly theme: string; readonly language: string },
  query: { readonly lang?: string | undefined; readonly theme?: string | undefined },
): Promise<AppearanceResponse> {
  const name = query.theme ?? session.theme;
  const language = languageOf(query.lang) ?? languageOf(session.language) ?? 'en';
  const [row, texts] = await Promise.all([
    themeRow(db, session.brandId, name),
    getTexts(db, session.brandId, language),
  ]);
  const builtIn = isBuiltInTheme(name);
  const theme =
    row === null
      ? builtIn
        ? { name, built_in: true, properties: {}, fonts: null, logo_url: null }
        : null
      : {
          name,
          built_in: builtIn,
          properties: storedProperties(row),
          fonts: row.fonts,
          logo_url: row.logoSha256 === null ? null : logoUrl(row.logoSha256),
        };
  return { theme, language, texts: texts.texts };
}

/** A stored logo by its SHA-256, or null. */
export async function logoBySha256(
  db: Executor,
  sha256: string,
): Promise<{ mediaType: 'image/png' | 'image/svg+xml'; bytes: Buffer } | null> {
  const [row] = await db
    .select({ mediaType: brandThemes.logoMediaType, data: brandThemes.logoBase64 })
    .from(brandThemes)
    .where(eq(brandThemes.logoSha256, sha256))
    .limit(1);
  if (row === undefined || row.mediaType === null || row.data === null) return null;
  return { mediaType: row.mediaType, bytes: Buffer.from(row.data, 'base64') };
}
