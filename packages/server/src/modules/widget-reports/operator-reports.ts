/**
 * The operator's read of the widget's client error reports (GET /client-reports, scope
 * reports:read): the brand's reports as kept (scrubbed before the insert, client-reports.ts),
 * newest first by arrival, filtered by kind and time received. A report sent without a valid
 * session belongs to no brand and is never listed; another brand's is never selected.
 *
 * @packageDocumentation
 */
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { OperatorClientReport } from '@cashdesk/contract';
import { CLIENT_REPORT_KINDS } from '@cashdesk/domain';
import type { ClientReportKind } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { clientReports, players } from '../../db/schema';
import { decodeSeqCursor, encodeSeqCursor } from '../../http/operator-audit';

/** The filters of the list (all optional, combined with AND). */
export interface ClientReportFilters {
  readonly kind?: ClientReportKind | undefined;
  /** Received at or after. */
  readonly created_from?: string | undefined;
  /** Received before. */
  readonly created_to?: string | undefined;
}

/** A stored kind as the contract names it (a row of an unknown kind reads as `error`). */
function kindOf(stored: string): ClientReportKind {
  return CLIENT_REPORT_KINDS.find((kind) => kind === stored) ?? 'error';
}

/** A page of the brand's client reports. */
export async function listOperatorClientReports(
  db: Executor,
  brandId: string,
  filters: ClientReportFilters,
  page: { readonly limit: number; readonly cursor: string | undefined },
): Promise<{ readonly reports: OperatorClientReport[]; readonly nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeSeqCursor(page.cursor);
  const rows = await db
    .select({ report: clientReports, player: players.externalId })
    .from(clientReports)
    .leftJoin(players, eq(players.id, clientReports.playerId))
    .where(
      and(
        eq(clientReports.brandId, brandId),
        filters.kind === undefined ? undefined : eq(clientReports.kind, filters.kind),
        filters.created_from === undefined
          ? undefined
          : gte(clientReports.receivedAt, new Date(filters.created_from)),
        filters.created_to === undefined
          ? undefined
          : lt(clientReports.receivedAt, new Date(filters.created_to)),
        after === undefined ? undefined : lt(clientReports.id, after),
      ),
    )
    .orderBy(desc(clientReports.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    reports: shown.map(({ report, player }) => ({
      id: String(report.id),
      kind: kindOf(report.kind),
      message: report.message,
      stack: report.stack,
      page: report.page,
      release: report.release,
      user_agent: report.userAgent,
      trace_sampled: report.traceSampled,
      breadcrumbs: report.breadcrumbs,
      player_id: player,
      received_at: report.receivedAt.toISOString(),
    })),
    nextCursor:
      rows.length > page.limit && last !== undefined ? encodeSeqCursor(last.report.id) : null,
  };
}
