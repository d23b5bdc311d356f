/**
 * Tells the cashier which part of its frame the player sees (the domain's `visibleArea` host
 * message), so that its dialogs open there. An auto-height frame is as tall as the cashier's
 * content and the page scrolls, not the frame: the frame's own viewport is the whole tall frame,
 * and a dialog centred in it could open above or below the screen. The SDK watches what moves the
 * frame on the screen (the page's scrolling, the window's and the visual viewport's size and
 * place, the frame's own size) and posts the visible part at most once per animation frame, and
 * only when it changed; again, whatever it was, when a new document in the frame may need it.
 *
 * @packageDocumentation
 */
import { visibleAreaMessage } from '@cashdesk/domain';
import type { VerticalSpan, VisibleAreaMessage } from '@cashdesk/domain';

/** The browser parts the watcher uses, passed in so tests can drive them. */
export interface VisibleAreaEnvironment {
  /** Runs `callback` before the next paint (requestAnimationFrame); returns a handle. */
  readonly requestFrame: (callback: () => void) => number;
  readonly cancelFrame: (handle: number) => void;
  /** Calls `onChange` whenever the frame may have moved on the screen; returns the stop. */
  readonly watch: (onChange: () => void) => () => void;
  /** The frame's box in the page's viewport (getBoundingClientRect). */
  readonly frame: () => VerticalSpan;
  /** The part of the page's viewport on the screen (the visual viewport), same coordinates. */
  readonly screen: () => VerticalSpan;
}

/** A running watch. */
export interface VisibleAreaWatch {
  /** Posts the visible part at the next animation frame even when it did not change. */
  resend(): void;
  stop(): void;
}

/** The window's visual viewport; none in old browsers (and jsdom), whatever the DOM types say. */
function visualViewportOf(view: Window): VisualViewport | null {
  return 'visualViewport' in view ? view.visualViewport : null;
}

/** The real browser's {@link VisibleAreaEnvironment} for `iframe` on the page of `view`. */
export function browserVisibleAreaEnvironment(
  iframe: HTMLIFrameElement,
  view: Window,
): VisibleAreaEnvironment {
  return {
    requestFrame: (callback) => view.requestAnimationFrame(callback),
    cancelFrame: (handle) => {
      view.cancelAnimationFrame(handle);
    },
    watch: (onChange) => {
      const options = { passive: true, capture: true } as const;
      // Captured, so that a scrolling box around the container is heard as well as the page.
      view.addEventListener('scroll', onChange, options);
      view.addEventListener('resize', onChange, options);
      const viewport = visualViewportOf(view);
      viewport?.addEventListener('scroll', onChange, options);
      viewport?.addEventListener('resize', onChange, options);
      const observer = 'ResizeObserver' in view ? new ResizeObserver(onChange) : null;
      observer?.observe(iframe);
      return () => {
        view.removeEventListener('scroll', onChange, options);
        view.removeEventListener('resize', onChange, options);
        viewport?.removeEventListener('scroll', onChange, options);
        viewport?.removeEventListener('resize', onChange, options);
        observer?.disconnect();
      };
    },
    frame: () => {
      const box = iframe.getBoundingClientRect();
      return { top: box.top, height: box.height };
    },
    screen: () => {
      const viewport = visualViewportOf(view);
      return viewport === null
        ? { top: 0, height: view.innerHeight }
        : { top: viewport.offsetTop, height: viewport.height };
    },
  };
}

/**
 * Watches where the frame is on the screen and calls `post` with the visible part: once at the
 * next animation frame, then after each change (at most once per animation frame, only when the
 * whole pixels changed), and after each {@link VisibleAreaWatch.resend}.
 */
export function watchVisibleArea(
  post: (message: VisibleAreaMessage) => void,
  env: VisibleAreaEnvironment,
): VisibleAreaWatch {
  let last: VisibleAreaMessage | null = null;
  let pending: number | null = null;
  let stopped = false;
  const measure = (): void => {
    pending = null;
    const message = visibleAreaMessage(env.frame(), env.screen());
    if (message === null) return;
    if (last !== null && message.top === last.top && message.height === last.height) return;
    last = message;
    post(message);
  };
  const schedule = (): void => {
    if (!stopped) pending ??= env.requestFrame(measure);
  };
  const stopWatching = env.watch(schedule);
  schedule();
  return {
    resend() {
      last = null;
      schedule();
    },
    stop() {
      stopped = true;
      stopWatching();
      if (pending !== null) env.cancelFrame(pending);
      pending = null;
    },
  };
}
