import type { RouteDefinition } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../ui/use-page-title';

/**
 * A route of SPEC §2 whose screen a later release builds, or an address that is no route: a
 * clear page with a way back to the deposit methods instead of a blank frame.
 */
export function NotAvailable({ route }: { readonly route: RouteDefinition | null }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const title = route === null ? t('APP.NOT_FOUND.TITLE') : t('APP.NOT_AVAILABLE.TITLE');
  usePageTitle(title);
  return (
    <section className="cd-card" aria-labelledby="not-available-title">
      <h1 id="not-available-title" className="cd-page-title">
        {title}
      </h1>
      <p>{route === null ? t('APP.NOT_FOUND.TEXT') : t('APP.NOT_AVAILABLE.TEXT')}</p>
      <Link className="cd-button cd-button--secondary" to={{ pathname: '/deposit', search }}>
        {t('APP.BACK_TO_DEPOSIT')}
      </Link>
    </section>
  );
}
