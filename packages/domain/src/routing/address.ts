/**
 * Reading and editing addresses (SPEC §1, §2: everything the widget decides at start-up is read
 * from its own address). Parsing is the WHATWG URL standard's (`URL`, `URLSearchParams`), so the
 * rules see an address exactly as the browser that navigates to it does: tabs and newlines are
 * dropped, `\` counts as `/` in http(s) addresses, hosts are lower-cased and IDN hosts become
 * punycode, default ports are dropped, dot segments are resolved and characters that may not
 * appear raw are percent-encoded.
 *
 * @packageDocumentation
 */

/**
 * SPEC §1, §2: an address as the rules accept it: a string, or anything with an `href` (a
 * `URL`, `window.location`), so the widget can pass what it has without converting.
 */
export type AddressInput = string | { readonly href: string };

/** SPEC §2: the parts of an address the rules read, as the URL standard serialises them. */
export interface ParsedAddress {
  /** Lower-case scheme without the colon, or `null` for a relative address. */
  readonly scheme: string | null;
  /**
   * Host with a non-default port (lower-cased, IDN as punycode, no user-info), or `null` when the
   * address has no host (a relative path, or a scheme such as `javascript:` with no authority).
   */
  readonly host: string | null;
  /**
   * The path, percent-encoded. For http(s) and relative addresses it always starts with `/`
   * (a relative path is resolved against the root, dot segments removed); for an address with an
   * opaque path (`javascript:alert(1)`) it is that path.
   */
  readonly path: string;
  /** The query without the leading `?` (percent-encoded). */
  readonly query: string;
  /** The fragment without the leading `#` (percent-encoded). */
  readonly hash: string;
}

/**
 * Base for reading relative addresses. `.invalid` is reserved (RFC 6761), so no real address
 * has this host and a host equal to it can only have come from the base. It is https because
 * the widget is served over https: a scheme-relative address gets the default port the browser
 * would give it.
 */
const RELATIVE_BASE = 'https://cashdesk.invalid';
const RELATIVE_BASE_HOST = 'cashdesk.invalid';

/**
 * SPEC §2: the one place a `URL` is constructed. `new URL` throws on input it cannot parse; this
 * turns that into `null` so every reader stays total. (`URL.parse` does the same but is missing
 * from Node 20 and from browsers older than 2024, which still embed the cashier.)
 */
export function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/** How an address was written, so an edited address can be given back in the same form. */
type AddressForm = 'absolute' | 'scheme-relative' | 'path';

/** SPEC §2: an address read by the URL standard, with the form it was written in. */
export interface ResolvedAddress {
  /** The parsed address; a relative one is resolved against a placeholder base. */
  readonly url: URL;
  /** `absolute` (has a scheme), `scheme-relative` (`//host/...`) or `path` (no host). */
  readonly form: AddressForm;
}

/** SPEC §2: the trimmed text of an address input; `null` for anything that is not one. */
export function addressText(input: unknown): string | null {
  if (typeof input === 'string') return input.trim();
  if (typeof input === 'object' && input !== null && 'href' in input) {
    const href: unknown = input.href;
    return typeof href === 'string' ? href.trim() : null;
  }
  return null;
}

/**
 * SPEC §2: reads an address with the URL standard, absolute if it has a scheme, otherwise
 * relative to a placeholder base. `null` for input that is no address (not a string, empty, or
 * rejected by the standard, such as a host with a space in it).
 */
export function resolveAddress(input: unknown): ResolvedAddress | null {
  const text = addressText(input);
  if (text === null || text === '') return null;
  const absolute = parseUrl(text);
  if (absolute !== null) return { url: absolute, form: 'absolute' };
  const relative = parseUrl(text, RELATIVE_BASE);
  if (relative === null) return null;
  return {
    url: relative,
    form: relative.host === RELATIVE_BASE_HOST ? 'path' : 'scheme-relative',
  };
}

/** The address in the form it was written in: a path stays a path, `//host` keeps no scheme. */
function serialise({ url, form }: ResolvedAddress): string {
  if (form === 'absolute') return url.href;
  if (form === 'scheme-relative') return url.href.slice(url.protocol.length);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * SPEC §2: splits an address into scheme, host, path, query and hash as the URL standard reads
 * them. Returns `null` for input that is not an address (see {@link resolveAddress}).
 *
 * @example parseAddress('https://Pay.Example.com/deposit?lang=en#x')
 *   // { scheme: 'https', host: 'pay.example.com', path: '/deposit', query: 'lang=en', hash: 'x' }
 * @example parseAddress('withdrawal/visa') // { scheme: null, host: null, path: '/withdrawal/visa', ... }
 */
export function parseAddress(input: unknown): ParsedAddress | null {
  const resolved = resolveAddress(input);
  if (resolved === null) return null;
  const { url, form } = resolved;
  return {
    scheme: form === 'absolute' ? url.protocol.slice(0, -1) : null,
    host: form === 'path' || url.host === '' ? null : url.host,
    path: url.pathname,
    query: url.search.slice(1),
    hash: url.hash.slice(1),
  };
}

/**
 * SPEC §2: the path of an address, or `''` when the input is no address. A bare path is its own
 * path, so callers may pass either a full address or `location.pathname`.
 */
export function addressPath(input: unknown): string {
  return parseAddress(input)?.path ?? '';
}

/**
 * SPEC §2: decodes one percent-encoded path component; a malformed escape is kept as written
 * instead of throwing (bad start-up values never throw).
 */
export function safeDecode(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

/**
 * SPEC §2: the non-empty segments of a path, percent-decoded.
 *
 * @example pathSegments('/deposit//visa/') // ['deposit', 'visa']
 */
export function pathSegments(path: string): readonly string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
}

/** SPEC §2: query parameters by name; the first occurrence of a repeated name wins. */
export type QueryParams = ReadonlyMap<string, string>;

function firstOccurrences(params: URLSearchParams): QueryParams {
  const byName = new Map<string, string>();
  for (const [name, value] of params) {
    if (!byName.has(name)) byName.set(name, value);
  }
  return byName;
}

/**
 * SPEC §2: reads query parameters from a raw query string (`location.search`, with or without
 * the leading `?`) as `URLSearchParams` does: `+` reads as a space, escapes are decoded (an
 * invalid UTF-8 escape becomes U+FFFD, a malformed one stays as written). The first occurrence of
 * a repeated name wins, as `URLSearchParams.get` does. Never throws.
 */
export function parseQuery(search: string): QueryParams {
  return firstOccurrences(new URLSearchParams(search));
}

/** SPEC §2: the query parameters of a whole address; empty for input that is no address. */
export function addressQuery(input: unknown): QueryParams {
  const resolved = resolveAddress(input);
  return resolved === null
    ? new Map<string, string>()
    : firstOccurrences(resolved.url.searchParams);
}

/** SPEC §2: whether the address's query names the parameter (with or without a value). */
export function hasQueryParam(input: unknown, name: string): boolean {
  return addressQuery(input).has(name);
}

/**
 * Applies a change to the query of an address and gives it back in the form it was written in.
 * Input that is no address comes back as its trimmed text.
 */
function editQuery(input: AddressInput, edit: (params: URLSearchParams) => void): string {
  const resolved = resolveAddress(input);
  if (resolved === null) return addressText(input) ?? '';
  edit(resolved.url.searchParams);
  return serialise(resolved);
}

/**
 * SPEC §2: the address with another path, in the form it was written in; query and hash stay.
 * Input that is no address comes back as its trimmed text.
 *
 * @example setAddressPath('https://a.b/deposit/deposit-success?x=1', '/deposit')
 *   // 'https://a.b/deposit?x=1'
 */
export function setAddressPath(input: AddressInput, path: string): string {
  const resolved = resolveAddress(input);
  if (resolved === null) return addressText(input) ?? '';
  resolved.url.pathname = path;
  return serialise(resolved);
}

/**
 * SPEC §2: the address without every occurrence of a query parameter (names are compared after
 * decoding, so `dr%6Fp` is `drop`). When the parameter is there, the remaining parameters keep
 * their order and values but are re-encoded as `URLSearchParams` writes them (a space as `+`, a
 * bare `flag` as `flag=`); a query left empty loses its `?`. A relative address stays relative.
 *
 * @example removeQueryParam('https://a.b/deposit?x=1&cashier_in_new_tab=1#h', 'cashier_in_new_tab')
 *   // 'https://a.b/deposit?x=1#h'
 */
export function removeQueryParam(input: AddressInput, name: string): string {
  return editQuery(input, (params) => {
    // delete() re-encodes the whole query even when nothing matched; an untouched query keeps its form.
    if (params.has(name)) params.delete(name);
  });
}

/**
 * SPEC §2: the address with a query parameter appended (form-encoded, as `URLSearchParams` does).
 * An existing value is left alone unless `replace` is set, in which case earlier occurrences are
 * removed first. Input that is no address comes back as its trimmed text, unchanged.
 */
export function setQueryParam(
  input: AddressInput,
  name: string,
  value: string,
  replace = true,
): string {
  return editQuery(input, (params) => {
    if (!replace && params.has(name)) return;
    if (params.has(name)) params.delete(name);
    params.append(name, value);
  });
}
