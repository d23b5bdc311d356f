/**
 * Merchant URLs (SPEC §2 redirect after finishing): checking a URL that came from the host or the
 * server before the widget navigates to it, and the redirect helper that builds a merchant URL.
 * The URL standard (`URL`) does the parsing; this module only decides which parsed URLs are
 * acceptable and always returns the standard's serialisation, so the string the widget navigates
 * to is exactly the one that was checked.
 *
 * @packageDocumentation
 */
import { DEFAULT_LANGUAGE } from '../constants';
import { parseUrl, resolveAddress } from './address';

const WEB_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/**
 * White space, control characters and `\` are refused anywhere in a merchant URL. The URL
 * standard drops tabs and newlines and reads `\` as `/`, while RFC 3986 parsers on servers and in
 * allow-lists do not: such characters are the usual way to make two parsers disagree about where
 * a URL goes, and a merchant's real URL never contains them unencoded.
 */
const SUSPECT_CHARACTER = /[\s\p{Cc}\\]/u;

/** A host name label after IDN to punycode: letters, digits, `-` and `_` (used in real names). */
const HOST_LABEL = /^[a-z0-9_-]+$/;

/**
 * `localhost:3000/back` has no scheme, but the URL standard reads `localhost` as one with the
 * opaque path `3000/back`. A real scheme is followed by `//` or by text such as `alert(1)`, never
 * by a port number, so an opaque path that starts with a digit marks a scheme-less host and port.
 */
const PORT_START = /^\d/;

/** Reads the URL, giving https to a scheme-less one (`host/path`, `//host/path`, `host:port`). */
function withDefaultScheme(text: string): URL | null {
  const resolved = resolveAddress(text);
  if (resolved === null) return null;
  const { url, form } = resolved;
  // A scheme-relative address is resolved against an https base, so it already has https.
  if (form === 'scheme-relative') return url;
  // `/back` is a path on the cashier's own site, not a merchant's host.
  if (form === 'path') return text.startsWith('/') ? null : parseUrl(`https://${text}`);
  return PORT_START.test(url.pathname) ? parseUrl(`https://${text}`) : url;
}

/** Every label non-empty and plain (so `..`, `.a` and `a..b` are refused), or an IPv6 literal. */
function isHostName(hostname: string): boolean {
  return hostname.startsWith('[') || hostname.split('.').every((label) => HOST_LABEL.test(label));
}

function merchantUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || SUSPECT_CHARACTER.test(text)) return null;
  const url = withDefaultScheme(text);
  if (url === null || !WEB_PROTOCOLS.has(url.protocol)) return null;
  // `https://merchant.com@evil.com` goes to evil.com while showing the merchant's name.
  if (url.username !== '' || url.password !== '') return null;
  return isHostName(url.hostname) ? url : null;
}

/**
 * SPEC §2: a merchant URL checked for navigation. The value is trimmed and read by the URL
 * standard; `https://` is added when there is no scheme (`//host` gets `https:` too, and
 * `host:port/...` counts as scheme-less). It gives `null`, so that a crafted
 * merchant_redirect_url can neither run script in the cashier's origin nor disguise its target,
 * for:
 * - any scheme but http and https (`javascript:`, `data:`, `ftp:` ...);
 * - user-info (`https://merchant.com@evil.com`, `https://user:pw@host`): decision: refused
 *   outright rather than stripped, since no merchant return URL needs it and it exists only to
 *   mislead. A bare `@` with nothing before it is dropped by the standard and accepted;
 * - white space, control characters or `\` anywhere (see the note on the rule);
 * - a missing or empty host or host label (`https://`, `/back`, `../back`, `https://a..b`), or a
 *   host with characters outside letters, digits, `-` and `_`;
 * - anything the URL standard cannot parse (a bad port, a forbidden host character).
 *
 * The result is the standard's serialisation: scheme and host lower-cased, IDN hosts as punycode,
 * default ports dropped, a root path `/` added, dot segments resolved and unsafe characters
 * percent-encoded. Callers must navigate to the returned string, never to the raw value.
 *
 * @example normaliseMerchantUrl('casino.example.com/en?x=1') // 'https://casino.example.com/en?x=1'
 * @example normaliseMerchantUrl('https://bücher.example:443') // 'https://xn--bcher-kva.example/'
 * @example normaliseMerchantUrl('javascript:alert(1)') // null
 */
export function normaliseMerchantUrl(value: unknown): string | null {
  return merchantUrl(value)?.href ?? null;
}

/** SPEC §2: options of {@link buildMerchantUrl}. */
export interface MerchantUrlOptions {
  /** Whether the URL is for an error; errors get `/{lang}/deposit` appended. */
  readonly isError?: boolean | undefined;
  /** Language of the error segment; a malformed one gives the default `en`. */
  readonly lang?: string | null | undefined;
}

const LANGUAGE_PATTERN = /^[a-z]{2,3}$/i;

/**
 * SPEC §2: the redirect helper. It keeps the first four pieces of the URL split on `/` (scheme,
 * the empty piece, host and the first path segment: the origin and one path segment) and drops
 * the rest with the query and hash; adds https if there is no scheme; and for errors appends a
 * language segment followed by `deposit`. Input refused by {@link normaliseMerchantUrl} gives
 * `null`; the result is the URL standard's serialisation, as there.
 *
 * @example buildMerchantUrl('https://casino.example.com/en/account/wallet?tab=1')
 *   // 'https://casino.example.com/en'
 * @example buildMerchantUrl('casino.example.com') // 'https://casino.example.com/'
 * @example buildMerchantUrl('https://casino.example.com/sport/x', { isError: true, lang: 'de' })
 *   // 'https://casino.example.com/sport/de/deposit'
 */
export function buildMerchantUrl(value: unknown, options: MerchantUrlOptions = {}): string | null {
  const url = merchantUrl(value);
  if (url === null) return null;
  const [first] = url.pathname.split('/').filter((segment) => segment !== '');
  const kept = first === undefined ? [] : [first];
  if (options.isError === true) {
    const lang = options.lang?.trim() ?? '';
    kept.push(LANGUAGE_PATTERN.test(lang) ? lang.toLowerCase() : DEFAULT_LANGUAGE, 'deposit');
  }
  return new URL(`/${kept.join('/')}`, url.origin).href;
}
