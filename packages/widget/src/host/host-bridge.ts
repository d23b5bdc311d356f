/**
 * The postMessage bridge to the host page (SPEC §1, §4): the widget posts JSON messages to its
 * parent (the host pins ours with @cashdesk/embed), and listens for setSessionIdToChildFrame,
 * which reloads the cashier with the new session and forwards the message to any frame the
 * cashier itself embeds.
 *
 * Messages go to the host page's origin when the widget knows it (domain `hostOriginOf`: the
 * browser's ancestorOrigins, else the SDK's host_origin parameter), else to any origin as SPEC §1
 * says; a payment result, which names an amount and a transaction, only ever to a known origin.
 * Besides SPEC §1's messages the widget reports `ready` (first screen rendered, once per page
 * load) and `paymentResult` (once per transaction per page load); content-height.ts reports
 * `resize`.
 *
 * SPEC §1 §4 §6: in a native app (channel MOBILE_NATIVE_IOS or MOBILE_NATIVE_ANDROID) every host
 * message also goes to the app's bridge, as the same JSON text: on iOS the script message handler
 * `window.webkit.messageHandlers.cashdesk`, on Android the JavaScript interface
 * `window.CashdeskAndroid` (its `postMessage(String)`). A web view shows the cashier as its top
 * page, so the bridge is often the only listener; the app is the cashier's container, so the
 * payment result goes to it without an origin check.
 *
 * @packageDocumentation
 */
import {
  addressForNewSession,
  hostOriginOf,
  myAccountRedirectMessage,
  parseHostMessage,
  readyMessage,
  reInitCashierMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
  setSessionIdMessage,
} from '@cashdesk/domain';
import type {
  HostMessage,
  InnerResultMessage,
  PaymentResultMessage,
  ReInitCashierMessage,
} from '@cashdesk/domain';
import { clientEnvironment } from '../api/client-environment';
import { readKey, TRANSACTION_STATUSES, writeKey } from '../storage/keys';
import { browserHeightEnvironment, watchContentHeight } from './content-height';

/** The iOS script message handler's name (window.webkit.messageHandlers.<name>). */
export const IOS_BRIDGE_HANDLER = 'cashdesk';
/** The Android JavaScript interface's name (window.<name>.postMessage(String)). */
export const ANDROID_BRIDGE_INTERFACE = 'CashdeskAndroid';

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? { ...value } : null;
}

/** An object's `postMessage` taking a text, if it has one. */
function poster(target: unknown): ((text: string) => void) | null {
  if (typeof target !== 'object' || target === null || !('postMessage' in target)) return null;
  const post: unknown = target.postMessage;
  if (typeof post !== 'function') return null;
  return (text) => {
    Reflect.apply(post, target, [text]);
  };
}

/**
 * The native app's bridge of this page load (see the module comment), or null outside a native
 * app or when the app installed none.
 */
function nativeBridge(win: Window): ((text: string) => void) | null {
  const device = clientEnvironment()?.device;
  if (device === 'native_ios') {
    const handlers = recordOf(recordOf(Reflect.get(win, 'webkit'))?.['messageHandlers']);
    return poster(handlers?.[IOS_BRIDGE_HANDLER]);
  }
  if (device === 'native_android') return poster(Reflect.get(win, ANDROID_BRIDGE_INTERFACE));
  return null;
}

/** Hands a message to the native bridge, if any; whether it was. */
function postToNative(text: string, win: Window): boolean {
  const bridge = nativeBridge(win);
  if (bridge === null) return false;
  try {
    bridge(text);
    return true;
  } catch {
    return false;
  }
}

/** The window messages go to: the parent frame, or none when the cashier is the top page. */
function hostWindow(win: Window): Window | null {
  return win.parent === win ? null : win.parent;
}

/** Whether a host page frames the cashier, so that a message to it can be heard. */
export function hasHost(win: Window = window): boolean {
  return hostWindow(win) !== null;
}

/**
 * The cashier window around this one when this cashier runs in a frame of the cashier itself
 * (the bank's 3-D Secure challenge returned to /3ds_result inside the method page's frame): a
 * parent of the same origin. A host page of another origin is not one (reading its location
 * throws), and neither is a top-level cashier.
 */
export function outerCashier(win: Window = window): Window | null {
  const parent = hostWindow(win);
  if (parent === null) return null;
  try {
    return parent.location.origin === win.location.origin ? parent : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 status page detection inside the embedding parent frame: the parent frame's address
 * when it can be read (the same origin), else `null` (a host page of another origin, or none).
 */
export function sameOriginParentAddress(win: Window = window): string | null {
  try {
    return outerCashier(win)?.location.href ?? null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2: posts the result message to the cashier around this one, to this origin only.
 * Returns false when there is no such cashier (then this page shows the result itself).
 */
export function postResultToOuterCashier(
  message: InnerResultMessage,
  win: Window = window,
): boolean {
  const outer = outerCashier(win);
  if (outer === null) return false;
  outer.postMessage(message, win.location.origin);
  return true;
}

/** The host page's origin, or `null` when the widget cannot tell it. */
export function hostOrigin(win: Window = window): string | null {
  return hostOriginOf({
    ancestorOrigins: win.location.ancestorOrigins,
    address: win.location.href,
  });
}

/**
 * Posts one message to the host (SPEC §1: target cashier), to the host page's origin when known
 * and to any origin otherwise.
 */
export function postToHost(message: HostMessage, win: Window = window): boolean {
  const text = serializeHostMessage(message);
  const native = postToNative(text, win);
  const host = hostWindow(win);
  if (host === null) return native;
  host.postMessage(text, hostOrigin(win) ?? '*');
  return true;
}

/**
 * Whether this page reports to an embedding host page: it runs in a frame, and that frame is not
 * a cashier of its own (the inner cashier of a 3-D Secure challenge talks to the outer one only).
 */
function reportsToHost(win: Window): boolean {
  return (hasHost(win) || nativeBridge(win) !== null) && outerCashier(win) === null;
}

let readySent = false;

/** Tells the host the first screen rendered; once per page load. */
export function reportReady(win: Window = window): boolean {
  if (readySent || !reportsToHost(win)) return false;
  readySent = true;
  return postToHost(readyMessage(), win);
}

/**
 * Reports the app root's content height to the host (`resize`, see content-height.ts) while the
 * cashier runs in a host's frame. Returns the stop.
 */
export function reportContentHeight(win: Window = window): () => void {
  const root = win.document.getElementById('root');
  if (root === null || !reportsToHost(win) || !('ResizeObserver' in win)) return () => undefined;
  return watchContentHeight(
    root,
    (message) => {
      postToHost(message, win);
    },
    browserHeightEnvironment(win),
  );
}

/** Transactions whose result this page load already reported. */
const reportedTransactions = new Set<string>();

/**
 * SPEC §7 storage key `transaction_status` (session storage, so per tab): the final status this
 * tab reported for each of its latest transactions, as a JSON object. A result page reloaded in
 * the same tab (a web view's reload, a provider's redirect back to it) is then not a second
 * result, also in a native app, where no embed SDK drops repeats.
 */
function storedStatuses(): Readonly<Record<string, string>> {
  return readKey(TRANSACTION_STATUSES) ?? {};
}

function rememberStatus(id: string, status: string): void {
  writeKey(TRANSACTION_STATUSES, { ...storedStatuses(), [id]: status });
}

/**
 * Tells the host a payment reached its final result, to the host page's origin only (no known
 * origin, no message). A transaction is reported once per page load however often its result
 * page renders or is returned to, and once per tab with the same status (`transaction_status`);
 * a reversal (no transaction id) each time it happens. The embed SDK also drops a transaction it
 * already delivered.
 */
export function reportPaymentResult(message: PaymentResultMessage, win: Window = window): boolean {
  const host = hostWindow(win);
  const origin = hostOrigin(win);
  const toHost = host !== null && origin !== null;
  if ((!toHost && nativeBridge(win) === null) || !reportsToHost(win)) return false;
  const id = message.transactionId;
  if (id !== null) {
    if (reportedTransactions.has(id) || storedStatuses()[id] === message.status) return false;
    reportedTransactions.add(id);
    rememberStatus(id, message.status);
  }
  const text = serializeHostMessage(message);
  postToNative(text, win);
  if (toHost) host.postMessage(text, origin);
  return true;
}

/**
 * SPEC §4: asks the host to reinitialise the cashier: the bare message after a render crash or an
 * expired session, the final result's with its finish details (domain `decideFinalResult`).
 */
export function requestReInit(
  message: ReInitCashierMessage = reInitCashierMessage(),
  win: Window = window,
): boolean {
  return postToHost(message, win);
}

/** SPEC §2: asks the host to navigate its top window to an address. */
export function requestRedirectTo(url: string, win: Window = window): boolean {
  return postToHost(redirectToMessage(url), win);
}

/** SPEC §1: asks the host app to open the player's account page (/my-account). */
export function requestMyAccount(win: Window = window): boolean {
  return postToHost(myAccountRedirectMessage(), win);
}

/**
 * SPEC §2: scrolls the cashier smoothly to its top and tells the host to do the same. A player
 * who asked for less motion (prefers-reduced-motion: reduce) gets the top at once: 'instant',
 * not 'auto', which would follow a scroll-behavior: smooth of the page's styles.
 */
export function scrollToTop(win: Window = window): void {
  const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  win.scrollTo({ top: 0, behavior: reduceMotion ? 'instant' : 'smooth' });
  postToHost(resetScrollMessage(), win);
}

/**
 * Takes a new session in place, without reloading the page (app/session-renewal.ts): called
 * with the new session id and the reload that otherwise happens, which it may still run.
 * Answers `false` when it does not take it (the page reloads at once).
 */
export type SessionTaker = (sessionId: string, reload: () => void) => boolean;

/**
 * SPEC §4 "Session": a setSessionIdToChildFrame message reloads the page with that session in
 * the query and forwards the message to the frames inside the cashier. On a result page the new
 * session starts at the flow's main page instead (domain `addressForNewSession`): the host
 * answers a final result's reInitCashier with a new session, and the finished payment must not
 * come back. A `take` that answers true takes the session without the reload (the player's form
 * stays as it was), or runs the reload itself later. Returns the remover.
 */
export function listenToHost(win: Window = window, take?: SessionTaker): () => void {
  const onMessage = (event: MessageEvent) => {
    // Only the parent (the host) may hand the cashier a new session.
    if (event.source !== win.parent || win.parent === win) return;
    const message = parseHostMessage(event.data);
    if (message?.type !== 'setSessionIdToChildFrame') return;
    const forwarded = serializeHostMessage(setSessionIdMessage(message.sessionId));
    for (const frame of Array.from(win.document.querySelectorAll('iframe'))) {
      frame.contentWindow?.postMessage(forwarded, '*');
    }
    const reload = () => {
      win.location.replace(addressForNewSession(win.location.href, message.sessionId));
    };
    if (take?.(message.sessionId, reload) === true) return;
    reload();
  };
  win.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('message', onMessage);
  };
}
