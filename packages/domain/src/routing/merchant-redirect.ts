/**
 * Where the widget sends the player when they finish (SPEC §2 redirect after finishing): the
 * page-based order and the withdrawal-close order, as pure choices over the candidate URLs.
 *
 * @packageDocumentation
 */
import { matchRoute } from './route-table';
import { buildMerchantUrl, normaliseMerchantUrl } from './merchant-url';
import { statusPageOf } from './path-fragments';

/** SPEC §2: which merchant URL a page's outcome asks for. */
export type FinishPage = 'success' | 'fail' | 'processing' | 'other';

const FINISH_BY_ROUTE: ReadonlyMap<string, FinishPage> = new Map<string, FinishPage>([
  ['account-management-status-success', 'success'],
  ['account-management-support', 'success'],
  ['account-management-status-error', 'fail'],
]);

/**
 * SPEC §2: the outcome a page stands for: success and charity-success result pages and the
 * account-management support and status-success pages are `success`; error result pages and the
 * account-management status-error page are `fail`; the processing page is `processing`, and so is
 * the await page (decision: a payment awaiting confirmation is still in progress, so the
 * merchant's processing page fits it better than its generic one). Everything else is `other`.
 */
export function finishPageOf(address: unknown): FinishPage {
  const status = statusPageOf(address)?.status;
  if (status === 'success' || status === 'charity-success') return 'success';
  if (status === 'error') return 'fail';
  if (status === 'processing' || status === 'await') return 'processing';
  const routeId = matchRoute(address)?.routeId;
  return (routeId === undefined ? undefined : FINISH_BY_ROUTE.get(routeId)) ?? 'other';
}

/** SPEC §2: the candidate URLs of a redirect after finishing. Missing ones are skipped. */
export interface MerchantRedirectSources {
  /** merchant_success_url (cashier response or stored). */
  readonly successUrl?: string | null | undefined;
  /** merchant_fail_url. */
  readonly failUrl?: string | null | undefined;
  /** merchant_processing_url. */
  readonly processingUrl?: string | null | undefined;
  /** The merchant_redirect_url query parameter. */
  readonly queryRedirectUrl?: string | null | undefined;
  /** The merchant_domain query parameter (a bare host gets https). */
  readonly merchantDomain?: string | null | undefined;
  /** The merchant URL kept in state (merchantUrl, or the stored merchant_url). */
  readonly merchantUrl?: string | null | undefined;
  /** The widget page's own origin, the last resort of the close order. */
  readonly ownOrigin?: string | null | undefined;
}

/** SPEC §2: the source a chosen URL came from. */
export type MerchantRedirectSource = keyof MerchantRedirectSources;

/** SPEC §2: the chosen redirect URL (already normalised) and its source. */
export interface MerchantRedirectChoice {
  readonly url: string;
  readonly source: MerchantRedirectSource;
}

/** SPEC §2: what the redirect helper needs to build a merchant URL for a page. */
export interface MerchantRedirectOptions {
  /** The player's language, the helper's language segment on errors (default en). */
  readonly lang?: string | null | undefined;
  /** The page is an error page: the helper appends `/{lang}/deposit` to the merchant's URLs. */
  readonly isError?: boolean | undefined;
}

/**
 * The merchant's own outcome URLs (success, fail, processing) and the page's own origin are used
 * as given; the merchant's general URLs (the query redirect, the domain, the merchant URL) go
 * through the redirect helper, {@link buildMerchantUrl}.
 */
const HELPER_SOURCES: ReadonlySet<MerchantRedirectSource> = new Set<MerchantRedirectSource>([
  'queryRedirectUrl',
  'merchantDomain',
  'merchantUrl',
]);

function firstValid(
  sources: MerchantRedirectSources,
  order: readonly MerchantRedirectSource[],
  options: MerchantRedirectOptions,
): MerchantRedirectChoice | null {
  for (const source of order) {
    const url = HELPER_SOURCES.has(source)
      ? buildMerchantUrl(sources[source], options)
      : normaliseMerchantUrl(sources[source]);
    if (url !== null) return { url, source };
  }
  return null;
}

const PAGE_URL: Readonly<Record<FinishPage, MerchantRedirectSource | null>> = {
  success: 'successUrl',
  fail: 'failUrl',
  processing: 'processingUrl',
  other: null,
};

/**
 * SPEC §2: the page-based order. The merchant success URL on success pages, the fail URL on error
 * pages, the processing URL on the processing page; otherwise (or when that URL is missing or not
 * a safe web URL) the merchant_redirect_url query parameter, then the merchant URL in state, both
 * built by the redirect helper ({@link buildMerchantUrl}: their first four path pieces, with the
 * player's language and `deposit` after them on an error page). `null` when no candidate is
 * usable.
 */
export function chooseFinishRedirect(
  page: FinishPage,
  sources: MerchantRedirectSources,
  lang?: string | null,
): MerchantRedirectChoice | null {
  const first = PAGE_URL[page];
  const order: MerchantRedirectSource[] = first === null ? [] : [first];
  order.push('queryRedirectUrl', 'merchantUrl');
  return firstValid(sources, order, { lang, isError: page === 'fail' });
}

/**
 * SPEC §2: the withdrawal-close order: processing, success, query redirect, domain, stored
 * merchant URL, then the page's own origin. With `successFirst` set, success comes before
 * processing (the spec's success-first order); the rest is unchanged. The query redirect, the
 * domain and the merchant URL are built by the redirect helper as in
 * {@link chooseFinishRedirect}. Candidates that are missing or not safe web URLs are skipped;
 * `null` only when even the origin is unusable.
 */
export function chooseCloseRedirect(
  sources: MerchantRedirectSources,
  successFirst = false,
  options: MerchantRedirectOptions = {},
): MerchantRedirectChoice | null {
  const head: readonly MerchantRedirectSource[] = successFirst
    ? ['successUrl', 'processingUrl']
    : ['processingUrl', 'successUrl'];
  return firstValid(
    sources,
    [...head, 'queryRedirectUrl', 'merchantDomain', 'merchantUrl', 'ownOrigin'],
    options,
  );
}
