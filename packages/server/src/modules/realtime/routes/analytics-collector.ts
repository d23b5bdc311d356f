/**
 * POST /psp/cashier-service/analytics (SPEC §7: the clickstream tracker's endpoint `/psp` with the
 * analytics post path `/cashier-service/analytics`): the clickstream batches the widget could not
 * publish to `clickstream:track` because its realtime connection failed, posted over HTTP instead,
 * and kept like the published ones (modules/realtime/clickstream.ts `storeClickstream`: under the
 * session's brand and player, never the analytics session id).
 *
 * A body over SPEC §9's 40000-byte post answers 413 (1004); the contract's schema refuses what
 * is not a batch of 1 to 100 events (400); calls are limited per session (http/rate-limits.ts).
 * The log line counts the events: nothing about the player, the session or what they clicked.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { ANALYTICS, utf8ByteLength } from '@cashdesk/domain';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { storeClickstream } from '../clickstream';

/** Registers the analytics collector. */
export function registerAnalyticsCollectorRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.analyticsCollect, async ({ session, body, deps, request }) => {
    const bytes = utf8ByteLength(JSON.stringify(body));
    if (bytes > ANALYTICS.maxPostBytes) {
      throw new ApiError('bodyTooLarge', {
        detail: `${String(bytes)} bytes of clickstream, at most ${String(ANALYTICS.maxPostBytes)}`,
      });
    }
    const stored = await storeClickstream(deps.db, session.playerId, body.events, deps.clock());
    request.log.info({ events: body.events.length, stored }, 'clickstream collected');
    return { status: 200, body: { stored } };
  });
}
