import { describe, expect, it } from 'vitest';
import { ConfigError } from './env';
import { loadConfig } from './load';

/** The message loadConfig throws for `env` ('' when it starts). */
function messageOf(env: Readonly<Record<string, string>>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

/** A production environment that starts, with its limits in Redis over TLS. */
const PRODUCTION = {
  CASHDESK_MODE: 'production',
  CASHDESK_SECRET: 'an-operator-own-secret',
  DATABASE_URL: 'postgres://cashdesk@db.internal:5432/cashdesk',
  CASHDESK_PROVIDER: 'http',
  PROVIDER_URL: 'https://psp.example.com',
  REDIS_URL: 'rediss://:an-operator-own-redis-password@redis.internal:6380/2',
} as const;

describe('where the rate limits are counted (REDIS_URL)', () => {
  it('counts them in the database unless REDIS_URL names a Redis', () => {
    expect(loadConfig({}).limitStore).toEqual({ kind: 'database' });
    expect(loadConfig({ REDIS_URL: '  ' }).limitStore).toEqual({ kind: 'database' });
    expect(loadConfig(PRODUCTION).limitStore).toEqual({
      kind: 'redis',
      url: PRODUCTION.REDIS_URL,
    });
    for (const url of [
      'redis://127.0.0.1',
      'redis://localhost:6379/0',
      'redis://user:pass@[::1]:6379',
      'rediss://redis.internal/',
    ]) {
      expect(loadConfig({ REDIS_URL: url }).limitStore, url).toEqual({ kind: 'redis', url });
    }
  });

  it('refuses a REDIS_URL it cannot use at start, in every mode, never printing its value', () => {
    const refused = {
      'not a url:secret-in-it': /REDIS_URL: REDIS_URL must be a URL of the form redis:\/\//,
      'http://:secret-in-it@redis.internal': /REDIS_URL must start with redis:\/\/ or rediss:\/\//,
      'redis://:secret-in-it@redis.internal/cache': /REDIS_URL may end only in a database number/,
      'redis://:secret-in-it@redis.internal?db=1': /REDIS_URL takes no query or fragment/,
      'redis://:secret-in-it@redis.internal:99999':
        /REDIS_URL: REDIS_URL must be a URL of the form/,
    };
    for (const [url, message] of Object.entries(refused)) {
      for (const mode of ['sandbox', 'production']) {
        const thrown = messageOf({ CASHDESK_MODE: mode, REDIS_URL: url });
        expect(thrown, url).toMatch(message);
        expect(thrown, url).not.toContain('secret-in-it');
      }
    }
  });

  it('refuses plain redis:// to another host in production, unless CASHDESK_ALLOW_PLAIN_HTTP=true', () => {
    const plain = { ...PRODUCTION, REDIS_URL: 'redis://:a-password@redis.internal:6379' };
    const thrown = messageOf(plain);
    expect(thrown).toContain(
      'REDIS_URL: plain redis to another host (redis.internal:6379) is refused in production mode; use rediss, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust',
    );
    expect(thrown).not.toContain('a-password');
    expect(messageOf({ ...plain, CASHDESK_ALLOW_PLAIN_HTTP: 'true' })).toBe('');
    expect(messageOf({ ...PRODUCTION, REDIS_URL: 'redis://127.0.0.1:6379' })).toBe('');
    expect(messageOf({ REDIS_URL: plain.REDIS_URL })).toBe('');
  });

  it('names a misspelled REDIS_ variable', () => {
    expect(loadConfig({ REDIS_URI: 'redis://127.0.0.1' }).unknownVariables).toEqual(['REDIS_URI']);
  });
});
