/**
 * The webhook dispatcher: sends the events of the outbox (outbox.ts) to the operator's endpoint
 * (WEBHOOK_URL), at least once each. It runs in every server process beside the reconciler
 * (main.ts), on a timer (WEBHOOK_INTERVAL_MS) and right after an event commits (notify.ts).
 *
 * - **Several processes, one database**: a pass takes its due events with one
 *   `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that sets a lease (the attempt's
 *   time-out plus a margin), as the reconciler does, so two dispatchers never send one event at
 *   once; a dispatcher that died mid-attempt leaves its events to the others when the lease ends.
 *   Every write after an attempt is conditional on still holding the lease.
 * - **Order per transaction**: an event is not taken while an earlier event of the same
 *   transaction is still pending or dead, so the operator hears the events of a transaction in
 *   the order they were recorded (`transaction.created` before `transaction.succeeded`, that
 *   before `transaction.refunded`): the later events of a dead one are held, neither sent nor
 *   counting attempts, until it is delivered. The events of other transactions, and those of none
 *   (`payout_account.verified`, `balance.adjusted`), are not held by it.
 * - **At least once**: an event is marked delivered only after a 2xx answer. An answer lost on the
 *   way, or a lease that ran out during a stall, sends it again with the same event id, by which
 *   the receiver de-duplicates.
 * - **Retries**: any other answer, no answer within WEBHOOK_TIMEOUT_MS or no connection is a
 *   failed attempt; the next one waits an exponential back-off with jitter (backoff.ts), and
 *   after WEBHOOK_MAX_ATTEMPTS the event is dead-lettered (`dead`).
 * - **The slow retry**: a dead event is tried again, one attempt at a time, WEBHOOK_DEAD_RETRY_MS
 *   after its last attempt (an hour by default; 0: never), and stays dead until one is answered,
 *   so that once the endpoint answers again the dead event and the events it held go out in order
 *   by themselves. Whoever does not want to wait requeues it ({@link requeueDeadEvents},
 *   `npm run webhooks -w @cashdesk/server -- redeliver`, the operator API's redeliver). A
 *   requeue while a slow retry is in flight does not send it a second time at once: the event
 *   stays leased to the attempt in flight; if that attempt is answered it is delivered, once; if
 *   not, the requeue stands and the next batch sends it, before the events it holds.
 * - Each attempt is recorded on the event: attempts, next attempt, last status code or error
 *   (`http 500`, `timeout`, `ECONNREFUSED`: never the secret, the body or the address), when it
 *   was delivered; and counted in the app's metrics ({@link WebhookMetrics}).
 *
 * The clock and the random numbers of the back-off are injected; tests move the clock.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WebhookSettings } from '../../config';
import type { Database, Executor } from '../../db/open';
import { webhookEvents } from '../../db/schema';
import type { Clock } from '../../http/app-types';
import {
  ATTEMPT_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  signatureHeaders,
} from '../../http/signing';
import { retryDelayMs } from './backoff';
import { listenForEvents } from './notify';
import { WEBHOOK_CHANNEL } from './outbox';
import type { DeliveryOutcome, WebhookMetrics } from '../../http/telemetry';
import type { StopListening } from '../../db/listen';

/** A row of the outbox. */
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * The dead events, as a condition: the ONE place that says which rows are dead. An event
 * dead-lettered stays `pending` in the outbox with its `dead_at` set, so that its slow retry is
 * found through the partial index of the pending events (`webhook_events_pending`) and it holds
 * the later events of its transaction as any pending event does. The `dead` state of the column
 * is that of the dead events without a slow retry (WEBHOOK_DEAD_RETRY_MS=0, or dead-lettered
 * before the slow retry existed): they wait for a redelivery, holding the later events as well.
 */
export const DEAD_EVENT = or(
  eq(webhookEvents.state, 'dead'),
  and(eq(webhookEvents.state, 'pending'), isNotNull(webhookEvents.deadAt)),
);

/** The pending events that are not dead, as a condition (see {@link DEAD_EVENT}). */
export const LIVE_PENDING_EVENT = and(
  eq(webhookEvents.state, 'pending'),
  isNull(webhookEvents.deadAt),
);

/** Where an event stands as the operator sees it (see {@link DEAD_EVENT}). */
export function deliveryState(
  row: Pick<WebhookEventRow, 'state' | 'deadAt'>,
): WebhookEventRow['state'] {
  return row.state === 'pending' && row.deadAt !== null ? 'dead' : row.state;
}

/** The log lines of the dispatcher (a pino or Fastify logger fits). */
export interface WebhookLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/** What the dispatcher needs. */
export interface WebhookDeps {
  readonly db: Database;
  readonly clock: Clock;
  /** The endpoint must be set (a dispatcher without one is not started). */
  readonly settings: WebhookSettings & { readonly url: string };
  readonly log?: WebhookLog | undefined;
  readonly metrics?: WebhookMetrics | undefined;
  /** Random numbers in [0, 1) for the back-off's jitter (default Math.random). */
  readonly random?: (() => number) | undefined;
}

/** What one pass did. */
export interface DispatchReport {
  delivered: number;
  failed: number;
  deadLettered: number;
  /** Events whose bookkeeping threw (their lease runs out; tried again later). */
  errors: number;
}

/** How long past an attempt's time-out a lease lasts, so a live sender is never taken over. */
export const LEASE_MARGIN_MS = 10_000;

/** Events taken per batch, and batches per pass at most. */
const BATCH_SIZE = 20;
const MAX_BATCHES = 50;

function emptyReport(): DispatchReport {
  return { delivered: 0, failed: 0, deadLettered: 0, errors: 0 };
}

/** Takes up to `limit` due events under a lease (see the module comment). */
async function takeDue(
  deps: WebhookDeps,
  owner: string,
  now: Date,
  limit: number,
): Promise<WebhookEventRow[]> {
  const earlier = alias(webhookEvents, 'earlier');
  const due = deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        // Pending, dead ones included (their slow retry): found through the partial index of
        // the pending events, however large the table.
        eq(webhookEvents.state, 'pending'),
        or(isNull(webhookEvents.nextAttemptAt), lte(webhookEvents.nextAttemptAt, now)),
        or(isNull(webhookEvents.leaseUntil), lt(webhookEvents.leaseUntil, now)),
        // Held: an earlier event of its transaction is not delivered yet, dead ones included
        // (an event of no transaction never is: null equals nothing).
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.transactionId, webhookEvents.transactionId),
                inArray(earlier.state, ['pending', 'dead']),
                lt(earlier.seq, webhookEvents.seq),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(webhookEvents.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const leaseUntil = new Date(now.getTime() + deps.settings.timeoutMs + LEASE_MARGIN_MS);
  const rows = await deps.db
    .update(webhookEvents)
    .set({ leaseOwner: owner, leaseUntil })
    .where(inArray(webhookEvents.id, due))
    .returning();
  return rows.sort((a, b) => a.seq - b.seq);
}

/** The reason of a failed request, without the address, the body or the secret. */
function failureOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code: unknown = Reflect.get(cause, 'code');
      return typeof code === 'string' ? code : cause.name;
    }
    return error.name;
  }
  return 'error';
}

/** One attempt's result: the status code when there was an answer, or why there was none. */
interface AttemptResult {
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** POSTs one event, signed, and waits at most the time-out for the answer's status. */
async function post(deps: WebhookDeps, row: WebhookEventRow): Promise<AttemptResult> {
  const body = JSON.stringify(row.payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Cashdesk-Webhooks/1',
    ...signatureHeaders(deps.settings.key, body, deps.clock()),
    [EVENT_ID_HEADER]: row.id,
    [EVENT_TYPE_HEADER]: row.type,
    [ATTEMPT_HEADER]: String(row.attempts + 1),
  };
  try {
    const response = await fetch(deps.settings.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.settings.timeoutMs),
    });
    // Only the status matters; the body is not read.
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, error: ok ? null : `http ${String(response.status)}` };
  } catch (error) {
    return { statusCode: null, error: failureOf(error) };
  }
}

/** What an attempt came to: a {@link DeliveryOutcome}, or a dead event's slow retry that failed. */
type AttemptOutcome = DeliveryOutcome | 'dead_retry_failed';

/** When a dead event is tried again after an attempt at `now` (`null`: never by itself). */
function slowRetryAt(now: Date, deadRetryMs: number): Date | null {
  return deadRetryMs > 0 ? new Date(now.getTime() + deadRetryMs) : null;
}

/**
 * A dead event's state and next attempt: pending until its slow retry, or `dead` (waiting for a
 * redelivery) without one (see {@link DEAD_EVENT}).
 */
function deadChanges(slowRetry: Date | null) {
  return slowRetry === null
    ? { state: 'dead' as const, nextAttemptAt: null }
    : { state: 'pending' as const, nextAttemptAt: slowRetry };
}

/** Writes an attempt's result on the event, if `owner` still holds it; returns the outcome. */
async function recordAttempt(
  deps: WebhookDeps,
  row: WebhookEventRow,
  owner: string,
  result: AttemptResult,
): Promise<AttemptOutcome> {
  const now = deps.clock();
  const attempts = row.attempts + 1;
  const common = {
    attempts,
    lastAttemptAt: now,
    lastStatusCode: result.statusCode,
    lastError: result.error,
    leaseOwner: null,
    leaseUntil: null,
  };
  const outcome: AttemptOutcome =
    result.error === null
      ? 'delivered'
      : row.deadAt !== null
        ? 'dead_retry_failed'
        : attempts >= deps.settings.maxAttempts
          ? 'dead_lettered'
          : 'failed';
  const random = deps.random ?? Math.random;
  const slowRetry = slowRetryAt(now, deps.settings.deadRetryMs);
  const changes =
    outcome === 'delivered'
      ? { ...common, state: 'delivered' as const, deliveredAt: now, nextAttemptAt: null }
      : outcome === 'dead_lettered'
        ? { ...common, ...deadChanges(slowRetry), deadAt: now }
        : outcome === 'dead_retry_failed'
          ? { ...common, ...deadChanges(slowRetry) }
          : {
              ...common,
              nextAttemptAt: new Date(
                now.getTime() + retryDelayMs(attempts, deps.settings, random()),
              ),
            };
  const written = await deps.db
    .update(webhookEvents)
    .set(changes)
    .where(
      and(
        eq(webhookEvents.id, row.id),
        eq(webhookEvents.leaseOwner, owner),
        // A slow retry's failure is written only if no redelivery requeued the event meanwhile.
        outcome === 'dead_retry_failed' ? isNotNull(webhookEvents.deadAt) : undefined,
      ),
    )
    .returning({ id: webhookEvents.id });
  if (written.length === 0 && outcome === 'dead_retry_failed') {
    // Requeued while this attempt was in flight: the redelivery stands (due at once, a fresh
    // count of attempts); the failed attempt is recorded and the event let go, so the next batch
    // sends it, still ahead of the later events of its transaction.
    await deps.db
      .update(webhookEvents)
      .set({
        lastAttemptAt: now,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(and(eq(webhookEvents.id, row.id), eq(webhookEvents.leaseOwner, owner)));
  }
  return outcome;
}

/** Sends one taken event and records the attempt, counted in `report`. */
async function dispatchOne(
  deps: WebhookDeps,
  row: WebhookEventRow,
  owner: string,
  report: DispatchReport,
): Promise<void> {
  const started = performance.now();
  const result = await post(deps, row);
  const outcome = await recordAttempt(deps, row, owner, result);
  deps.metrics?.webhookAttempt(
    row.type,
    // A failed slow retry is a failed attempt; the event was counted dead-lettered once.
    outcome === 'dead_retry_failed' ? 'failed' : outcome,
    (performance.now() - started) / 1000,
  );
  if (outcome === 'delivered') {
    report.delivered += 1;
    return;
  }
  const line = {
    event_id: row.id,
    event_type: row.type,
    attempts: row.attempts + 1,
    status_code: result.statusCode,
    error: result.error,
  };
  if (outcome === 'dead_lettered') {
    report.deadLettered += 1;
    deps.log?.error(
      { ...line, next_attempt_at: slowRetryAt(deps.clock(), deps.settings.deadRetryMs) },
      'webhook dead-lettered: its attempts ran out; it and the later events of its transaction wait for its slow retry or a redelivery',
    );
  } else if (outcome === 'dead_retry_failed') {
    report.failed += 1;
    deps.log?.warn(line, 'webhook slow retry of a dead event failed: tried again later');
  } else {
    report.failed += 1;
    deps.log?.warn(line, 'webhook delivery failed: tried again later');
  }
}

/**
 * One pass: every due event, in batches (the events of a batch are sent at the same time; a
 * batch holds at most one event per transaction), until none is due.
 */
export async function dispatchOnce(deps: WebhookDeps): Promise<DispatchReport> {
  const report = emptyReport();
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const owner = randomUUID();
    const rows = await takeDue(deps, owner, deps.clock(), BATCH_SIZE);
    if (rows.length === 0) break;
    await Promise.all(
      rows.map((row) =>
        dispatchOne(deps, row, owner, report).catch((error: unknown) => {
          report.errors += 1;
          deps.log?.warn(
            { event_id: row.id, error: error instanceof Error ? error.name : typeof error },
            'webhook attempt could not be recorded: tried again when its lease ends',
          );
        }),
      ),
    );
  }
  return report;
}

/** A running dispatcher. */
export interface WebhookDispatcher {
  /** Totals since start. */
  readonly totals: Readonly<DispatchReport>;
  /** Runs a pass now (after the one in progress); resolves with its report. */
  runOnce(): Promise<DispatchReport>;
  /** Asks for a pass soon: now, or right after the one in progress. */
  kick(): void;
  /** Stops the timer and the listener and waits for the pass in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the dispatcher of a process: a pass now, one whenever an event commits (notify.ts), and
 * one every `settings.intervalMs` (0: on notice only). Passes never overlap within a process.
 */
export function startWebhookDispatcher(deps: WebhookDeps): WebhookDispatcher {
  const totals = emptyReport();
  let running: Promise<DispatchReport> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let listening: Promise<StopListening | null> | null = null;

  const add = (report: DispatchReport) => {
    totals.delivered += report.delivered;
    totals.failed += report.failed;
    totals.deadLettered += report.deadLettered;
    totals.errors += report.errors;
  };

  const pass = async (): Promise<DispatchReport> => {
    while (running !== null) await running.catch(() => undefined);
    const current = dispatchOnce(deps);
    running = current;
    try {
      const report = await current;
      add(report);
      return report;
    } finally {
      running = null;
    }
  };

  // A pass whose failure is logged, followed by one more when a kick came while it ran.
  const passLogged = (): Promise<void> =>
    pass()
      .then(
        () => undefined,
        (error: unknown) => {
          totals.errors += 1;
          deps.log?.warn(
            { error: error instanceof Error ? error.name : typeof error },
            'webhook dispatch pass failed',
          );
        },
      )
      .then(() => {
        if (!again) return;
        again = false;
        kick();
      });

  function kick(): void {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    void passLogged();
  }

  const listen = (): void => {
    if (stopped || listening !== null) return;
    listening = listenForEvents(deps.db, kick, () => {
      listening = null;
    }).then(
      (stopListening) => {
        // What committed before the listener was up was not announced to it: one pass now.
        kick();
        return stopListening;
      },
      () => {
        listening = null;
        return null;
      },
    );
  };

  const schedule = (): void => {
    if (stopped || deps.settings.intervalMs <= 0) return;
    timer = setTimeout(() => {
      listen();
      void passLogged().finally(schedule);
    }, deps.settings.intervalMs);
    timer.unref();
  };

  listen();
  kick();
  schedule();

  return {
    totals,
    runOnce: pass,
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const unlisten = await listening;
      listening = null;
      await unlisten?.();
      while (running !== null) await running.catch(() => undefined);
    },
  };
}

/**
 * Puts dead-lettered events back in the queue, with a fresh count of attempts, due at once: the
 * given ids, or every dead event when none is given; only `brandId`'s when it is given (the
 * operator API acts on one brand). Events that are not dead are left alone. The dispatchers
 * listening hear of the requeue when it commits (notify.ts) and send them at once.
 *
 * @returns the ids requeued.
 */
export async function requeueDeadEvents(
  db: Executor,
  ids?: readonly string[],
  brandId?: string,
): Promise<string[]> {
  const rows = await db
    .update(webhookEvents)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: null, deadAt: null })
    .where(
      and(
        DEAD_EVENT,
        ids === undefined ? undefined : inArray(webhookEvents.id, [...ids]),
        brandId === undefined ? undefined : eq(webhookEvents.brandId, brandId),
      ),
    )
    .returning({ id: webhookEvents.id });
  if (rows.length > 0) await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return rows.map((row) => row.id);
}
