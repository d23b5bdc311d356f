/**
 * Where the widget sends the player when they finish (SPEC §2 redirect after finishing): the
 * page-based order and the withdrawal-close order, as pure choices over the candidate URLs.
 *
 * @packageDocumentation
 */
import { matchRoute } from './route-table';
import { normaliseMerchantUrl } from './merchant-url';
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

function firstValid(
  sources: MerchantRedirectSources,
  order: readonly MerchantRedirectSource[],
): MerchantRedirectChoice | null {
  for (const source of order) {
    const url = normaliseMerchantUrl(sources[source]);
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
 * a safe web URL) the merchant_redirect_url query parameter, then the merchant URL in state.
 * `null` when no candidate is usable.
 */
export function chooseFinishRedirect(
  page: FinishPage,
  sources: MerchantRedirectSources,
): MerchantRedirectChoice | null {
  const first = PAGE_URL[page];
  const order: MerchantRedirectSource[] = first === null ? [] : [first];
  order.push('queryRedirectUrl', 'merchantUrl');
  return firstValid(sources, order);
}

/**
 * SPEC §2: the withdrawal-close order: processing, success, query redirect, domain, stored
 * merchant URL, then the page's own origin. With `successFirst` set, success comes before
 * processing (the spec's success-first order); the rest is unchanged. Candidates that are
 * missing or not safe web URLs are skipped; `null` only when even the origin is unusable.
 */
export function chooseCloseRedirect(
  sources: MerchantRedirectSources,
  successFirst = false,
): MerchantRedirectChoice | null {
  const head: readonly MerchantRedirectSource[] = successFirst
    ? ['successUrl', 'processingUrl']
    : ['processingUrl', 'successUrl'];
  return firstValid(sources, [
    ...head,
    'queryRedirectUrl',
    'merchantDomain',
    'merchantUrl',
    'ownOrigin',
  ]);
}
