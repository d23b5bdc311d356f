/**
 * GET and PATCH /api/operator/v1/brand, the calling key's brand and its configuration
 * version. The version is also the ETag; a write naming it in If-Match is refused when another
 * write came first (modules/brand-config/version.ts).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { brands } from '../../../db/schema';
import type { App } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import { requireBrand, toBrandSummary } from '../brand';
import { bumpConfigVersion } from '../version';

/** Registers the brand routes. */
export function registerOperatorBrandRoutes(app: App): void {
  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorBrandGet, async ({ deps, operator, reply }) => {
    const summary = toBrandSummary(await requireBrand(deps.db, operator.brandId));
    void reply.header('etag', `"${summary.config_version}"`);
    return { status: 200, body: summary };
  });

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorBrandUpdate,
    async ({ body, headers, deps, operator, audit, reply }) => {
      const summary = await deps.db.transaction(async (tx) => {
        const version = await bumpConfigVersion(
          tx,
          operator.brandId,
          ifMatchVersion(headers['if-match']),
        );
        const before = toBrandSummary(await requireBrand(tx, operator.brandId));
        const [row] = await tx
          .update(brands)
          .set(body.name === undefined ? {} : { name: body.name })
          .where(eq(brands.id, operator.brandId))
          .returning();
        if (row === undefined) throw new Error('brand vanished under its lock');
        const after = toBrandSummary(row);
        await audit(tx, {
          target: `brand:${operator.brandId}`,
          before: { ...before, config_version: version - 1 },
          after,
        });
        return after;
      });
      void reply.header('etag', `"${summary.config_version}"`);
      return { status: 200, body: summary };
    },
  );
}
