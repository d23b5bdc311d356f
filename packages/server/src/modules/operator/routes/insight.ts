/**
 * GET /api/operator/v1/insight and GET /insight.csv (scope reports:read): the brand's
 * acceptance figures (modules/operator/insight.ts).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { insightCsv, insightReport } from '../insight';

/** Registers the insight routes. */
export function registerOperatorInsightRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorInsightGet,
    async ({ query, deps, operator }) => ({
      status: 200,
      body: await insightReport(deps.db, operator.brandId, query, deps.connectors.resolve(null)),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorInsightExport,
    async ({ query, deps, operator, reply }) => {
      const csv = await insightCsv(deps.db, operator.brandId, query, deps.connectors.resolve(null));
      void reply.header('content-disposition', 'attachment; filename="insight.csv"');
      return { status: 200, csv };
    },
  );
}
