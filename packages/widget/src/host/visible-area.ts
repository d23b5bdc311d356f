/**
 * The part of the cashier's window the player sees, where its dialogs and toasts go: CSS custom
 * properties on the document root that the stylesheets place them with (themes/base.css).
 *
 * In a host page's frame the frame is as tall as the cashier's content (the embed SDK's
 * autoHeight), so the window the cashier lays its dialogs over is the whole tall frame, most of
 * it above or below the screen. The SDK tells the cashier which part is on the screen (the
 * domain's `visibleArea` message, read from the parent window only, and from the host's origin
 * when the cashier knows it). As the top page (a new tab, a native app's web view) the part on the
 * screen is the visual viewport, which an on-screen keyboard or a pinch zoom makes smaller than
 * the window. Until either says anything, nothing is set and dialogs centre in the window, as
 * before; a host page that does not speak the message (an iframe without the SDK) keeps that.
 *
 * @packageDocumentation
 */
import { parseHostMessage } from '@cashdesk/domain';
import type { VerticalSpan } from '@cashdesk/domain';
import { hasHost, hostOrigin, outerCashier } from './host-bridge';

/** The custom properties the stylesheets read. */
export const VISIBLE_AREA_PROPERTIES = {
  /** From the window's top to the top of the part on the screen. */
  top: '--cd-visible-top',
  /** From the bottom of the part on the screen to the window's bottom. */
  bottom: '--cd-visible-bottom',
  /** The part's height. */
  height: '--cd-visible-height',
} as const;

/**
 * The least height the part is given, in CSS pixels (or the whole window when that is shorter): a
 * frame that barely shows (its last lines at the bottom of the screen) still gets a dialog that
 * can be read, around the part that shows.
 */
export const MIN_VISIBLE_HEIGHT = 320;

/**
 * The part of a window of `windowHeight` the dialogs use for the part `seen`: `seen` itself, or,
 * when it is shorter than {@link MIN_VISIBLE_HEIGHT}, that height around its middle, kept inside
 * the window.
 */
export function usableArea(seen: VerticalSpan, windowHeight: number): VerticalSpan {
  const height = Math.max(windowHeight, 0);
  const top = Math.min(Math.max(seen.top, 0), height);
  const shown = Math.min(Math.max(seen.height, 0), height - top);
  const least = Math.min(MIN_VISIBLE_HEIGHT, height);
  if (shown >= least) return { top, height: shown };
  const middle = top + shown / 2;
  const start = Math.min(Math.max(middle - least / 2, 0), height - least);
  return { top: Math.round(start), height: least };
}

function setArea(root: HTMLElement, seen: VerticalSpan, windowHeight: number): void {
  const area = usableArea(seen, windowHeight);
  const bottom = Math.max(windowHeight - area.top - area.height, 0);
  root.style.setProperty(VISIBLE_AREA_PROPERTIES.top, `${String(area.top)}px`);
  root.style.setProperty(VISIBLE_AREA_PROPERTIES.bottom, `${String(bottom)}px`);
  root.style.setProperty(VISIBLE_AREA_PROPERTIES.height, `${String(area.height)}px`);
}

function clearArea(root: HTMLElement): void {
  for (const name of Object.values(VISIBLE_AREA_PROPERTIES)) root.style.removeProperty(name);
}

/** The host's visibleArea messages: the part they name, written as the window's height changes. */
function followHost(win: Window, root: HTMLElement): () => void {
  let seen: VerticalSpan | null = null;
  const write = () => {
    if (seen !== null) setArea(root, seen, win.innerHeight);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return;
    const origin = hostOrigin(win);
    if (origin !== null && event.origin !== origin) return;
    const message = parseHostMessage(event.data);
    if (message?.type !== 'visibleArea') return;
    seen = { top: message.top, height: message.height };
    write();
  };
  win.addEventListener('message', onMessage);
  win.addEventListener('resize', write);
  return () => {
    win.removeEventListener('message', onMessage);
    win.removeEventListener('resize', write);
    clearArea(root);
  };
}

/** The visual viewport of a top page, followed as it moves and resizes. */
function followViewport(win: Window, root: HTMLElement): () => void {
  // Missing in old web views (and jsdom), whatever the DOM types say.
  const viewport = 'visualViewport' in win ? win.visualViewport : null;
  if (viewport === null) return () => undefined;
  const write = () => {
    setArea(root, { top: viewport.offsetTop, height: viewport.height }, win.innerHeight);
  };
  write();
  viewport.addEventListener('resize', write);
  viewport.addEventListener('scroll', write);
  return () => {
    viewport.removeEventListener('resize', write);
    viewport.removeEventListener('scroll', write);
    clearArea(root);
  };
}

/**
 * Keeps the root's {@link VISIBLE_AREA_PROPERTIES} on the part of the window the player sees (see
 * the module comment): the host's word in a host page's frame, the visual viewport as the top
 * page. A cashier inside the cashier's own frame (a 3-D Secure return) is the outer one's
 * business. Returns the stop, which also removes the properties.
 */
export function followVisibleArea(win: Window = window): () => void {
  const root = win.document.documentElement;
  if (outerCashier(win) !== null) return () => undefined;
  return hasHost(win) ? followHost(win, root) : followViewport(win, root);
}
