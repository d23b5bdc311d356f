import { EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { prefetchInit } from '../api/prefetch';
import { storeAt } from '../test/app-store';
import { jsonResponse, requestUrl } from '../test/render-at';
import {
  inlinedAppearanceFor,
  inlinedInitFor,
  PAGE_DATA_ELEMENT_ID,
  readInlinedPageData,
} from './inlined-data';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
});

/** Puts a data block with `text` into the document, as the server writes it. */
function inline(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

const APPEARANCE = { theme: null, language: 'ar', texts: { 'APP.TITLE': 'x' } };

describe("the document's inlined answers (SPEC §7 init, appearance)", () => {
  it('reads the init of the homepage and the appearance with the query it answers', () => {
    inline(
      JSON.stringify({
        session_expires_in: 600_000,
        init: { flow: 'deposit', answer: EXAMPLE_DEPOSIT_INIT },
        appearance: { lang: 'ar', theme: null, answer: APPEARANCE },
      }),
    );
    const data = readInlinedPageData(document);
    expect(inlinedInitFor(data, 'deposit')).toEqual({
      answer: EXAMPLE_DEPOSIT_INIT,
      sessionExpiresInMs: 600_000,
    });
    expect(inlinedInitFor(data, 'withdrawal')).toBeNull();
    expect(inlinedAppearanceFor(data, 'ar', null)?.answer).toEqual(APPEARANCE);
    // The stored language or theme asks for another answer: the widget calls the API for it.
    expect(inlinedAppearanceFor(data, 'en', null)).toBeNull();
    expect(inlinedAppearanceFor(data, 'ar', 'brand1')).toBeNull();
  });

  it.each([
    ['no element', null],
    ['an empty element', ''],
    ['text that is not JSON', '{"session_expires_in":'],
    ['no session time', JSON.stringify({ init: { flow: 'deposit', answer: {} } })],
    ['a negative session time', JSON.stringify({ session_expires_in: -1 })],
    ['an array', '[]'],
  ])('reads %s as no inlined data', (_case, text) => {
    if (text !== null) inline(text);
    expect(readInlinedPageData(document)).toBeNull();
  });

  it('drops a part whose shape is wrong and keeps the other', () => {
    inline(
      JSON.stringify({
        session_expires_in: 1,
        init: { flow: 'refund', answer: {} },
        appearance: { lang: 'en', theme: 7, answer: {} },
      }),
    );
    expect(readInlinedPageData(document)).toEqual({
      sessionExpiresInMs: 1,
      init: null,
      appearance: null,
    });
  });
});

describe('an inlined answer the contract refuses is asked for again (fallback to the API)', () => {
  it('init: the API slice calls the API once and keeps its valid answer', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(EXAMPLE_DEPOSIT_INIT));
    vi.stubGlobal('fetch', fetchStub);
    prefetchInit('deposit', 's-1', { answer: { payment_groups: 'no' }, sessionExpiresInMs: 1 });
    const store = storeAt();
    const result = await store.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(result.data?.payment_groups).toHaveLength(EXAMPLE_DEPOSIT_INIT.payment_groups.length);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetchStub.mock.calls[0]?.[0])).toContain('/payments/groups/init');
  });

  it('init: a valid inlined answer needs no call', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    prefetchInit('deposit', 's-1', { answer: EXAMPLE_DEPOSIT_INIT, sessionExpiresInMs: 1 });
    const store = storeAt();
    const result = await store.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(result.data?.merchant_url).toBe(EXAMPLE_DEPOSIT_INIT.merchant_url);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
