/**
 * Start-up (SPEC §1, §2): everything the cashier reads from its address, the host and the
 * browser before the first render, computed once by the domain's functions. The shell
 * (main.tsx) runs this synchronously so the body attributes and the direction are right in the
 * very first paint.
 *
 * @packageDocumentation
 */
import {
  bodyDataAttributes,
  decideClientEnvironment,
  decideNewTab,
  describePage,
  isSupportedTheme,
  parseStartupParams,
  resolveTheme,
} from '@cashdesk/domain';
import type {
  BodyDataAttributes,
  ClientEnvironment,
  NewTabDecision,
  PageDescription,
  PageParameters,
  ResolvedTheme,
} from '@cashdesk/domain';
import {
  LANGUAGE,
  PREVIOUS_SESSIONS,
  readKey,
  rememberSession,
  THEME,
  writeKey,
} from '../storage/keys';

/** Design themes this build ships CSS for (src/themes). */
export const SUPPORTED_THEMES: readonly string[] = ['brand0', 'brand1'];

/** Languages this build ships complete translations for (src/i18n/locales). */
export const SHIPPED_LANGUAGES = ['en', 'ar', 'uk'] as const;

/** One of {@link SHIPPED_LANGUAGES}. */
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];

/** What the cashier knows before its first render. */
export interface Startup {
  readonly address: string;
  readonly params: PageParameters;
  readonly page: PageDescription;
  readonly theme: ResolvedTheme;
  /**
   * SPEC §2: the main screen is rendered only for a supported design theme: true for a theme
   * this build ships CSS for. The app also renders a theme the brand's appearance answer has
   * (app/appearance.ts themeRenders).
   */
  readonly themeSupported: boolean;
  /** The language asked for (lang query, else the stored language, else en). */
  readonly requestedLanguage: string;
  /** The shipped language used for texts: the requested one, else English. */
  readonly language: ShippedLanguage;
  readonly body: BodyDataAttributes;
  readonly environment: ClientEnvironment;
  readonly newTab: NewTabDecision;
  /** SPEC §2: whether the cashier runs inside a frame (custom iframe mode). */
  readonly inFrame: boolean;
}

/** The browser values start-up reads, passed in so tests can give their own. */
export interface StartupInput {
  readonly address: string;
  readonly windowWidth: number;
  readonly windowHeight: number;
  readonly userAgent: string;
  readonly inFrame: boolean;
}

function shippedLanguage(lang: string): ShippedLanguage {
  const base = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  return SHIPPED_LANGUAGES.find((shipped) => shipped === base) ?? 'en';
}

/** SPEC §1, §2: reads the start-up state from the address and stored values. */
export function readStartup(input: StartupInput): Startup {
  const previous = readKey(PREVIOUS_SESSIONS) ?? [];
  const params = parseStartupParams(input.address, {
    windowWidth: input.windowWidth,
    windowHeight: input.windowHeight,
    storedSessionId: previous[0] ?? null,
  });
  const hasLangParam = new URL(input.address).searchParams.has('lang');
  const storedLanguage = readKey(LANGUAGE);
  const requestedLanguage = hasLangParam ? params.lang : (storedLanguage ?? params.lang);
  const theme = resolveTheme({
    queryTheme: params.theme,
    storedTheme: readKey(THEME),
  });
  const language = shippedLanguage(requestedLanguage);
  return {
    address: input.address,
    params,
    page: describePage(input.address),
    theme,
    themeSupported: isSupportedTheme(theme.theme, SUPPORTED_THEMES),
    requestedLanguage,
    language,
    body: bodyDataAttributes({
      themeName: theme.theme,
      definedTheme: theme.source === 'default' ? null : theme.theme,
      lang: language,
    }),
    environment: decideClientEnvironment({
      xChannel: params.xChannel,
      isForcedMobile: params.isForcedMobile,
      userAgent: input.userAgent,
      width: params.parentWidth,
    }),
    newTab: decideNewTab(input.address),
    inFrame: input.inFrame,
  };
}

/**
 * The theme the appearance call asks for: the one the address or the stored state named, or
 * null when the theme is only the default, so that the server answers the session's own theme
 * (SPEC §2: query, else stored, else the default, which is the brand's default theme).
 */
export function appearanceThemeOf(startup: Startup): string | null {
  return startup.theme.source === 'default' ? null : startup.theme.theme;
}

/**
 * SPEC §2: the default theme is the session's (the brand's default theme, which the appearance
 * answer names when no theme was asked for) rather than brand0. A theme from the query or the
 * stored state is kept; so is the start-up when the session's theme is not a theme name.
 */
export function withSessionTheme(startup: Startup, sessionTheme: string | null): Startup {
  if (startup.theme.source !== 'default') return startup;
  const theme = resolveTheme({ defaultTheme: sessionTheme ?? undefined });
  if (theme.theme === startup.theme.theme) return startup;
  return {
    ...startup,
    theme,
    themeSupported: isSupportedTheme(theme.theme, SUPPORTED_THEMES),
    body: { ...startup.body, themeName: theme.theme },
  };
}

/**
 * SPEC §1, §4, §7: remembers what start-up decided: the session among the last 10 previous
 * sessions, the theme the host asked for (local_theme) and the language (airPmCashierLang).
 */
export function rememberStartup(startup: Startup): void {
  const { sessionId } = startup.params;
  if (sessionId !== null) rememberSession(sessionId);
  if (startup.theme.source === 'query') writeKey(THEME, startup.theme.theme);
  writeKey(LANGUAGE, startup.requestedLanguage);
}

/** SPEC §2: writes the body data attributes (currency, payGroupId, themes, dir). */
export function applyBodyAttributes(body: HTMLElement, attributes: BodyDataAttributes): void {
  const entries: [string, string | undefined][] = [
    ['data-currency', attributes.currency],
    ['data-pay-group-id', attributes.payGroupId],
    ['data-defined-theme', attributes.definedTheme],
    ['data-theme-name', attributes.themeName],
    ['data-dir', attributes.dir],
  ];
  for (const [name, value] of entries) {
    if (value === undefined) body.removeAttribute(name);
    else body.setAttribute(name, value);
  }
  body.dir = attributes.dir;
  body.ownerDocument.documentElement.dir = attributes.dir;
}
