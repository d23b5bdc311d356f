/**
 * Reloading with a new session (SPEC §4 session): a message carrying sessionId reloads the page
 * with that id in the query.
 *
 * @packageDocumentation
 */
import { addressText, removeQueryParam, setAddressPath, setQueryParam } from '../routing/address';
import type { AddressInput } from '../routing/address';
import { statusPageOf } from '../routing/path-fragments';

/**
 * SPEC §4: the address to reload with a session id. session_id is set (replacing an earlier one)
 * and cashier_session_id removed, because start-up prefers session_id and a stale
 * cashier_session_id would only confuse later reads. Other parameters keep their order and values
 * (written as `URLSearchParams` writes them, see {@link setQueryParam}). A blank id leaves the
 * address as it was.
 *
 * @example addressWithSessionId('/deposit?lang=en&session_id=old', 'new')
 *   // '/deposit?lang=en&session_id=new'
 */
export function addressWithSessionId(address: AddressInput, sessionId: string): string {
  const id = sessionId.trim();
  if (id === '') return addressText(address) ?? '';
  return setQueryParam(removeQueryParam(address, 'cashier_session_id'), 'session_id', id);
}

/**
 * SPEC §4: the address a cashier reloads with when its host hands it a new session
 * (setSessionIdToChildFrame). As {@link addressWithSessionId}, except on a result page: the host
 * answers a final result with a new session (reInitCashier), and reloading the same result page
 * would show the finished payment again, under a session it does not belong to, whose into-game
 * button asks for yet another session. There the new session starts at the flow's main page
 * (`/deposit` or `/withdrawal`) and `transaction_id` is dropped; the rest of the query is kept.
 *
 * @example addressForNewSession('/deposit/deposit-success?lang=en&transaction_id=t1', 's2')
 *   // '/deposit?lang=en&session_id=s2'
 */
export function addressForNewSession(address: AddressInput, sessionId: string): string {
  const next = addressWithSessionId(address, sessionId);
  const page = statusPageOf(next);
  if (page === null || sessionId.trim() === '') return next;
  return removeQueryParam(setAddressPath(next, `/${page.flow}`), 'transaction_id');
}
