import { useId } from 'react';
import type { RouteDefinition } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import './error-page.css';

/**
 * SPEC §1 page kind error (`/error`): where a host or a provider's return sends the player when the
 * payment cannot go on. The page does not guess what happened: it says the payment stopped, points
 * to the player's payments (to see whether money moved before trying again) and leads back to the
 * deposit methods, with the address's parameters (session, language, theme) kept.
 */
export function ErrorPage({ route }: { readonly route: RouteDefinition }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // The address names no flow (SPEC §2's rule would make it a withdrawal page): the page leads
  // to the deposit, as the not-found page does, because a provider's return (what sends a player
  // here) belongs to a deposit; a withdrawal never leaves the cashier for a provider's page.
  const flow = route.flow ?? 'deposit';
  const titleId = useId();
  const title = t('APP.ERROR_PAGE.TITLE');
  usePageTitle(title);
  return (
    <section className="cd-card cd-error-page" aria-labelledby={titleId}>
      <div className="cd-error-page__icon">
        <Icon name="error" />
      </div>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      <p className="cd-error-page__text">{t('APP.ERROR_PAGE.TEXT')}</p>
      <div className="cd-error-page__actions">
        <Link
          className="cd-button cd-button--primary cd-button--block"
          to={{ pathname: `/${flow}`, search }}
        >
          {t('APP.BACK_TO_DEPOSIT')}
        </Link>
        <Link
          className="cd-button cd-button--secondary cd-button--block"
          to={{ pathname: `/${flow}-history`, search }}
        >
          {t('HISTORY.LINK')}
        </Link>
      </div>
    </section>
  );
}
