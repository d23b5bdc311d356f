/**
 * The reconciler: runs in every server process, at start and on a timer,
 * and finishes what requests left behind:
 * - transactions still `created` whose call is due (its owner died, its answer was lost, the
 *   provider was unreachable): a payout is sent again with the same key, a deposit is looked up
 *   by our reference and failed as never received once the provider still does not know it after
 *   LOOKUP_GRACE_MS (provider-calls.ts);
 * - `processing`/`await` transactions nobody polls any more: their status is asked and applied;
 *   a receipt that was never reported is reported;
 * - abandoned ones past their deadline (`expires_at`, schedule.ts): a deposit still pending then
 *   is ended as expired; a payout is cancelled at the provider (returned only once cancelled);
 * - refunds whose call went unanswered or never arrived are sent again (same refund id), and
 *   those the provider is settling are asked (refunds.ts);
 * - Idempotency-Key claims whose holder died before creating anything are released.
 * Money moves only through the status machine, so a reservation is released or settled exactly
 * once whoever (request, poll or reconciler) gets there first.
 *
 * Safe with several processes: a pass takes its batch with one `UPDATE … WHERE id IN (SELECT …
 * FOR UPDATE SKIP LOCKED)` that sets each row's lease, so two reconcilers (or a reconciler and a
 * request) never work on one transaction at once; a crashed reconciler's rows come back when
 * their lease ends. Every action is logged and counted ({@link ReconcilerCounts}), and each
 * pass's counts go to the app's metrics (payment-metrics.ts).
 *
 * @packageDocumentation
 */
import { and, asc, eq, inArray, isNotNull, lte, or, isNull, lt } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { releaseAbandonedClaims } from '../../http/idempotency';
import { completeTransaction, isFinalStatus } from './transactions';
import type { TransactionRow } from './transaction-repository';
import { leaseEnd, newOwner, releaseLease, takeCall } from './call-lease';
import { providerOf, withProviderTimeout } from './payment-deps';
import { callProvider } from './provider-calls';
import type { PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';
import { refreshTransaction } from './refresh';
import { reconcileRefunds } from './refund-answers';
import { recheckAt } from '../../platform/schedule';

/** What the reconciler did, since its start (the log has each action). */
export interface ReconcilerCounts {
  passes: number;
  /** `created` transactions whose call was repeated or looked up. */
  resolved: number;
  /** Waiting transactions whose status was asked. */
  refreshed: number;
  /** Transactions that became final in a pass. */
  finished: number;
  /** Deposits ended at their deadline, payouts cancelled at theirs. */
  expired: number;
  /** Idempotency-Key claims released. */
  releasedClaims: number;
  /** Movements owed to the operator's wallet that it answered. */
  walletOperations: number;
  /** Refunds sent again or asked about. */
  refunds: number;
  /** Rows whose work threw (left for the next pass). */
  errors: number;
}

/** One pass's report. */
export type PassReport = Omit<ReconcilerCounts, 'passes'>;

/** Options of a reconciler. */
export interface ReconcilerOptions {
  /** Rows taken per batch (default 50); a pass takes batches until none is due. */
  readonly batchSize?: number;
  /** Batches per pass at most (default 20), so one pass cannot run forever. */
  readonly maxBatches?: number;
}

function emptyReport(): PassReport {
  return {
    resolved: 0,
    refreshed: 0,
    finished: 0,
    expired: 0,
    releasedClaims: 0,
    walletOperations: 0,
    refunds: 0,
    errors: 0,
  };
}

/** Takes up to `limit` due transactions under a lease (see the module comment). */
async function takeDue(
  deps: PaymentDeps,
  owner: string,
  now: Date,
  limit: number,
): Promise<TransactionRow[]> {
  const due = deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        inArray(transactions.status, ['created', 'processing', 'await']),
        isNotNull(transactions.nextCheckAt),
        lte(transactions.nextCheckAt, now),
        or(isNull(transactions.leaseUntil), lt(transactions.leaseUntil, now)),
      ),
    )
    .orderBy(asc(transactions.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(transactions)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(deps, now) })
    .where(inArray(transactions.id, due))
    .returning();
}

/** A transaction past its deadline: a deposit ends as expired, a payout is cancelled first. */
async function expire(deps: PaymentDeps, row: TransactionRow, now: Date): Promise<boolean> {
  if (row.flow === 'deposit') {
    const result = counted(
      deps,
      await completeTransaction(deps.db, row.id, { result: 'declined', reason: 'expired' }, now),
    );
    return result.applied;
  }
  const reference = row.providerReference;
  if (reference === null) return false;
  const cancel = await withProviderTimeout(deps, 'cancelPayout', (options) =>
    providerOf(deps, row).cancelPayout(reference, now, options),
  ).catch(() => null);
  // Not cancelled (on its way, or no answer): still reserved, asked about again later.
  if (cancel?.outcome !== 'cancelled') return false;
  const result = counted(
    deps,
    await completeTransaction(deps.db, row.id, { result: 'declined', reason: 'cancelled' }, now),
  );
  return result.applied;
}

/** The work on one taken transaction, counted in `report`. */
async function reconcileOne(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  report: PassReport,
): Promise<void> {
  const now = deps.clock();
  if (row.status === 'created') {
    // A new attempt of the call, under the batch's lease, as a request's retry takes one.
    const taken = await takeCall(deps, row.id, owner);
    if (taken === null) return;
    const after = await callProvider(deps, taken, owner, null);
    report.resolved += 1;
    if (isFinalStatus(after.status)) report.finished += 1;
    deps.log?.info(
      { transaction_id: row.id, from: 'created', to: after.status, call_state: after.callState },
      'reconciler resolved a payment without an answer',
    );
    return;
  }
  try {
    const { row: after } = await refreshTransaction(deps, row);
    report.refreshed += 1;
    if (isFinalStatus(after.status)) {
      report.finished += 1;
      deps.log?.info(
        { transaction_id: row.id, from: row.status, to: after.status },
        'reconciler settled a waiting payment',
      );
      return;
    }
    if (after.expiresAt !== null && after.expiresAt <= now && (await expire(deps, after, now))) {
      report.expired += 1;
      report.finished += 1;
      deps.log?.info(
        { transaction_id: row.id, flow: row.flow, from: after.status },
        'reconciler ended a payment past its deadline',
      );
      return;
    }
    // Still waiting: looked at again later, less often the older it is.
    await deps.db
      .update(transactions)
      .set({ nextCheckAt: recheckAt(now, row.createdAt) })
      .where(
        and(eq(transactions.id, row.id), inArray(transactions.status, ['processing', 'await'])),
      );
  } finally {
    await releaseLease(deps.db, row.id, owner);
  }
}

/**
 * One pass of the reconciler (see the module comment): every due transaction, in batches, then
 * the abandoned claims. Errors of one transaction are logged and counted; it is tried again in a
 * later pass.
 */
export async function reconcileOnce(
  deps: PaymentDeps,
  options: ReconcilerOptions = {},
): Promise<PassReport> {
  const report = emptyReport();
  const batchSize = options.batchSize ?? 50;
  const maxBatches = options.maxBatches ?? 20;
  const seen = new Set<string>();
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const owner = newOwner();
    const rows = await takeDue(deps, owner, deps.clock(), batchSize);
    const fresh = rows.filter((row) => !seen.has(row.id));
    for (const row of rows) {
      if (seen.has(row.id)) await releaseLease(deps.db, row.id, owner);
    }
    if (fresh.length === 0) break;
    for (const row of fresh) {
      seen.add(row.id);
      try {
        await reconcileOne(deps, row, owner, report);
      } catch (error) {
        report.errors += 1;
        await releaseLease(deps.db, row.id, owner);
        deps.log?.warn(
          {
            transaction_id: row.id,
            error: error instanceof Error ? error.name : typeof error,
          },
          'reconciler could not finish a payment: tried again in the next pass',
        );
      }
    }
  }
  // Refunds whose call is to repeat or whose result is to ask.
  try {
    report.refunds = await reconcileRefunds(deps);
  } catch (error) {
    report.errors += 1;
    deps.log?.warn(
      { error: error instanceof Error ? error.name : typeof error },
      'reconciler could not look at the refunds: tried again in the next pass',
    );
  }
  // What the operator's wallet is owed and was not answered yet (a failed or lost call).
  try {
    report.walletOperations = await deps.wallet.sendDue();
  } catch (error) {
    report.errors += 1;
    deps.log?.warn(
      { error: error instanceof Error ? error.name : typeof error },
      'reconciler could not send the wallet operations: tried again in the next pass',
    );
  }
  report.releasedClaims = await releaseAbandonedClaims(deps.db, deps.clock());
  if (report.releasedClaims > 0) {
    deps.log?.info({ released: report.releasedClaims }, 'reconciler released abandoned claims');
  }
  deps.metrics?.reconcilerPass(report);
  return report;
}

/** A running reconciler. */
export interface Reconciler {
  /** Totals since start. */
  readonly counts: Readonly<ReconcilerCounts>;
  /** Runs one pass now (waits for a pass in progress first). */
  runOnce(): Promise<PassReport>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the reconciler of a process: a pass now, then every `intervalMs` (config
 * RECONCILE_INTERVAL_MS; 0 runs only the first). Passes never overlap within a process.
 */
export function startReconciler(
  deps: PaymentDeps,
  intervalMs: number,
  options: ReconcilerOptions = {},
): Reconciler {
  const counts: ReconcilerCounts = { passes: 0, ...emptyReport() };
  let running: Promise<PassReport> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<PassReport> => {
    if (running !== null) await running.catch(() => undefined);
    const current = reconcileOnce(deps, options);
    running = current;
    try {
      const report = await current;
      counts.passes += 1;
      counts.resolved += report.resolved;
      counts.refreshed += report.refreshed;
      counts.finished += report.finished;
      counts.expired += report.expired;
      counts.releasedClaims += report.releasedClaims;
      counts.walletOperations += report.walletOperations;
      counts.refunds += report.refunds;
      counts.errors += report.errors;
      if (Object.values(report).some((count) => count > 0)) {
        deps.log?.info({ pass: report, totals: { ...counts } }, 'reconciler pass');
      }
      return report;
    } finally {
      if (running === current) running = null;
    }
  };

  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      pass()
        .catch((error: unknown) => {
          counts.errors += 1;
          deps.log?.warn(
            { error: error instanceof Error ? error.name : typeof error },
            'reconciler pass failed',
          );
        })
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  const first = pass().catch((error: unknown) => {
    counts.errors += 1;
    deps.log?.warn(
      { error: error instanceof Error ? error.name : typeof error },
      'reconciler pass failed',
    );
    return emptyReport();
  });
  void first.finally(schedule);

  return {
    counts,
    runOnce: pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await first;
      if (running !== null) await running.catch(() => undefined);
    },
  };
}
