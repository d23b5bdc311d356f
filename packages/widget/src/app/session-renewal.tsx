/**
 * A new session from the host, taken without reloading the page (SPEC §4 session): when the
 * session ended (its time passed, or a call answered code 17), the session-expired screen asks the
 * host to reinitialise the cashier, and the host answers with setSessionIdToChildFrame. SPEC §4
 * reloads the page with that session, which empties the form the player was filling in: the card
 * number and the cardholder's name gone, and card data may never be written to storage to survive
 * a reload. So a new session of the same player is taken in place: calls go under it from then
 * on, the address carries it (a later reload opens it, as the spec's reload would have), it joins
 * the previous sessions, the init answer is read again (balance, realtime token), and the screen
 * under the expired one (app/session-gate.tsx) comes back as the player left it.
 *
 * The spec's reload still happens when the page was not waiting for a session (the host changed
 * it for its own reasons), on a result page (the new session starts at the flow's main page,
 * domain `addressForNewSession`), when the old session's player is not known, and when the new
 * session is not the same player's or cannot be checked: another player's session must never
 * find this player's form. The check is the new session's realtime token, whose `sub` names its
 * player (the same claim the init answer's token has), asked for without counting as activity.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { addressForNewSession, addressWithSessionId } from '@cashdesk/domain';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cashierApi } from '../api/cashier-api';
import { callEndpoint } from '../api/http';
import { listenToHost } from '../host/host-bridge';
import { decodeTokenClaims } from '../realtime/claims';
import { initAuthToken } from '../realtime/realtime';
import { rememberSession } from '../storage/keys';
import { useAppStore } from '../store/hooks';
import { sessionRenewed } from '../store/session-slice';

/** Listens to the host for new sessions (see the module comment). */
export function SessionRenewal() {
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();

  const renewed = useEffectEvent((sessionId: string) => {
    rememberSession(sessionId);
    store.dispatch(sessionRenewed(sessionId));
    // The init answer again, under the new session (balance, realtime token), read with a
    // subscription of its own: an invalidation would drop the answer the hidden screen still
    // shows (a query nobody subscribes to is dropped, not refetched), and the form with it.
    const reading =
      store.getState().session.paymentFlow === 'deposit'
        ? store.dispatch(
            cashierApi.endpoints.depositInit.initiate(undefined, { forceRefetch: true }),
          )
        : store.dispatch(
            cashierApi.endpoints.payoutInit.initiate(undefined, { forceRefetch: true }),
          );
    void Promise.resolve(reading).then(() => {
      reading.unsubscribe();
    });
    const address = new URL(addressWithSessionId(window.location.href, sessionId));
    // The screen's router state stays (an overlay's page below, a result's pay session).
    const routerState: unknown = location.state;
    void navigate(
      { pathname: location.pathname, search: address.search, hash: location.hash },
      { replace: true, state: routerState },
    );
  });

  const take = useEffectEvent((sessionId: string, reload: () => void): boolean => {
    const state = store.getState();
    if (!state.session.isSessionExpired) return false;
    const here = window.location.href;
    if (addressForNewSession(here, sessionId) !== addressWithSessionId(here, sessionId)) {
      return false;
    }
    const token = initAuthToken(state);
    const player = token === null ? null : (decodeTokenClaims(token)?.sub ?? null);
    if (player === null) return false;
    void callEndpoint(ENDPOINTS.realtimeToken, { sessionId }).then((result) => {
      const claims = 'data' in result ? decodeTokenClaims(result.data.auth_token) : null;
      if (claims?.sub === player) renewed(sessionId);
      else reload();
    });
    return true;
  });

  useEffect(() => listenToHost(window, (sessionId, reload) => take(sessionId, reload)), []);
  return null;
}
