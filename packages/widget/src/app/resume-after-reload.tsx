/**
 * A reload in the middle of a payment lands on the pending payments, not on an empty form.
 *
 * What a reload loses: the screen a payment was at lives in the page, not in its address. The
 * 3-D Secure challenge is a frame inside the method page, and the display form's QR code comes
 * in router state, which a new navigation to the same address (or a browser that drops history
 * state) does not have. The page then starts on the method form, empty, or on the display form
 * saying its details are gone, although the payment is still open on the server.
 *
 * A brand's page loaded again starts the cashier on the flow's homepage, whose automatic method
 * choice (SPEC §4) then opens an empty method form.
 *
 * The least invasive correct way: the method pages, the homepage and the display form stay as
 * they are; on the first screen of a page load only, when that screen is a homepage, a method
 * form, checkout or the display form without its pay session, the payment history is asked once,
 * and when it holds an open payment of the screen's flow that waits for the player (a QR code, a
 * bank transfer, a voucher, a provider page or a 3-D Secure challenge), made in this very cashier
 * session (the page was loaded again in the middle of it) within SPEC §9's long timeout (L, 15
 * minutes), the page is replaced by the pending payments screen, which resumes it. A payment of
 * an earlier session is one the player left: a new session opens on the form the player came
 * for, as SPEC §2 and §4 say, and the payment stays one tap away under "Your payments" on the
 * homepage. A later screen never asks (navigation inside the cashier keeps its state); a player
 * who has gone somewhere by the time the answer arrives stays there; any failure of the call
 * leaves the page as it is.
 *
 * @packageDocumentation
 */
import { ENDPOINTS, PaySession } from '@cashdesk/contract';
import type { PaymentHistoryResponse } from '@cashdesk/contract';
import { TIMEOUT_LONG_MS, buildRoutePath, findRoute, matchRoute } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';
import { useEffect, useEffectEvent, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { sessionIdOf } from '../api/cashier-api';
import { callEndpoint } from '../api/http';
import { useAppStore } from '../store/hooks';

/**
 * The screens a page load may start on in the middle of a payment: the flows' homepages (the
 * brand's page loaded again opens the cashier there, and the automatic method choice of SPEC §4
 * then shows an empty method form), the method forms, checkout, and the display form.
 */
const START_SCREENS: ReadonlySet<string> = new Set([
  'deposit',
  'withdrawal',
  'deposit-method',
  'deposit-method-form',
  'withdrawal-method',
  'checkout',
  'deposit-display-form',
]);

/** The steps of an open payment that wait for the player to act on what the cashier showed. */
const PLAYER_STEPS: ReadonlySet<string> = new Set([
  'display_form',
  'upload',
  'voucher',
  'redirect',
]);

/** The router state `{ paySession }` a display form is opened with, when it is there and valid. */
function carriesPaySession(state: unknown): boolean {
  if (typeof state !== 'object' || state === null) return false;
  return PaySession.safeParse(Reflect.get(state, 'paySession')).success;
}

/**
 * Whether a page of the history holds a payment the player is in the middle of: open, of the
 * flow, waiting for the player (a QR code or bank transfer to pay, a voucher to take to a shop, a
 * provider page or 3-D Secure challenge to answer: not one the provider is processing), made in
 * this cashier session at most SPEC §9 timeout L before `now`.
 */
export function paymentInProgress(
  history: PaymentHistoryResponse,
  flow: PaymentFlow,
  now: number,
): boolean {
  return history.payments.some(
    (payment) =>
      payment.open &&
      payment.this_session &&
      payment.flow === flow &&
      payment.pay_session !== null &&
      payment.pay_session.transaction_status === 'await' &&
      PLAYER_STEPS.has(payment.pay_session.step) &&
      now - Date.parse(payment.created_at) <= TIMEOUT_LONG_MS,
  );
}

/**
 * The screen a first screen of a page load gives way to when a payment is in progress, or `null`
 * when it is no screen a payment is lost on (see the module comment).
 */
export function resumeTarget(
  pathname: string,
  state: unknown,
  sessionFlow: PaymentFlow,
): { readonly flow: PaymentFlow; readonly pathname: string } | null {
  const match = matchRoute(pathname);
  if (match === null || !START_SCREENS.has(match.routeId)) return null;
  if (match.routeId === 'deposit-display-form' && carriesPaySession(state)) return null;
  const flow = findRoute(match.routeId)?.flow ?? sessionFlow;
  const target = buildRoutePath(`${flow}-history`);
  return target === null ? null : { flow, pathname: target };
}

/**
 * Sends the first screen of a page load to the pending payments when a payment is in progress,
 * unless the player has gone somewhere by then (a replace, the automatic method choice, is not
 * the player's own step).
 */
export function ResumeAfterReload() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const store = useAppStore();
  const first = useRef(location);
  const moved = useRef(false);

  useEffect(() => {
    if (location.key !== first.current.key && navigationType !== NavigationType.Replace) {
      moved.current = true;
    }
  }, [location.key, navigationType]);

  const answered = useEffectEvent(
    (history: PaymentHistoryResponse, target: NonNullable<ReturnType<typeof resumeTarget>>) => {
      if (moved.current || !paymentInProgress(history, target.flow, Date.now())) return;
      moved.current = true;
      void navigate(
        { pathname: target.pathname, search: first.current.search },
        { replace: true, state: { resumed: true } },
      );
    },
  );

  useEffect(() => {
    const start = first.current;
    const state = store.getState();
    const sessionId = sessionIdOf(state);
    const target = resumeTarget(start.pathname, start.state, state.session.paymentFlow);
    if (target === null || sessionId === null) return undefined;
    let live = true;
    void callEndpoint(ENDPOINTS.paymentHistory, { sessionId }).then((result) => {
      // Any failure leaves the page as it is.
      if (live && 'data' in result) answered(result.data, target);
    });
    return () => {
      live = false;
    };
  }, [store]);

  return null;
}
