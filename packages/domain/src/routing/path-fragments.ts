/**
 * Path-fragment recognition (SPEC §2): which part of the product a path belongs to, main pages,
 * form pages and status pages.
 *
 * @packageDocumentation
 */
import { addressPath, pathSegments } from './address';
import { PAYMENT_FLOWS } from './page-kind';
import type { PaymentFlow } from './page-kind';
import { RESULT_STATUSES } from './result-route';
import type { ResultStatus } from './result-route';

/** SPEC §2: the path fragments the app recognises, by name. */
export const PATH_FRAGMENTS = {
  altPayments: 'payments/alt',
  withdrawalCards: 'withdrawal-cards',
  checkout: 'checkout',
  depositDisplayForm: 'deposit-display-form',
  cards: 'cards',
  withdrawalVerifyAccount: 'withdrawal-verify-account',
  content: 'content',
  rejectWithdrawal: 'reject-withdrawal',
} as const;

/** SPEC §2: the name of one of {@link PATH_FRAGMENTS}. */
export type PathFragmentName = keyof typeof PATH_FRAGMENTS;

const FRAGMENT_NAMES: readonly PathFragmentName[] = [
  'altPayments',
  'withdrawalCards',
  'checkout',
  'depositDisplayForm',
  'cards',
  'withdrawalVerifyAccount',
  'content',
  'rejectWithdrawal',
];

function lowerSegments(address: unknown): readonly string[] {
  return pathSegments(addressPath(address)).map((segment) => segment.toLowerCase());
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((segment, offset) => haystack[start + offset] === segment)) return true;
  }
  return false;
}

/**
 * SPEC §2: whether a path contains a fragment. Fragments match whole path segments (ignoring
 * case), never parts of one: `/withdrawal-cards` contains withdrawalCards but not cards, which a
 * plain substring test would get wrong.
 */
export function hasPathFragment(address: unknown, fragment: PathFragmentName): boolean {
  return containsRun(lowerSegments(address), PATH_FRAGMENTS[fragment].split('/'));
}

/** SPEC §2: every fragment a path contains, in the order of {@link PATH_FRAGMENTS}. */
export function pathFragmentsOf(address: unknown): readonly PathFragmentName[] {
  const segments = lowerSegments(address);
  return FRAGMENT_NAMES.filter((name) => containsRun(segments, PATH_FRAGMENTS[name].split('/')));
}

/**
 * SPEC §2: the main page of a flow: exactly `/deposit` or `/withdrawal` (a trailing slash and
 * letter case do not matter), or `null` for any other path.
 */
export function mainPageFlow(address: unknown): PaymentFlow | null {
  const segments = lowerSegments(address);
  const [only] = segments;
  if (segments.length !== 1) return null;
  return PAYMENT_FLOWS.find((flow) => flow === only) ?? null;
}

/** SPEC §2: whether the path is exactly the deposit or the withdrawal main page. */
export function isMainPage(address: unknown): boolean {
  return mainPageFlow(address) !== null;
}

/** SPEC §2: a status page: the flow and the result status it shows. */
export interface StatusPage {
  readonly flow: PaymentFlow;
  readonly status: ResultStatus;
}

/**
 * SPEC §2: the status page a path shows, or `null`. A status page is `/{flow}/{flow}-{status}`:
 * the spec names success, processing and error, and this package also counts await (the route
 * table lists `/deposit/deposit-await` among the result pages) and charity-success (a result
 * status with its own route), for both flows, because the result navigation of SPEC §2 can
 * reach every such combination.
 */
export function statusPageOf(address: unknown): StatusPage | null {
  const segments = lowerSegments(address);
  const [first, second] = segments;
  if (segments.length !== 2 || first === undefined || second === undefined) return null;
  const flow = PAYMENT_FLOWS.find((candidate) => candidate === first);
  if (flow === undefined) return null;
  const status = RESULT_STATUSES.find((candidate) => second === `${flow}-${candidate}`);
  return status === undefined ? null : { flow, status };
}

/**
 * SPEC §2: whether the widget shows a status page. The widget may be the inner frame of another
 * cashier page, so the embedding parent frame's path is checked too when the caller knows it
 * (same-origin parents only; pass `undefined` otherwise).
 */
export function isStatusPage(address: unknown, parentAddress?: unknown): boolean {
  if (statusPageOf(address) !== null) return true;
  return parentAddress !== undefined && statusPageOf(parentAddress) !== null;
}

/**
 * SPEC §2: the flow of a form page, or `null`. A form page is a sub-path of the flow's main page
 * (`/deposit/visa`, `/deposit/visa/form`, `/withdrawal/bank`) that is not a status page.
 */
export function formPageFlow(address: unknown): PaymentFlow | null {
  const segments = lowerSegments(address);
  const [first] = segments;
  if (segments.length < 2) return null;
  const flow = PAYMENT_FLOWS.find((candidate) => candidate === first);
  if (flow === undefined || statusPageOf(address) !== null) return null;
  return flow;
}

/** SPEC §2: whether the path is a deposit or withdrawal form page. */
export function isFormPage(address: unknown): boolean {
  return formPageFlow(address) !== null;
}
