/**
 * POST payments/metrics and payouts/metrics (SPEC §7): the widget's page metrics (TTI, FID, rounded
 * milliseconds) with tags. The schema has no metrics table: issue 3 lists none in the persisted
 * model, and page timings are operations data, so each report becomes one info log line
 * (`msg: "client metrics"`) that a log pipeline can aggregate. The line carries the session's
 * brand, flow and language, the endpoint's page kind, the metric values and the allowed tags;
 * never the session id, the player or anything else that identifies a person.
 *
 * Tags are free-form on the wire, so only the tag names of {@link LOGGED_METRIC_TAGS} are logged;
 * other tags are counted, not written, so a client cannot smuggle personal data into the logs.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { MetricsRequest, MetricsResponse } from '@cashdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../http/app-types';
import { registerEndpoint } from '../http/register-endpoint';
import type { SessionContext } from '../services/sessions';

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
  page: MetricsPage,
  session: SessionContext,
  body: MetricsRequest,
): MetricsResponse {
  log.info({ clientMetrics: metricsLogRecord(page, session, body) }, 'client metrics');
  return { accepted: body.metrics.length };
}

/** Registers POST payments/metrics and payouts/metrics. */
export function registerMetricsRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.depositMetrics, ({ session, body, request }) =>
    Promise.resolve({ status: 200, body: record(request.log, 'payments', session, body) }),
  );
  registerEndpoint(app, ENDPOINTS.payoutMetrics, ({ session, body, request }) =>
    Promise.resolve({ status: 200, body: record(request.log, 'payouts', session, body) }),
  );
}
