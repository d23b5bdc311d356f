/**
 * GET /api/operator/v1/audit, the brand's audit trail (scope config:read), filtered by kind,
 * actor, action, target prefix and time.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS, OPERATOR_PAGE_DEFAULT } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listAudit } from '../../../http/operator-audit';

/** Default page size of the operator API's lists. */
export const DEFAULT_PAGE_SIZE = OPERATOR_PAGE_DEFAULT;

/** Registers the audit trail route. */
export function registerOperatorAuditRoutes(app: App): void {
  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorAuditList, async ({ query, deps, operator }) => {
    const { limit, ...filters } = query;
    const page = await listAudit(deps.db, operator.brandId, {
      ...filters,
      limit: limit ?? DEFAULT_PAGE_SIZE,
    });
    return { status: 200, body: { entries: page.entries, next_cursor: page.nextCursor } };
  });
}
