/**
 * GET /api/operator/v1/clickstream (scope clickstream:read), the clickstream of the
 * brand's players (modules/operator/clickstream.ts).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listOperatorClickstream } from '../clickstream';
import { DEFAULT_PAGE_SIZE } from './audit';

/** Registers the clickstream route. */
export function registerOperatorClickstreamRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorClickstreamList,
    async ({ query, deps, operator }) => {
      const { limit, cursor, ...filters } = query;
      const page = await listOperatorClickstream(deps.db, operator.brandId, filters, {
        limit: limit ?? DEFAULT_PAGE_SIZE,
        cursor,
      });
      return { status: 200, body: { events: page.events, next_cursor: page.nextCursor } };
    },
  );
}
