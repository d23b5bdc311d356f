import { describe, expect, it } from 'vitest';
import { serializeHostMessage, visibleAreaMessage } from '@cashdesk/domain';
import { followVisibleArea, MIN_VISIBLE_HEIGHT, usableArea } from './visible-area';

type Listener = (event: { data?: unknown; source?: unknown; origin?: string }) => void;

/** A cashier window of `innerHeight` in a host page's frame (or the top page: `parent` itself). */
function cashierWindow(options: {
  readonly innerHeight: number;
  readonly framed: boolean;
  readonly ancestorOrigins?: readonly string[];
  readonly visualViewport?: { offsetTop: number; height: number } | null;
}) {
  const listeners = new Map<string, Set<Listener>>();
  const viewportListeners = new Map<string, () => void>();
  const root = document.createElement('html');
  const parent = {
    get location(): never {
      throw new DOMException('cross-origin', 'SecurityError');
    },
  };
  const win: Record<string, unknown> = {
    innerHeight: options.innerHeight,
    location: {
      href: 'https://cashier.test/deposit?session_id=s',
      origin: 'https://cashier.test',
      ancestorOrigins: options.ancestorOrigins,
    },
    document: { documentElement: root },
    addEventListener: (type: string, listener: Listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type: string, listener: Listener) =>
      listeners.get(type)?.delete(listener),
  };
  win.parent = options.framed ? parent : win;
  if (options.visualViewport !== undefined) {
    const viewport = options.visualViewport;
    win.visualViewport =
      viewport === null
        ? null
        : Object.assign(viewport, {
            addEventListener: (type: string, listener: () => void) =>
              viewportListeners.set(type, listener),
            removeEventListener: (type: string) => viewportListeners.delete(type),
          });
  }
  const fire = (type: string, event: Parameters<Listener>[0] = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  const property = (name: string) => root.style.getPropertyValue(name);
  const area = () => ({
    top: property('--cd-visible-top'),
    bottom: property('--cd-visible-bottom'),
    height: property('--cd-visible-height'),
  });
  return { win, parent, fire, area, viewportListeners, listeners };
}

function visible(top: number, height: number): string {
  const message = visibleAreaMessage({ top: -top, height: 100_000 }, { top: 0, height });
  if (message === null) throw new Error('no message');
  return serializeHostMessage(message);
}

describe('the part of the window the dialogs use (host/visible-area.ts)', () => {
  it('in a host page frame: the part the host names, from the parent only', () => {
    const page = cashierWindow({ innerHeight: 2400, framed: true });
    // @ts-expect-error a minimal window stand-in
    const stop = followVisibleArea(page.win);
    expect(page.area()).toEqual({ top: '', bottom: '', height: '' });
    page.fire('message', { data: visible(900, 844), source: {}, origin: 'https://x.test' });
    expect(page.area().top).toBe('');
    page.fire('message', {
      data: visible(900, 844),
      source: page.parent,
      origin: 'https://x.test',
    });
    expect(page.area()).toEqual({ top: '900px', bottom: '656px', height: '844px' });
    // The frame grew (content added under the dialog): the bottom inset follows.
    page.win.innerHeight = 2600;
    page.fire('resize');
    expect(page.area()).toEqual({ top: '900px', bottom: '856px', height: '844px' });
    stop();
    expect(page.area()).toEqual({ top: '', bottom: '', height: '' });
    expect(page.listeners.get('message')?.size).toBe(0);
  });

  it('takes the word of the host origin only, when the cashier knows it', () => {
    const page = cashierWindow({
      innerHeight: 2000,
      framed: true,
      ancestorOrigins: ['https://brand.example'],
    });
    // @ts-expect-error a minimal window stand-in
    followVisibleArea(page.win);
    page.fire('message', {
      data: visible(100, 600),
      source: page.parent,
      origin: 'https://evil.example',
    });
    expect(page.area().top).toBe('');
    page.fire('message', {
      data: visible(100, 600),
      source: page.parent,
      origin: 'https://brand.example',
    });
    expect(page.area().top).toBe('100px');
    page.fire('message', {
      data: '{"type":"resize","height":5}',
      source: page.parent,
      origin: 'https://brand.example',
    });
    expect(page.area().top).toBe('100px');
  });

  it('as the top page: the visual viewport (an on-screen keyboard, a pinch zoom)', () => {
    const viewport = { offsetTop: 40, height: 400 };
    const page = cashierWindow({ innerHeight: 844, framed: false, visualViewport: viewport });
    // @ts-expect-error a minimal window stand-in
    const stop = followVisibleArea(page.win);
    expect(page.area()).toEqual({ top: '40px', bottom: '404px', height: '400px' });
    // The keyboard closes.
    viewport.height = 844;
    viewport.offsetTop = 0;
    page.viewportListeners.get('resize')?.();
    expect(page.area()).toEqual({ top: '0px', bottom: '0px', height: '844px' });
    // A pinch zoom moved the visual viewport down the page.
    viewport.height = 422;
    viewport.offsetTop = 300;
    page.viewportListeners.get('scroll')?.();
    expect(page.area()).toEqual({ top: '300px', bottom: '122px', height: '422px' });
    stop();
    expect(page.viewportListeners.size).toBe(0);
    expect(page.area().top).toBe('');
  });

  it('as the top page without a visual viewport: nothing set, dialogs centre in the window', () => {
    const page = cashierWindow({ innerHeight: 844, framed: false, visualViewport: null });
    // @ts-expect-error a minimal window stand-in
    followVisibleArea(page.win);
    expect(page.area()).toEqual({ top: '', bottom: '', height: '' });
  });

  it.each([
    // Seen whole: itself.
    [{ top: 900, height: 844 }, 2400, { top: 900, height: 844 }],
    // A sliver at the frame's top edge: the least height, from the top.
    [{ top: 0, height: 40 }, 2400, { top: 0, height: MIN_VISIBLE_HEIGHT }],
    // A sliver at the bottom edge: the least height, ending at the bottom.
    [
      { top: 2380, height: 20 },
      2400,
      { top: 2400 - MIN_VISIBLE_HEIGHT, height: MIN_VISIBLE_HEIGHT },
    ],
    // Out of view: still a readable part, inside the window.
    [{ top: 0, height: 0 }, 2400, { top: 0, height: MIN_VISIBLE_HEIGHT }],
    // A window shorter than the least height: the whole window.
    [{ top: 0, height: 100 }, 200, { top: 0, height: 200 }],
  ])('seen %j of a %d px window: the dialogs use %j', (seen, windowHeight, used) => {
    expect(usableArea(seen, windowHeight)).toEqual(used);
  });
});
