import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('security settings', () => {
  it('reads the security settings: framing origins, proxies, limits, time-outs, quotas', () => {
    const config = loadConfig({
      FRAME_ANCESTORS:
        'https://www.brand.example, https://m.brand.example:8443/ http://localhost:8081',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      RATE_LIMIT_WINDOW_MS: '30000',
      AUTH_FAILURES_PER_ADDRESS: '5',
      MONEY_CALLS_PER_SESSION: '7',
      CONNECTION_TIMEOUT_MS: '90000',
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION: '3',
      UPLOAD_MAX_BYTES_PER_TRANSACTION: '2048',
    });
    expect(config.security).toEqual({
      frameAncestors: [
        'https://www.brand.example',
        'https://m.brand.example:8443',
        'http://localhost:8081',
      ],
      trustProxy: ['10.0.0.0/8', 'loopback'],
      rateLimits: {
        windowMs: 30_000,
        authFailuresPerAddress: 5,
        moneyCallsPerSession: 7,
        clientReportsPerAddress: 30,
        iconCallsPerAddress: 600,
      },
      timeouts: {
        connectionTimeoutMs: 90_000,
        requestTimeoutMs: 20_000,
        headersTimeoutMs: 5000,
        keepAliveTimeoutMs: 65_000,
      },
      uploadQuota: { maxDocuments: 3, maxBytes: 2048 },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).security.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).security.trustProxy).toBe(false);
  });

  it('refuses framing entries that are not plain origins, unknown proxies and time-outs that cannot work', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://brand.example/cashier' })).toThrow(
      /FRAME_ANCESTORS: FRAME_ANCESTORS must list http\(s\) origins .*https:\/\/brand.example\/cashier/,
    );
    for (const entry of ['*', 'https://*.brand.example', "'self'", 'ftp://brand.example']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: entry })).toThrow(/FRAME_ANCESTORS/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ CONNECTION_TIMEOUT_MS: '40000' })).toThrow(
      /CONNECTION_TIMEOUT_MS: must be longer than PAYMENT_LEASE_MS plus PROVIDER_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ AUTH_FAILURES_PER_ADDRESS: '0' })).toThrow(
      /AUTH_FAILURES_PER_ADDRESS/,
    );
  });
});
