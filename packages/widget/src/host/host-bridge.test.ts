import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  listenToHost,
  postToHost,
  requestMyAccount,
  requestReInit,
  scrollToTop,
} from './host-bridge';

/** A window whose parent is a separate window that records what it is sent. */
function framedWindow() {
  const sent: unknown[] = [];
  const parent = { postMessage: (data: unknown, origin: string) => sent.push({ data, origin }) };
  const listeners: ((event: { data: unknown; source: unknown }) => void)[] = [];
  const replace = vi.fn<(url: string) => void>();
  const child = { postMessage: vi.fn() };
  const win = {
    parent,
    scrollTo: vi.fn(),
    matchMedia: () => ({ matches: false }),
    location: { href: 'https://cashier.test/deposit?session_id=old&lang=en', replace },
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
    requestReInit(win);
    // @ts-expect-error a minimal window stand-in
    requestMyAccount(win);
    expect(sent).toEqual([
      { data: '{"target":"cashier","type":"reInitCashier"}', origin: '*' },
      { data: '{"target":"cashier","type":"redirect","path":"/my-account"}', origin: '*' },
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
});
