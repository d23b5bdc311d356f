/**
 * Reloading with a new session (SPEC §4 session): a message carrying sessionId reloads the page
 * with that id in the query.
 *
 * @packageDocumentation
 */
import { addressText, removeQueryParam, setQueryParam } from '../routing/address';
import type { AddressInput } from '../routing/address';

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
