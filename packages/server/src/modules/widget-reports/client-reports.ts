/**
 * Render-crash and error reports of the widget (SPEC §4, §8, §9), kept in
 * `client_reports` for CLIENT_REPORT_RETENTION_DAYS.
 *
 * - {@link storeClientReport} scrubs a report with the domain's `scrubClientReport` before the
 *   insert (the widget scrubs too; the server is the last owner of what is kept), so no card
 *   number, CVV or session id reaches the table, whatever a client sends.
 * - {@link pruneClientReports} deletes the rows received before a cut-off in batches of
 *   {@link PRUNE_BATCH_SIZE}, at most {@link PRUNE_MAX_BATCHES} per pass, so that one pass never
 *   holds a long transaction. Each batch takes its rows `FOR UPDATE SKIP LOCKED`: several server
 *   processes pruning at once delete different rows and never wait on each other.
 * - {@link startClientReportPruner} runs a pass at start and then every
 *   {@link PRUNE_INTERVAL_MS} in every process, on the app's clock; `stop` ends it at shutdown.
 *
 * @packageDocumentation
 */
import { inArray, lt } from 'drizzle-orm';
import { scrubClientReport } from '@cashdesk/domain';
import type { ClientReport } from '@cashdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open';
import { clientReports } from '../../db/schema';
import type { Clock } from '../../http/app-types';

/** Rows one delete statement removes at most. */
export const PRUNE_BATCH_SIZE = 1_000;

/** Delete statements one pass runs at most (the rest waits for the next pass). */
export const PRUNE_MAX_BATCHES = 20;

/** How often each process prunes: hourly (a day of retention is the finest setting). */
export const PRUNE_INTERVAL_MS = 3_600_000;

const DAY_MS = 86_400_000;

/** Whose report it is: the brand and player of a valid session, or nobody. */
export interface ReportOwner {
  readonly brandId: string;
  readonly playerId: string;
}

/** Stores a report, scrubbed; `owner` null keeps it without brand and player. */
export async function storeClientReport(
  db: Database,
  report: ClientReport,
  owner: ReportOwner | null,
  receivedAt: Date,
): Promise<void> {
  const kept = scrubClientReport(report);
  await db.insert(clientReports).values({
    brandId: owner?.brandId ?? null,
    playerId: owner?.playerId ?? null,
    kind: kept.kind,
    message: kept.message,
    stack: kept.stack,
    page: kept.page,
    release: kept.release,
    userAgent: kept.userAgent,
    traceSampled: kept.traceSampled,
    breadcrumbs: kept.breadcrumbs.map((crumb) => ({
      type: crumb.type,
      message: crumb.message,
      at: crumb.at,
    })),
    receivedAt,
  });
}

/** The cut-off of a retention: reports received before it are deleted. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** What {@link pruneClientReports} takes. */
export interface PruneOptions {
  /** Reports received strictly before this are deleted. */
  readonly before: Date;
  readonly batchSize?: number;
  readonly maxBatches?: number;
}

/**
 * Deletes reports received before `before`, batch by batch (see the module comment).
 *
 * @returns how many rows this pass deleted.
 */
export async function pruneClientReports(db: Database, options: PruneOptions): Promise<number> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? PRUNE_MAX_BATCHES;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const due = db
      .select({ id: clientReports.id })
      .from(clientReports)
      .where(lt(clientReports.receivedAt, options.before))
      .orderBy(clientReports.receivedAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(clientReports)
      .where(inArray(clientReports.id, due))
      .returning({ id: clientReports.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  return deleted;
}

/** A running pruner. */
export interface ClientReportPruner {
  /** Runs one pass now (after a pass in progress); answers how many rows it deleted. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** What {@link startClientReportPruner} takes. */
export interface PrunerOptions {
  readonly db: Database;
  readonly clock: Clock;
  /** CLIENT_REPORT_RETENTION_DAYS. */
  readonly retentionDays: number;
  /** Default {@link PRUNE_INTERVAL_MS}; 0 prunes only when asked (`runOnce`). */
  readonly intervalMs?: number;
  /** Whether a pass runs at start (default true). */
  readonly runAtStart?: boolean;
  readonly log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Starts pruning old reports in this process (see the module comment). */
export function startClientReportPruner(options: PrunerOptions): ClientReportPruner {
  const intervalMs = options.intervalMs ?? PRUNE_INTERVAL_MS;
  let running: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<number> => {
    if (running !== null) await running.catch(() => 0);
    const current = pruneClientReports(options.db, {
      before: retentionCutoff(options.clock(), options.retentionDays),
    });
    running = current;
    try {
      const deleted = await current;
      if (deleted > 0) options.log?.info({ deleted }, 'client reports pruned');
      return deleted;
    } finally {
      if (running === current) running = null;
    }
  };

  const guarded = (): Promise<number> =>
    pass().catch((error: unknown) => {
      options.log?.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'client report pruning failed: tried again in the next pass',
      );
      return 0;
    });

  const schedule = (): void => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      void guarded().finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  if (options.runAtStart ?? true) void guarded().finally(schedule);
  else schedule();

  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running !== null) await running.catch(() => 0);
    },
  };
}
