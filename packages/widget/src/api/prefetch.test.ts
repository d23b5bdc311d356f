import { ENDPOINTS } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPEARANCE_PATH,
  INIT_PATHS,
  prefetchAppearance,
  prefetchInit,
  takePrefetchedAppearance,
  takePrefetchedInit,
} from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('init prefetch of the shell (SPEC §7 init calls)', () => {
  it('uses the contract paths of both init calls', () => {
    expect(INIT_PATHS.deposit).toBe(ENDPOINTS.depositInit.path);
    expect(INIT_PATHS.withdrawal).toBe(ENDPOINTS.payoutInit.path);
  });

  it('hands the response over once, only for the same flow and session', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    prefetchInit('deposit', 's-1');
    const init = fetchStub.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('x-session-id')).toBe('s-1');
    expect(takePrefetchedInit('withdrawal', 's-1')).toBeNull();
    expect(takePrefetchedInit('deposit', 'other')).toBeNull();
    const prefetched = takePrefetchedInit('deposit', 's-1');
    expect(prefetched?.inlined).toBe(false);
    expect(await prefetched?.response).toBeInstanceOf(Response);
    expect(takePrefetchedInit('deposit', 's-1')).toBeNull();
  });
});

describe('appearance prefetch of the shell (the brand theme and texts beside init)', () => {
  it('uses the contract path and hands the response over once', async () => {
    expect(APPEARANCE_PATH).toBe(ENDPOINTS.appearance.path);
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    prefetchAppearance('s-1', 'de', 'summer-26');
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe(`${ENDPOINTS.appearance.path}?lang=de&theme=summer-26`);
    expect(new Headers(init?.headers).get('x-session-id')).toBe('s-1');
    expect(await takePrefetchedAppearance()?.response).toBeInstanceOf(Response);
    expect(takePrefetchedAppearance()).toBeNull();
  });

  it("asks for no theme when the address named none, so the server answers the session's", async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    prefetchAppearance('s-1', 'en', null);
    expect(fetchStub.mock.calls[0]?.[0]).toBe(`${ENDPOINTS.appearance.path}?lang=en`);
    await takePrefetchedAppearance()?.response;
  });
});

describe("the document's inlined answers (startup/inlined-data.ts) instead of the calls", () => {
  it('hands the inlined init over as the API would have answered it, with no call', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    prefetchInit('withdrawal', 's-1', { answer: { a: '</script>' }, sessionExpiresInMs: 900_000 });
    expect(takePrefetchedInit('deposit', 's-1')).toBeNull();
    const prefetched = takePrefetchedInit('withdrawal', 's-1');
    expect(prefetched?.inlined).toBe(true);
    const response = await prefetched?.response;
    expect(response?.status).toBe(200);
    // SPEC §4 session expiry: the time left reaches the session clock as from an answer.
    expect(response?.headers.get('x-session-expires-in')).toBe('900000');
    expect(await response?.json()).toEqual({ a: '</script>' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('hands the inlined appearance over, and can still ask the network for it', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchStub);
    prefetchAppearance('s-1', 'ar', null, { answer: { language: 'ar' }, sessionExpiresInMs: 1 });
    const prefetched = takePrefetchedAppearance();
    expect(prefetched?.inlined).toBe(true);
    expect(await (await prefetched?.response)?.json()).toEqual({ language: 'ar' });
    expect(fetchStub).not.toHaveBeenCalled();
    await prefetched?.fetchAgain();
    expect(fetchStub.mock.calls[0]?.[0]).toBe(`${ENDPOINTS.appearance.path}?lang=ar`);
  });
});
