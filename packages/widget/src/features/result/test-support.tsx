/**
 * Test support of the result screens: every result route of SPEC §2, as app-routes maps them,
 * rendering the page a test names. Used by tests only.
 */
import { ROUTES } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';

/** The result routes, each showing `page(route)`; any other address shows nothing. */
export function ResultRoutesOf({
  page,
}: {
  readonly page: (route: RouteDefinition) => ReactElement;
}) {
  return (
    <Routes>
      {ROUTES.filter((route) => route.resultStatus !== null).map((route) => (
        <Route key={route.id} path={route.path} element={page(route)} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
