import {
  myAccountRedirectMessage,
  paymentResultMessage,
  readyMessage,
  reInitCashierMessage,
  resizeMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
} from '@cashdesk/domain';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildCashierAddress } from './cashier-address';
import { CASHIER_ALLOW_FEATURES, CASHIER_SANDBOX_TOKENS } from './frame-policy';
import { DEFAULT_CASHIER_TITLE, mountCashier } from './mount-cashier';
import type { Cashier, CashierEvent, MountCashierOptions } from './mount-cashier';
import type { ResultEventData } from './cashier-events';

const WIDGET_URL = 'https://cashier.example.com';
const WIDGET_ORIGIN = 'https://cashier.example.com';
const SESSION = 'sess-secret-1';
/** This page's origin as the iframe's address carries it (the widget posts to it only). */
const HOST_ORIGIN_QUERY = new URLSearchParams({ host_origin: window.location.origin }).toString();

let mounted: Cashier[] = [];

function mount(options: Partial<MountCashierOptions> = {}): Cashier {
  const cashier = mountCashier({
    container: '#cashier',
    url: WIDGET_URL,
    sessionId: SESSION,
    ...options,
  });
  mounted.push(cashier);
  return cashier;
}

function frameWindow(cashier: Cashier): Window {
  const view = cashier.iframe.contentWindow;
  if (view === null) throw new Error('the iframe has no window');
  return view;
}

/** jsdom does not post between frames: dispatch what the browser would deliver. */
function post(data: unknown, source: Window | null, origin = WIDGET_ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

function fromWidget(cashier: Cashier, data: unknown): void {
  post(data, frameWindow(cashier));
}

beforeEach(() => {
  document.body.innerHTML = '<main><div id="cashier"></div></main>';
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  for (const cashier of mounted) cashier.destroy();
  mounted = [];
  vi.restoreAllMocks();
});

describe('mountCashier: the iframe (SPEC §2)', () => {
  it('appends an iframe whose src is the start-up address with session_id, lang and theme', () => {
    const cashier = mount({ lang: 'en', brand: 'brand0', theme: 'brand0', flow: 'withdrawal' });
    expect(document.querySelector('#cashier > iframe')).toBe(cashier.iframe);
    expect(cashier.iframe.src).toBe(
      `https://cashier.example.com/withdrawal?session_id=sess-secret-1&lang=en-brand0&theme=brand0&${HOST_ORIGIN_QUERY}`,
    );
  });

  it('sends the container size as width and height (SPEC §2 parent width and height)', () => {
    const container = document.createElement('section');
    Object.defineProperty(container, 'clientWidth', { value: 480 });
    Object.defineProperty(container, 'clientHeight', { value: 720 });
    document.body.append(container);
    const cashier = mount({ container });
    const query = new URL(cashier.iframe.src).searchParams;
    expect([query.get('width'), query.get('height')]).toEqual(['480', '720']);
  });

  it('sets the payments sandbox, allow=payment, a title and the size', () => {
    const { iframe } = mount({ width: 400, height: '80vh' });
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads',
    );
    expect(iframe.getAttribute('sandbox')?.split(' ')).toEqual([...CASHIER_SANDBOX_TOKENS]);
    expect(iframe.getAttribute('allow')).toBe(CASHIER_ALLOW_FEATURES.join('; '));
    expect(iframe.getAttribute('allow')).toContain('payment');
    expect(iframe.title).toBe(DEFAULT_CASHIER_TITLE);
    expect([iframe.style.width, iframe.style.height]).toEqual(['400px', '80vh']);
  });

  it('takes the host title, size and attribute overrides', () => {
    const { iframe } = mount({
      title: 'Deposit funds',
      sandbox: ['allow-scripts', 'allow-same-origin'],
      allow: ['payment'],
    });
    expect(iframe.title).toBe('Deposit funds');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(iframe.getAttribute('allow')).toBe('payment');
    // No height given: the frame follows its content, from the minimum height on.
    expect([iframe.style.width, iframe.style.height]).toEqual(['100%', '440px']);
    expect(mount({ title: '  ' }).iframe.title).toBe('Cashier');
  });

  it('puts the session id in the src query only (SPEC §1 session id handling)', () => {
    const { iframe } = mount();
    for (const attribute of iframe.attributes) {
      if (attribute.name !== 'src') expect(attribute.value).not.toContain(SESSION);
    }
    const src = new URL(iframe.src);
    expect(src.searchParams.get('session_id')).toBe(SESSION);
    src.search = '';
    expect(src.href).not.toContain(SESSION);
  });

  it('throws and adds nothing for a missing container, a non-http(s) url or a blank session', () => {
    expect(() => mount({ container: '#nowhere' })).toThrow(TypeError);
    expect(() => mount({ url: 'javascript:alert(1)' })).toThrow(TypeError);
    expect(() => mount({ sessionId: ' ' })).toThrow(TypeError);
    expect(() => mount({ allowedOrigin: '*' })).toThrow(TypeError);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});

describe('mountCashier: origin pinning (SPEC §1: the widget posts with any origin)', () => {
  it('pins the origin of url by default', () => {
    expect(mount({ url: 'https://cashier.example.com/app/' }).origin).toBe(WIDGET_ORIGIN);
  });

  it('ignores a message from another origin, even from the iframe', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    post(
      serializeHostMessage(reInitCashierMessage()),
      frameWindow(cashier),
      'https://evil.example',
    );
    post(serializeHostMessage(reInitCashierMessage()), frameWindow(cashier), 'null');
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('ignores a message with the right origin from another window', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    const other = mount({ container: document.createElement('div') });
    document.body.append(other.iframe);
    post(reInitCashierMessage(), window);
    post(reInitCashierMessage(), frameWindow(other));
    post(reInitCashierMessage(), null);
    expect(onEvent).not.toHaveBeenCalled();
    fromWidget(cashier, reInitCashierMessage());
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('accepts only allowedOrigin when the host pins another origin', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent, allowedOrigin: 'https://pay.example.com/ignored/path' });
    expect(cashier.origin).toBe('https://pay.example.com');
    post(reInitCashierMessage(), frameWindow(cashier), WIDGET_ORIGIN);
    expect(onEvent).not.toHaveBeenCalled();
    post(reInitCashierMessage(), frameWindow(cashier), 'https://pay.example.com');
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('ignores unknown messages and commands meant for the widget', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    fromWidget(cashier, { target: 'cashier', type: 'grow', height: 900 });
    fromWidget(cashier, { target: 'cashier', type: 'resize', height: '900px' });
    fromWidget(cashier, { target: 'cashier', type: 'paymentResult', status: 'success' });
    fromWidget(cashier, { target: 'cashier', type: 'setSessionIdToChildFrame', sessionId: 'x' });
    fromWidget(cashier, 'hello');
    fromWidget(cashier, { type: 'reInitCashier', target: 'someone-else' });
    expect(onEvent).not.toHaveBeenCalled();
  });
});

describe('mountCashier: typed events (SPEC §1)', () => {
  it('delivers reInitCashier with no default action (SPEC §4 final result, render crash)', () => {
    const cashier = mount();
    const handler = vi.fn((event: { readonly type: 'reInitCashier' }) => event.type);
    cashier.on('reInitCashier', (event) => {
      expectTypeOf(event.type).toEqualTypeOf<'reInitCashier'>();
      handler(event);
    });
    fromWidget(cashier, serializeHostMessage(reInitCashierMessage()));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type: 'reInitCashier' }));
  });

  it('delivers redirectTo with its address and navigates the top window by default (SPEC §2)', () => {
    const cashier = mount();
    const urls: string[] = [];
    cashier.on('redirectTo', (event) => {
      expectTypeOf(event.url).toEqualTypeOf<string>();
      urls.push(event.url);
    });
    const target = `${window.location.origin}/#cashier-in-new-tab`;
    fromWidget(cashier, serializeHostMessage(redirectToMessage(target)));
    expect(urls).toEqual([target]);
    expect(window.location.href).toBe(target);
  });

  it('lets a handler take over redirectTo with preventDefault', () => {
    const cashier = mount();
    cashier.on('redirectTo', (event) => {
      event.preventDefault();
      expect(event.defaultPrevented).toBe(true);
    });
    fromWidget(cashier, redirectToMessage(`${window.location.origin}/#not-here`));
    expect(window.location.hash).toBe('');
  });

  it('refuses redirectTo a javascript: address: no event and no navigation', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    const before = window.location.href;
    fromWidget(cashier, redirectToMessage('javascript:alert(document.cookie)'));
    fromWidget(cashier, redirectToMessage(' JavaScript:alert(1)'));
    expect(onEvent).not.toHaveBeenCalled();
    expect(window.location.href).toBe(before);
  });

  it('delivers finish with its outcome and address and opens the address in the top window by default (SPEC §2, §4)', () => {
    const cashier = mount();
    const events: unknown[] = [];
    const reInit = vi.fn();
    cashier.on('finish', (event) => {
      expectTypeOf(event.url).toEqualTypeOf<string | null>();
      events.push({ outcome: event.outcome, url: event.url });
    });
    cashier.on('reInitCashier', reInit);
    const target = `${window.location.origin}/#the-game`;
    fromWidget(
      cashier,
      serializeHostMessage(reInitCashierMessage({ outcome: 'success', url: target })),
    );
    expect(events).toEqual([{ outcome: 'success', url: target }]);
    expect(window.location.href).toBe(target);
    expect(reInit).not.toHaveBeenCalled();
  });

  it('lets the host page take over finish (close the cashier, show its game) with preventDefault', () => {
    const cashier = mount();
    const reInit = vi.fn();
    cashier.on('reInitCashier', reInit);
    cashier.on('finish', (event) => {
      event.preventDefault();
    });
    fromWidget(
      cashier,
      reInitCashierMessage({ outcome: 'fail', url: `${window.location.origin}/#not-here` }),
    );
    fromWidget(cashier, reInitCashierMessage({ outcome: 'fail', url: null }));
    expect(window.location.hash).toBe('');
    expect(reInit).not.toHaveBeenCalled();
  });

  it('a finish without an address reinitialises by default: reInitCashier follows (SPEC §4)', () => {
    const types: string[] = [];
    const cashier = mount({
      onEvent: (event) => {
        types.push(event.type);
      },
    });
    fromWidget(cashier, reInitCashierMessage({ outcome: 'processing', url: null }));
    expect(types).toEqual(['finish', 'reInitCashier']);
    expect(window.location.hash).toBe('');
  });

  it('delivers the /my-account redirect and goes to that host path by default (SPEC §1)', () => {
    const cashier = mount();
    const paths: string[] = [];
    cashier.on('redirect', (event) => {
      expectTypeOf(event.path).toEqualTypeOf<string>();
      paths.push(event.path);
      // jsdom navigates only within the page: let the hash path below show the default.
      if (event.path === '/my-account') event.preventDefault();
    });
    fromWidget(cashier, myAccountRedirectMessage());
    expect(paths).toEqual(['/my-account']);
    fromWidget(cashier, { target: 'cashier', type: 'redirect', path: '/#my-account' });
    expect(window.location.hash).toBe('#my-account');
  });

  it('scrolls the frame top into view at once (never gliding under a tap) on reset-scroll when it is off screen (SPEC §2)', () => {
    const cashier = mount();
    const scroll = vi.fn();
    cashier.iframe.scrollIntoView = scroll;
    const seen = vi.fn();
    cashier.on('reset-scroll', seen);
    fromWidget(cashier, resetScrollMessage());
    expect(seen).toHaveBeenCalledTimes(1);
    expect(scroll).not.toHaveBeenCalled();
    vi.spyOn(cashier.iframe, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, -300, 400, 900),
    );
    fromWidget(cashier, serializeHostMessage(resetScrollMessage()));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'instant', block: 'start' });
  });

  it('delivers load when the iframe loads', () => {
    const events: CashierEvent['type'][] = [];
    const cashier = mount({ onEvent: (event) => events.push(event.type) });
    cashier.iframe.dispatchEvent(new Event('load'));
    expect(events).toEqual(['load']);
  });

  it('calls onEvent and each on() handler of the type; the returned function removes one', () => {
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    const reInit = vi.fn();
    const scroll = vi.fn();
    const off = cashier.on('reInitCashier', reInit);
    cashier.on('reset-scroll', scroll);
    fromWidget(cashier, reInitCashierMessage());
    off();
    fromWidget(cashier, reInitCashierMessage());
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(reInit).toHaveBeenCalledTimes(1);
    expect(scroll).not.toHaveBeenCalled();
  });
});

describe('mountCashier: commands (SPEC §1, §4 session)', () => {
  it('setSession posts setSessionIdToChildFrame to the pinned origin, never *', () => {
    const cashier = mount();
    const src = cashier.iframe.src;
    cashier.iframe.dispatchEvent(new Event('load'));
    const postMessage = vi.spyOn(frameWindow(cashier), 'postMessage');
    cashier.setSession(' sess-2 ');
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith(
      '{"target":"cashier","type":"setSessionIdToChildFrame","sessionId":"sess-2"}',
      WIDGET_ORIGIN,
    );
    expect(postMessage.mock.calls.flat()).not.toContain('*');
    expect(cashier.iframe.src).toBe(src);
  });

  it('setSession posts to allowedOrigin when the host pinned one', () => {
    const cashier = mount({ allowedOrigin: 'https://pay.example.com' });
    cashier.iframe.dispatchEvent(new Event('load'));
    const postMessage = vi.spyOn(frameWindow(cashier), 'postMessage');
    cashier.setSession('sess-2');
    expect(postMessage.mock.calls[0]?.[1]).toBe('https://pay.example.com');
  });

  it('setSession before the first load opens the address with the new session instead', () => {
    const cashier = mount({ lang: 'en' });
    const postMessage = vi.spyOn(frameWindow(cashier), 'postMessage');
    cashier.setSession('sess-2');
    expect(postMessage).not.toHaveBeenCalled();
    expect(cashier.iframe.src).toBe(
      buildCashierAddress({
        url: WIDGET_URL,
        sessionId: 'sess-2',
        lang: 'en',
        hostOrigin: window.location.origin,
      }).href,
    );
  });

  it('setSession refuses a blank session id', () => {
    expect(() => {
      mount().setSession('  ');
    }).toThrow(TypeError);
  });

  it('reload opens the start address again with the current session', () => {
    const cashier = mount();
    cashier.iframe.dispatchEvent(new Event('load'));
    vi.spyOn(frameWindow(cashier), 'postMessage');
    cashier.setSession('sess-3');
    cashier.iframe.src = 'https://bank.example/acs';
    cashier.reload();
    expect(new URL(cashier.iframe.src).searchParams.get('session_id')).toBe('sess-3');
    expect(new URL(cashier.iframe.src).origin).toBe(WIDGET_ORIGIN);
  });

  it('destroy removes the iframe and its listener: a message after destroy is not delivered', () => {
    const addListener = vi.spyOn(window, 'addEventListener');
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const onEvent = vi.fn();
    const cashier = mount({ onEvent });
    const handler = vi.fn();
    cashier.on('reInitCashier', handler);
    const source = frameWindow(cashier);
    const messageListener = addListener.mock.calls.find(([type]) => type === 'message')?.[1];
    cashier.destroy();
    post(reInitCashierMessage(), source);
    expect(onEvent).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
    expect(messageListener).toBeDefined();
    expect(removeListener).toHaveBeenCalledWith('message', messageListener);
  });

  it('commands after destroy do nothing', () => {
    const cashier = mount();
    cashier.destroy();
    const src = cashier.iframe.src;
    cashier.setSession('sess-2');
    cashier.reload();
    cashier.destroy();
    expect(cashier.iframe.src).toBe(src);
    expect(cashier.iframe.isConnected).toBe(false);
  });
});

function resize(height: number) {
  const message = resizeMessage(height);
  if (message === null) throw new Error('no resize message');
  return serializeHostMessage(message);
}

function paymentResult(transactionId: string | null, status: 'success' | 'error' = 'success') {
  const message = paymentResultMessage({
    flow: 'deposit',
    status,
    amount: '25.00',
    currency: 'EUR',
    transactionId,
  });
  if (message === null) throw new Error('no result message');
  return serializeHostMessage(message);
}

describe('mountCashier: automatic height (resize)', () => {
  it('starts at the minimum height and follows the content height the widget reports', () => {
    const heights: number[] = [];
    const cashier = mount({
      onEvent: (event) => event.type === 'resize' && heights.push(event.height),
    });
    expect(cashier.iframe.style.height).toBe('440px');
    fromWidget(cashier, resize(1280));
    expect(cashier.iframe.style.height).toBe('1280px');
    fromWidget(cashier, resize(610));
    expect(cashier.iframe.style.height).toBe('610px');
    // A short screen (a result page) keeps the minimum, so a dialog still fits.
    fromWidget(cashier, resize(300));
    expect(cashier.iframe.style.height).toBe('440px');
    expect(heights).toEqual([1280, 610, 300]);
  });

  it('keeps within minHeight and maxHeight', () => {
    const cashier = mount({ minHeight: 500, maxHeight: 900 });
    expect(cashier.iframe.style.height).toBe('500px');
    fromWidget(cashier, resize(2000));
    expect(cashier.iframe.style.height).toBe('900px');
    fromWidget(cashier, resize(480));
    expect(cashier.iframe.style.height).toBe('500px');
    expect(() => mount({ minHeight: 900, maxHeight: 500 })).toThrow(TypeError);
  });

  it('is off when the host gives a height, unless autoHeight says otherwise', () => {
    const fixed = mount({ height: 720 });
    fromWidget(fixed, resize(1500));
    expect(fixed.iframe.style.height).toBe('720px');
    const off = mount({ autoHeight: false });
    fromWidget(off, resize(1500));
    expect(off.iframe.style.height).toBe('100%');
    const both = mount({ height: 720, autoHeight: true });
    expect(both.iframe.style.height).toBe('720px');
    fromWidget(both, resize(1500));
    expect(both.iframe.style.height).toBe('1500px');
  });

  it('lets a handler size the frame itself with preventDefault', () => {
    const cashier = mount();
    cashier.on('resize', (event) => {
      expectTypeOf(event.height).toEqualTypeOf<number>();
      event.preventDefault();
    });
    fromWidget(cashier, resize(1500));
    expect(cashier.iframe.style.height).toBe('440px');
  });

  it('takes resize only from its own frame and origin', () => {
    const cashier = mount();
    post(resize(1500), frameWindow(cashier), 'https://evil.example');
    post(resize(1500), window);
    expect(cashier.iframe.style.height).toBe('440px');
  });
});

describe('mountCashier: the part of the frame on the screen (visibleArea)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts it to the pinned origin at the next frame, and again once a new document is ready', () => {
    vi.useFakeTimers();
    const cashier = mount({ allowedOrigin: 'https://pay.example.com' });
    const postMessage = vi.spyOn(frameWindow(cashier), 'postMessage');
    vi.advanceTimersToNextFrame();
    const visible = (call: unknown[]) =>
      typeof call[0] === 'string' && call[0].includes('"visibleArea"');
    expect(postMessage.mock.calls.filter(visible)).toEqual([
      [
        serializeHostMessage({ target: 'cashier', type: 'visibleArea', top: 0, height: 0 }),
        'https://pay.example.com',
      ],
    ]);
    // Nothing moved: nothing new, until the frame's new document says it is ready.
    vi.advanceTimersToNextFrame();
    expect(postMessage.mock.calls.filter(visible)).toHaveLength(1);
    post(serializeHostMessage(readyMessage()), frameWindow(cashier), 'https://pay.example.com');
    vi.advanceTimersToNextFrame();
    expect(postMessage.mock.calls.filter(visible)).toHaveLength(2);
    cashier.destroy();
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersToNextFrame();
    expect(postMessage.mock.calls.filter(visible)).toHaveLength(2);
  });
});

describe('mountCashier: ready and result', () => {
  it('delivers ready, distinct from load', () => {
    const events: CashierEvent['type'][] = [];
    const cashier = mount({ onEvent: (event) => events.push(event.type) });
    cashier.iframe.dispatchEvent(new Event('load'));
    fromWidget(cashier, serializeHostMessage(readyMessage()));
    expect(events).toEqual(['load', 'ready']);
  });

  it('delivers result with its fields, once per transaction (a reloaded result page is not news)', () => {
    const cashier = mount();
    const results: ResultEventData[] = [];
    cashier.on('result', (event) => {
      expectTypeOf(event.amount).toEqualTypeOf<string | null>();
      results.push({
        type: event.type,
        flow: event.flow,
        status: event.status,
        amount: event.amount,
        currency: event.currency,
        transactionId: event.transactionId,
      });
    });
    fromWidget(cashier, paymentResult('txn-1'));
    cashier.iframe.dispatchEvent(new Event('load'));
    fromWidget(cashier, paymentResult('txn-1'));
    fromWidget(cashier, paymentResult('txn-2', 'error'));
    // A reversal names no transaction: each one is delivered.
    fromWidget(cashier, paymentResult(null));
    fromWidget(cashier, paymentResult(null));
    expect(results).toEqual([
      {
        type: 'result',
        flow: 'deposit',
        status: 'success',
        amount: '25.00',
        currency: 'EUR',
        transactionId: 'txn-1',
      },
      expect.objectContaining({ status: 'error', transactionId: 'txn-2' }),
      expect.objectContaining({ transactionId: null }),
      expect.objectContaining({ transactionId: null }),
    ]);
  });

  it('tells the widget the host origin (host_origin), and only an http(s) one', () => {
    const query = new URL(mount().iframe.src).searchParams;
    expect(query.get('host_origin')).toBe(window.location.origin);
  });
});

describe('mountCashier: cashierInNewTab', () => {
  /** A real window (of a helper frame outside the container) standing for the new tab. */
  function newTabWindow(): Window {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const view = frame.contentWindow;
    if (view === null) throw new Error('no window');
    Object.defineProperty(view, 'opener', { value: window, writable: true, configurable: true });
    return view;
  }

  function stubOpen(result: 'tab' | 'blocked') {
    const tab = newTabWindow();
    const open = vi.spyOn(window, 'open').mockImplementation(() => (result === 'tab' ? tab : null));
    return { open, tab };
  }

  it('opens the start address in a new tab, adds no iframe and cuts the opener link', () => {
    const { open, tab } = stubOpen('tab');
    const cashier = mountCashier({
      cashierInNewTab: true,
      url: WIDGET_URL,
      sessionId: SESSION,
      lang: 'en',
      brand: 'brand0',
    });
    expect(cashier.mode).toBe('tab');
    expect(cashier.opened).toBe(true);
    expect(cashier.origin).toBe(WIDGET_ORIGIN);
    expect(open).toHaveBeenCalledWith(
      'https://cashier.example.com/deposit?session_id=sess-secret-1&lang=en-brand0',
      '_blank',
    );
    expect(tab.opener).toBeNull();
    expect(document.querySelector('#cashier iframe')).toBeNull();
    cashier.destroy();
  });

  it('says when the browser blocked the tab; open() from a click tries again with the current session', () => {
    const { open } = stubOpen('blocked');
    const cashier = mountCashier({ cashierInNewTab: true, url: WIDGET_URL, sessionId: SESSION });
    expect(cashier.opened).toBe(false);
    cashier.setSession('sess-2');
    expect(() => {
      cashier.setSession(' ');
    }).toThrow(TypeError);
    const tab = newTabWindow();
    open.mockImplementation(() => tab);
    expect(cashier.open()).toBe(true);
    expect(cashier.opened).toBe(true);
    expect(new URL(String(open.mock.calls.at(-1)?.[0])).searchParams.get('session_id')).toBe(
      'sess-2',
    );
    cashier.destroy();
    expect(cashier.open()).toBe(false);
  });

  it('delivers return once each time the player comes back to this page, until destroyed', () => {
    stubOpen('tab');
    const returns = vi.fn();
    const cashier = mountCashier({
      cashierInNewTab: true,
      url: WIDGET_URL,
      sessionId: SESSION,
      onEvent: returns,
    });
    const seen = vi.fn();
    cashier.on('return', seen);
    // Focus without having left first: not a return.
    window.dispatchEvent(new Event('focus'));
    expect(returns).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(returns).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ type: 'return' }));
    window.dispatchEvent(new Event('blur'));
    cashier.destroy();
    window.dispatchEvent(new Event('focus'));
    expect(returns).toHaveBeenCalledTimes(1);
  });

  it('a blocked tab never reports a return', () => {
    stubOpen('blocked');
    const returns = vi.fn();
    const cashier = mountCashier({
      cashierInNewTab: true,
      url: WIDGET_URL,
      sessionId: SESSION,
      onEvent: returns,
    });
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    expect(returns).not.toHaveBeenCalled();
    cashier.destroy();
  });
});
