/**
 * The cashier in a new browser tab instead of an iframe (`cashierInNewTab` of mountCashier; the
 * host-side counterpart of SPEC §2's cashier_in_new_tab start-up, where a framed cashier hands
 * its address to the host with redirectTo).
 *
 * What does not work there, and why: the cashier's page is served with
 * `Cross-Origin-Opener-Policy: same-origin`, which cuts every link between it and a page of
 * another origin that opened it, and the SDK cuts the opener link itself besides (the tab could
 * otherwise navigate this page). So no message passes either way: the tab's ready, resize,
 * result, finish, reInitCashier, redirectTo, redirect and reset-scroll never reach this page, and
 * this page cannot send the tab a session. What the SDK offers instead is `return`: this page became
 * visible or focused again after the player was away in the tab; refresh the balance then (and
 * learn payment results on your backend, from the operator webhooks).
 *
 * @packageDocumentation
 */
import { buildCashierAddress, httpUrl } from './cashier-address';
import type { CashierAddressOptions } from './cashier-address';
import { createEventHub } from './event-delivery';
import type { CashierEventControl } from './event-delivery';

/** The player came back to this page after the cashier tab opened. */
export interface ReturnEventData {
  readonly type: 'return';
}

/** An event of the cashier tab as handlers receive it. */
export type CashierTabEvent = ReturnEventData & CashierEventControl;

/** What mountCashier reads with `cashierInNewTab: true`. */
export interface CashierInNewTabOptions extends Omit<
  CashierAddressOptions,
  'parentWidth' | 'parentHeight' | 'hostOrigin'
> {
  /** Opens the cashier in a new tab (a window on some browsers) instead of an iframe. */
  readonly cashierInNewTab: true;
  /** Receives every event. */
  readonly onEvent?: ((event: CashierTabEvent) => void) | undefined;
  /** The window that opens the tab and whose return is watched; default `window`. */
  readonly view?: Window | undefined;
}

/** A cashier opened in a new tab. */
export interface CashierTab {
  readonly mode: 'tab';
  /** The cashier's origin. */
  readonly origin: string;
  /**
   * False when the browser blocked the tab (a pop-up blocker: call mountCashier from a click, or
   * call {@link CashierTab.open} from one).
   */
  readonly opened: boolean;
  /** Adds a handler of `return`; returns the function that removes it. */
  on(type: 'return', handler: (event: CashierTabEvent) => void): () => void;
  /**
   * Keeps a new session id for the next {@link CashierTab.open}. The tab already open cannot be
   * told (see the module comment).
   *
   * @throws {TypeError} when `sessionId` is blank.
   */
  setSession(sessionId: string): void;
  /** Opens the cashier again in a new tab with the current session; call it from a click. */
  open(): boolean;
  /** Stops watching for the player's return and drops every handler. The tab stays open. */
  destroy(): void;
}

/** Opens `address` in a new tab and cuts its link back to this page; false when blocked. */
function openTab(view: Window, address: string): boolean {
  // Without 'noopener' in the features null means blocked; the link is then cut by hand.
  const opened = view.open(address, '_blank');
  if (opened === null) return false;
  try {
    opened.opener = null;
  } catch {
    // Already another origin's document: its own opener policy cut the link.
  }
  return true;
}

/**
 * Opens the cashier's start address (as {@link buildCashierAddress} builds it, without the
 * parent size) in a new tab and watches for the player's return to this page.
 *
 * @throws {TypeError} when `url` is not http(s) or `sessionId` is blank.
 */
export function openCashierTab(options: CashierInNewTabOptions): CashierTab {
  const view = options.view ?? window;
  let sessionId = options.sessionId;
  const addressOf = (id: string): string => buildCashierAddress({ ...options, sessionId: id }).href;
  const first = addressOf(sessionId);
  const origin = httpUrl(first)?.origin ?? '';
  const hub = createEventHub<ReturnEventData>();
  if (options.onEvent !== undefined) hub.add(options.onEvent);
  let destroyed = false;
  let opened = openTab(view, first);
  let away = false;

  const leave = (): void => {
    if (opened) away = true;
  };
  const back = (): void => {
    if (!away || view.document.visibilityState === 'hidden') return;
    away = false;
    hub.deliver({ type: 'return' }, () => undefined);
  };
  const onVisibility = (): void => {
    if (view.document.visibilityState === 'hidden') leave();
    else back();
  };
  view.addEventListener('blur', leave);
  view.addEventListener('focus', back);
  view.document.addEventListener('visibilitychange', onVisibility);

  return {
    mode: 'tab',
    origin,
    get opened() {
      return opened;
    },
    on(_type, handler) {
      return hub.add(handler);
    },
    setSession(next) {
      const id = next.trim();
      if (id === '') throw new TypeError('Cashdesk: sessionId is required');
      if (!destroyed) sessionId = id;
    },
    open() {
      if (destroyed) return false;
      const ok = openTab(view, addressOf(sessionId));
      if (ok) opened = true;
      return ok;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      view.removeEventListener('blur', leave);
      view.removeEventListener('focus', back);
      view.document.removeEventListener('visibilitychange', onVisibility);
      hub.close();
    },
  };
}
