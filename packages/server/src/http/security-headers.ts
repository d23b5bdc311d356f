/**
 * The security headers of every answer, set with @fastify/helmet:
 *
 * - every answer: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (addresses
 *   carry the session id), `Cross-Origin-Resource-Policy: same-origin`,
 *   `Cross-Origin-Opener-Policy: same-origin`, `X-Frame-Options: DENY` and helmet's other defaults;
 *   `Strict-Transport-Security` (a year, subdomains) only in production mode, where the server is
 *   reached over HTTPS (a sandbox on http://127.0.0.1 must not pin HTTPS for its host name);
 * - every answer but the widget page and the sandbox provider's pages: a Content-Security-Policy
 *   that lets nothing load, run or frame it ({@link API_CSP_DIRECTIVES}): an API answer is data,
 *   never a document;
 * - `Cache-Control: no-store` on every answer that does not set its own caching: every API answer,
 *   errors included (error-handler.ts sets it on every error, whatever a route had set), since
 *   many carry the session's auth_token or the player's data. The widget's hashed assets keep
 *   their year-long cache and the widget page its own no-store (widget-static.ts); the public
 *   right-to-left icon list keeps its public cache (modules/cashier/routes/rtl-assets.ts).
 *
 * The widget page's own policy (frame-ancestors from the brand's allowed host origins) is built by
 * widget-csp.ts and set by widget-static.ts.
 *
 * @packageDocumentation
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerMode } from '../config';

/** What an answer that sets no caching of its own gets. */
export const NO_STORE = 'no-store';

/** The Content-Security-Policy of every answer that is not a page: nothing at all. */
export const API_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS of production mode: a year, subdomains too. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The helmet options every answer gets (the widget page adds its own over them). */
function helmetOptions(mode: ServerMode): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(API_CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
      ),
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity:
      mode === 'production' ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
}

/** Registers the headers on an app, before its routes (see the module comment). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  mode: ServerMode,
): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(mode));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
