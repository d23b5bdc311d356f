import type { Ref } from 'react';
import { Link } from 'react-router';
import type { To } from 'react-router';
import { Icon } from './icon';
import { usePageTitle } from './use-page-title';
import './page-header.css';

export interface PageHeaderProps {
  /** The page's one h1, also the document title. */
  readonly title: string;
  /** The title's language when it is not the page's (a method's name as the operator wrote it). */
  readonly titleLang?: string | undefined;
  readonly titleId: string;
  /** Where the back arrow goes (query kept by the caller), and its accessible name. */
  readonly back: To;
  readonly backLabel: string;
  /** For pages that move focus to their heading (it is focusable by script only). */
  readonly titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * The title bar of a page below the method list (method page, saved cards): a back arrow, which
 * the right-to-left layout mirrors, and the page's one h1.
 */
export function PageHeader({
  title,
  titleLang,
  titleId,
  back,
  backLabel,
  titleRef,
}: PageHeaderProps) {
  usePageTitle(title);
  return (
    <div className="cd-page-header">
      <Link className="cd-page-header__back" to={back} aria-label={backLabel}>
        <Icon name="arrow_back" />
      </Link>
      <h1
        id={titleId}
        ref={titleRef}
        className="cd-page-title cd-page-header__title"
        tabIndex={titleRef === undefined ? undefined : -1}
      >
        {titleLang === undefined ? title : <bdi lang={titleLang}>{title}</bdi>}
      </h1>
    </div>
  );
}
