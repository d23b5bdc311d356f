/**
 * Theme gating (SPEC §1, §2): theme names, where the theme comes from and whether the main
 * screen may render.
 *
 * @packageDocumentation
 */
import { DEFAULT_THEME } from '../constants';

const THEME_NAME = /^[a-z0-9_-]{1,32}$/;

/**
 * SPEC §1: a theme name. The spec's names are `brand` followed by digits (`brand0`, `brand12`);
 * an operator may also name a theme of its brand freely: 1-32 of `[a-z0-9_-]` (`summer-26`).
 * Letter case and surrounding white space are forgiven; the normalised lower-case name is
 * returned, or `null` for anything else.
 */
export function parseThemeName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  return THEME_NAME.test(name) ? name : null;
}

/** SPEC §2: where the theme in use came from. */
export type ThemeSource = 'query' | 'stored' | 'default';

/** SPEC §2: the theme in use and its source. */
export interface ResolvedTheme {
  readonly theme: string;
  readonly source: ThemeSource;
}

/** SPEC §2: the candidate themes {@link resolveTheme} reads. */
export interface ThemeCandidates {
  /** The theme query parameter. */
  readonly queryTheme?: string | null | undefined;
  /** The value stored under local_theme. */
  readonly storedTheme?: string | null | undefined;
  /** Fallback; default {@link DEFAULT_THEME} (brand0). */
  readonly defaultTheme?: string | undefined;
}

/**
 * SPEC §2: the theme comes from the query, else from stored state (local_theme), else the
 * default brand0. A candidate that is not a theme name is skipped. When the source is `query`
 * the widget should store it under local_theme so that later pages without the parameter keep it.
 */
export function resolveTheme(candidates: ThemeCandidates): ResolvedTheme {
  const fromQuery = parseThemeName(candidates.queryTheme);
  if (fromQuery !== null) return { theme: fromQuery, source: 'query' };
  const fromStore = parseThemeName(candidates.storedTheme);
  if (fromStore !== null) return { theme: fromStore, source: 'stored' };
  return {
    theme: parseThemeName(candidates.defaultTheme) ?? DEFAULT_THEME,
    source: 'default',
  };
}

/**
 * SPEC §2: the main screen renders only for a supported design theme. The list of supported
 * themes is a parameter (it is whatever theme packs the widget ships); names are compared after
 * normalisation.
 */
export function isSupportedTheme(theme: unknown, supportedThemes: readonly string[]): boolean {
  const name = parseThemeName(theme);
  return name !== null && supportedThemes.some((supported) => parseThemeName(supported) === name);
}
