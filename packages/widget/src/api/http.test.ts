import { ENDPOINTS } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClientEnvironment } from './client-environment';
import { callEndpoint } from './http';

const RTL = { rtlImages: ['chevron_left'] };

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('calls of the endpoint table (SPEC §6, §7)', () => {
  it('SPEC §1: every call carries the channel, platform and device of the page load', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(answer(200, RTL));
    vi.stubGlobal('fetch', fetchStub);
    setClientEnvironment({ channel: 'MOBILE_NATIVE_IOS', platform: 'IOS', device: 'native_ios' });
    try {
      await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: 's-1' });
      await callEndpoint(ENDPOINTS.depositSubmit, {
        sessionId: 's-1',
        pathParams: { payGroupId: 12 },
        body: { amount: '10.00', currency: 'EUR' },
        idempotencyKey: 'key-1',
      });
    } finally {
      setClientEnvironment(null);
    }
    for (const [, init] of fetchStub.mock.calls) {
      const headers = new Headers(init?.headers);
      expect(headers.get('x-channel')).toBe('MOBILE_NATIVE_IOS');
      expect(headers.get('x-platform')).toBe('IOS');
      expect(headers.get('x-device')).toBe('native_ios');
    }
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('sends x-session-id and validates the answer', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(answer(200, RTL));
    vi.stubGlobal('fetch', fetchStub);
    const result = await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: 's-1' });
    expect(result).toEqual({ data: RTL });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/metadata/default/rtlAssets.json');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('builds the path, JSON body and Idempotency-Key of a submit', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(answer(500, { error_code: 1999 }));
    vi.stubGlobal('fetch', fetchStub);
    await callEndpoint(ENDPOINTS.depositSubmit, {
      sessionId: 's-1',
      pathParams: { payGroupId: 12 },
      body: { amount: '10.00', currency: 'EUR' },
      idempotencyKey: 'key-1',
    });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/cashier-service/v1.0/payments/groups/12/submit');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-session-id')).toBe('s-1');
    expect(headers.get('idempotency-key')).toBe('key-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"amount":"10.00","currency":"EUR"}');
    expect(init?.method).toBe('POST');
  });

  it('refuses a session call without a session id and treats it as expired (SPEC §6, §8)', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    const result = await callEndpoint(ENDPOINTS.depositInit, { sessionId: null });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(result).toMatchObject({ error: { errorCode: '17', errorMessage: 'no sessionId' } });
  });

  it('normalises an HTTP error to status, code and message (SPEC §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          answer(401, { error_code: 17, error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' }),
        ),
    );
    expect(await callEndpoint(ENDPOINTS.depositInit, { sessionId: 'gone' })).toEqual({
      error: {
        status: 401,
        data: { error_code: 17, error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
        errorCode: '17',
        errorMessage: 'CASHIER.PH2.ERROR_MESSAGE.17',
      },
    });
  });

  it('gives FETCH_ERROR when the network fails (SPEC §8)', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const result = await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: null });
    expect(result).toMatchObject({ error: { status: 'FETCH_ERROR', errorMessage: 'offline' } });
  });

  it('gives PARSING_ERROR for a body that is not JSON or breaks the schema (SPEC §8)', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(200, '<html>')));
    expect(await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: null })).toMatchObject({
      error: { status: 'PARSING_ERROR' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(answer(200, { rtlImages: [1] })),
    );
    expect(await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: null })).toMatchObject({
      error: { status: 'PARSING_ERROR' },
    });
  });

  it('gives TIMEOUT_ERROR when the answer takes too long (SPEC §7 time-out)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }),
    );
    const result = await callEndpoint(ENDPOINTS.rtlAssets, { sessionId: null, timeoutMs: 5 });
    expect(result).toMatchObject({ error: { status: 'TIMEOUT_ERROR' } });
  });

  it('uses a response already in flight instead of a second request', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    const result = await callEndpoint(ENDPOINTS.rtlAssets, {
      sessionId: null,
      pending: Promise.resolve(answer(200, RTL)),
    });
    expect(result).toEqual({ data: RTL });
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
