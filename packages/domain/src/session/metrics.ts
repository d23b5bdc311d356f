/**
 * Performance metrics reporting (SPEC §7): when to send, where, and the body.
 *
 * @packageDocumentation
 */
import { detectPaymentFlow } from '../routing/page-kind';

/**
 * SPEC §7: the metrics the widget measures. TTI and FID are the spec's names, kept as they are
 * (an operator's dashboards read them); their modern equivalents are measured beside them:
 * - TTI: when the cashier's first screen showed its answer (the widget's own mark: the lab metric
 *   of that name has no field measurement);
 * - FID: the first input's delay (the browser's `first-input` entry);
 * - LCP, INP, CLS, TTFB: the Core Web Vitals and the first byte, as `web-vitals` measures them.
 *
 * Every one is a time in milliseconds but CLS, a score without unit, sent in thousandths
 * ({@link metricWireValue}) because the wire carries whole numbers.
 */
export const METRIC_NAMES = ['TTI', 'FID', 'LCP', 'INP', 'CLS', 'TTFB'] as const;

/** SPEC §7: one of {@link METRIC_NAMES}. */
export type MetricName = (typeof METRIC_NAMES)[number];

/** The metric sent as a score in thousandths rather than as milliseconds. */
export const SCORE_METRIC: MetricName = 'CLS';

/** Whether `name` is one of {@link METRIC_NAMES} (a server keeps figures of these only). */
export function isMetricName(name: string): name is MetricName {
  return METRIC_NAMES.some((known) => known === name);
}

/**
 * The value of a measurement as the wire carries it, before {@link buildMetricsBody} rounds it:
 * milliseconds as measured, the layout-shift score in thousandths (0.125 → 125).
 */
export function metricWireValue(name: MetricName, measured: number): number {
  return name === SCORE_METRIC ? measured * 1000 : measured;
}

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
