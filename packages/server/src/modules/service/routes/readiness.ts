/**
 * GET /readyz, the readiness probe (http/readiness.ts says what ready means): 200 with
 * the report when the server may take traffic, 503 with the same report naming what is not
 * ready otherwise. GET /healthz (meta.ts) stays the liveness probe: it answers while the process
 * runs, whatever the database does, so that a process manager does not restart a server that
 * only waits for its database.
 *
 * Probes come every few seconds: their request lines are not logged below warn; a server that is
 * not ready says why in a warning.
 *
 * @packageDocumentation
 */
import type { App } from '../../../http/app-types';

/** The readiness probe. */
export const READINESS_PATH = '/readyz';

/** Registers {@link READINESS_PATH}. */
export function registerReadinessRoutes(app: App): void {
  app.get(READINESS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const report = await app.readiness.check();
    if (report.status !== 'ready') request.log.warn({ readiness: report }, 'not ready');
    return reply
      .code(report.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
