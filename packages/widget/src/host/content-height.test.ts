import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResizeMessage } from '@cashdesk/domain';
import { browserHeightEnvironment, watchContentHeight } from './content-height';
import type { HeightWatchEnvironment, MeasuredElement } from './content-height';

/** An element whose height the test sets, a ResizeObserver it fires and frames it runs. */
function harness(initialHeight: number) {
  let height = initialHeight;
  const element: MeasuredElement = { getBoundingClientRect: () => ({ height }) };
  const frames = new Map<number, () => void>();
  let nextHandle = 1;
  let onChange: (() => void) | null = null;
  let observing = false;
  const env: HeightWatchEnvironment<MeasuredElement> = {
    requestFrame: (callback) => {
      frames.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelFrame: (handle) => {
      frames.delete(handle);
    },
    observe: (_element, callback) => {
      onChange = callback;
      observing = true;
      return () => {
        observing = false;
      };
    },
  };
  const reports: number[] = [];
  const stop = watchContentHeight(
    element,
    (message: ResizeMessage) => reports.push(message.height),
    env,
  );
  return {
    reports,
    stop,
    pendingFrames: () => frames.size,
    isObserving: () => observing,
    resize(next: number) {
      height = next;
      onChange?.();
    },
    runFrame() {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
    },
  };
}

describe('the content height reported to the host (resize)', () => {
  it('reports the first height at the first frame, rounded up to whole pixels', () => {
    const h = harness(600.3);
    expect(h.reports).toEqual([]);
    h.runFrame();
    expect(h.reports).toEqual([601]);
  });

  it('measures at most once per animation frame however often the observer fires', () => {
    const h = harness(600);
    h.runFrame();
    h.resize(700);
    h.resize(720);
    h.resize(740);
    expect(h.pendingFrames()).toBe(1);
    h.runFrame();
    expect(h.reports).toEqual([600, 740]);
  });

  it('reports only a change of whole pixels', () => {
    const h = harness(600);
    h.runFrame();
    h.resize(600.4);
    h.runFrame();
    h.resize(599.2);
    h.runFrame();
    expect(h.reports).toEqual([600, 601, 600]);
    h.resize(600);
    h.runFrame();
    expect(h.reports).toEqual([600, 601, 600]);
  });

  it('reports nothing for an element with no height (nothing rendered)', () => {
    const h = harness(0);
    h.runFrame();
    expect(h.reports).toEqual([]);
    h.resize(320);
    h.runFrame();
    expect(h.reports).toEqual([320]);
  });

  it('stops observing and drops the frame it had asked for', () => {
    const h = harness(600);
    h.resize(650);
    h.stop();
    expect(h.isObserving()).toBe(false);
    expect(h.pendingFrames()).toBe(0);
    expect(h.reports).toEqual([]);
  });
});

describe('the browser’s parts of the height watch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('observes the element with a ResizeObserver, stops it, and schedules on animation frames', () => {
    const observed: Element[] = [];
    let disconnected = 0;
    let notify: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          notify = callback;
        }
        observe(element: Element): void {
          observed.push(element);
        }
        disconnect(): void {
          disconnected += 1;
        }
      },
    );
    const frames: FrameRequestCallback[] = [];
    const cancelled: number[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) =>
      frames.push(callback),
    );
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((handle) => {
      cancelled.push(handle);
    });
    const environment = browserHeightEnvironment(window);
    const element = document.createElement('div');
    let changes = 0;
    const stop = environment.observe(element, () => (changes += 1));
    expect(observed).toEqual([element]);
    notify();
    expect(changes).toBe(1);
    stop();
    expect(disconnected).toBe(1);
    let ran = false;
    const handle = environment.requestFrame(() => (ran = true));
    frames[0]?.(0);
    expect(ran).toBe(true);
    environment.cancelFrame(handle);
    expect(cancelled).toEqual([handle]);
  });
});
