/**
 * GET /api/operator/v1/audit, the brand's audit trail (scope config:read).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listAudit } from '../../../http/operator-audit';

/** Default page size of the operator API's lists. */
export const DEFAULT_PAGE_SIZE = 50;

/** Registers the audit trail route. */
export function registerOperatorAuditRoutes(app: App): void {
  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorAuditList, async ({ query, deps, operator }) => {
    const page = await listAudit(deps.db, operator.brandId, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
      kind: query.kind,
    });
    return { status: 200, body: { entries: page.entries, next_cursor: page.nextCursor } };
  });
}
