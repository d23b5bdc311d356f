/**
 * Sends one render-crash or error report (SPEC §4, §8, §9): scrubbed and bounded by the
 * domain's `scrubClientReport` (no card number, CVV or session id leaves the page in a report),
 * posted with `keepalive` so that it survives the host reloading the frame. Loaded by the
 * reporter at the first report (app/error-reporter.ts), never with the first paint.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { ClientReportRequest } from '@cashdesk/contract';
import { SESSION_HEADER, scrubClientReport } from '@cashdesk/domain';
import type { ClientReport } from '@cashdesk/domain';

/** The wire body of a report, scrubbed. */
export function clientReportBody(report: ClientReport): ClientReportRequest {
  const kept = scrubClientReport(report);
  return {
    kind: kept.kind,
    message: kept.message === '' ? kept.kind : kept.message,
    stack: kept.stack,
    page: kept.page,
    release: kept.release,
    user_agent: kept.userAgent,
    trace_sampled: kept.traceSampled,
    breadcrumbs: kept.breadcrumbs.map((crumb) => ({ ...crumb })),
  };
}

/** Posts one report; rejects when it was not taken (the reporter drops it). */
export async function sendClientReport(
  report: ClientReport,
  sessionId: string | null,
): Promise<void> {
  const response = await fetch(ENDPOINTS.clientReport.path, {
    method: ENDPOINTS.clientReport.method,
    headers: {
      'content-type': 'application/json',
      ...(sessionId === null ? {} : { [SESSION_HEADER.toLowerCase()]: sessionId }),
    },
    body: JSON.stringify(clientReportBody(report)),
    credentials: 'same-origin',
    keepalive: true,
  });
  if (!response.ok) throw new Error(`report not taken: ${String(response.status)}`);
}
