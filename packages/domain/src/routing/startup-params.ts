/**
 * Start-up query parameters (SPEC §2) parsed into the page parameters object. Every value is
 * checked; a bad value falls back to its default and nothing throws.
 *
 * @packageDocumentation
 */
import { DEFAULT_BRAND_SHOWN, DEFAULT_LANGUAGE, PARTNER_BRANDS } from '../constants';
import { addressQuery } from './address';
import type { QueryParams } from './address';
import { sessionIdInPath } from './route-table';

/** SPEC §2: the query parameter names read at start-up. */
export const STARTUP_QUERY_PARAMS = {
  sessionId: 'session_id',
  cashierSessionId: 'cashier_session_id',
  clickstreamId: 'clstrmid',
  payGroup: 'pay_group',
  lang: 'lang',
  user: 'user',
  metrics: 'metrics',
  width: 'width',
  height: 'height',
  merchantRedirectUrl: 'merchant_redirect_url',
  merchantDomain: 'merchant_domain',
  inPopUp: 'in_pop_up',
  closeIcon: 'close_icon',
  mode: 'mode',
  theme: 'theme',
  xChannel: 'xChannel',
  isForcedMobile: 'isForcedMobile',
  cashierInNewTab: 'cashier_in_new_tab',
} as const;

/** SPEC §2: the page parameters object, plus the other start-up parameters as extra fields. */
export interface PageParameters {
  /**
   * From the path of a `/3ds_result/{sessionId}` address, else session_id, else
   * cashier_session_id, else the stored value; `null` if none.
   */
  readonly sessionId: string | null;
  /** Language part of `lang` (lower case), default `en`. */
  readonly lang: string;
  /**
   * The brand of `lang`'s brand part ({@link brandShown}): a partner code's brand, else the part
   * as written; `COM` when `lang` names none.
   */
  readonly brand: string;
  /** pay_group as given (matched later by id or by name). */
  readonly preselectedPayGroupId: string | null;
  readonly userId: string | null;
  readonly clickstreamId: string | null;
  /** metrics as a number, `null` when absent or not a number. */
  readonly metrics: number | null;
  readonly parentWidth: number;
  readonly parentHeight: number;
  readonly merchantRedirectUrl: string | null;
  readonly inPopUp: boolean;
  /** From close_icon. */
  readonly isAlwaysClose: boolean;
  readonly mode: string | null;
  readonly merchantDomain: string | null;
  /** theme as given; checked by {@link resolveTheme}. */
  readonly theme: string | null;
  readonly xChannel: string | null;
  readonly isForcedMobile: boolean;
}

/** SPEC §2: what the start-up parse needs from the environment. */
export interface StartupEnvironment {
  /** The window's inner width, the default parent width. */
  readonly windowWidth: number;
  /** The window's inner height, the default parent height. */
  readonly windowHeight: number;
  /** The session id kept in stored state from an earlier load, if any. */
  readonly storedSessionId?: string | null | undefined;
}

const TRUE_FLAG_VALUES: ReadonlySet<string> = new Set(['', '1', 'true', 'yes', 'on']);

/**
 * SPEC §2: reads a boolean query flag. A flag is on when present with no value (`?in_pop_up`) or
 * with `1`, `true`, `yes` or `on` (any case); absent, `0`, `false` and anything else are off, so a
 * malformed value never switches a mode on by accident.
 */
export function readFlag(params: QueryParams, name: string): boolean {
  const value = params.get(name);
  return value !== undefined && TRUE_FLAG_VALUES.has(value.trim().toLowerCase());
}

/** SPEC §2: a trimmed, non-empty query value, else `null`. */
export function readText(params: QueryParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value === undefined || value === '' ? null : value;
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function readNumber(params: QueryParams, name: string): number | null {
  const text = readText(params, name);
  if (text === null || !PLAIN_NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function readSize(params: QueryParams, name: string, fallback: number): number {
  const value = readNumber(params, name);
  return value !== null && value > 0 ? value : fallback;
}

const LANGUAGE_PATTERN = /^[a-z]{2,3}$/i;
const BRAND_PATTERN = /^[a-z0-9_]+$/i;

/** SPEC §2: language and brand read from `lang`. */
export interface LangAndBrand {
  readonly lang: string;
  readonly brand: string | null;
}

/**
 * SPEC §2: splits `lang` of the form lang-brand (`en-XX`): the first part is the language (two or
 * three letters, lower-cased), the rest the brand. A missing or malformed language gives the
 * default `en`; a malformed brand gives `null`.
 *
 * @example parseLangParam('en-XX') // { lang: 'en', brand: 'XX' }
 * @example parseLangParam('DE') // { lang: 'de', brand: null }
 * @example parseLangParam('12-XX') // { lang: 'en', brand: 'XX' }
 */
export function parseLangParam(value: string | null | undefined): LangAndBrand {
  const text = value?.trim() ?? '';
  const dash = text.indexOf('-');
  const language = dash === -1 ? text : text.slice(0, dash);
  const brand = dash === -1 ? '' : text.slice(dash + 1);
  return {
    lang: LANGUAGE_PATTERN.test(language) ? language.toLowerCase() : DEFAULT_LANGUAGE,
    brand: BRAND_PATTERN.test(brand) ? brand : null,
  };
}

/**
 * SPEC §2, §9: the brand a `lang` brand part stands for. A partner code (any case) is its brand
 * (PARTNER_BRANDS: one to brand6, one to brand1, two to brand8); any other part is the brand as
 * written; no part is the default brand shown, `COM`.
 *
 * @example brandShown('spx') // 'brand6'
 * @example brandShown('brand0') // 'brand0'
 * @example brandShown(null) // 'COM'
 */
export function brandShown(part: string | null): string {
  if (part === null) return DEFAULT_BRAND_SHOWN;
  const code = part.toUpperCase();
  return Object.hasOwn(PARTNER_BRANDS, code) ? (PARTNER_BRANDS[code] ?? part) : part;
}

function storedSessionOf(environment: StartupEnvironment): string | null {
  const stored = environment.storedSessionId?.trim();
  return stored === undefined || stored === '' ? null : stored;
}

function sizeOr(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * SPEC §2: the page parameters of the widget's address. The session id is taken from the last
 * path segment of an address shaped to carry it (SPEC §7, {@link sessionIdInPath}), else
 * session_id, else cashier_session_id, else the stored value. Width and height default to the
 * window size when absent or not a positive number (a bad window size gives 0). metrics is a
 * number or `null`.
 */
export function parseStartupParams(
  address: unknown,
  environment: StartupEnvironment,
): PageParameters {
  const params = addressQuery(address);
  const names = STARTUP_QUERY_PARAMS;
  const { lang, brand } = parseLangParam(params.get(names.lang));
  return {
    sessionId:
      sessionIdInPath(address) ??
      readText(params, names.sessionId) ??
      readText(params, names.cashierSessionId) ??
      storedSessionOf(environment),
    lang,
    brand: brandShown(brand),
    preselectedPayGroupId: readText(params, names.payGroup),
    userId: readText(params, names.user),
    clickstreamId: readText(params, names.clickstreamId),
    metrics: readNumber(params, names.metrics),
    parentWidth: readSize(params, names.width, sizeOr(environment.windowWidth, 0)),
    parentHeight: readSize(params, names.height, sizeOr(environment.windowHeight, 0)),
    merchantRedirectUrl: readText(params, names.merchantRedirectUrl),
    inPopUp: readFlag(params, names.inPopUp),
    isAlwaysClose: readFlag(params, names.closeIcon),
    mode: readText(params, names.mode),
    merchantDomain: readText(params, names.merchantDomain),
    theme: readText(params, names.theme),
    xChannel: readText(params, names.xChannel),
    isForcedMobile: readFlag(params, names.isForcedMobile),
  };
}
