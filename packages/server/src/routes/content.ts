/**
 * GET /content/{slug} (SPEC §2 /content, §7 "GET {url} on the site root"): a content page of the
 * session's brand in the session's language. The contract row asks for a session: pages belong
 * to a brand, and the session is what names the brand and the language.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../http/app-types';
import { registerEndpoint } from '../http/register-endpoint';
import { getContentPage } from '../services/content';

/** Registers GET /content/{slug}. */
export function registerContentRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.contentPage, async ({ params, session, deps }) => {
    const page = await getContentPage(deps.db, {
      brandId: session.brandId,
      slug: params.slug,
      language: session.language,
    });
    return { status: 200, body: page };
  });
}
