/**
 * The shell starts the init call of the current flow before the app's code has loaded, so the
 * method list arrives while React, the store and the translations are still downloading. The API
 * slice takes the response once; later init calls go to the network as usual.
 *
 * When the document carried the answer (startup/inlined-data.ts), no call starts: the answer is
 * handed over as a response, marked inlined, and its taker asks the network again when the
 * contract's schema refuses it.
 *
 * Only paths and header names live here (no schemas), to keep the first-paint chunk small.
 *
 * @packageDocumentation
 */
import { SESSION_EXPIRES_IN_HEADER } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';
import type { UsableAnswer } from '../startup/inlined-data';
import { environmentHeaders } from './client-environment';

/** A response started by the shell, or made from the document's inlined answer. */
export interface Prefetched {
  readonly response: Promise<Response>;
  /** Made from the document: if the contract refuses it, the taker calls the API instead. */
  readonly inlined: boolean;
}

/** The response the API would have sent with `answer` (its session time left included). */
function inlinedResponse({ answer, sessionExpiresInMs }: UsableAnswer): Prefetched {
  const response = new Response(JSON.stringify(answer), {
    status: 200,
    headers: {
      'content-type': 'application/json',
      [SESSION_EXPIRES_IN_HEADER]: String(sessionExpiresInMs),
    },
  });
  return { response: Promise.resolve(response), inlined: true };
}

/** The init paths of SPEC §7, by flow (kept equal to the contract's rows by api/prefetch.test.ts). */
export const INIT_PATHS: Readonly<Record<PaymentFlow, string>> = {
  deposit: '/api/cashier-service/v1.0/payments/groups/init',
  withdrawal: '/api/cashier-service/v1.0/payouts/groups/init',
};

let pending: { flow: PaymentFlow; sessionId: string; prefetched: Prefetched } | null = null;

/**
 * Starts the init call of `flow` (SPEC §7) for `sessionId`, or takes the document's answer
 * (`inlined`) instead.
 */
export function prefetchInit(
  flow: PaymentFlow,
  sessionId: string,
  inlined: UsableAnswer | null = null,
): void {
  if (inlined !== null) {
    pending = { flow, sessionId, prefetched: inlinedResponse(inlined) };
    return;
  }
  const response = fetch(INIT_PATHS[flow], {
    headers: { accept: 'application/json', ...environmentHeaders(), 'x-session-id': sessionId },
    credentials: 'same-origin',
  });
  // A failed prefetch is not an error of its own: the API slice reports it when it takes it.
  response.catch(() => undefined);
  pending = { flow, sessionId, prefetched: { response, inlined: false } };
}

/** The prefetched init response for this flow and session, once; null afterwards. */
export function takePrefetchedInit(flow: PaymentFlow, sessionId: string | null): Prefetched | null {
  if (pending === null || pending.flow !== flow || pending.sessionId !== sessionId) return null;
  const { prefetched } = pending;
  pending = null;
  return prefetched;
}

/** The appearance call (kept equal to the contract's row by api/prefetch.test.ts). */
export const APPEARANCE_PATH = '/api/cashier-service/v1.0/appearance';

/** The prefetched appearance answer and how to ask for it again. */
export interface PrefetchedAppearance extends Prefetched {
  /** The same call to the network (an inlined answer the contract refuses is asked for again). */
  readonly fetchAgain: () => Promise<Response>;
}

let appearance: PrefetchedAppearance | null = null;

/**
 * Starts the appearance call (the brand's theme and texts) beside init, for the language and the
 * theme the address (or the stored theme) asks for. `theme` null asks for none: the server then
 * answers the session's theme, which is the brand's default theme unless the operator named
 * another when it created the session. `inlined`, the document's answer to this same query, is
 * taken instead of a call.
 */
export function prefetchAppearance(
  sessionId: string,
  lang: string,
  theme: string | null,
  inlined: UsableAnswer | null = null,
): void {
  const query = new URLSearchParams({ lang });
  if (theme !== null) query.set('theme', theme);
  const fetchAgain = () =>
    fetch(`${APPEARANCE_PATH}?${query.toString()}`, {
      headers: { accept: 'application/json', ...environmentHeaders(), 'x-session-id': sessionId },
      credentials: 'same-origin',
    });
  if (inlined !== null) {
    appearance = { ...inlinedResponse(inlined), fetchAgain };
    return;
  }
  const response = fetchAgain();
  response.catch(() => undefined);
  appearance = { response, inlined: false, fetchAgain };
}

/** The prefetched appearance answer, once; null when none was started (or already taken). */
export function takePrefetchedAppearance(): PrefetchedAppearance | null {
  const taken = appearance;
  appearance = null;
  return taken;
}
