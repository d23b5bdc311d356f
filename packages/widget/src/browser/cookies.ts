/**
 * The page's cookies, never throwing: a sandboxed frame or a browser that blocks cookies throws on
 * `document.cookie`, and what the cashier keeps there is a convenience only (SPEC §9 analytics
 * cookie).
 *
 * @packageDocumentation
 */

/** The page's cookie header (`name=value; …`), or `''` when cookies are unavailable. */
export function readCookies(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

/** Writes one cookie (`name=value; Max-Age=…`); silently does nothing when cookies are blocked. */
export function writeCookie(cookie: string): void {
  try {
    document.cookie = cookie;
  } catch {
    // Blocked: the cookie is a convenience only.
  }
}

/** Whether the page is a secure context (https), where a cookie may be Secure. */
export function isSecurePage(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext;
}
