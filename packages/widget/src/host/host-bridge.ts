/**
 * The postMessage bridge to the host page (SPEC §1, §4): the widget posts JSON messages to its
 * parent with any origin (the host pins ours with @cashdesk/embed), and listens for
 * setSessionIdToChildFrame, which reloads the cashier with the new session and forwards the
 * message to any frame the cashier itself embeds.
 *
 * @packageDocumentation
 */
import {
  addressWithSessionId,
  myAccountRedirectMessage,
  parseHostMessage,
  reInitCashierMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
  setSessionIdMessage,
} from '@cashdesk/domain';
import type { HostMessage, InnerResultMessage } from '@cashdesk/domain';

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

/** Posts one message to the host (SPEC §1: target cashier, any origin). */
export function postToHost(message: HostMessage, win: Window = window): boolean {
  const host = hostWindow(win);
  if (host === null) return false;
  host.postMessage(serializeHostMessage(message), '*');
  return true;
}

/** SPEC §4: asks the host to reinitialise the cashier (final result, render crash). */
export function requestReInit(win: Window = window): boolean {
  return postToHost(reInitCashierMessage(), win);
}

/** SPEC §2: asks the host to navigate its top window to an address. */
export function requestRedirectTo(url: string, win: Window = window): boolean {
  return postToHost(redirectToMessage(url), win);
}

/** SPEC §1: asks the host app to open the player's account page (/my-account). */
export function requestMyAccount(win: Window = window): boolean {
  return postToHost(myAccountRedirectMessage(), win);
}

/** SPEC §2: scrolls the cashier smoothly to its top and tells the host to do the same. */
export function scrollToTop(win: Window = window): void {
  const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  win.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  postToHost(resetScrollMessage(), win);
}

/**
 * SPEC §4 "Session": a setSessionIdToChildFrame message reloads the page with that session in
 * the query and forwards the message to the frames inside the cashier. Returns the remover.
 */
export function listenToHost(win: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    // Only the parent (the host) may hand the cashier a new session.
    if (event.source !== win.parent || win.parent === win) return;
    const message = parseHostMessage(event.data);
    if (message?.type !== 'setSessionIdToChildFrame') return;
    const forwarded = serializeHostMessage(setSessionIdMessage(message.sessionId));
    for (const frame of Array.from(win.document.querySelectorAll('iframe'))) {
      frame.contentWindow?.postMessage(forwarded, '*');
    }
    win.location.replace(addressWithSessionId(win.location.href, message.sessionId));
  };
  win.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('message', onMessage);
  };
}
