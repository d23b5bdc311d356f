import { describe, expect, it } from 'vitest';
import { captureLogs as capture } from '../test/log-capture';
import { REDACTED, redactUrl } from './logger';

describe('logger redaction (no card number, CVV, OTP or auth token in logs)', () => {
  it('censors secret keys at the top level and nested two levels down', () => {
    const { logger, text } = capture();
    logger.info(
      {
        card_pan: '4111111111111111',
        payload: {
          card_cvv: '737',
          otp: '123456',
          nested: { cvv: '999', auth_token: 'tok-secret', password: 'pw' },
        },
        req: {
          headers: {
            'x-session-id': 'sess-secret',
            authorization: 'Bearer b',
            'idempotency-key': 'idem-secret',
          },
        },
        code: '654321',
      },
      'message',
    );
    // Check what was logged, not the line's own time, pid and host: a timestamp can contain '737'.
    const parsed: unknown = JSON.parse(text());
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not a JSON log line');
    const logged = Object.fromEntries(
      Object.entries(parsed).filter(([key]) => !['time', 'pid', 'hostname'].includes(key)),
    );
    const out = JSON.stringify(logged);
    for (const secret of [
      '4111111111111111',
      '737',
      '123456',
      '999',
      'tok-secret',
      'sess-secret',
      'Bearer b',
      'idem-secret',
      '654321',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out.split(REDACTED).length - 1).toBe(7);
    // A logged `req` goes through the request serializer, which keeps no headers at all.
    expect(out).not.toContain('headers');
  });

  it('masks secret query parameters of a logged address and leaves the others', () => {
    expect(redactUrl('/deposit?session_id=abc&lang=en-brand0&otp=1234')).toBe(
      '/deposit?session_id=%5BREDACTED%5D&lang=en-brand0&otp=%5BREDACTED%5D',
    );
    expect(redactUrl('/api/x?lang=en')).toBe('/api/x?lang=en');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});
