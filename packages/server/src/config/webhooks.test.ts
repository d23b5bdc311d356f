import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('webhooks: WEBHOOK_*', () => {
  it('webhooks: production needs a secret with a URL; the back-off cap must not undercut its base', () => {
    const production = {
      CASHDESK_MODE: 'production',
      CASHDESK_SECRET: 'a-long-enough-secret',
      DATABASE_URL: 'postgres://cashdesk@db.internal/cashdesk',
      CASHDESK_PROVIDER: 'http',
      PROVIDER_URL: 'https://psp.example.com',
    };
    expect(loadConfig(production).webhooks.url).toBeUndefined();
    expect(() =>
      loadConfig({ ...production, WEBHOOK_URL: 'https://operator.example.com' }),
    ).toThrow('WEBHOOK_SECRET: required in production mode with WEBHOOK_URL');
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ WEBHOOK_URL: 'ftp://operator.example.com' })).toThrow(/WEBHOOK_URL/);
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
    expect(() =>
      loadConfig({ WEBHOOK_RETRY_BASE_MS: '60000', WEBHOOK_RETRY_MAX_MS: '1000' }),
    ).toThrow('WEBHOOK_RETRY_MAX_MS: must not be shorter than WEBHOOK_RETRY_BASE_MS');
  });
});
