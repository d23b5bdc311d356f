/**
 * POST /api/back-office/v1/previews: the back office's preview of a draft configuration
 * (preview.ts, docs/decisions/0107-previewing-configuration.md). Needs config:read: a preview
 * changes nothing of the brand. A brand's staff member previews their own brand; an
 * administrator names it with `x-brand-id` (never a preview brand).
 *
 * @packageDocumentation
 */
import { STAFF_BRAND_HEADER, STAFF_ENDPOINTS } from '@cashdesk/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../http/api-error';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { requireBrand } from '../brand';
import { makePreview } from '../preview';

/**
 * The brand a staff member previews: their own, or the one an administrator names.
 *
 * @throws {ApiError} staffPermissionMissing (1856) for a brand's staff member naming another
 *   brand, staffBrandRequired (1859) for an administrator naming none, or no brand.
 */
function previewedBrand(request: FastifyRequest): string {
  const session = request.staffSession;
  if (session === null) throw new ApiError('staffSignedOut', { detail: 'no staff session' });
  const header = request.headers[STAFF_BRAND_HEADER];
  const named = typeof header === 'string' && header !== '' ? header : undefined;
  const own = session.account.brandId;
  if (own !== null) {
    if (named !== undefined && named !== own) {
      throw new ApiError('staffPermissionMissing', {
        field: `headers.${STAFF_BRAND_HEADER}`,
        detail: 'another brand',
      });
    }
    return own;
  }
  if (named === undefined) {
    throw new ApiError('staffBrandRequired', {
      field: `headers.${STAFF_BRAND_HEADER}`,
      detail: 'no brand named',
    });
  }
  return named;
}

/** Registers the preview route. */
export function registerPreviewRoutes(app: App): void {
  registerEndpoint(app, STAFF_ENDPOINTS.staffConfigPreview, async ({ request, body, deps }) => {
    const brandId = previewedBrand(request);
    try {
      await requireBrand(deps.db, brandId, `headers.${STAFF_BRAND_HEADER}`);
    } catch {
      throw new ApiError('staffBrandRequired', {
        field: `headers.${STAFF_BRAND_HEADER}`,
        detail: 'no such brand',
      });
    }
    const preview = await makePreview(deps.db, brandId, body, {
      session: { lifetimeMs: deps.config.sessionLifetimeMs, widgetUrl: deps.config.widgetUrl },
      backOfficeOrigin: new URL(deps.config.publicUrl).origin,
      connectors: deps.connectors,
      now: deps.clock(),
    });
    return {
      status: 201,
      body: {
        widget_url: preview.session.widget_url,
        expires_at: preview.expiresAt.toISOString(),
      },
    };
  });
}
