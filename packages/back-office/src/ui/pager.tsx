import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n';

/**
 * Cursor pagination: the first page and the next one (the API's next_cursor), each an address
 * with the same filters, so the browser's back button goes to the page before.
 */
export function Pager({ nextCursor }: { readonly nextCursor: string | null }): ReactNode {
  const { t } = useI18n();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onFirst = !params.has('cursor');
  params.delete('cursor');
  const first = `${location.pathname}${params.size > 0 ? `?${params.toString()}` : ''}`;
  const next = new URLSearchParams(params);
  if (nextCursor !== null) next.set('cursor', nextCursor);
  return (
    <nav className="bo-pager" aria-label={t('pager.label')}>
      {onFirst ? null : (
        <Link className="bo-button bo-button--secondary" to={first}>
          {t('pager.first')}
        </Link>
      )}
      {nextCursor === null ? null : (
        <Link
          className="bo-button bo-button--secondary"
          to={`${location.pathname}?${next.toString()}`}
        >
          {t('pager.next')}
        </Link>
      )}
    </nav>
  );
}
