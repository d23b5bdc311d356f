/**
 * What the widget reads to look like its brand, without a rebuild:
 *
 * - `GET /api/cashier-service/v1.0/appearance` (session): the theme (the theme query parameter,
 *   else the session's) and the brand's text overrides for the language;
 * - `GET /api/cashier-service/v1.0/appearance/logos/{sha256}` (public, like any image): a theme's
 *   logo by the SHA-256 of its bytes, so its address changes with its content and it is cached
 *   for a year. Logos are checked when uploaded (modules/brand-config/appearance.ts); the answer
 *   is also made inert: `Content-Security-Policy: default-src 'none'; sandbox` (an SVG opened as a
 *   document runs nothing and loads nothing), `nosniff` (helmet), and the exact media type.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { appearanceFor, LOGO_PATH, logoBySha256 } from '../appearance';

/** A year: the logo's address is its content's hash, so it never changes under it. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The policy of a logo answer: an image that runs and loads nothing if opened as a page. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Registers the appearance routes. */
export function registerAppearanceRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.appearance, async ({ query, session, deps }) => ({
    status: 200,
    body: await appearanceFor(deps.db, session, query),
  }));

  app.get<{ Params: { sha256: string } }>(`${LOGO_PATH}/:sha256`, async (request, reply) => {
    const { sha256 } = request.params;
    if (!/^[0-9a-f]{64}$/.test(sha256)) {
      throw new ApiError('invalidField', { field: 'params.sha256' });
    }
    const logo = await logoBySha256(app.cashdesk.db, sha256);
    if (logo === null) throw new ApiError('notFound', { field: 'params.sha256' });
    return reply
      .header('cache-control', LOGO_CACHE_CONTROL)
      .header('content-security-policy', LOGO_CSP)
      .type(logo.mediaType)
      .send(logo.bytes);
  });
}
