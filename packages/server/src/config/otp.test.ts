import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('one-time codes: OTP_SENDER and OTP_HTTP_*', () => {
  const production = {
    CASHDESK_MODE: 'production',
    CASHDESK_SECRET: 'a-long-enough-secret',
    DATABASE_URL: 'postgres://cashdesk@db.internal/cashdesk',
  };

  it('one-time codes: production sends none by default and the sandbox outbox only when explicitly allowed', () => {
    const paying = { ...production, CASHDESK_PROVIDER: 'http', PROVIDER_URL: 'https://psp.test' };
    expect(loadConfig(paying).otp).toEqual({ kind: 'none' });
    expect(() => loadConfig({ ...paying, OTP_SENDER: 'sandbox' })).toThrow(
      /OTP_SENDER: "sandbox" is refused in production mode unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    // Allowing the sandbox payments does not allow the sandbox outbox: each is its own choice.
    expect(() =>
      loadConfig({
        ...production,
        CASHDESK_PROVIDER: 'sandbox',
        CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        OTP_SENDER: 'sandbox',
      }),
    ).toThrow(/OTP_ALLOW_SANDBOX_IN_PRODUCTION=true/);
    expect(
      loadConfig({ ...paying, OTP_SENDER: 'sandbox', OTP_ALLOW_SANDBOX_IN_PRODUCTION: 'true' }).otp,
    ).toEqual({ kind: 'sandbox' });
    expect(loadConfig({ OTP_SENDER: 'none' }).otp).toEqual({ kind: 'none' });
  });

  it('one-time codes: the HTTP sender needs its address and secret, and a hand-over the player can wait for', () => {
    expect(() => loadConfig({ OTP_SENDER: 'http' })).toThrow(
      /OTP_HTTP_URL: required with OTP_SENDER=http[\s\S]*OTP_HTTP_SECRET: required with OTP_SENDER=http/,
    );
    const http = {
      OTP_SENDER: 'http',
      OTP_HTTP_URL: 'http://127.0.0.1:8093/messages',
      OTP_HTTP_SECRET: 'a-messaging-secret-1234',
    };
    expect(loadConfig(http).otp).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:8093/messages',
      key: { keyId: 'default', secret: 'a-messaging-secret-1234' },
      timeoutMs: 5000,
      attempts: 3,
    });
    expect(() => loadConfig({ ...http, OTP_HTTP_SECRET: 'short' })).toThrow(
      /OTP_HTTP_SECRET must be at least 16 characters/,
    );
    expect(() => loadConfig({ ...http, OTP_HTTP_URL: 'ftp://messages.test' })).toThrow(
      /OTP_HTTP_URL/,
    );
    expect(() => loadConfig({ ...http, OTP_HTTP_KEY_ID: 'a key' })).toThrow(/OTP_HTTP_KEY_ID/);
    expect(() => loadConfig({ ...http, OTP_HTTP_ATTEMPTS: '6' })).toThrow(/OTP_HTTP_ATTEMPTS/);
    expect(() =>
      loadConfig({ ...http, OTP_HTTP_ATTEMPTS: '5', OTP_HTTP_TIMEOUT_MS: '12000' }),
    ).toThrow(
      /OTP_HTTP_ATTEMPTS times OTP_HTTP_TIMEOUT_MS must be shorter than CONNECTION_TIMEOUT_MS/,
    );
  });
});
