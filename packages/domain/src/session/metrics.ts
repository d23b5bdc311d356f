/**
 * Performance metrics reporting (SPEC §7): when to send, where, and the body.
 *
 * @packageDocumentation
 */
import { detectPaymentFlow } from '../routing/page-kind';

/** SPEC §7: the metrics the widget measures. */
export const METRIC_NAMES = ['TTI', 'FID'] as const;

/** SPEC §7: one of {@link METRIC_NAMES}. */
export type MetricName = (typeof METRIC_NAMES)[number];

/** SPEC §7: what {@link shouldSendMetric} reads. */
export interface MetricSendInput {
  /** The metrics start-up parameter as parsed (a number, `null` when absent). */
  readonly metricsParam: number | string | null | undefined;
  readonly sessionId: string | null | undefined;
  readonly isSessionExpired: boolean;
  readonly metric: string;
  /** Names already sent in this page load. */
  readonly alreadySent: ReadonlySet<string> | readonly string[];
}

function wasSent(alreadySent: ReadonlySet<string> | readonly string[], metric: string): boolean {
  return Array.isArray(alreadySent)
    ? alreadySent.includes(metric)
    : alreadySent instanceof Set && alreadySent.has(metric);
}

/**
 * SPEC §7: a metric is sent only if the metrics parameter is set and not 0 (`'0'` as text, or
 * 0 as a number; `null`, `''` and NaN count as not set), the session id is present and the
 * session not expired, and this metric was not sent before.
 */
export function shouldSendMetric(input: MetricSendInput): boolean {
  const param = input.metricsParam;
  const enabled =
    typeof param === 'number'
      ? Number.isFinite(param) && param !== 0
      : typeof param === 'string' && param.trim() !== '' && param.trim() !== '0';
  const hasSession = (input.sessionId?.trim() ?? '') !== '';
  return (
    enabled && hasSession && !input.isSessionExpired && !wasSent(input.alreadySent, input.metric)
  );
}

/**
 * SPEC §7: the metrics path below the metrics endpoint: `payments/metrics` on a deposit path,
 * `payouts/metrics` otherwise. "Deposit" follows {@link detectPaymentFlow}, so alternative
 * payment pages (a route containing payments) report as deposits.
 */
export function metricsPath(address: unknown): 'payments/metrics' | 'payouts/metrics' {
  return detectPaymentFlow(address) === 'deposit' ? 'payments/metrics' : 'payouts/metrics';
}

/** SPEC §7: one measured value. */
export interface MetricValue {
  readonly name: string;
  readonly value: number;
}

/** SPEC §7: the metrics request body. */
export interface MetricsBody {
  readonly metrics: readonly MetricValue[];
  readonly tags: Readonly<Record<string, string>>;
}

/**
 * SPEC §7: the body: the metrics list of name and value, values rounded to whole milliseconds
 * (they are timings, not money, so Number is right here), plus tags. Values that are not finite
 * numbers are dropped rather than sent as null.
 */
export function buildMetricsBody(
  metrics: readonly MetricValue[],
  tags: Readonly<Record<string, string>> = {},
): MetricsBody {
  return {
    metrics: metrics
      .filter((metric) => Number.isFinite(metric.value))
      .map((metric) => ({ name: metric.name, value: Math.round(metric.value) })),
    tags,
  };
}
