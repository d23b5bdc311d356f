import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY } from '../config';
import {
  clientErrorAnswer,
  connectionsCheckingInterval,
  securityServerOptions,
} from './server-options';

describe('the HTTP server options', () => {
  it('sets every time-out from the settings and checks them often enough', () => {
    const options = securityServerOptions({ ...DEFAULT_SECURITY, trustProxy: ['10.0.0.0/8'] });
    expect(options).toMatchObject({
      connectionTimeout: 60_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 72_000,
      http: {
        headersTimeout: 15_000,
        requestTimeout: 120_000,
        keepAliveTimeout: 72_000,
        connectionsCheckingInterval: 1_000,
      },
    });
    expect(options.trustProxy('10.1.2.3', 0)).toBe(true);
    expect(options.trustProxy('192.0.2.1', 0)).toBe(false);
    const short = { ...DEFAULT_SECURITY.timeouts, requestTimeoutMs: 1_000, headersTimeoutMs: 400 };
    expect(connectionsCheckingInterval(short)).toBe(100);
  });

  it('answers a broken connection with a code of the error table', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({
      status: 408,
      name: 'requestTimeout',
    });
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({
      status: 431,
      name: 'malformedRequest',
    });
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toEqual({
      status: 400,
      name: 'malformedRequest',
    });
  });
});
