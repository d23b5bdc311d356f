/**
 * Which origin the widget's messages to its host go to. SPEC §1 posts them to any origin; the
 * widget narrows that to the host page's origin when it can tell it, so that a payment result
 * reaches the page that embeds the cashier and no other.
 *
 * @packageDocumentation
 */
import { addressQuery } from './address';

/**
 * The query parameter in which the embed SDK names the host page's origin (designed; not in
 * SPEC §2). The browser's own answer wins when it has one (see {@link hostOriginOf}).
 */
export const HOST_ORIGIN_PARAM = 'host_origin';

/** What {@link hostOriginOf} reads. */
export interface HostOriginInput {
  /**
   * `location.ancestorOrigins` (Chromium and WebKit): the parent's origin first. `"null"` when
   * the browser hides it (an iframe with `referrerpolicy="no-referrer"`).
   */
  readonly ancestorOrigins?: ArrayLike<string> | null | undefined;
  /** The widget's own address, whose query may carry {@link HOST_ORIGIN_PARAM}. */
  readonly address: string;
}

/** The origin of an absolute http(s) address, or `null`. */
function httpOrigin(text: string | undefined): string | null {
  if (text === undefined) return null;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The host page's origin: the parent's entry of `ancestorOrigins` when the browser gives one (it
 * cannot be forged), else the {@link HOST_ORIGIN_PARAM} query parameter when it is an http(s)
 * origin, else `null` (unknown). A wrong parameter costs nothing but the messages: the browser
 * delivers a message only when the target origin is the parent's real one.
 *
 * @example hostOriginOf({ ancestorOrigins: ['https://brand.example'], address: '/deposit' })
 *   // 'https://brand.example'
 */
export function hostOriginOf(input: HostOriginInput): string | null {
  const parent = input.ancestorOrigins?.[0];
  const fromBrowser = httpOrigin(parent);
  if (fromBrowser !== null) return fromBrowser;
  return httpOrigin(addressQuery(input.address).get(HOST_ORIGIN_PARAM));
}
