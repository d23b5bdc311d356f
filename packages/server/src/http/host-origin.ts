/**
 * Host origins: the sites allowed to frame the widget. One rule for the operator's
 * FRAME_ANCESTORS (config/security.ts) and each brand's `allowed_host_origins` column, so that whatever
 * reaches the widget page's `frame-ancestors` directive is a plain origin: an http(s) scheme, a
 * host and an optional port, nothing else. No wildcards, paths, queries or credentials: a brand
 * names each site that embeds its cashier.
 *
 * @packageDocumentation
 */

/**
 * The origin of `text` when it is an http(s) origin and nothing more (`https://brand.example`,
 * `http://localhost:8081`; a trailing slash is accepted), else `undefined`. Scheme and host are
 * lower-cased and a default port dropped, as browsers compare them.
 */
export function hostOrigin(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\/[^/?#@\s*]+\/?$/i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** Entries sorted into the origins they name (normalised, each once) and the ones that are not. */
export interface SortedHostOrigins {
  readonly origins: readonly string[];
  readonly refused: readonly string[];
}

/**
 * Sorts `entries` (a brand's stored list, an operator's input) with {@link hostOrigin}: the
 * origins in their first order without repeats, and the entries that are not origins.
 */
export function sortHostOrigins(entries: readonly string[]): SortedHostOrigins {
  const origins: string[] = [];
  const refused: string[] = [];
  for (const entry of entries) {
    const origin = hostOrigin(entry);
    if (origin === undefined) refused.push(entry);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, refused };
}

/**
 * Splits a list of origins separated by commas or white space, e.g. FRAME_ANCESTORS: the origins
 * and the entries that are not origins.
 */
export function parseHostOrigins(text: string): SortedHostOrigins {
  return sortHostOrigins(text.split(/[\s,]+/).filter((part) => part !== ''));
}
