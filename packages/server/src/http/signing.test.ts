import { describe, expect, it } from 'vitest';
import {
  signatureDigest,
  signatureHeaders,
  verifySignature,
  verifyWebhookSignature,
} from './signing';

const key = { keyId: 'k1', secret: 'first secret' };
const next = { keyId: 'k2', secret: 'second secret' };
const now = new Date('2026-11-25T10:00:00Z');
const body = '{"id":"evt_1","amount":"10.50"}';

function headerOf(signingKey = key, at = now, signed = body): string {
  return signatureHeaders(signingKey, signed, at)['cashdesk-signature'];
}

describe('message signatures (HMAC-SHA256 over timestamp and body)', () => {
  it('signs "{timestamp}.{body}" and names the key', () => {
    const headers = signatureHeaders(key, body, now);
    const timestamp = Math.floor(now.getTime() / 1000);
    expect(headers['cashdesk-key-id']).toBe('k1');
    expect(headers['cashdesk-signature']).toBe(
      `t=${String(timestamp)},v1=${signatureDigest('first secret', timestamp, body)}`,
    );
    // A known vector, so that a receiver in another language can check its own implementation.
    expect(signatureDigest('secret', 1_700_000_000, '{}')).toBe(
      'b8569b78799ff9e3cbff0fc2d63a33a2b57f3282abd07c37ae5e8e7d79a5f163',
    );
  });

  it('accepts its own signature with any current key (rotation)', () => {
    const check = verifySignature({ header: headerOf(next), body, keys: [key, next], now });
    expect(check).toEqual({ valid: true, keyId: 'k2', timestamp: now.getTime() / 1000 });
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    const keys = [key];
    expect(verifySignature({ header: headerOf(), body: `${body} `, keys, now })).toEqual({
      valid: false,
      problem: 'mismatch',
    });
    expect(verifySignature({ header: headerOf(next), body, keys, now }).valid).toBe(false);
    expect(verifySignature({ header: undefined, body, keys, now })).toEqual({
      valid: false,
      problem: 'missing',
    });
    expect(verifySignature({ header: 't=abc,v1=00', body, keys, now })).toEqual({
      valid: false,
      problem: 'malformed',
    });
  });

  it('refuses a signature older or newer than the tolerance', () => {
    const old = new Date(now.getTime() - 301_000);
    const header = headerOf(key, old);
    expect(verifySignature({ header, body, keys: [key], now })).toEqual({
      valid: false,
      problem: 'stale',
    });
    expect(verifySignature({ header, body, keys: [key], now, toleranceSeconds: 400 }).valid).toBe(
      true,
    );
    const ahead = headerOf(key, new Date(now.getTime() + 301_000));
    expect(verifySignature({ header: ahead, body, keys: [key], now }).valid).toBe(false);
  });

  it('verifyWebhookSignature reads the headers as they arrive (any case), and refuses a tampered body or an old timestamp', () => {
    const headers = {
      'Cashdesk-Signature': headerOf(next),
      'CASHDESK-KEY-ID': 'k2',
      'cashdesk-event-id': 'evt_1',
    };
    const keys = [key, next];
    expect(verifyWebhookSignature({ headers, rawBody: body, keys, now })).toEqual({
      valid: true,
      keyId: 'k2',
      timestamp: now.getTime() / 1000,
    });
    // A key id naming the other key changes nothing but the order the keys are tried in.
    expect(
      verifyWebhookSignature({
        headers: { ...headers, 'cashdesk-key-id': 'k1' },
        rawBody: body,
        keys,
        now,
      }).valid,
    ).toBe(true);
    expect(
      verifyWebhookSignature({ headers, rawBody: body.replace('10.50', '100.50'), keys, now }),
    ).toEqual({ valid: false, problem: 'mismatch' });
    expect(
      verifyWebhookSignature({
        headers: { 'cashdesk-signature': [headerOf(key, new Date(now.getTime() - 301_000))] },
        rawBody: body,
        keys,
        now,
      }),
    ).toEqual({ valid: false, problem: 'stale' });
    expect(verifyWebhookSignature({ headers: {}, rawBody: body, keys, now })).toEqual({
      valid: false,
      problem: 'missing',
    });
    // Only the old secret kept: the new key's signature is refused.
    expect(verifyWebhookSignature({ headers, rawBody: body, keys: [key], now }).valid).toBe(false);
  });
});
