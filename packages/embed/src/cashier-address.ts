/**
 * The widget address the iframe opens (SPEC §2 start-up query parameters), and the URL checks the
 * SDK applies to addresses it is given.
 *
 * @packageDocumentation
 */
import { DEFAULT_LANGUAGE, HOST_ORIGIN_PARAM, STARTUP_QUERY_PARAMS } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';

/**
 * SPEC §2: the start-up query parameters a host may pass, named as the domain's
 * `STARTUP_QUERY_PARAMS` keys. Flags are sent as `1` when true and left out otherwise.
 */
export interface CashierQueryOptions {
  /**
   * theme: a theme name (SPEC §1), e.g. `brand0`, or one of the brand's own themes. Leave it out
   * to show the session's theme, which is the brand's default theme unless the operator named
   * another when it created the session; a theme given here wins over it (SPEC §2).
   */
  readonly theme?: string | undefined;
  /** pay_group: the pay group to preselect, by id or by name (SPEC §2, §4). */
  readonly payGroup?: string | number | undefined;
  /** user: the player id. */
  readonly user?: string | undefined;
  /** clstrmid: the clickstream id. */
  readonly clickstreamId?: string | undefined;
  /** metrics: send performance metrics unless absent or 0 (SPEC §7). */
  readonly metrics?: number | undefined;
  /** merchant_redirect_url: where to go after finishing (SPEC §2). */
  readonly merchantRedirectUrl?: string | undefined;
  /** merchant_domain. */
  readonly merchantDomain?: string | undefined;
  /** in_pop_up: the cashier runs in a pop-up. */
  readonly inPopUp?: boolean | undefined;
  /** close_icon: always show the close icon. */
  readonly closeIcon?: boolean | undefined;
  /** mode (SPEC §2 modes). */
  readonly mode?: string | undefined;
  /** xChannel: a channel value of SPEC §1, e.g. `MOBILE_WEB`. */
  readonly xChannel?: string | undefined;
  /** isForcedMobile: use the mobile layout whatever the width. */
  readonly isForcedMobile?: boolean | undefined;
}

/** Everything {@link buildCashierAddress} reads. */
export interface CashierAddressOptions extends CashierQueryOptions {
  /** The widget's base address, e.g. `https://cashier.example.com`; must be http(s). */
  readonly url: string;
  /** The session id, sent as session_id (SPEC §1, §2). */
  readonly sessionId: string;
  /** SPEC §2: `/deposit` (default) or `/withdrawal`. */
  readonly flow?: PaymentFlow | undefined;
  /** Language of the lang parameter, e.g. `en` (default `en` when only a brand is given). */
  readonly lang?: string | undefined;
  /** Brand of the lang parameter: lang is sent as lang-brand, e.g. `en-brand0` (SPEC §2). */
  readonly brand?: string | undefined;
  /** width of the parent (SPEC §2), in CSS pixels; left out unless positive. */
  readonly parentWidth?: number | undefined;
  /** height of the parent (SPEC §2), in CSS pixels; left out unless positive. */
  readonly parentHeight?: number | undefined;
  /**
   * The host page's origin, sent as `host_origin` so that the widget posts its messages to that
   * origin only (browsers without `location.ancestorOrigins`); left out unless http(s).
   */
  readonly hostOrigin?: string | undefined;
}

const PASSED_THROUGH = [
  'theme',
  'payGroup',
  'user',
  'clickstreamId',
  'metrics',
  'merchantRedirectUrl',
  'merchantDomain',
  'inPopUp',
  'closeIcon',
  'mode',
  'xChannel',
  'isForcedMobile',
] as const satisfies readonly (keyof CashierQueryOptions & keyof typeof STARTUP_QUERY_PARAMS)[];

/**
 * An absolute http(s) address, or `null`. Relative addresses resolve against `base`. Any other
 * scheme (`javascript:`, `data:`, `blob:`, `file:`) gives `null`; the check runs on the parsed
 * scheme, so tricks such as `java\tscript:` or leading spaces do not get through.
 */
export function httpUrl(address: string, base?: string): URL | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

function queryText(value: string | number | boolean | undefined): string | null {
  if (typeof value === 'boolean') return value ? '1' : null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

function sizeText(value: number | undefined): string | null {
  return value !== undefined && Number.isFinite(value) && value > 0
    ? String(Math.round(value))
    : null;
}

/**
 * SPEC §2: the address that opens the cashier: the base address's path plus `/deposit` or
 * `/withdrawal`, and the query built with `URLSearchParams`: session_id, lang as lang-brand,
 * width and height of the parent, then theme, pay_group and the other start-up parameters given,
 * and host_origin.
 * Parameters already in the base address's query are kept unless one of these replaces them; its
 * fragment is dropped. The session id goes in the query only, as SPEC §2 reads it.
 *
 * @throws {TypeError} when `url` is not an absolute http(s) address or `sessionId` is blank.
 *
 * @example buildCashierAddress({ url: 'https://cashier.example.com', sessionId: 's1',
 *   lang: 'en', brand: 'brand0' })
 *   // 'https://cashier.example.com/deposit?session_id=s1&lang=en-brand0'
 */
export function buildCashierAddress(options: CashierAddressOptions): URL {
  const address = httpUrl(options.url);
  if (address === null) throw new TypeError('Cashdesk: url must be an absolute http(s) address');
  const sessionId = options.sessionId.trim();
  if (sessionId === '') throw new TypeError('Cashdesk: sessionId is required');
  const names = STARTUP_QUERY_PARAMS;
  address.hash = '';
  address.pathname = `${address.pathname.replace(/\/+$/, '')}/${options.flow ?? 'deposit'}`;
  const params = address.searchParams;
  params.delete(names.cashierSessionId);
  params.set(names.sessionId, sessionId);
  const lang = queryText(options.lang);
  const brand = queryText(options.brand);
  if (brand !== null) params.set(names.lang, `${lang ?? DEFAULT_LANGUAGE}-${brand}`);
  else if (lang !== null) params.set(names.lang, lang);
  const width = sizeText(options.parentWidth);
  if (width !== null) params.set(names.width, width);
  const height = sizeText(options.parentHeight);
  if (height !== null) params.set(names.height, height);
  for (const key of PASSED_THROUGH) {
    const text = queryText(options[key]);
    if (text !== null) params.set(names[key], text);
  }
  const hostOrigin = httpUrl(options.hostOrigin ?? '')?.origin;
  if (hostOrigin !== undefined) params.set(HOST_ORIGIN_PARAM, hostOrigin);
  return address;
}
