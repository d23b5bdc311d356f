/**
 * The graceful shutdown of a server process (main.ts calls it on SIGTERM and SIGINT):
 *
 * 1. not ready any more: GET /readyz answers 503 (http/readiness.ts);
 * 2. stop accepting connections and let the requests in flight finish: Fastify's `close()` closes
 *    the listener and the idle keep-alive connections, answers 503 to a new request on a busy one,
 *    and waits until every request in flight has been answered; its `preClose` hook first closes
 *    the realtime sockets with 3001 (modules/realtime/hub.ts), whose clients reconnect elsewhere;
 * 3. stop the reconciler and the webhook dispatcher (a pass in progress finishes);
 * 4. close the database (the pool ends, or PGlite shuts down) once nothing uses it any more.
 *
 * All of it within `timeoutMs` (SHUTDOWN_TIMEOUT_MS). A request still running then has its
 * connection cut; a reconciler pass still running is not waited for; the database gets
 * {@link DATABASE_CLOSE_GRACE_MS} more to close. Neither loses money: a
 * payment is written before its provider call and finished by a reconciler later.
 * The outcome then is `timed_out` and main.ts exits 1.
 *
 * @packageDocumentation
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Readiness } from './http/readiness';

/** How long closing the database may take after the time-out (a query may still be running). */
export const DATABASE_CLOSE_GRACE_MS = 5_000;

/** What a shutdown closes, in order. */
export interface ShutdownParts {
  readonly app: {
    readonly readiness: Pick<Readiness, 'markShuttingDown'>;
    readonly server: { closeAllConnections(): void };
    readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    close(): PromiseLike<unknown>;
  };
  readonly reconciler: { stop(): Promise<void> };
  /** The webhook dispatcher, when the process sends webhooks. */
  readonly webhooks?: { stop(): Promise<void> } | undefined;
  /** The pruner of old client reports, when the process runs one. */
  readonly clientReports?: { stop(): Promise<void> } | undefined;
  readonly database: { close(): Promise<void> };
}

/** How a shutdown went. */
export type ShutdownOutcome = 'clean' | 'timed_out';

/** Resolves `true` when `work` settles before `deadline`, `false` when the deadline comes first. */
async function settlesBefore(work: PromiseLike<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(
      () => {
        resolve(false);
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([Promise.resolve(work).then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Shuts a server process's parts down (see the module comment). */
export async function shutDown(parts: ShutdownParts, timeoutMs: number): Promise<ShutdownOutcome> {
  const { app, reconciler, webhooks, clientReports, database } = parts;
  const deadline = Date.now() + timeoutMs;
  let outcome: ShutdownOutcome = 'clean';
  app.readiness.markShuttingDown();

  const closed = app.close();
  app.log.info('stopped accepting connections; waiting for the requests in flight');
  if (!(await settlesBefore(closed, deadline))) {
    outcome = 'timed_out';
    app.log.warn(
      { timeout_ms: timeoutMs },
      'requests still running at the shutdown time-out: their connections are cut',
    );
    app.server.closeAllConnections();
    await closed;
  }
  app.log.info('requests drained');

  const background = Promise.all([reconciler.stop(), webhooks?.stop(), clientReports?.stop()]);
  if (!(await settlesBefore(background, deadline))) {
    outcome = 'timed_out';
    app.log.warn('the reconciler or webhook pass in progress did not end in time: not waited for');
  } else {
    app.log.info(webhooks === undefined ? 'reconciler stopped' : 'reconciler and webhooks stopped');
  }

  // A query still running (a request cut at the time-out) holds its connection: given a moment.
  const closingGrace = Math.max(deadline, Date.now() + DATABASE_CLOSE_GRACE_MS);
  if (await settlesBefore(database.close(), closingGrace)) {
    app.log.info({ outcome }, 'database closed');
  } else {
    outcome = 'timed_out';
    app.log.warn('the database did not close in time: left to the exit');
  }
  return outcome;
}
