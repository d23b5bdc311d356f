import { serializeStorageRelayMessage } from '@cashdesk/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountCashier } from './mount-cashier';
import type { Cashier } from './mount-cashier';
import { relayEntryName } from './storage-relay';

const WIDGET_ORIGIN = 'https://cashier.example.com';
const ENTRY = relayEntryName(WIDGET_ORIGIN);

let cashier: Cashier | null = null;

function frameWindow(): Window {
  const view = cashier?.iframe.contentWindow ?? null;
  if (view === null) throw new Error('the iframe has no window');
  return view;
}

/** jsdom does not post between frames: dispatch what the browser would deliver. */
function post(data: unknown, source: Window | null, origin = WIDGET_ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** A storage-set as the frame posts it (any key: the embed must refuse those it does not keep). */
const set = (area: 'local' | 'session', key: string, value: string | null) =>
  JSON.stringify({ target: 'cashdesk-storage', type: 'storage-set', area, key, value });

const GET = serializeStorageRelayMessage({ type: 'storage-get' });

/** What the embed posts to the frame, as [text, target origin]. */
function answers() {
  return vi.spyOn(frameWindow(), 'postMessage');
}

beforeEach(() => {
  document.body.innerHTML = '<div id="cashier"></div>';
  localStorage.clear();
  sessionStorage.clear();
  cashier = mountCashier({ container: '#cashier', url: WIDGET_ORIGIN, sessionId: 's-1' });
});

afterEach(() => {
  cashier?.destroy();
  cashier = null;
  vi.restoreAllMocks();
});

describe('the storage relay of the embed (SPEC §7 storage keys in a cross-site frame)', () => {
  it('SPEC §7: keeps the spec keys the frame hands over, per area, under the cashier origin', () => {
    post(set('local', 'airPmCashierLang', 'ar-brand0'), frameWindow());
    post(set('local', 'local_theme', 'brand1'), frameWindow());
    post(set('session', 'phSelectedMethodId', '12'), frameWindow());
    expect(JSON.parse(localStorage.getItem(ENTRY) ?? '{}')).toEqual({
      airPmCashierLang: 'ar-brand0',
      local_theme: 'brand1',
    });
    expect(JSON.parse(sessionStorage.getItem(ENTRY) ?? '{}')).toEqual({ phSelectedMethodId: '12' });
    post(set('local', 'local_theme', null), frameWindow());
    expect(JSON.parse(localStorage.getItem(ENTRY) ?? '{}')).toEqual({
      airPmCashierLang: 'ar-brand0',
    });
  });

  it('SPEC §7: answers storage-get with the kept values, to the frame and the cashier origin only', () => {
    localStorage.setItem(ENTRY, JSON.stringify({ phPrevSessionIdData: '["s-0"]', other: 'x' }));
    sessionStorage.setItem(ENTRY, JSON.stringify({ phSelectedMethodId: '7' }));
    const posted = answers();
    post(GET, frameWindow());
    expect(posted).toHaveBeenCalledTimes(1);
    const [text, target] = posted.mock.calls[0] ?? [];
    expect(target).toBe(WIDGET_ORIGIN);
    expect(JSON.parse(String(text))).toEqual({
      target: 'cashdesk-storage',
      type: 'storage-snapshot',
      local: { phPrevSessionIdData: '["s-0"]' },
      session: { phSelectedMethodId: '7' },
    });
  });

  it('SPEC §7: ignores relay messages of another origin or another window', () => {
    const posted = answers();
    post(set('local', 'airPmCashierLang', 'ar'), frameWindow(), 'https://evil.example');
    post(set('local', 'airPmCashierLang', 'ar'), window);
    post(GET, frameWindow(), 'https://evil.example');
    post(GET, null);
    expect(localStorage.getItem(ENTRY)).toBeNull();
    expect(posted).not.toHaveBeenCalled();
  });

  it('SPEC §7: keeps only the spec keys, in their own area, as short texts', () => {
    post(set('local', 'something_else', 'x'), frameWindow());
    post(set('local', 'pam_new_account', '12'), frameWindow());
    post(set('local', 'phPrevSessionIdData', 'x'.repeat(5000)), frameWindow());
    expect(localStorage.getItem(ENTRY)).toBeNull();
  });

  it('answers with nothing kept when the kept entry is corrupt, and never throws', () => {
    localStorage.setItem(ENTRY, '{not json');
    const posted = answers();
    post(GET, frameWindow());
    expect(JSON.parse(String(posted.mock.calls[0]?.[0]))).toMatchObject({ local: {}, session: {} });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => {
      post(set('local', 'airPmCashierLang', 'en'), frameWindow());
    }).not.toThrow();
  });

  it('does not deliver relay messages as cashier events', () => {
    const events: string[] = [];
    cashier?.on('ready', () => events.push('ready'));
    post(GET, frameWindow());
    expect(events).toEqual([]);
  });
});
