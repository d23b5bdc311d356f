/**
 * GET /api/operator/v1/client-reports (scope reports:read): the widget's client error reports of
 * the brand's sessions (modules/widget-reports/operator-reports.ts).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS, OPERATOR_PAGE_DEFAULT } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listOperatorClientReports } from '../operator-reports';

/** Registers the client report list of the operator API. */
export function registerOperatorClientReportRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorClientReportList,
    async ({ query, deps, operator }) => {
      const { limit, cursor, ...filters } = query;
      const page = await listOperatorClientReports(deps.db, operator.brandId, filters, {
        limit: limit ?? OPERATOR_PAGE_DEFAULT,
        cursor,
      });
      return { status: 200, body: { reports: page.reports, next_cursor: page.nextCursor } };
    },
  );
}
