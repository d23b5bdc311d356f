/**
 * The server's Prometheus metrics (prom-client), served at GET /metrics
 * (modules/service/routes/prometheus.ts).
 *
 * Every app has its own {@link Telemetry} with its own registry (`app.cashdesk.metrics`), handed
 * to the payment pipeline through its deps, so several apps in one process (the tests) never mix
 * their counts. The Node.js process metrics (CPU, memory, event loop lag, GC, handles) describe
 * the process, not an app: they are collected once per process into a registry of their own,
 * made on the first scrape, and served beside each app's series.
 *
 * Series (all counters and histograms start when the app starts):
 * - `cashdesk_http_request_duration_seconds{method,route,status_code}`: every answer, by the
 *   route's pattern (`/api/cashier-service/v1.0/payments/:transactionId`), never the address
 *   with its ids; `(unmatched)` for an address no route serves;
 * - `cashdesk_idempotent_replays_total{route}`: answers replayed for a repeated Idempotency-Key;
 * - `cashdesk_provider_call_duration_seconds{operation,outcome,connector}` and
 *   `cashdesk_provider_call_errors_total{operation,outcome,connector}`: every provider call of the
 *   payment pipeline (outcome `ok`, `timeout`, `not_reached`, `error`) and the connector it went
 *   to (empty, so absent to Prometheus, where the caller did not name it);
 * - `cashdesk_transactions_finished_total{flow,method_kind,status,connector}`: transactions that
 *   reached a final status (`success` or `error`), counted once by whoever finished them, by the
 *   connector they were sent to (empty where the caller did not name it);
 * - `cashdesk_payouts_pending` and `cashdesk_webhook_events{state="pending"|"dead"}`: the
 *   withdrawals not final yet and the webhook events not delivered, of every brand, read from the
 *   database at each scrape (one statement each; docs/decisions/0109-acceptance-insight.md);
 *   `cashdesk_webhook_oldest_undelivered_seconds`, from the same statement as the events': how
 *   long ago the oldest of them was recorded, the alert that the operator's endpoint is failing
 *   (docs/decisions/0113-dead-letters-hold-their-transaction.md);
 * - `cashdesk_connector_open{connector}`: 1 while a connector is open (skipped by routing until a
 *   probe answers, modules/routing/health.ts), 0 when healthy; read at each scrape;
 * - `cashdesk_reconciler_passes_total` and `cashdesk_reconciler_actions_total{action}`;
 * - `cashdesk_webhook_deliveries_total{event_type,outcome}` and
 *   `cashdesk_webhook_delivery_duration_seconds{outcome}`: every attempt to send a webhook to the
 *   operator (outcome `delivered`, `failed`: tried again later, `dead_lettered`: the last one);
 * - on PostgreSQL, `cashdesk_db_pool_connections{state="idle"|"in_use"}` and
 *   `cashdesk_db_pool_waiting_queries`, read from the pool at each scrape;
 * - `cashdesk_realtime_connections`, the realtime hub's open connections;
 * - `cashdesk_limit_counter_fallbacks_total{operation}`: calls of the rate limits' counters the
 *   database answered because Redis (REDIS_URL) did not, and `cashdesk_limit_store_redis_up`, 1
 *   while this app is connected to it (both only with REDIS_URL;
 *   docs/decisions/0115-limit-counters-in-redis.md).
 *
 * @packageDocumentation
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_EVENT_TYPES } from '@cashdesk/contract';
import { INTERACTION_DELAY_THRESHOLDS_MS, SCORE_METRIC } from '@cashdesk/domain';
import type { MetricName } from '@cashdesk/domain';
import type { PoolStats } from '../db/open';
import { PROVIDER_OPERATIONS } from '../providers/http/protocol';
import type { PaymentProvider } from '../providers';
import type { transactions } from '../db/schema';

type TransactionFlow = (typeof transactions.$inferSelect)['flow'];
type TransactionStatus = (typeof transactions.$inferSelect)['status'];

// The ports the payment pipeline (modules/payments/) and the webhook dispatcher
// (modules/webhooks/) report to; this module implements them.

/** A provider call, by the {@link PaymentProvider} method it is. */
export type ProviderOperation = Exclude<keyof PaymentProvider, 'name'>;

/**
 * How a provider call ended: an answer (`ok`, whatever it said), no answer within
 * PROVIDER_TIMEOUT_MS (`timeout`), the provider certainly not reached (`not_reached`), or any other
 * failure (`error`: an error answer, a lost connection).
 */
export type ProviderCallOutcome = 'ok' | 'timeout' | 'not_reached' | 'error';

/** The labels of a transaction that reached a final status. */
export interface FinishedTransaction {
  readonly flow: TransactionFlow;
  /** One of the provider's method kinds, or `unknown` for a transaction stored without it. */
  readonly methodKind: string;
  /** `success` or `error`. */
  readonly status: TransactionStatus;
  /** The connector the transaction was sent to (its default resolved), when the caller knows it. */
  readonly connector?: string | undefined;
}

/** The backlog the scrape reads: withdrawals not final, webhook events not delivered. */
export interface BacklogReaders {
  payoutsPending(): Promise<number>;
  webhookEvents(): Promise<{
    readonly pending: number;
    readonly dead: number;
    /** How long ago the oldest event not delivered was recorded (0: none). */
    readonly oldestAgeSeconds: number;
  }>;
  /** Each counted connector and whether it is open now (skipped by routing, or probed). */
  connectorHealth(): Promise<readonly { readonly connector: string; readonly open: boolean }[]>;
}

/** What a reconciler pass did (modules/payments/reconciler.ts `PassReport`). */
export interface ReconcilerPassCounts {
  readonly resolved: number;
  readonly refreshed: number;
  readonly finished: number;
  readonly expired: number;
  readonly releasedClaims: number;
  readonly walletOperations: number;
  readonly errors: number;
}

/** The pipeline's side of the metrics. */
export interface PaymentMetrics {
  providerCall(
    operation: ProviderOperation,
    seconds: number,
    outcome: ProviderCallOutcome,
    connector?: string,
  ): void;
  transactionFinished(transaction: FinishedTransaction): void;
  reconcilerPass(counts: ReconcilerPassCounts): void;
}

/** How one attempt ended: delivered, failed (tried again later), or failed for the last time. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'dead_lettered';

/** The dispatcher's side of the metrics. */
export interface WebhookMetrics {
  webhookAttempt(eventType: string, outcome: DeliveryOutcome, seconds: number): void;
}

/** The route label of a request no route matched. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The answer header that marks an Idempotency-Key replay (http/register-endpoint.ts). */
const REPLAYED_HEADER = 'idempotent-replayed';

/** Request latency buckets (seconds): from a cached read to a provider call near its time-out. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Provider call buckets (seconds): a PSP answers in tens of milliseconds to seconds. */
const PROVIDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Seconds: the widget's page timings, from an input's delay to a slow phone's first screen. The
 * bounds include SPEC §9's interaction delay thresholds (100 and 300 ms), so an operator counts
 * the inputs answered within each straight from the histogram.
 */
const CLIENT_TIMING_BUCKETS = [
  ...new Set([
    0.025,
    0.05,
    0.2,
    0.5,
    1,
    1.8,
    2.5,
    4,
    6,
    10,
    20,
    30,
    ...INTERACTION_DELAY_THRESHOLDS_MS.map((ms) => ms / 1000),
  ]),
].sort((a, b) => a - b);

/** A layout-shift score (0.1 and 0.25 are the "good" and "poor" lines of the web vitals). */
const LAYOUT_SHIFT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

const FAILED_OUTCOMES = ['timeout', 'not_reached', 'error'] as const;

const WEBHOOK_OUTCOMES: readonly DeliveryOutcome[] = ['delivered', 'failed', 'dead_lettered'];

const RECONCILER_ACTIONS = {
  resolved: 'resolved',
  refreshed: 'refreshed',
  finished: 'finished',
  expired: 'expired',
  releasedClaims: 'released_claims',
  walletOperations: 'wallet_operations',
  errors: 'errors',
} as const satisfies Record<keyof ReconcilerPassCounts, string>;

/** What a scrape answers. */
export interface Scrape {
  readonly contentType: string;
  readonly body: string;
}

/** What {@link Telemetry} takes. */
export interface TelemetryOptions {
  /** The PostgreSQL pool whose connections are reported (none on PGlite). */
  readonly pool?: PoolStats | undefined;
}

let processRegistry: Registry | undefined;

/** The process metrics, collected once per process (see the module comment). */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One app's metrics (see the module comment). */
export class Telemetry implements PaymentMetrics, WebhookMetrics {
  /** This app's registry (the process metrics are added at each {@link scrape}). */
  readonly registry = new Registry();

  readonly #requests = new Histogram({
    name: 'cashdesk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly #replays = new Counter({
    name: 'cashdesk_idempotent_replays_total',
    help: 'Answers replayed for a request repeating an earlier Idempotency-Key, by route pattern.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly #providerCalls = new Histogram({
    name: 'cashdesk_provider_call_duration_seconds',
    help: 'Time of a payment provider call, by operation and outcome (ok, timeout, not_reached, error).',
    labelNames: ['operation', 'outcome', 'connector'] as const,
    buckets: PROVIDER_BUCKETS,
    registers: [this.registry],
  });

  readonly #providerErrors = new Counter({
    name: 'cashdesk_provider_call_errors_total',
    help: 'Payment provider calls without an answer, by operation, outcome (timeout, not_reached, error) and connector.',
    labelNames: ['operation', 'outcome', 'connector'] as const,
    registers: [this.registry],
  });

  readonly #finished = new Counter({
    name: 'cashdesk_transactions_finished_total',
    help: 'Transactions that reached a final status, by flow, payment method kind, status and connector.',
    labelNames: ['flow', 'method_kind', 'status', 'connector'] as const,
    registers: [this.registry],
  });

  readonly #passes = new Counter({
    name: 'cashdesk_reconciler_passes_total',
    help: 'Passes of the payment reconciler in this process.',
    registers: [this.registry],
  });

  readonly #actions = new Counter({
    name: 'cashdesk_reconciler_actions_total',
    help: 'What the reconciler did: resolved calls without an answer, refreshed waiting payments, finished or expired payments, released Idempotency-Key claims, errors.',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });

  readonly #walletOperations = new Counter({
    name: 'cashdesk_wallet_operations_total',
    help: "Calls to the operator's wallet, by operation kind (reserve, credit, commit, release, reverse) and outcome (done, refused, unanswered).",
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly #webhookAttempts = new Counter({
    name: 'cashdesk_webhook_deliveries_total',
    help: 'Attempts to send a webhook to the operator, by event type and outcome (delivered, failed: tried again later, dead_lettered: the attempts ran out).',
    labelNames: ['event_type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly #webhookDurations = new Histogram({
    name: 'cashdesk_webhook_delivery_duration_seconds',
    help: "Time of an attempt to send a webhook to the operator's endpoint, by outcome.",
    labelNames: ['outcome'] as const,
    buckets: PROVIDER_BUCKETS,
    registers: [this.registry],
  });

  readonly #clientTimings = new Histogram({
    name: 'cashdesk_client_timing_seconds',
    help: "The widget's page timings reported by players' browsers (SPEC §7 TTI and FID; LCP, INP and TTFB), by metric, page (payments or payouts) and brand.",
    labelNames: ['metric', 'page', 'brand'] as const,
    buckets: CLIENT_TIMING_BUCKETS,
    registers: [this.registry],
  });

  readonly #layoutShifts = new Histogram({
    name: 'cashdesk_client_layout_shift',
    help: "The cumulative layout shift of the widget's pages reported by players' browsers (a score), by page and brand.",
    labelNames: ['page', 'brand'] as const,
    buckets: LAYOUT_SHIFT_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: TelemetryOptions = {}) {
    // Known label sets start at zero, so that rate() and alerts see them before the first event.
    for (const operation of PROVIDER_OPERATIONS) {
      for (const outcome of FAILED_OUTCOMES)
        this.#providerErrors.inc({ operation, outcome, connector: '' }, 0);
    }
    for (const action of Object.values(RECONCILER_ACTIONS)) this.#actions.inc({ action }, 0);
    for (const eventType of WEBHOOK_EVENT_TYPES) {
      for (const outcome of WEBHOOK_OUTCOMES)
        this.#webhookAttempts.inc({ event_type: eventType, outcome }, 0);
    }
    const pool = options.pool;
    if (pool !== undefined) {
      new Gauge({
        name: 'cashdesk_db_pool_connections',
        help: 'Connections of the PostgreSQL pool, idle or in use.',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'cashdesk_db_pool_waiting_queries',
        help: 'Queries waiting for a connection of the PostgreSQL pool.',
        registers: [this.registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
  }

  /** Reports the realtime hub's open connections (`cashdesk_realtime_connections`). */
  realtimeConnections(read: () => number): void {
    new Gauge({
      name: 'cashdesk_realtime_connections',
      help: 'Open realtime connections (/connection/websocket) of this app.',
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * Reports the limits' Redis (`cashdesk_limit_store_redis_up`, read at each scrape) and returns
   * what counts a call the database answered instead (`cashdesk_limit_counter_fallbacks_total`).
   */
  limitStore(connected: () => boolean): (operation: 'hit' | 'peek' | 'clear') => void {
    new Gauge({
      name: 'cashdesk_limit_store_redis_up',
      help: 'Whether this app is connected to the Redis of the rate limits (REDIS_URL): 1 yes, 0 no.',
      registers: [this.registry],
      collect() {
        this.set(connected() ? 1 : 0);
      },
    });
    const fallbacks = new Counter({
      name: 'cashdesk_limit_counter_fallbacks_total',
      help: "Calls of the rate limits' counters answered by the database because Redis did not, by operation (hit, peek, clear).",
      labelNames: ['operation'] as const,
      registers: [this.registry],
    });
    for (const operation of ['hit', 'peek', 'clear'] as const) fallbacks.inc({ operation }, 0);
    return (operation) => {
      fallbacks.inc({ operation });
    };
  }

  /**
   * Reports the backlog at each scrape (`cashdesk_payouts_pending`, `cashdesk_webhook_events`):
   * one statement per gauge (the oldest undelivered event's age comes with the events' count), so
   * a scrape costs two cheap reads.
   */
  backlog(read: BacklogReaders): void {
    let outbox: ReturnType<BacklogReaders['webhookEvents']> | null = null;
    new Gauge({
      name: 'cashdesk_payouts_pending',
      help: 'Withdrawals not final yet (waiting for approval, to be sent, sent without a final answer), of every brand.',
      registers: [this.registry],
      async collect() {
        this.set(await read.payoutsPending());
      },
    });
    new Gauge({
      name: 'cashdesk_webhook_events',
      help: 'Webhook events not delivered to the operator: pending (tried again with back-off) or dead (the attempts ran out), of every brand.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        outbox = read.webhookEvents();
        const events = await outbox;
        this.set({ state: 'pending' }, events.pending);
        this.set({ state: 'dead' }, events.dead);
      },
    });
    new Gauge({
      name: 'cashdesk_webhook_oldest_undelivered_seconds',
      help: "Age of the oldest webhook event not delivered yet (pending, held behind a dead event of its transaction, or dead), of every brand; 0 when every event is delivered. Growing past the back-off means the operator's endpoint is failing.",
      registers: [this.registry],
      async collect() {
        // The read of cashdesk_webhook_events, collected just before in the same scrape.
        const events = await (outbox ?? read.webhookEvents());
        outbox = null;
        this.set(events.oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'cashdesk_connector_open',
      help: 'Whether a connector is open (1): its recent calls failed past the threshold, so routing skips it where a payment has another candidate until a probe answers; 0: healthy.',
      labelNames: ['connector'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const state of await read.connectorHealth()) {
          this.set({ connector: state.connector }, state.open ? 1 : 0);
        }
      },
    });
  }

  /** Counts one answered HTTP request. */
  observeRequest(labels: {
    readonly method: string;
    readonly route: string;
    readonly statusCode: number;
    readonly seconds: number;
    readonly replayed: boolean;
  }): void {
    this.#requests.observe(
      { method: labels.method, route: labels.route, status_code: String(labels.statusCode) },
      labels.seconds,
    );
    if (labels.replayed) this.#replays.inc({ route: labels.route });
  }

  providerCall(
    operation: ProviderOperation,
    seconds: number,
    outcome: ProviderCallOutcome,
    connector = '',
  ): void {
    this.#providerCalls.observe({ operation, outcome, connector }, seconds);
    if (outcome !== 'ok') this.#providerErrors.inc({ operation, outcome, connector });
  }

  transactionFinished(transaction: FinishedTransaction): void {
    this.#finished.inc({
      flow: transaction.flow,
      method_kind: transaction.methodKind,
      status: transaction.status,
      connector: transaction.connector ?? '',
    });
  }

  /** Counts one call of a queued wallet operation (modules/wallet/wallet-operations.ts). */
  walletOperation(kind: string, outcome: string): void {
    this.#walletOperations.inc({ kind, outcome });
  }

  reconcilerPass(counts: ReconcilerPassCounts): void {
    this.#passes.inc();
    for (const [key, action] of Object.entries(RECONCILER_ACTIONS)) {
      const count: unknown = Reflect.get(counts, key);
      if (typeof count === 'number' && count > 0) this.#actions.inc({ action }, count);
    }
  }

  webhookAttempt(eventType: string, outcome: DeliveryOutcome, seconds: number): void {
    this.#webhookAttempts.inc({ event_type: eventType, outcome });
    this.#webhookDurations.observe({ outcome }, seconds);
  }

  /**
   * One metric a player's browser reported (modules/widget-reports/routes/metrics.ts), as the wire
   * carries it: milliseconds, or the layout-shift score in thousandths (domain `metricWireValue`).
   */
  clientMetric(report: {
    readonly name: MetricName;
    readonly wireValue: number;
    readonly page: string;
    readonly brand: string;
  }): void {
    if (report.name === SCORE_METRIC) {
      this.#layoutShifts.observe(
        { page: report.page, brand: report.brand },
        report.wireValue / 1000,
      );
    } else {
      this.#clientTimings.observe(
        { metric: report.name, page: report.page, brand: report.brand },
        report.wireValue / 1000,
      );
    }
  }

  /** This app's series and the process metrics, in Prometheus' text format. */
  async scrape(): Promise<Scrape> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

/** Times every answer of the app into its {@link Telemetry}. */
export function installHttpMetrics(app: FastifyInstance, telemetry: Telemetry): void {
  app.addHook('onResponse', (request, reply, done) => {
    telemetry.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      replayed: reply.getHeader(REPLAYED_HEADER) === 'true',
    });
    done();
  });
}
