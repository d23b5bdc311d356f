import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALT_METHODS,
  altMethodOf,
  FINGERPRINT,
  LANGUAGE,
  LAST_USED_METHOD,
  MERCHANT_URL,
  PREVIOUS_SESSIONS,
  readKey,
  rememberAltMethod,
  rememberLastUsedMethod,
  rememberSession,
  removeKey,
  SELECTED_METHOD,
  THEME,
  TRANSACTION_STATUSES,
  writeKey,
} from './keys';
import { connectHostStorage } from './relay';
import { readText } from './stored-text';

/** Makes the browser deny the cashier's storage, as in a frame with third-party storage blocked. */
function denyStorage(): void {
  for (const name of ['localStorage', 'sessionStorage']) {
    vi.spyOn(
      window,
      name === 'localStorage' ? 'localStorage' : 'sessionStorage',
      'get',
    ).mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
  }
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the storage layer (SPEC §7 storage keys)', () => {
  it('SPEC §7: keeps each key in its area under the spec name', () => {
    writeKey(LANGUAGE, 'ar-brand0');
    writeKey(SELECTED_METHOD, 12);
    rememberSession('s-1');
    rememberSession('s-2');
    expect(localStorage.getItem('airPmCashierLang')).toBe('ar-brand0');
    expect(sessionStorage.getItem('phSelectedMethodId')).toBe('12');
    expect(localStorage.getItem('phPrevSessionIdData')).toBe('["s-2","s-1"]');
    expect(readKey(PREVIOUS_SESSIONS)).toEqual(['s-2', 's-1']);
    removeKey(LANGUAGE);
    expect(readKey(LANGUAGE)).toBeNull();
  });

  it.each([
    ['airPmCashierLang', () => readKey(LANGUAGE), '<script>'],
    ['local_theme', () => readKey(THEME), 'Brand 0!'],
    ['phLastUsedMethodId', () => readKey(LAST_USED_METHOD), '12abc'],
    ['PH_fingerprint', () => readKey(FINGERPRINT), 'x'.repeat(300)],
    ['merchant_url', () => readKey(MERCHANT_URL), 'javascript:alert(1)'],
    ['merchant_url', () => readKey(MERCHANT_URL), 'not an address'],
    ['phAltMethods', () => readKey(ALT_METHODS), '["tx_1"]'],
    ['phAltMethods', () => readKey(ALT_METHODS), '{not json'],
  ])('SPEC §7: a corrupt or old %s reads as absent, never a crash', (name, read, text) => {
    localStorage.setItem(name, text);
    expect(read()).toBeNull();
  });

  it('SPEC §7: the transaction statuses keep only text values', () => {
    sessionStorage.setItem('transaction_status', '{"tx_1":"success","tx_2":5}');
    expect(readKey(TRANSACTION_STATUSES)).toEqual({ tx_1: 'success' });
  });

  it('SPEC §7 phAltMethods: remembers the method of each alternative payment, the latest 10', () => {
    for (let index = 0; index < 12; index += 1) rememberAltMethod(`tx_${String(index)}`, '31');
    rememberAltMethod('tx_5', '44');
    expect(altMethodOf('tx_5')).toBe('44');
    expect(altMethodOf('tx_0')).toBeNull();
    expect(Object.keys(readKey(ALT_METHODS) ?? {})).toHaveLength(10);
    expect(altMethodOf(null)).toBeNull();
  });

  it('SPEC §4 phLastUsedMethodId: keeps a pay group id, never a text that is not one', () => {
    rememberLastUsedMethod('not-an-id');
    expect(localStorage.getItem('phLastUsedMethodId')).toBeNull();
    rememberLastUsedMethod('12');
    expect(readKey(LAST_USED_METHOD)).toBe(12);
  });

  it('SPEC §7: storage denied (SecurityError) keeps every value for the page, never throwing', () => {
    denyStorage();
    expect(() => window.localStorage).toThrow('Access is denied');
    expect(() => {
      writeKey(LANGUAGE, 'uk');
      rememberSession('s-9');
    }).not.toThrow();
    expect(readKey(LANGUAGE)).toBe('uk');
    expect(readKey(PREVIOUS_SESSIONS)).toEqual(['s-9']);
    removeKey(LANGUAGE);
    expect(readKey(LANGUAGE)).toBeNull();
  });

  it('SPEC §7: a full storage (QuotaExceededError) keeps the new value for the page, not the old one', () => {
    localStorage.setItem('local_theme', 'brand0');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    writeKey(THEME, 'brand1');
    expect(readKey(THEME)).toBe('brand1');
    expect(localStorage.getItem('local_theme')).toBeNull();
  });
});

/** The host window of a framed cashier: a real window (jsdom checks event sources) that records. */
function fakeHost(): { readonly win: Window; readonly posted: [unknown, string][] } {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const win = frame.contentWindow;
  if (win === null) throw new Error('no window');
  const posted: [unknown, string][] = [];
  vi.spyOn(win, 'postMessage').mockImplementation((message: unknown, target?: unknown) => {
    posted.push([message, String(target)]);
  });
  vi.spyOn(window, 'parent', 'get').mockReturnValue(win);
  return { win, posted };
}

const HOST = 'https://brand.example';

function answer(source: Window, origin: string, data: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('the embed relay, frame side (SPEC §7 storage in a cross-site frame)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', `/deposit?session_id=s-1&host_origin=${HOST}`);
  });

  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('SPEC §7: with its own storage working the cashier neither asks nor waits', () => {
    const host = fakeHost();
    expect(connectHostStorage(window, HOST)).toBeNull();
    expect(host.posted).toEqual([]);
  });

  it('SPEC §7: with storage denied, asks the host, reads its answer, and hands every write to it', async () => {
    const host = fakeHost();
    denyStorage();
    const waiting = connectHostStorage(window, HOST);
    expect(waiting).not.toBeNull();
    expect(host.posted).toEqual([['{"target":"cashdesk-storage","type":"storage-get"}', HOST]]);
    // Another origin's or another window's answer is not the host's.
    const forged = JSON.stringify({
      target: 'cashdesk-storage',
      type: 'storage-snapshot',
      local: { airPmCashierLang: 'xx' },
    });
    answer(host.win, 'https://evil.example', forged);
    answer(window, HOST, forged);
    answer(
      host.win,
      HOST,
      JSON.stringify({
        target: 'cashdesk-storage',
        type: 'storage-snapshot',
        local: { airPmCashierLang: 'ar-brand0', local_theme: 'brand1', unknown_key: 'x' },
        session: { phSelectedMethodId: '12' },
      }),
    );
    await waiting;
    expect(readKey(LANGUAGE)).toBe('ar-brand0');
    expect(readKey(THEME)).toBe('brand1');
    expect(readKey(SELECTED_METHOD)).toBe(12);
    expect(readText('local', 'unknown_key')).toBeNull();

    writeKey(THEME, 'brand0');
    removeKey(LANGUAGE);
    expect(host.posted.slice(1)).toEqual([
      [
        '{"target":"cashdesk-storage","type":"storage-set","area":"local","key":"local_theme","value":"brand0"}',
        HOST,
      ],
      [
        '{"target":"cashdesk-storage","type":"storage-set","area":"local","key":"airPmCashierLang","value":null}',
        HOST,
      ],
    ]);
    // The page's own removal wins over the host's older value.
    expect(readKey(LANGUAGE)).toBeNull();
  });

  it('SPEC §7: starts anyway when the host never answers (an older embed)', async () => {
    vi.useFakeTimers();
    try {
      fakeHost();
      denyStorage();
      const waiting = connectHostStorage(window, HOST, 1000);
      let started = false;
      void waiting?.then(() => {
        started = true;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not relay for a frame the embed did not mount, nor for a top-level cashier', () => {
    denyStorage();
    expect(connectHostStorage(window, HOST)).toBeNull();
    fakeHost();
    window.history.replaceState(null, '', '/deposit?session_id=s-1');
    expect(connectHostStorage(window, HOST)).toBeNull();
    expect(connectHostStorage(window, null)).toBeNull();
  });
});
