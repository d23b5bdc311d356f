/**
 * Status-page recognition (SPEC §2): the flow and result status a path shows. The rest of SPEC
 * §2's path-fragment recognition (fragments, main pages, form pages, a status page seen in the
 * parent frame) is the widget's route table (`findRoute`), which classifies every path the
 * cashier serves; a second classifier had no caller and was removed (docs/decisions/0069-domain-public-api.md).
 *
 * @packageDocumentation
 */
import { addressPath, pathSegments } from './address';
import { PAYMENT_FLOWS } from './page-kind';
import type { PaymentFlow } from './page-kind';
import { RESULT_STATUSES } from './result-route';
import type { ResultStatus } from './result-route';

function lowerSegments(address: unknown): readonly string[] {
  return pathSegments(addressPath(address)).map((segment) => segment.toLowerCase());
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
