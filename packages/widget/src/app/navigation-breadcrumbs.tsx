import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ErrorReporter } from './error-reporter';

/**
 * SPEC §9: records each page the player reaches as a navigation breadcrumb, by its path
 * (never the query: it holds the session id). Renders nothing.
 */
export function NavigationBreadcrumbs({ reporter }: { readonly reporter: ErrorReporter }) {
  const { pathname } = useLocation();
  useEffect(() => {
    reporter.breadcrumb('navigation', pathname);
  }, [reporter, pathname]);
  return null;
}
