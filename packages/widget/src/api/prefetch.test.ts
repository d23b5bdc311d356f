import { ENDPOINTS } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INIT_PATHS, prefetchInit, takePrefetchedInit } from './prefetch';

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
    const response = takePrefetchedInit('deposit', 's-1');
    expect(await response).toBeInstanceOf(Response);
    expect(takePrefetchedInit('deposit', 's-1')).toBeNull();
  });
});
