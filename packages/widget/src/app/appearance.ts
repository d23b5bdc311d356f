/**
 * The brand's appearance at run time (its theme and texts, set through the operator API). The
 * shell starts the appearance call beside init (api/prefetch.ts); the app reads its answer here,
 * validates it with the contract's schema and applies it before the first screen renders:
 *
 * - the theme's custom properties and font stack are set on the body with the CSSOM
 *   (`style.setProperty`), which the widget's Content-Security-Policy allows (an inline `<style>`
 *   would be blocked), only for the properties the contract knows and only after the answer
 *   passed the contract's value grammar (an answer with a value such as `url(…)` is dropped
 *   whole);
 * - SPEC §2's "supported theme" gate becomes: a theme the widget ships CSS for, or one the
 *   appearance answer has;
 * - the brand's text overrides of the language are merged into the texts (i18n.ts), over the
 *   widget's own; a language the widget does not ship (German) shows them and English elsewhere.
 *
 * A failed call (network, an expired session) leaves the shipped themes and texts as they are:
 * the cashier still works in its built-in look (brand0's values, themes.css).
 *
 * @packageDocumentation
 */
import { AppearanceResponse, THEME_PROPERTIES } from '@cashdesk/contract';
import { takePrefetchedAppearance } from '../api/prefetch';
import type { Startup } from '../startup/startup';

/** What the app needs of the appearance answer. */
export interface Appearance {
  /** The theme, or null when the brand has none of the name asked for (SPEC §2 gate). */
  readonly theme: AppearanceResponse['theme'];
  readonly language: string;
  readonly texts: Readonly<Record<string, string>>;
}

/** The widget's own font property, which a theme's `fonts` sets. */
const FONT_PROPERTY = '--cd-font';

const KNOWN_PROPERTIES: ReadonlySet<string> = new Set(THEME_PROPERTIES);

async function appearanceIn(pending: Promise<Response>): Promise<Appearance | null> {
  try {
    const response = await pending;
    if (!response.ok) return null;
    const parsed = AppearanceResponse.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The prefetched answer, validated; null when there is none or it failed. An answer the document
 * carried that the contract refuses is asked for again.
 */
export async function readAppearance(): Promise<Appearance | null> {
  const prefetched = takePrefetchedAppearance();
  if (prefetched === null) return null;
  const appearance = await appearanceIn(prefetched.response);
  if (appearance !== null || !prefetched.inlined) return appearance;
  return appearanceIn(prefetched.fetchAgain());
}

/**
 * SPEC §2, widened to the brand's own themes: whether the main screen renders: a built-in theme, or
 * the theme the appearance answer has under the same name. Only the server's answer that the brand
 * has no such theme keeps the screen back: when there is no answer at all (an expired session, the
 * network), the cashier renders in the built-in look, so that the player sees what went wrong (the
 * session expired) rather than a theme message.
 */
export function themeRenders(startup: Startup, appearance: Appearance | null): boolean {
  if (startup.themeSupported || appearance === null) return true;
  return appearance.theme?.name === startup.theme.theme;
}

/**
 * Sets the theme's properties and font stack on `body` with the CSSOM (nothing when the answer has
 * no theme). Names outside the contract's list are skipped.
 */
export function applyTheme(body: HTMLElement, appearance: Appearance | null): void {
  const theme = appearance?.theme;
  if (theme === null || theme === undefined) return;
  for (const [name, value] of Object.entries(theme.properties)) {
    if (value !== undefined && KNOWN_PROPERTIES.has(name)) body.style.setProperty(name, value);
  }
  if (theme.fonts !== null) body.style.setProperty(FONT_PROPERTY, theme.fonts);
}
