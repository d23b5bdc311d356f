import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseHostMessage, paymentResultMessage, reInitCashierMessage } from '@cashdesk/domain';
import type { HostMessage } from '@cashdesk/domain';
import {
  listenToHost,
  postToHost,
  reportPaymentResult,
  reportReady,
  requestMyAccount,
  requestReInit,
  scrollToTop,
} from './host-bridge';
import { setClientEnvironment } from '../api/client-environment';

interface FrameOptions {
  /** The widget's address (its query may name host_origin). */
  readonly href?: string;
  /** location.ancestorOrigins, as Chromium gives it. */
  readonly ancestorOrigins?: readonly string[];
  /** The parent's origin as reading its location gives it; a cross-origin parent throws. */
  readonly parentOrigin?: string;
  /** Whether the player asked for less motion (prefers-reduced-motion: reduce). */
  readonly reduceMotion?: boolean;
}

/** A window whose parent is a separate window that records what it is sent. */
function framedWindow(options: FrameOptions = {}) {
  const sent: unknown[] = [];
  const parent = {
    postMessage: (data: unknown, origin: string) => sent.push({ data, origin }),
    get location(): { origin: string } {
      if (options.parentOrigin === undefined)
        throw new DOMException('cross-origin', 'SecurityError');
      return { origin: options.parentOrigin };
    },
  };
  const listeners: ((event: { data: unknown; source: unknown }) => void)[] = [];
  const replace = vi.fn<(url: string) => void>();
  const child = { postMessage: vi.fn() };
  const win = {
    parent,
    scrollTo: vi.fn(),
    matchMedia: (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && options.reduceMotion === true,
    }),
    location: {
      href: options.href ?? 'https://cashier.test/deposit?session_id=old&lang=en',
      origin: 'https://cashier.test',
      ancestorOrigins: options.ancestorOrigins,
      replace,
    },
    document: { querySelectorAll: () => [{ contentWindow: child }] },
    addEventListener: (
      _type: string,
      listener: (event: { data: unknown; source: unknown }) => void,
    ) => listeners.push(listener),
    removeEventListener: vi.fn(),
  };
  return { win, sent, listeners, replace, child, parent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('messages to the host (SPEC §1)', () => {
  it('posts JSON with target cashier to any origin', () => {
    const { win, sent } = framedWindow();
    // @ts-expect-error a minimal window stand-in
    requestReInit(undefined, win);
    // @ts-expect-error a minimal window stand-in
    requestMyAccount(win);
    expect(sent).toEqual([
      { data: '{"target":"cashier","type":"reInitCashier"}', origin: '*' },
      { data: '{"target":"cashier","type":"redirect","path":"/my-account"}', origin: '*' },
    ]);
  });

  it('a final result asks to reinitialise with its finish details (SPEC §4 final result)', () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    const finish = { outcome: 'success', url: 'https://brand.example/ok' } as const;
    // @ts-expect-error a minimal window stand-in
    expect(requestReInit(reInitCashierMessage(finish), win)).toBe(true);
    expect(sent).toEqual([
      {
        data: '{"target":"cashier","type":"reInitCashier","finish":{"outcome":"success","url":"https://brand.example/ok"}}',
        origin: 'https://brand.example',
      },
    ]);
  });

  it('sends nothing when the cashier is the top page', () => {
    expect(postToHost({ target: 'cashier', type: 'reInitCashier' }, window)).toBe(false);
  });

  it('scrolls to the top and sends reset-scroll (SPEC §2)', () => {
    const { win, sent } = framedWindow();
    // @ts-expect-error a minimal window stand-in
    scrollToTop(win);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(sent).toEqual([{ data: '{"target":"cashier","type":"reset-scroll"}', origin: '*' }]);
  });

  it('SPEC §2 reset-scroll, reduced motion: scrolls to the top at once when the player asked for less motion', () => {
    const { win, sent } = framedWindow({ reduceMotion: true });
    // @ts-expect-error a minimal window stand-in
    scrollToTop(win);
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(sent).toEqual([{ data: '{"target":"cashier","type":"reset-scroll"}', origin: '*' }]);
  });
});

describe('setSessionIdToChildFrame (SPEC §4 session)', () => {
  it('reloads with the new session and forwards the message to inner frames', () => {
    const { win, listeners, replace, child, parent } = framedWindow();
    // @ts-expect-error a minimal window stand-in
    listenToHost(win);
    const data = JSON.stringify({
      target: 'cashier',
      type: 'setSessionIdToChildFrame',
      sessionId: 'new',
    });
    listeners[0]?.({ data, source: null });
    expect(replace).not.toHaveBeenCalled();
    listeners[0]?.({ data, source: parent });
    expect(child.postMessage).toHaveBeenCalledWith(
      '{"target":"cashier","type":"setSessionIdToChildFrame","sessionId":"new"}',
      '*',
    );
    expect(replace).toHaveBeenCalledWith('https://cashier.test/deposit?lang=en&session_id=new');
  });

  it('leaves the page as it is when the session is taken in place, and reloads when it is not', () => {
    const { win, listeners, replace, parent } = framedWindow();
    const reloads: (() => void)[] = [];
    let taken = true;
    // @ts-expect-error a minimal window stand-in
    listenToHost(win, (sessionId, reload) => {
      expect(sessionId).toBe('new');
      reloads.push(reload);
      return taken;
    });
    const data = '{"target":"cashier","type":"setSessionIdToChildFrame","sessionId":"new"}';
    listeners[0]?.({ data, source: parent });
    expect(replace).not.toHaveBeenCalled();
    // A taker that finds the session is not the same player's reloads after all.
    reloads[0]?.();
    expect(replace).toHaveBeenCalledTimes(1);
    taken = false;
    listeners[0]?.({ data, source: parent });
    expect(replace).toHaveBeenCalledTimes(2);
  });
});

describe('the origin messages go to', () => {
  it('is the host page origin the browser names (ancestorOrigins)', () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    requestReInit(undefined, win);
    expect(sent).toEqual([
      { data: '{"target":"cashier","type":"reInitCashier"}', origin: 'https://brand.example' },
    ]);
  });

  it("is the SDK's host_origin parameter when the browser names none", () => {
    const { win, sent } = framedWindow({
      href: 'https://cashier.test/deposit?session_id=s&host_origin=http%3A%2F%2Flocalhost%3A8081',
    });
    // @ts-expect-error a minimal window stand-in
    scrollToTop(win);
    expect(sent).toEqual([
      { data: '{"target":"cashier","type":"reset-scroll"}', origin: 'http://localhost:8081' },
    ]);
  });
});

function result(transactionId: string | null, status: 'success' | 'reversed' = 'success') {
  const message = paymentResultMessage({
    flow: status === 'reversed' ? 'withdrawal' : 'deposit',
    status,
    amount: '10.00',
    currency: 'EUR',
    transactionId,
  });
  if (message === null) throw new Error('no message');
  return message;
}

function sentResults(sent: readonly unknown[]) {
  return sent
    .map((entry) => parseHostMessage(Reflect.get(Object(entry), 'data')))
    .filter((message): message is Extract<HostMessage, { type: 'paymentResult' }> => {
      return message?.type === 'paymentResult';
    });
}

describe('paymentResult and ready (embed SDK events)', () => {
  it('posts a result once per transaction, to the host origin only', () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('once-1'), win)).toBe(true);
    // The page re-renders, or the player comes back to it: no second report.
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('once-1'), win)).toBe(false);
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('once-2'), win)).toBe(true);
    expect(sent.map((entry): unknown => Reflect.get(Object(entry), 'origin'))).toEqual([
      'https://brand.example',
      'https://brand.example',
    ]);
    expect(sentResults(sent).map((message) => message.transactionId)).toEqual(['once-1', 'once-2']);
    expect(sentResults(sent)[0]).toEqual(result('once-1'));
  });

  it('SPEC §7 transaction_status: a page loaded again in the same tab does not report the same result again', async () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('reload-1'), win)).toBe(true);
    // A new page load: the module starts afresh, the tab's session storage stays.
    vi.resetModules();
    const reloaded = await import('./host-bridge');
    // @ts-expect-error a minimal window stand-in
    expect(reloaded.reportPaymentResult(result('reload-1'), win)).toBe(false);
    // @ts-expect-error a minimal window stand-in
    expect(reloaded.reportPaymentResult(result('reload-2'), win)).toBe(true);
    expect(sentResults(sent).map((message) => message.transactionId)).toEqual([
      'reload-1',
      'reload-2',
    ]);
    const stored: unknown = JSON.parse(window.sessionStorage.getItem('transaction_status') ?? '');
    expect(stored).toMatchObject({ 'reload-1': 'success', 'reload-2': 'success' });
  });

  it('posts every reversal (no transaction id names it)', () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    reportPaymentResult(result(null, 'reversed'), win);
    // @ts-expect-error a minimal window stand-in
    reportPaymentResult(result(null, 'reversed'), win);
    expect(sentResults(sent).map((message) => message.status)).toEqual(['reversed', 'reversed']);
  });

  it('sends no result to an unknown origin, and none without a host', () => {
    const unknown = framedWindow();
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('unknown-1'), unknown.win)).toBe(false);
    expect(unknown.sent).toEqual([]);
    expect(reportPaymentResult(result('top-1'), window)).toBe(false);
    // Not marked as reported: a later page load with a host still reports it.
    const known = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('unknown-1'), known.win)).toBe(true);
  });

  it('an inner cashier (3-D Secure frame inside the cashier) reports nothing to its parent', () => {
    const { win, sent } = framedWindow({
      ancestorOrigins: ['https://cashier.test'],
      parentOrigin: 'https://cashier.test',
    });
    // @ts-expect-error a minimal window stand-in
    expect(reportPaymentResult(result('inner-1'), win)).toBe(false);
    // @ts-expect-error a minimal window stand-in
    expect(reportReady(win)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('says ready once per page load', () => {
    const { win, sent } = framedWindow({ ancestorOrigins: ['https://brand.example'] });
    // @ts-expect-error a minimal window stand-in
    expect(reportReady(win)).toBe(true);
    // @ts-expect-error a minimal window stand-in
    expect(reportReady(win)).toBe(false);
    expect(sent).toEqual([
      { data: '{"target":"cashier","type":"ready"}', origin: 'https://brand.example' },
    ]);
  });
});

describe('a new session on a result page (SPEC §4 session, reInitCashier)', () => {
  it('starts at the main page of the flow, not at the finished payment', () => {
    const { win, listeners, replace, parent } = framedWindow({
      href: 'https://cashier.test/deposit/deposit-success?session_id=old&lang=en&transaction_id=t1',
    });
    // @ts-expect-error a minimal window stand-in
    listenToHost(win);
    listeners[0]?.({
      data: '{"target":"cashier","type":"setSessionIdToChildFrame","sessionId":"new"}',
      source: parent,
    });
    expect(replace).toHaveBeenCalledWith('https://cashier.test/deposit?lang=en&session_id=new');
  });
});

describe('native app bridges (SPEC §1 §4 §6)', () => {
  /** A web view's top page (no parent frame) with the app's bridge installed. */
  function nativeWindow(kind: 'ios' | 'android') {
    const received: unknown[] = [];
    const bridge = {
      postMessage(text: unknown) {
        received.push(text);
      },
    };
    const win: Record<string, unknown> = {
      location: {
        href: 'https://cashier.test/deposit?session_id=s&xChannel=x',
        origin: 'https://cashier.test',
      },
      ...(kind === 'ios'
        ? { webkit: { messageHandlers: { cashdesk: bridge } } }
        : { CashdeskAndroid: bridge }),
    };
    win['parent'] = win;
    return { win, received };
  }

  afterEach(() => {
    setClientEnvironment(null);
  });

  it.each([
    ['ios', { channel: 'MOBILE_NATIVE_IOS', platform: 'IOS', device: 'native_ios' }],
    [
      'android',
      { channel: 'MOBILE_NATIVE_ANDROID', platform: 'ANDROID', device: 'native_android' },
    ],
  ] as const)(
    'SPEC §1 §4: on %s the host messages and the payment result go to the app’s bridge as JSON text',
    (kind, environment) => {
      setClientEnvironment(environment);
      const { win, received } = nativeWindow(kind);
      // @ts-expect-error a minimal window stand-in
      expect(requestReInit(undefined, win)).toBe(true);
      const result = paymentResultMessage({
        flow: 'deposit',
        status: 'success',
        amount: '10.00',
        currency: 'EUR',
        transactionId: `tx-native-${kind}`,
      });
      if (result === null) throw new Error('no result message');
      // @ts-expect-error a minimal window stand-in
      expect(reportPaymentResult(result, win)).toBe(true);
      // Once per transaction, as to a host page.
      // @ts-expect-error a minimal window stand-in
      expect(reportPaymentResult(result, win)).toBe(false);
      expect(
        received.map((text) => (typeof text === 'string' ? parseHostMessage(text) : text)),
      ).toEqual([{ target: 'cashier', type: 'reInitCashier' }, result]);
    },
  );

  it('SPEC §1: a bridge of the other platform, or a bridge outside a native channel, hears nothing', () => {
    setClientEnvironment({ channel: 'MOBILE_NATIVE_IOS', platform: 'IOS', device: 'native_ios' });
    const android = nativeWindow('android');
    // @ts-expect-error a minimal window stand-in
    expect(requestReInit(undefined, android.win)).toBe(false);
    setClientEnvironment({ channel: 'MOBILE_WEB', platform: 'IOS', device: 'mobile' });
    const ios = nativeWindow('ios');
    // @ts-expect-error a minimal window stand-in
    expect(requestReInit(undefined, ios.win)).toBe(false);
    expect([...android.received, ...ios.received]).toEqual([]);
  });
});
