/**
 * POST payments/metrics and payouts/metrics (SPEC §7): the widget's page metrics (TTI, FID, rounded
 * milliseconds) with tags. The schema has no metrics table: the persisted model has none,
 * and page timings are operations data, so each report becomes one info log line
 * (`msg: "client metrics"`) that a log pipeline can aggregate. The line carries the session's
 * brand, flow and language, the endpoint's page kind, the metric values and the allowed tags;
 * never the session id, the player or anything else that identifies a person.
 *
 * Tags are free-form on the wire, so only the tag names of {@link LOGGED_METRIC_TAGS} are logged;
 * other tags are counted, not written, so a client cannot smuggle personal data into the logs.
 *
 * The metrics the domain names (`METRIC_NAMES`: TTI, FID, LCP, INP, CLS, TTFB) are also
 * observed into Prometheus histograms by metric, page and brand (http/telemetry.ts
 * `cashdesk_client_timing_seconds` and `cashdesk_client_layout_shift`); other names are logged
 * only, so a client cannot create series.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { isMetricName } from '@cashdesk/domain';
import type { MetricsRequest, MetricsResponse } from '@cashdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../../http/app-types';
import type { Telemetry } from '../../../http/telemetry';
import { registerEndpoint } from '../../../http/register-endpoint';
import type { SessionContext } from '../../../http/sessions';

/** Tag names whose values are logged (what SPEC §7 lists: brand, channel, language; and kin). */
export const LOGGED_METRIC_TAGS: readonly string[] = [
  'brand',
  'channel',
  'language',
  'lang',
  'platform',
  'device',
  'page',
  'flow',
  'theme',
  'mode',
  'version',
];

const LOGGED_TAGS = new Set(LOGGED_METRIC_TAGS);

/** Which metrics endpoint a report came to (SPEC §7: payouts unless the page is a deposit page). */
export type MetricsPage = 'payments' | 'payouts';

/** The log record of one metrics report (exported for tests). */
export interface MetricsLogRecord {
  readonly page: MetricsPage;
  readonly brand: string;
  readonly flow: string;
  readonly language: string;
  readonly metrics: Readonly<Record<string, number>>;
  readonly tags: Readonly<Record<string, string>>;
  readonly droppedTags: number;
}

/** Builds the log record of a report (see the module comment for what is left out). */
export function metricsLogRecord(
  page: MetricsPage,
  session: Pick<SessionContext, 'brandId' | 'flow' | 'language'>,
  body: MetricsRequest,
): MetricsLogRecord {
  const metrics: Record<string, number> = {};
  for (const metric of body.metrics) metrics[metric.name] = metric.value;
  const tags: Record<string, string> = {};
  let droppedTags = 0;
  for (const [name, value] of Object.entries(body.tags)) {
    if (LOGGED_TAGS.has(name)) tags[name] = value;
    else droppedTags += 1;
  }
  return {
    page,
    brand: session.brandId,
    flow: session.flow,
    language: session.language,
    metrics,
    tags,
    droppedTags,
  };
}

function record(
  log: FastifyBaseLogger,
  telemetry: Pick<Telemetry, 'clientMetric'>,
  page: MetricsPage,
  session: SessionContext,
  body: MetricsRequest,
): MetricsResponse {
  log.info({ clientMetrics: metricsLogRecord(page, session, body) }, 'client metrics');
  // The metrics the widget measures also become Prometheus histograms; a name the
  // widget never sends is logged only (each name a series: a client must not create them).
  const seen = new Set<string>();
  for (const metric of body.metrics) {
    if (!isMetricName(metric.name) || seen.has(metric.name)) continue;
    seen.add(metric.name);
    telemetry.clientMetric({
      name: metric.name,
      wireValue: metric.value,
      page,
      brand: session.brandId,
    });
  }
  return { accepted: body.metrics.length };
}

/** Registers POST payments/metrics and payouts/metrics. */
export function registerMetricsRoutes(app: App): void {
  const telemetry = app.cashdesk.metrics;
  registerEndpoint(app, ENDPOINTS.depositMetrics, ({ session, body, request }) =>
    Promise.resolve({
      status: 200,
      body: record(request.log, telemetry, 'payments', session, body),
    }),
  );
  registerEndpoint(app, ENDPOINTS.payoutMetrics, ({ session, body, request }) =>
    Promise.resolve({
      status: 200,
      body: record(request.log, telemetry, 'payouts', session, body),
    }),
  );
}
