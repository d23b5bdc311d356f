/**
 * The server's hardening in one call for createApp: the security headers (security-headers.ts) and the rate
 * limits (rate-limits.ts, counted in the app's database or in Redis), registered before any route so that
 * every route gets them. The HTTP server's time-outs are options of the Fastify instance itself
 * (server-options.ts).
 *
 * @packageDocumentation
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import { registerRateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import type { Telemetry } from './telemetry';

/** Registers the security headers and the rate limits on an app, before its routes. */
export async function installSecurity(
  app: FastifyInstance,
  config: ServerConfig,
  deps: { readonly db: Database; readonly clock: () => Date; readonly metrics: Telemetry },
): Promise<void> {
  await registerSecurityHeaders(app, config.mode);
  await registerRateLimits(app, config.security.rateLimits, config.limitStore, deps);
}
