/**
 * POST client-reports (SPEC §4 "Render crash: reported", SPEC §8 "Unhandled render
 * error: logged, reported", SPEC §9 trace sampling and breadcrumbs): stores a render crash or
 * error of the widget, scrubbed (modules/widget-reports/client-reports.ts).
 *
 * The x-session-id header is optional: a valid session gives the report its brand and player; a
 * missing, unknown or expired one keeps it without them, with the same answer, so the call tells
 * nothing about a session id. Calls are limited per client address (http/rate-limits.ts). The
 * log line of a report names its kind and whether it had an owner: never the session id, the
 * message, the stack or the breadcrumbs.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { ClientReportRequest } from '@cashdesk/contract';
import type { ClientReport } from '@cashdesk/domain';
import type { App } from '../../../http/app-types';
import { isApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { resolveSession } from '../../../http/sessions';
import type { ReportOwner } from '../client-reports';
import { storeClientReport } from '../client-reports';

/** The domain's report from the wire body. */
export function reportOfBody(body: ClientReportRequest): ClientReport {
  return {
    kind: body.kind,
    message: body.message,
    stack: body.stack ?? null,
    page: body.page,
    release: body.release ?? null,
    userAgent: body.user_agent ?? null,
    traceSampled: body.trace_sampled,
    breadcrumbs: body.breadcrumbs,
  };
}

/** Registers POST client-reports. */
export function registerClientReportRoutes(app: App): void {
  const deps = app.cashdesk;
  registerEndpoint(app, ENDPOINTS.clientReport, async ({ body, headers, request }) => {
    const sessionId = headers['x-session-id']?.trim();
    let owner: ReportOwner | null = null;
    if (sessionId !== undefined && sessionId !== '') {
      try {
        const session = await resolveSession(
          deps.db,
          // A report does not keep a session alive: with a lifetime of 0 the expiry never moves.
          { lifetimeMs: 0 },
          sessionId,
          new Date(),
          request.log,
        );
        owner = { brandId: session.brandId, playerId: session.playerId };
      } catch (error) {
        // An unknown or expired session: the report is kept without brand and player.
        if (!isApiError(error) || error.errorName !== 'sessionExpired') throw error;
      }
    }
    await storeClientReport(deps.db, reportOfBody(body), owner, deps.clock());
    request.log.info({ kind: body.kind, owned: owner !== null }, 'client report stored');
    return { status: 202, body: { accepted: true } };
  });
}
