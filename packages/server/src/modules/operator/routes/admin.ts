/**
 * The administrator calls of the operator API (OPERATOR_ADMIN_KEY): create a brand,
 * mint, list and revoke its API keys. Everything else of the operator API is done with a brand's
 * own key. Each change is audited under the brand it concerns.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import { brands } from '../../../db/schema';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { requireBrand, toBrandSummary } from '../../brand-config';
import { listApiKeys, mintApiKey, revokeApiKey } from '../../../http/operator-keys';

/** Registers the administrator routes. */
export function registerOperatorAdminRoutes(app: App): void {
  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorBrandCreate, async ({ body, deps, audit }) => {
    const created = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(brands)
        .values({ id: body.id, name: body.name })
        .onConflictDoNothing()
        .returning();
      if (row === undefined) {
        throw new ApiError('operatorConflict', { field: 'body.id', detail: 'brand id taken' });
      }
      const summary = toBrandSummary(row);
      await audit(tx, { brandId: row.id, target: `brand:${row.id}`, before: null, after: summary });
      return summary;
    });
    return { status: 201, body: created };
  });

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorApiKeyCreate,
    async ({ params, body, deps, audit }) => {
      const minted = await deps.db.transaction(async (tx) => {
        await requireBrand(tx, params.brandId);
        const result = await mintApiKey(tx, { brandId: params.brandId, ...body });
        await audit(tx, {
          brandId: params.brandId,
          target: `api_key:${result.summary.id}`,
          before: null,
          after: result.summary,
        });
        return result;
      });
      return { status: 201, body: { ...minted.summary, key: minted.key } };
    },
  );

  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorApiKeyList, async ({ params, deps }) => {
    await requireBrand(deps.db, params.brandId);
    return { status: 200, body: { keys: await listApiKeys(deps.db, params.brandId) } };
  });

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorApiKeyRevoke,
    async ({ params, deps, audit }) => {
      const revoked = await deps.db.transaction(async (tx) => {
        const change = await revokeApiKey(tx, params.brandId, params.keyId, deps.clock());
        if (change === null) throw new ApiError('operatorNotFound', { field: 'params.keyId' });
        if (change.before.revoked_at === null) {
          await audit(tx, {
            brandId: params.brandId,
            target: `api_key:${params.keyId}`,
            before: change.before,
            after: change.after,
          });
        }
        return change.after;
      });
      return { status: 200, body: revoked };
    },
  );
}
