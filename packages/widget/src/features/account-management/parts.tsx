import { ICON_SIZE_LOW } from '@cashdesk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icon';
import { PageHeader } from '../../ui/page-header';

/**
 * SPEC §4: the verification screens live on the router state the method page hands over. Without
 * it (an address typed or bookmarked, a link shared) there is nothing to confirm: this page says
 * so and leads back to the withdrawal methods, keeping the query (session, language, theme).
 */
export function StartAgainPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  const back = { pathname: '/withdrawal', search };
  return (
    <section className="cd-card cd-account" aria-labelledby={titleId}>
      <PageHeader
        title={t('ACCOUNT_MANAGEMENT.START_AGAIN.TITLE')}
        titleId={titleId}
        back={back}
        backLabel={t('ACCOUNT_MANAGEMENT.BACK_TO_METHODS')}
      />
      <p>{t('ACCOUNT_MANAGEMENT.START_AGAIN.TEXT')}</p>
      <Link className="cd-button cd-button--primary cd-account__action" to={back}>
        {t('ACCOUNT_MANAGEMENT.START_AGAIN.LINK')}
      </Link>
    </section>
  );
}

/** The merchant's support page (SPEC §3 support_url), in a new tab, said so to screen readers. */
export function SupportLink({ url, label }: { readonly url: string; readonly label: string }) {
  const { t } = useTranslation();
  return (
    <a className="cd-account__external" href={url} target="_blank" rel="noopener noreferrer">
      {label}
      <Icon name="open_in_new" size={ICON_SIZE_LOW} />
      <span className="cd-visually-hidden">{t('ACCOUNT_MANAGEMENT.NEW_TAB')}</span>
    </a>
  );
}
