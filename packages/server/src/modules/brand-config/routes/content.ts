/**
 * GET /content/{slug} (SPEC §2 /content, §7 "GET {url} on the site root"): a content page of the
 * session's brand in the session's language. The contract row asks for a session: pages belong
 * to a brand, and the session is what names the brand and the language.
 *
 * GET /notifications (SPEC §2, §4): the notifications of the session's player.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { getContentPage } from '../content';
import { playerNotifications } from '../notifications';

/** Registers GET /content/{slug} and GET /notifications. */
export function registerContentRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.contentPage, async ({ params, session, deps }) => {
    const page = await getContentPage(deps.db, {
      brandId: session.brandId,
      slug: params.slug,
      language: session.language,
    });
    return { status: 200, body: page };
  });
  registerEndpoint(app, ENDPOINTS.notifications, async ({ session, deps }) => ({
    status: 200,
    body: {
      notifications: await playerNotifications(deps.db, session.brandId, session.playerId),
    },
  }));
}
