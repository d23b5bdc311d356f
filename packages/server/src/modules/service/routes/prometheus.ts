/**
 * GET /metrics: the app's Prometheus metrics (http/telemetry.ts lists the series).
 *
 * Who may read them: the cashier's port is the players' port (the widget and its API), and the
 * metrics tell payment volumes and error rates. So:
 * - with METRICS_TOKEN set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>` (401
 *   otherwise); Prometheus sends it with `authorization: { credentials: … }` in its scrape config;
 * - without it, sandbox mode serves them to anyone (a demo, a test), and production mode answers
 *   404 as for any unknown address: metrics are never public by accident.
 *
 * Scrapes are not logged below warn (they come every few seconds).
 *
 * @packageDocumentation
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { App } from '../../../http/app-types';
import { errorBody } from '../../../http/api-error';

/** Where the metrics are served. */
export const PROMETHEUS_PATH = '/metrics';

/** Whether `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Registers {@link PROMETHEUS_PATH}. */
export function registerPrometheusRoutes(app: App): void {
  const { config, metrics } = app.cashdesk;
  const token = config.operations.metricsToken;
  app.get(PROMETHEUS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (token === undefined && config.mode === 'production') {
      return reply.code(404).type('application/json; charset=utf-8').send(errorBody('notFound'));
    }
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('application/json; charset=utf-8')
        .send({
          error: 'unauthorized',
          message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>',
        });
    }
    const scrape = await metrics.scrape();
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .type(scrape.contentType)
      .send(scrape.body);
  });
}
