import type { ReactNode } from 'react';
import { ApiError } from '../api/http';
import { useI18n } from '../i18n/i18n';
import type { I18n } from '../i18n/i18n';

/** The translated text of an error: its error code's text, or a general one naming the code. */
export function errorText({ t, has }: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return t('error.unexpected');
  const key = `error.${error.code}`;
  if (error.code === '1851' && error.retryAfterSeconds !== undefined) {
    return t('error.1851.until', {
      minutes: String(Math.max(1, Math.ceil(error.retryAfterSeconds / 60))),
    });
  }
  if (error.code === '1002' && error.field !== undefined) {
    return t('error.field', { field: error.field });
  }
  if (has(key)) return t(key);
  return t('error.code', { code: error.code });
}

/** The text of a sign-in error: a lockout says until when (the time at `now` plus Retry-After). */
export function signInErrorText(i18n: I18n, error: unknown, now: Date): string {
  if (error instanceof ApiError && error.code === '1851' && error.retryAfterSeconds !== undefined) {
    const until = new Date(now.getTime() + error.retryAfterSeconds * 1000);
    const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(until);
    return i18n.t('signIn.lockedUntil', { time });
  }
  return errorText(i18n, error);
}

/** An error as an alert (announced at once), or nothing. */
export function ErrorNotice({ error }: { readonly error: unknown }): ReactNode {
  const i18n = useI18n();
  if (error === undefined || error === null) return null;
  return (
    <div className="bo-notice bo-notice--error" role="alert">
      {errorText(i18n, error)}
    </div>
  );
}

/** A polite notice (a result, a confirmation). */
export function Notice({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <div className="bo-notice bo-notice--info" role="status">
      {children}
    </div>
  );
}
