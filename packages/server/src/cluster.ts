/**
 * One server process per core (WORKERS): the primary process prepares the database
 * once (migrations, the demo seed), then runs WORKERS copies of the server through `node:cluster`,
 * all on one port. Node's primary accepts the connections and hands them to the workers in turn
 * (round robin), so nothing in front is needed on one machine.
 *
 * The workers share nothing but the database, which the server is built for: payments, claims,
 * leases and the webhook outbox live in PostgreSQL, every reconciler and dispatcher takes its work
 * with `FOR UPDATE SKIP LOCKED`, and what a process keeps in memory is invalidated by
 * `LISTEN/NOTIFY`; the rate-limit counters are in the database too. What stays per process:
 * `/metrics` (each scrape reports the worker that answered it).
 *
 * The primary:
 * - prints the first worker's banner once every worker listens, with the processes' ids;
 * - starts another worker when one dies after it listened (a crash, an out-of-memory kill);
 *   a worker that dies before it ever listened is a start-up failure (bad settings, a database
 *   that refuses), so the primary stops the others and exits 1 rather than loop;
 * - on SIGINT or SIGTERM tells every worker to shut down (each drains its requests, shutdown.ts)
 *   and exits 0 when all exited cleanly, 1 otherwise.
 *
 * @packageDocumentation
 */
import cluster, { type Worker } from 'node:cluster';

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  readonly type: 'cashdesk:listening';
  readonly banner: string;
}

function isListeningMessage(value: unknown): value is ListeningMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    value.type === 'cashdesk:listening' &&
    'banner' in value &&
    typeof value.banner === 'string'
  );
}

/** Whether this process is a worker that a primary started (cluster.ts). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Prints the server's banner: a process of its own prints it, a worker hands it to its primary,
 * which prints it once for all.
 */
export function announceListening(banner: string): void {
  if (cluster.isWorker && process.send !== undefined) {
    const message: ListeningMessage = { type: 'cashdesk:listening', banner };
    process.send(message);
    return;
  }
  process.stdout.write(banner);
}

/** What {@link runPrimary} takes. */
export interface PrimaryOptions {
  /** How many workers to keep running. */
  readonly workers: number;
  /**
   * How long the primary waits for the workers after SIGINT/SIGTERM before it kills the rest
   * (their own drain is SHUTDOWN_TIMEOUT_MS; this must be longer).
   */
  readonly stopTimeoutMs: number;
  /** Wait before a dead worker's replacement starts (default 1000 ms). */
  readonly restartDelayMs?: number;
  /** Where the primary's lines go (default: standard error for problems, output for the banner). */
  readonly out?: (line: string) => void;
  readonly err?: (line: string) => void;
}

/**
 * Runs the primary until the workers are gone: resolves with the process's exit code.
 * Call it only in the primary (`cluster.isPrimary`), after the database is ready.
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(line));
  const err = options.err ?? ((line: string) => process.stderr.write(line));
  const restartDelayMs = options.restartDelayMs ?? 1_000;
  const listening = new Set<Worker>();
  const live = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let failed = false;

  return new Promise<number>((resolve) => {
    let stopTimer: NodeJS.Timeout | undefined;
    const finishIfDone = (): void => {
      if (!stopping || live.size > 0) return;
      if (stopTimer !== undefined) clearTimeout(stopTimer);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(failed ? 1 : 0);
    };
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      for (const worker of live) worker.process.kill('SIGTERM');
      stopTimer = setTimeout(() => {
        for (const worker of live) {
          err(`worker ${String(worker.process.pid)} did not stop in time: killed\n`);
          failed = true;
          worker.process.kill('SIGKILL');
        }
      }, options.stopTimeoutMs);
      stopTimer.unref();
      finishIfDone();
    };
    const onSignal = (): void => {
      stop();
    };

    const start = (): void => {
      const worker = cluster.fork();
      live.add(worker);
      worker.on('message', (message: unknown) => {
        if (!isListeningMessage(message)) return;
        listening.add(worker);
        if (announced) {
          out(`server process ${String(worker.process.pid)} listening\n`);
        } else if (listening.size >= options.workers) {
          announced = true;
          const pids = [...listening].map((each) => String(each.process.pid));
          out(`${message.banner}  processes: ${String(options.workers)} (${pids.join(', ')})\n`);
        }
      });
      worker.on('exit', (code, signal) => {
        live.delete(worker);
        const listened = listening.delete(worker);
        if (stopping) {
          if (code !== 0) failed = true;
          finishIfDone();
          return;
        }
        // Node types both as set; at run time one of them is null.
        const how = `exit code ${String(code)}, signal ${signal}`;
        if (!listened) {
          err(`a server process failed to start (${how}): stopping the others\n`);
          failed = true;
          stop();
          return;
        }
        err(`server process ${String(worker.process.pid)} ended (${how}): starting another\n`);
        // Not unref'd: with every worker gone, this timer is what keeps the primary alive.
        setTimeout(() => {
          if (!stopping) start();
        }, restartDelayMs);
      });
    };

    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    for (let index = 0; index < options.workers; index += 1) start();
  });
}
