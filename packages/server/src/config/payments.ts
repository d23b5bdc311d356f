/**
 * The submission pipeline's time-outs and the reconciler's rhythm (PROVIDER_TIMEOUT_MS,
 * PAYMENT_LEASE_MS, RECONCILE_INTERVAL_MS, LOOKUP_GRACE_MS), and when a connector counts as
 * unhealthy (CONNECTOR_HEALTH_*).
 *
 * @packageDocumentation
 */
import { integerText } from './env';
import type { ValuesOf } from './env';

/**
 * Time-outs of the submission pipeline. A provider call is abandoned after
 * `providerTimeoutMs`; whoever works on a request or a transaction holds it for `leaseMs`, which
 * must outlast one call so that a live owner is never taken over, and is short enough that a
 * retry after a crash gets its answer soon.
 */
export interface PaymentTimings {
  readonly providerTimeoutMs: number;
  readonly leaseMs: number;
  /** The reconciler runs at start and then this often; 0 runs it at start only. */
  readonly reconcileIntervalMs: number;
  /**
   * How long a deposit whose provider never answered is looked up before it is failed as never
   * received: a request cannot reach the provider this late.
   */
  readonly lookupGraceMs: number;
  /** When a connector is skipped as unhealthy (modules/routing/health.ts). */
  readonly health: ConnectorHealthSettings;
}

/**
 * A connector whose calls of the current window (`windowMs`) number at least `minCalls` with at
 * least `failurePercent` % failed (time-outs, not reached, errors; never declines), or whose last
 * `failureStreak` calls all failed, is open: routing skips it where another candidate exists,
 * until `cooldownMs` has passed and one payment probes it.
 */
export interface ConnectorHealthSettings {
  readonly windowMs: number;
  readonly minCalls: number;
  readonly failurePercent: number;
  readonly failureStreak: number;
  readonly cooldownMs: number;
}

/** The default {@link PaymentTimings}. */
export const DEFAULT_PAYMENT_TIMINGS: PaymentTimings = {
  providerTimeoutMs: 10_000,
  leaseMs: 30_000,
  reconcileIntervalMs: 10_000,
  lookupGraceMs: 120_000,
  health: {
    windowMs: 60_000,
    minCalls: 10,
    failurePercent: 50,
    failureStreak: 5,
    cooldownMs: 30_000,
  },
};

/** The variables of the payment timings. */
export const PAYMENT_VARIABLES = {
  PROVIDER_TIMEOUT_MS: integerText('PROVIDER_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_PAYMENT_TIMINGS.providerTimeoutMs,
  ),
  PAYMENT_LEASE_MS: integerText('PAYMENT_LEASE_MS', 200, 600_000).default(
    DEFAULT_PAYMENT_TIMINGS.leaseMs,
  ),
  RECONCILE_INTERVAL_MS: integerText('RECONCILE_INTERVAL_MS', 0, 3_600_000).default(
    DEFAULT_PAYMENT_TIMINGS.reconcileIntervalMs,
  ),
  LOOKUP_GRACE_MS: integerText('LOOKUP_GRACE_MS', 0, 86_400_000).default(
    DEFAULT_PAYMENT_TIMINGS.lookupGraceMs,
  ),
  CONNECTOR_HEALTH_WINDOW_MS: integerText('CONNECTOR_HEALTH_WINDOW_MS', 1_000, 3_600_000).default(
    DEFAULT_PAYMENT_TIMINGS.health.windowMs,
  ),
  CONNECTOR_HEALTH_MIN_CALLS: integerText('CONNECTOR_HEALTH_MIN_CALLS', 1, 100_000).default(
    DEFAULT_PAYMENT_TIMINGS.health.minCalls,
  ),
  CONNECTOR_HEALTH_FAILURE_PERCENT: integerText('CONNECTOR_HEALTH_FAILURE_PERCENT', 1, 100).default(
    DEFAULT_PAYMENT_TIMINGS.health.failurePercent,
  ),
  CONNECTOR_HEALTH_FAILURE_STREAK: integerText(
    'CONNECTOR_HEALTH_FAILURE_STREAK',
    1,
    100_000,
  ).default(DEFAULT_PAYMENT_TIMINGS.health.failureStreak),
  CONNECTOR_HEALTH_COOLDOWN_MS: integerText('CONNECTOR_HEALTH_COOLDOWN_MS', 100, 3_600_000).default(
    DEFAULT_PAYMENT_TIMINGS.health.cooldownMs,
  ),
};

/** The payment timings; a lease no longer than the provider time-out is a problem. */
export function readPaymentTimings(
  values: ValuesOf<typeof PAYMENT_VARIABLES>,
  problems: string[],
): PaymentTimings {
  if (values.PAYMENT_LEASE_MS <= values.PROVIDER_TIMEOUT_MS) {
    problems.push(
      'PAYMENT_LEASE_MS: must be longer than PROVIDER_TIMEOUT_MS (an owner must finish its provider call within its lease)',
    );
  }
  return {
    providerTimeoutMs: values.PROVIDER_TIMEOUT_MS,
    leaseMs: values.PAYMENT_LEASE_MS,
    reconcileIntervalMs: values.RECONCILE_INTERVAL_MS,
    lookupGraceMs: values.LOOKUP_GRACE_MS,
    health: {
      windowMs: values.CONNECTOR_HEALTH_WINDOW_MS,
      minCalls: values.CONNECTOR_HEALTH_MIN_CALLS,
      failurePercent: values.CONNECTOR_HEALTH_FAILURE_PERCENT,
      failureStreak: values.CONNECTOR_HEALTH_FAILURE_STREAK,
      cooldownMs: values.CONNECTOR_HEALTH_COOLDOWN_MS,
    },
  };
}
