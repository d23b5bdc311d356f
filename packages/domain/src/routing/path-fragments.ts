/**
 * Status-page recognition (SPEC §2): the flow and result status a path shows, and what a status
 * page does in status-page mode or inside the cashier's own frame ({@link statusPageView}). The
 * rest of SPEC §2's path-fragment recognition (fragments, main pages, form pages) is the widget's
 * route table (`findRoute`), which classifies every path the cashier serves.
 *
 * @packageDocumentation
 */
import { addressPath, addressQuery, pathSegments } from './address';
import { matchRoute } from './route-table';
import { PAYMENT_FLOWS } from './page-kind';
import type { PaymentFlow } from './page-kind';
import { RESULT_VIEW_STATUSES, parseResultViewKind, parseResultViewStatus } from './result-route';
import type { ResultStatus, ResultViewKind } from './result-route';

function lowerSegments(address: unknown): readonly string[] {
  return pathSegments(addressPath(address)).map((segment) => segment.toLowerCase());
}

/** SPEC §2: a status page: the flow, the result status it shows and the view its status asks. */
export interface StatusPage {
  readonly flow: PaymentFlow;
  readonly status: ResultStatus;
  /** The view the path's view status asks for (`redirect` for the redirect status), else null. */
  readonly view: ResultViewKind | null;
}

/**
 * SPEC §2: the status page a path shows, or `null`. A status page is `/{flow}/{flow}-{status}`:
 * the spec names success, processing and error, and this package also counts await (the route
 * table lists `/deposit/deposit-await` among the result pages) and charity-success (a result
 * status with its own route), for both flows, because the result navigation of SPEC §2 can
 * reach every such combination; and the view statuses fail and redirect, as the result status
 * they show (`parseResultViewStatus`).
 */
export function statusPageOf(address: unknown): StatusPage | null {
  const segments = lowerSegments(address);
  const [first, second] = segments;
  if (segments.length !== 2 || first === undefined || second === undefined) return null;
  const flow = PAYMENT_FLOWS.find((candidate) => candidate === first);
  if (flow === undefined) return null;
  const viewStatus = RESULT_VIEW_STATUSES.find((candidate) => second === `${flow}-${candidate}`);
  const meaning = viewStatus === undefined ? null : parseResultViewStatus(viewStatus);
  return meaning === null ? null : { flow, ...meaning };
}

/** SPEC §2: the query parameter naming a status page's view kind (blank, redirect, result). */
export const VIEW_QUERY_PARAM = 'view';

const STATUS_PAGE_MODE = /^status[-_ ]?page$/i;

/**
 * SPEC §2 modes: whether `mode` is the status-page mode (`status_page`; `status-page`,
 * `statusPage` and any case too).
 */
export function isStatusPageMode(mode: string | null | undefined): boolean {
  return mode != null && STATUS_PAGE_MODE.test(mode.trim());
}

/** What {@link statusPageView} decides from. */
export interface StatusPageViewInput {
  /** The page's own address. */
  readonly address: unknown;
  /** SPEC §3 isStatusPageMode: the session's status-page mode ({@link isStatusPageMode}). */
  readonly statusPageMode: boolean;
  /** The parent frame's address when the page can read it (same origin), else `null`. */
  readonly parentAddress: string | null;
}

/** SPEC §2: how a status page shows. */
export interface StatusPageView {
  readonly flow: PaymentFlow;
  readonly status: ResultStatus;
  /** SPEC §2 status-page mode: the status page stands alone, with no cashier around it. */
  readonly statusPageMode: boolean;
  /** The status page was detected inside an embedding parent frame that is the cashier itself. */
  readonly embeddedInCashier: boolean;
  readonly view: ResultViewKind;
}

/**
 * SPEC §2 status pages: `null` when the address is no status page. Otherwise:
 * - detected inside an embedding parent frame: the parent frame is a page of the cashier (same
 *   origin, and its path one of the cashier's routes: a bank's or a provider's page shown inside
 *   the method page returned to the cashier's status page). The page is in status-page mode and
 *   its view is `blank`: the cashier around it is told the result and shows it;
 * - status-page mode also when the session is (`mode` said so: a host shows a status page on its
 *   own);
 * - the view: the `view` query parameter (blank, redirect, result), else the one the view status
 *   asks (redirect for the redirect status), else blank inside the cashier and result otherwise.
 */
export function statusPageView(input: StatusPageViewInput): StatusPageView | null {
  const page = statusPageOf(input.address);
  if (page === null) return null;
  const embeddedInCashier =
    input.parentAddress !== null && matchRoute(input.parentAddress) !== null;
  const asked = parseResultViewKind(addressQuery(input.address).get(VIEW_QUERY_PARAM));
  return {
    flow: page.flow,
    status: page.status,
    statusPageMode: embeddedInCashier || input.statusPageMode,
    embeddedInCashier,
    view: asked ?? page.view ?? (embeddedInCashier ? 'blank' : 'result'),
  };
}
