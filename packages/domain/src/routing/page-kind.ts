/**
 * Page kind, payment flow and the LLA flag, all read from the widget's own address
 * (SPEC §1 page kinds, §2 start-up).
 *
 * @packageDocumentation
 */
import { addressPath, addressQuery, pathSegments } from './address';

/** SPEC §1: the page kinds recognised from the address. */
export const PAGE_KINDS = [
  'deposit',
  'withdrawal',
  'error',
  'content',
  'checkout',
  '3ds_result',
  'tokenization_page',
  'acc_management',
  'payments',
] as const;

/** SPEC §1: one of {@link PAGE_KINDS}. */
export type PageKind = (typeof PAGE_KINDS)[number];

/** SPEC §1: the two payment flows. */
export const PAYMENT_FLOWS = ['deposit', 'withdrawal'] as const;

/** SPEC §1: deposit or withdrawal (payout). */
export type PaymentFlow = (typeof PAYMENT_FLOWS)[number];

/**
 * The first path segment that names a page kind. Segments the spec writes with a dash and with an
 * underscore elsewhere are both accepted, because hosts build these addresses by hand.
 */
const KIND_BY_FIRST_SEGMENT: ReadonlyMap<string, PageKind> = new Map<string, PageKind>([
  ['deposit', 'deposit'],
  ['betshop-deposit', 'deposit'],
  ['withdrawal', 'withdrawal'],
  ['withdrawal-cards', 'withdrawal'],
  ['withdrawal-verify-account', 'withdrawal'],
  ['betshop-withdrawal', 'withdrawal'],
  ['reject-withdrawal', 'withdrawal'],
  ['error', 'error'],
  ['content', 'content'],
  ['checkout', 'checkout'],
  ['3ds_result', '3ds_result'],
  ['3ds-result', '3ds_result'],
  ['tokenization_page', 'tokenization_page'],
  ['tokenization-page', 'tokenization_page'],
  ['acc_management', 'acc_management'],
  ['account-management', 'acc_management'],
  ['account-management-blocked', 'acc_management'],
  ['payments', 'payments'],
]);

/**
 * SPEC §2: deposit or withdrawal mode. The flow is deposit when the address's path contains the
 * word deposit, or contains payments (an alternative-payment route counts as a deposit flow);
 * every other address is a withdrawal. Only the path is read, never the query: a query often
 * carries merchant return URLs that may themselves contain the word deposit.
 *
 * @example detectPaymentFlow('https://pay.example.com/deposit/visa') // 'deposit'
 * @example detectPaymentFlow('/payments/interaction/abc') // 'deposit'
 * @example detectPaymentFlow('/withdrawal?merchant_redirect_url=https://m.com/deposit') // 'withdrawal'
 */
export function detectPaymentFlow(address: unknown): PaymentFlow {
  const path = addressPath(address).toLowerCase();
  return path.includes('deposit') || path.includes('payments') ? 'deposit' : 'withdrawal';
}

/**
 * SPEC §1: the page kind of an address, from its first path segment (`/deposit/...` is deposit,
 * `/account-management/...` is acc_management, `/payments/...` is payments, and so on; matching
 * ignores case). Pages whose first segment names no kind (`/cards`, `/select-country`, `/`)
 * take the kind of their payment flow ({@link detectPaymentFlow}), as the original product
 * decided everything that was not a deposit to be a withdrawal.
 */
export function detectPageKind(address: unknown): PageKind {
  const first = pathSegments(addressPath(address))[0]?.toLowerCase();
  const kind = first === undefined ? undefined : KIND_BY_FIRST_SEGMENT.get(first);
  return kind ?? detectPaymentFlow(address);
}

/** SPEC §2: the path segment that marks an LLA page (decision; the spec does not show it). */
export const LLA_PATH_SEGMENT = 'lla';
/** SPEC §2: the query flag that marks an LLA page (decision; the spec does not show it). */
export const LLA_QUERY_FLAG = 'lla';
/** SPEC §2: the `page_type` query value that marks an LLA page (decision). */
export const LLA_PAGE_TYPE = 'lla';

const FALSE_FLAG_VALUES: ReadonlySet<string> = new Set(['0', 'false', 'no', 'off']);

/**
 * SPEC §1, §2: whether the address is an LLA page. The spec says only that the LLA page type is
 * detected from the address; this package decides that any one of these marks it:
 * - a path segment `lla` (any case), e.g. `/lla/deposit`;
 * - a query flag `lla` that is present and not `0`, `false`, `no` or `off`, e.g. `?lla=1` or `?lla`;
 * - `page_type=lla`.
 *
 * LLA pages matter to session expiry (SPEC §4): they do not extend the expiration time.
 */
export function isLlaAddress(address: unknown): boolean {
  const segments = pathSegments(addressPath(address));
  if (segments.some((segment) => segment.toLowerCase() === LLA_PATH_SEGMENT)) return true;
  const query = addressQuery(address);
  const flag = query.get(LLA_QUERY_FLAG);
  if (flag !== undefined && !FALSE_FLAG_VALUES.has(flag.trim().toLowerCase())) return true;
  return query.get('page_type')?.trim().toLowerCase() === LLA_PAGE_TYPE;
}

/** SPEC §1, §2: what the address says about the page the widget is on. */
export interface PageDescription {
  readonly kind: PageKind;
  readonly flow: PaymentFlow;
  readonly isLla: boolean;
}

/** SPEC §1, §2: page kind, payment flow and LLA flag of an address in one read. */
export function describePage(address: unknown): PageDescription {
  return {
    kind: detectPageKind(address),
    flow: detectPaymentFlow(address),
    isLla: isLlaAddress(address),
  };
}
