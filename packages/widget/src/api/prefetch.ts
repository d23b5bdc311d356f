/**
 * The shell starts the init call of the current flow before the app's code has loaded, so the
 * method list arrives while React, the store and the translations are still downloading. The API
 * slice takes the response once; later init calls go to the network as usual.
 *
 * Only paths and header names live here (no schemas), to keep the first-paint chunk small.
 *
 * @packageDocumentation
 */
import type { PaymentFlow } from '@cashdesk/domain';
import { environmentHeaders } from './client-environment';

/** The init paths of SPEC §7, by flow (kept equal to the contract's rows by api/prefetch.test.ts). */
export const INIT_PATHS: Readonly<Record<PaymentFlow, string>> = {
  deposit: '/api/cashier-service/v1.0/payments/groups/init',
  withdrawal: '/api/cashier-service/v1.0/payouts/groups/init',
};

let pending: { flow: PaymentFlow; sessionId: string; response: Promise<Response> } | null = null;

/** Starts the init call of `flow` (SPEC §7) for `sessionId`. */
export function prefetchInit(flow: PaymentFlow, sessionId: string): void {
  const response = fetch(INIT_PATHS[flow], {
    headers: { accept: 'application/json', ...environmentHeaders(), 'x-session-id': sessionId },
    credentials: 'same-origin',
  });
  // A failed prefetch is not an error of its own: the API slice reports it when it takes it.
  response.catch(() => undefined);
  pending = { flow, sessionId, response };
}

/** The prefetched init response for this flow and session, once; null afterwards. */
export function takePrefetchedInit(
  flow: PaymentFlow,
  sessionId: string | null,
): Promise<Response> | null {
  if (pending === null || pending.flow !== flow || pending.sessionId !== sessionId) return null;
  const { response } = pending;
  pending = null;
  return response;
}

/** The appearance call (kept equal to the contract's row by api/prefetch.test.ts). */
export const APPEARANCE_PATH = '/api/cashier-service/v1.0/appearance';

let appearance: Promise<Response> | null = null;

/**
 * Starts the appearance call (the brand's theme and texts) beside init, for the language and the
 * theme the address (or the stored theme) asks for. `theme` null asks for none: the server then
 * answers the session's theme, which is the brand's default theme unless the operator named
 * another when it created the session.
 */
export function prefetchAppearance(sessionId: string, lang: string, theme: string | null): void {
  const query = new URLSearchParams({ lang });
  if (theme !== null) query.set('theme', theme);
  const response = fetch(`${APPEARANCE_PATH}?${query.toString()}`, {
    headers: { accept: 'application/json', ...environmentHeaders(), 'x-session-id': sessionId },
    credentials: 'same-origin',
  });
  response.catch(() => undefined);
  appearance = response;
}

/** The prefetched appearance response, once; null when none was started (or already taken). */
export function takePrefetchedAppearance(): Promise<Response> | null {
  const response = appearance;
  appearance = null;
  return response;
}
