import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import type { RouteDefinition } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { scrollToTop } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { usePageTitle } from '../../ui/use-page-title';
import { useContentPageQuery } from './content-api';
import { contentSlugOf } from './content-slug';
import './content.css';

function ContentFrame({
  title,
  children,
}: {
  readonly title: string;
  readonly children: ReactNode;
}) {
  const titleId = useId();
  usePageTitle(title);
  return (
    <article className="cd-card cd-content" aria-labelledby={titleId}>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {children}
    </article>
  );
}

/**
 * SPEC §2 /content, §7 content page: fetches the page named by the address (see
 * {@link contentSlugOf}) and renders its sections as text: headings and paragraphs go through
 * React's text escaping, never through HTML, so nothing the server sends can run in the cashier.
 */
export function ContentPage({ route }: { readonly route: RouteDefinition }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const slug = contentSlugOf(search);
  const { data, isLoading, isError, refetch } = useContentPageQuery(slug ?? '', {
    skip: slug === null,
  });
  useEffect(() => {
    scrollToTop();
  }, [slug]);
  const back = (
    <Link
      className="cd-button cd-button--secondary"
      to={{ pathname: `/${route.flow ?? 'deposit'}`, search }}
    >
      {t('APP.BACK_TO_DEPOSIT')}
    </Link>
  );
  if (slug === null) {
    return (
      <ContentFrame title={t('CONTENT.MISSING.TITLE')}>
        <p>{t('CONTENT.MISSING.TEXT')}</p>
        {back}
      </ContentFrame>
    );
  }
  if (isLoading) return <Skeleton label={t('CONTENT.LOADING')} />;
  if (data === undefined || isError) {
    return (
      <ContentFrame title={t('CONTENT.FAILED.TITLE')}>
        <p role="alert">{t('CONTENT.FAILED.TEXT')}</p>
        <div className="cd-content__actions">
          <Button
            onClick={() => {
              void refetch();
            }}
          >
            {t('CONTENT.TRY_AGAIN')}
          </Button>
          {back}
        </div>
      </ContentFrame>
    );
  }
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(data.updated_at),
  );
  return (
    <ContentFrame title={data.title}>
      {data.sections.map((section, index) => (
        <section key={index} className="cd-content__section">
          {section.heading === null ? null : (
            <h2 className="cd-content__heading">{section.heading}</h2>
          )}
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p className="cd-content__updated">{t('CONTENT.UPDATED', { date: updated })}</p>
      {back}
    </ContentFrame>
  );
}
