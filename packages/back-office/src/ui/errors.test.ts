import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { translator } from '../i18n/i18n';
import en from '../messages/en.json';
import { errorText, signInErrorText } from './errors';

const i18n = translator('en', en);
const refused = (code: string, status = 400, field?: string, retryAfter?: number) =>
  new ApiError(status, code, field, retryAfter);

describe('error texts', () => {
  it("are the error code's text", () => {
    expect(errorText(i18n, refused('1850', 401))).toBe(
      'The e-mail address or the password is wrong.',
    );
    expect(errorText(i18n, refused('1856', 403))).toBe('Your role does not allow this.');
  });

  it('name the field of an invalid value, and the code of one without a text', () => {
    expect(errorText(i18n, refused('1002', 400, 'body.amount'))).toBe(
      'A value is not valid: body.amount.',
    );
    expect(errorText(i18n, refused('1999', 500))).toBe('The server refused this (error 1999).');
    expect(errorText(i18n, new Error('boom'))).toBe('Something went wrong. Try again.');
  });

  it('say until when a locked account is locked (Retry-After from now)', () => {
    const now = new Date('2026-12-06T10:00:00.000Z');
    const until = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(
      new Date('2026-12-06T10:15:00.000Z'),
    );
    expect(signInErrorText(i18n, refused('1851', 429, undefined, 900), now)).toBe(
      `Too many failed attempts: this account is locked until ${until}. Try again then.`,
    );
    // Without Retry-After: the lockout's own text.
    expect(signInErrorText(i18n, refused('1851', 429), now)).toBe(
      'Too many failed attempts: this account is locked for a while.',
    );
  });

  it('fill placeholders and keep an unknown one as written', () => {
    expect(i18n.t('payout.count', { count: 3 })).toBe('3 awaiting approval, oldest first.');
    expect(i18n.t('payout.count')).toBe('{count} awaiting approval, oldest first.');
  });
});
