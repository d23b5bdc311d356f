/**
 * Reports the cashier's content height to the host page (the `resize` message of the domain's
 * host messages), so that the embed SDK can size the iframe to it and a phone shows one scrollbar,
 * the page's, instead of a scrolling frame inside a scrolling page.
 *
 * What is measured is the app's root element, whose height is its content's: nothing inside it
 * is sized by the viewport (`vh`, `100%` of the frame), so a taller frame never makes taller
 * content and the two cannot chase each other. Overlays and dialogs are `position: fixed` and
 * take the frame's viewport as it is. A ResizeObserver sees each change; the height is read and
 * posted at most once per animation frame, and only when the whole number of pixels changed.
 *
 * @packageDocumentation
 */
import { resizeMessage } from '@cashdesk/domain';
import type { ResizeMessage } from '@cashdesk/domain';

/** What the watcher measures: an element's box. */
export interface MeasuredElement {
  getBoundingClientRect(): { readonly height: number };
}

/** The browser parts the watcher uses, passed in so tests can drive them. */
export interface HeightWatchEnvironment<E extends MeasuredElement = Element> {
  /** Runs `callback` before the next paint (requestAnimationFrame); returns a handle. */
  readonly requestFrame: (callback: () => void) => number;
  readonly cancelFrame: (handle: number) => void;
  /** Calls `onChange` whenever the element's size changes (a ResizeObserver); returns the stop. */
  readonly observe: (element: E, onChange: () => void) => () => void;
}

/** The real browser's {@link HeightWatchEnvironment}. */
export function browserHeightEnvironment(win: Window = window): HeightWatchEnvironment {
  return {
    requestFrame: (callback) => win.requestAnimationFrame(callback),
    cancelFrame: (handle) => {
      win.cancelAnimationFrame(handle);
    },
    observe: (element, onChange) => {
      const observer = new ResizeObserver(onChange);
      observer.observe(element);
      return () => {
        observer.disconnect();
      };
    },
  };
}

/**
 * Watches `element`'s height and calls `report` with a resize message for the first height and
 * then for every change of whole pixels, at most once per animation frame. Returns the stop.
 */
export function watchContentHeight<E extends MeasuredElement>(
  element: E,
  report: (message: ResizeMessage) => void,
  env: HeightWatchEnvironment<E>,
): () => void {
  let last: number | null = null;
  let pending: number | null = null;
  const measure = (): void => {
    pending = null;
    const message = resizeMessage(element.getBoundingClientRect().height);
    if (message === null || message.height === last) return;
    last = message.height;
    report(message);
  };
  const schedule = (): void => {
    pending ??= env.requestFrame(measure);
  };
  const stopObserving = env.observe(element, schedule);
  schedule();
  return () => {
    stopObserving();
    if (pending !== null) env.cancelFrame(pending);
    pending = null;
  };
}
