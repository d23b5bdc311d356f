/**
 * The display parameters of the cashier's address (SPEC §2 start-up): the start-up query
 * parameters that say how and where the cashier is shown. Every address that brings the player
 * back to the cashier after a provider's page (the alternative payment's return, the 3-D Secure
 * return) carries them, so the cashier comes back in the player's language, direction and theme,
 * at the parent's size, talking to the same host page. The widget reads them from its own address
 * ({@link displayParamsOf}) and sends them with a deposit; the server writes them into the return
 * addresses it gives the provider ({@link withDisplayParams}).
 *
 * @packageDocumentation
 */
import { addressQuery, addressText, setQueryParam } from './address';
import type { AddressInput } from './address';
import { HOST_ORIGIN_PARAM } from './host-origin';
import { STARTUP_QUERY_PARAMS } from './startup-params';

const NAMES = STARTUP_QUERY_PARAMS;

/**
 * SPEC §2: the start-up parameters a return address carries: lang, theme, the parent's width and
 * height, the host page's origin, the modes (in_pop_up, close_icon, mode, xChannel,
 * isForcedMobile), the merchant's redirect URL and domain, metrics, the clickstream id and the
 * user.
 *
 * Not carried: session_id and cashier_session_id (a return address names its session itself),
 * pay_group (a preselection the first start-up has used; on return it would choose the method
 * again) and cashier_in_new_tab (an instruction to the first start-up only).
 */
export const DISPLAY_QUERY_PARAMS = [
  NAMES.lang,
  NAMES.theme,
  NAMES.width,
  NAMES.height,
  HOST_ORIGIN_PARAM,
  NAMES.inPopUp,
  NAMES.closeIcon,
  NAMES.mode,
  NAMES.xChannel,
  NAMES.isForcedMobile,
  NAMES.merchantRedirectUrl,
  NAMES.merchantDomain,
  NAMES.metrics,
  NAMES.clickstreamId,
  NAMES.user,
] as const;

/** One of {@link DISPLAY_QUERY_PARAMS}. */
export type DisplayParamName = (typeof DISPLAY_QUERY_PARAMS)[number];

/** Display parameters by name, each as written in the address. */
export type DisplayParams = { readonly [Name in DisplayParamName]?: string | undefined };

/** The longest display parameter value carried, in characters: a merchant redirect URL fits. */
export const MAX_DISPLAY_PARAM_LENGTH = 1024;

/**
 * The most characters the display parameters add to a return address (encoded), so that it stays
 * well inside what browsers and providers accept (the provider protocol takes 4096).
 */
export const MAX_DISPLAY_QUERY_LENGTH = 2048;

/**
 * SPEC §2: the display parameters of an address: each one present in the query (the first
 * occurrence, as start-up reads it) with a value of at most {@link MAX_DISPLAY_PARAM_LENGTH}
 * characters. An empty value is kept: a bare flag (`?in_pop_up`) is on.
 *
 * @example displayParamsOf('/deposit?session_id=s1&lang=ar-brand0&theme=brand1&pay_group=7')
 *   // { lang: 'ar-brand0', theme: 'brand1' }
 */
export function displayParamsOf(address: unknown): DisplayParams {
  const query = addressQuery(address);
  const params: Partial<Record<DisplayParamName, string>> = {};
  for (const name of DISPLAY_QUERY_PARAMS) {
    const value = query.get(name);
    if (value !== undefined && value.length <= MAX_DISPLAY_PARAM_LENGTH) params[name] = value;
  }
  return params;
}

/**
 * SPEC §2: a return address with the display parameters set, in {@link DISPLAY_QUERY_PARAMS}
 * order after the parameters it has (session and transaction); each replaces a parameter of the
 * same name. Values longer than {@link MAX_DISPLAY_PARAM_LENGTH} are left out, and so is one that
 * would make the display parameters longer than {@link MAX_DISPLAY_QUERY_LENGTH} (lang and theme
 * come first). Input that is no address comes back as its trimmed text.
 *
 * @example withDisplayParams('https://c.example/deposit/deposit-success?transaction_id=t1',
 *   { lang: 'ar-brand0', theme: 'brand0' })
 *   // 'https://c.example/deposit/deposit-success?transaction_id=t1&lang=ar-brand0&theme=brand0'
 */
export function withDisplayParams(address: AddressInput, params: DisplayParams): string {
  const start = addressText(address) ?? '';
  let result = start;
  for (const name of DISPLAY_QUERY_PARAMS) {
    const value = params[name];
    if (value === undefined || value.length > MAX_DISPLAY_PARAM_LENGTH) continue;
    const next = setQueryParam(result, name, value);
    if (next.length - start.length <= MAX_DISPLAY_QUERY_LENGTH) result = next;
  }
  return result;
}
