/**
 * `mountCashier`: creates the cashier iframe on a host page, pins the origin of the
 * messages it accepts, delivers the widget's messages (SPEC §1, plus ready, resize and result) as
 * typed events, sizes the iframe to the widget's content (autoHeight), tells it which part of the
 * frame is on the screen (visible-area.ts) and sends it commands. With `cashierInNewTab` it opens
 * the cashier in a new tab instead (cashier-tab.ts).
 *
 * @packageDocumentation
 */
import {
  parseStorageRelayMessage,
  serializeHostMessage,
  setSessionIdMessage,
} from '@cashdesk/domain';
import { buildCashierAddress, httpUrl } from './cashier-address';
import type { CashierAddressOptions } from './cashier-address';
import { hostPathUrl, readCashierEvent } from './cashier-events';
import type { CashierEventData } from './cashier-events';
import { openCashierTab } from './cashier-tab';
import type { CashierInNewTabOptions, CashierTab } from './cashier-tab';
import { createEventHub } from './event-delivery';
import type { CashierEventControl } from './event-delivery';
import { frameHeight, frameHeightLimits } from './frame-height';
import type { FrameHeightLimits } from './frame-height';
import { CASHIER_ALLOW_FEATURES, CASHIER_SANDBOX_TOKENS } from './frame-policy';
import { browserVisibleAreaEnvironment, watchVisibleArea } from './visible-area';
import { answerStorageRelay } from './storage-relay';

/** The iframe's accessible name when the host gives none. */
export const DEFAULT_CASHIER_TITLE = 'Cashier';

/** An event as handlers receive it. */
export type CashierEvent = CashierEventData & CashierEventControl;

/** The `type` of a {@link CashierEvent}. */
export type CashierEventType = CashierEvent['type'];

/** The event of one type. */
export type CashierEventOf<T extends CashierEventType> = Extract<
  CashierEvent,
  { readonly type: T }
>;

/** A handler of the events of one type. */
export type CashierEventHandler<T extends CashierEventType> = (event: CashierEventOf<T>) => void;

/** What {@link mountCashier} reads to put the cashier in an iframe. */
export interface MountCashierOptions extends Omit<
  CashierAddressOptions,
  'parentWidth' | 'parentHeight' | 'hostOrigin'
> {
  /** In an iframe (the default); `true` is {@link CashierInNewTabOptions}. */
  readonly cashierInNewTab?: false | undefined;
  /** The element the iframe is appended to, or a selector of it. */
  readonly container: HTMLElement | string;
  /**
   * The only origin whose messages are accepted and the target origin of commands; default the
   * origin of `url`. Messages from any other origin, or from any window but this iframe's, are
   * ignored: SPEC §1 has the widget post to its parent with any origin, so the host pins it here.
   */
  readonly allowedOrigin?: string | undefined;
  /** The iframe's accessible title; default {@link DEFAULT_CASHIER_TITLE}. */
  readonly title?: string | undefined;
  /** The iframe's CSS width (a number is pixels); default `100%`. */
  readonly width?: number | string | undefined;
  /**
   * The iframe's CSS height (a number is pixels). Giving one switches `autoHeight` off unless it
   * is set too; without either the frame follows its content.
   */
  readonly height?: number | string | undefined;
  /**
   * Sizes the iframe to the widget's content (the `resize` event), so a phone shows one
   * scrollbar, the page's. Default on, unless `height` is given.
   */
  readonly autoHeight?: boolean | undefined;
  /** The smallest automatic height in CSS pixels; default {@link DEFAULT_MIN_HEIGHT}. */
  readonly minHeight?: number | undefined;
  /** The largest automatic height in CSS pixels (the cashier scrolls inside); default none. */
  readonly maxHeight?: number | undefined;
  /** Replaces {@link CASHIER_SANDBOX_TOKENS}. */
  readonly sandbox?: readonly string[] | undefined;
  /** Replaces {@link CASHIER_ALLOW_FEATURES}. */
  readonly allow?: readonly string[] | undefined;
  /** Receives every event, before handlers added later with `on`. */
  readonly onEvent?: ((event: CashierEvent) => void) | undefined;
}

/** A cashier mounted in an iframe. */
export interface Cashier {
  readonly mode: 'frame';
  /** The iframe, for styling; do not change its src or sandbox. */
  readonly iframe: HTMLIFrameElement;
  /** The pinned origin: messages are accepted from it and commands are posted to it only. */
  readonly origin: string;
  /** Adds a handler of one event type; returns the function that removes it. */
  on<T extends CashierEventType>(type: T, handler: CashierEventHandler<T>): () => void;
  /**
   * SPEC §1, §4: switches the cashier to another session (after reInitCashier). Posts
   * setSessionIdToChildFrame to the iframe with the pinned origin as target origin (never `*`);
   * the widget reloads with it. Before the frame's first load it sets the iframe's address
   * instead. The browser drops the message while the frame shows another origin (a bank page):
   * call {@link Cashier.reload} then.
   *
   * @throws {TypeError} when `sessionId` is blank.
   */
  setSession(sessionId: string): void;
  /** Opens the cashier's start address again with the current session id. */
  reload(): void;
  /** Removes the iframe, the message listener and every handler. Later calls do nothing. */
  destroy(): void;
}

function findContainer(container: HTMLElement | string): HTMLElement {
  if (typeof container !== 'string') return container;
  const element = document.querySelector(container);
  if (!(element instanceof HTMLElement)) {
    throw new TypeError(`Cashdesk: no element matches ${container}`);
  }
  return element;
}

function pinnedOrigin(allowedOrigin: string | undefined, widgetAddress: URL): string {
  if (allowedOrigin === undefined) return widgetAddress.origin;
  const url = httpUrl(allowedOrigin);
  if (url === null) throw new TypeError('Cashdesk: allowedOrigin must be an http(s) origin');
  return url.origin;
}

function cssSize(value: number | string | undefined): string {
  return typeof value === 'number' ? `${value}px` : (value ?? '100%');
}

/** The automatic height's bounds, or `null` when the frame keeps the host's height. */
function autoHeightLimits(options: MountCashierOptions): FrameHeightLimits | null {
  const on = options.autoHeight ?? options.height === undefined;
  return on ? frameHeightLimits(options.minHeight, options.maxHeight) : null;
}

/** The origin of the host page, when it is an http(s) one (not a file or a sandboxed page). */
function pageOrigin(view: Window): string | undefined {
  return httpUrl(view.location.href)?.origin;
}

function isEventOf<T extends CashierEventType>(
  event: CashierEvent,
  type: T,
): event is CashierEventOf<T> {
  return event.type === type;
}

/** SPEC §1 redirectTo: the whole page goes, so the top window; the host page if that fails. */
function navigateTop(view: Window, url: string): void {
  try {
    (view.top ?? view).location.href = url;
  } catch {
    view.location.href = url;
  }
}

/**
 * SPEC §2 reset-scroll: bring the frame's top into view unless it already is. At once, not
 * smoothly: the new screen is already there, and a page still gliding under the player's finger
 * makes the next tap land on something else (a tall auto-height frame made it happen).
 */
function scrollToFrame(iframe: HTMLIFrameElement, view: Window): void {
  const { top } = iframe.getBoundingClientRect();
  if (top < 0 || top > view.innerHeight) {
    iframe.scrollIntoView({ behavior: 'instant', block: 'start' });
  }
}

function runDefault(
  event: CashierEventData,
  iframe: HTMLIFrameElement,
  view: Window,
  limits: FrameHeightLimits | null,
): void {
  switch (event.type) {
    case 'resize':
      if (limits !== null) iframe.style.height = `${frameHeight(event.height, limits)}px`;
      break;
    case 'redirectTo':
      navigateTop(view, event.url);
      break;
    case 'finish':
      // SPEC §2, §4: the merchant's page takes the whole window, not the cashier's frame.
      if (event.url !== null) navigateTop(view, event.url);
      break;
    case 'redirect': {
      const url = hostPathUrl(event.path, view.location.href);
      if (url !== null) view.location.assign(url.href);
      break;
    }
    case 'reset-scroll':
      scrollToFrame(iframe, view);
      break;
    default:
      break;
  }
}

/**
 * Mounts the cashier. Appends a sandboxed iframe (see {@link CASHIER_SANDBOX_TOKENS} and
 * {@link CASHIER_ALLOW_FEATURES}) opening the address of {@link buildCashierAddress}, with the
 * container's size as the parent width and height (SPEC §2) and this page's origin as
 * host_origin, listens for the widget's messages (SPEC §1) and posts it the part of the frame on
 * the screen (the `visibleArea` message, to the pinned origin only). Only messages whose origin is the
 * pinned origin and whose source is this iframe's window are read; unknown ones are ignored. A
 * `result` of a transaction already delivered (the frame reloaded on its result page) is dropped.
 * With `cashierInNewTab: true` it opens the cashier in a new tab instead ({@link CashierTab}).
 *
 * @throws {TypeError} when the container is missing, `url` or `allowedOrigin` is not http(s),
 * `sessionId` is blank or the height bounds are not pixels. Nothing is added to the page then.
 */
export function mountCashier(options: CashierInNewTabOptions): CashierTab;
export function mountCashier(options: MountCashierOptions): Cashier;
export function mountCashier(
  options: MountCashierOptions | CashierInNewTabOptions,
): Cashier | CashierTab {
  return options.cashierInNewTab === true ? openCashierTab(options) : mountFrame(options);
}

function mountFrame(options: MountCashierOptions): Cashier {
  const container = findContainer(options.container);
  const view = container.ownerDocument.defaultView;
  if (view === null) throw new TypeError('Cashdesk: the container is not in a window');
  const limits = autoHeightLimits(options);
  const hostOrigin = pageOrigin(view);
  let sessionId = options.sessionId;
  const addressOf = (id: string): string =>
    buildCashierAddress({
      ...options,
      sessionId: id,
      parentWidth: container.clientWidth,
      parentHeight: container.clientHeight,
      hostOrigin,
    }).href;
  let address = addressOf(sessionId);
  const origin = pinnedOrigin(options.allowedOrigin, new URL(address));

  const iframe = container.ownerDocument.createElement('iframe');
  const title = options.title?.trim() ?? '';
  iframe.title = title === '' ? DEFAULT_CASHIER_TITLE : title;
  iframe.setAttribute('sandbox', (options.sandbox ?? CASHIER_SANDBOX_TOKENS).join(' '));
  iframe.setAttribute('allow', (options.allow ?? CASHIER_ALLOW_FEATURES).join('; '));
  iframe.style.border = '0';
  iframe.style.display = 'block';
  iframe.style.width = cssSize(options.width);
  iframe.style.height =
    limits === null || options.height !== undefined
      ? cssSize(options.height)
      : `${limits.minHeight}px`;
  iframe.src = address;

  const hub = createEventHub<CashierEventData>();
  if (options.onEvent !== undefined) hub.add(options.onEvent);
  /** Transactions whose result this mount delivered: a reloaded result page is not news. */
  const delivered = new Set<string>();
  let loaded = false;
  let destroyed = false;

  // Where the frame is on the screen, for the cashier's dialogs; a document the frame loads
  // anew (a reload, the cashier back from a provider's page) is told again once it listens.
  const visibleArea = watchVisibleArea(
    (message) => {
      iframe.contentWindow?.postMessage(serializeHostMessage(message), origin);
    },
    browserVisibleAreaEnvironment(iframe, view),
  );

  const deliver = (data: CashierEventData): void => {
    if (data.type === 'ready' || data.type === 'load') visibleArea.resend();
    if (data.type === 'result' && data.transactionId !== null) {
      if (delivered.has(data.transactionId)) return;
      delivered.add(data.transactionId);
    }
    hub.deliver(data, (event) => {
      // SPEC §4: a finish with no merchant address falls back to reinitialising the cashier.
      if (event.type === 'finish' && event.url === null) deliver({ type: 'reInitCashier' });
      else runDefault(event, iframe, view, limits);
    });
  };

  const onMessage = (message: MessageEvent<unknown>): void => {
    const frameWindow = iframe.contentWindow;
    if (frameWindow === null || message.source !== frameWindow || message.origin !== origin) {
      return;
    }
    const relay = parseStorageRelayMessage(message.data);
    if (relay !== null) {
      answerStorageRelay(view, origin, relay, (text) => {
        frameWindow.postMessage(text, origin);
      });
      return;
    }
    const data = readCashierEvent(message.data, address);
    if (data !== null) deliver(data);
  };

  const onLoad = (): void => {
    loaded = true;
    deliver({ type: 'load' });
  };

  const navigate = (): void => {
    loaded = false;
    address = addressOf(sessionId);
    iframe.src = address;
  };

  view.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  container.append(iframe);

  return {
    mode: 'frame',
    iframe,
    origin,
    on(type, handler) {
      return hub.add((event) => {
        if (isEventOf(event, type)) handler(event);
      });
    },
    setSession(next) {
      const id = next.trim();
      if (id === '') throw new TypeError('Cashdesk: sessionId is required');
      if (destroyed) return;
      sessionId = id;
      const frameWindow = iframe.contentWindow;
      if (!loaded || frameWindow === null) {
        navigate();
        return;
      }
      frameWindow.postMessage(serializeHostMessage(setSessionIdMessage(id)), origin);
    },
    reload() {
      if (!destroyed) navigate();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      visibleArea.stop();
      view.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      hub.close();
      iframe.remove();
    },
  };
}
