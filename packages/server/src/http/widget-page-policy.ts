/**
 * The security headers of the widget page: its Content-Security-Policy (widget-csp.ts)
 * with the page session's `frame-ancestors`, set over the API policy every answer gets
 * (security-headers.ts).
 *
 * Who may frame the page: the widget's own origin always (its 3-D Secure return page is framed
 * by the widget itself), the operator's FRAME_ANCESTORS, and, when the page's `session_id` (or
 * `cashier_session_id`, SPEC §1) names a session, the `allowed_host_origins` of that session's
 * brand. A page without a session id, or with one that names no session, gets no brand's
 * origins: only the widget's own origin and FRAME_ANCESTORS may frame it, so a guessed or
 * stale address cannot be framed by a site of its own choosing. When nobody but the widget's own
 * origin may frame it, `X-Frame-Options: SAMEORIGIN` says the same to old browsers; otherwise no
 * X-Frame-Options is sent (it cannot name other origins, and frame-ancestors supersedes it).
 *
 * A session id that names no session counts as a failed session check of the client's address,
 * and an address over its budget is answered 429 before the lookup (http/rate-limits.ts): the
 * page cannot be used to guess session ids either.
 *
 * @packageDocumentation
 */
import { stat, readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionHostOrigins } from './sessions';
import { hostOrigin } from './host-origin';
import { isRecord } from '../platform/is-record';
import { inlineSourceHashes, widgetPageDirectives } from './widget-csp';
import type { InlineSourceHashes } from './widget-csp';

/** The query parameters that carry the session id (SPEC §1). */
const PAGE_SESSION_PARAMETERS = ['session_id', 'cashier_session_id'] as const;

/** Longer than any session id the server mints (43 characters); longer ones are not looked up. */
const MAX_SESSION_ID_LENGTH = 128;

/** The session id of a page request, if its query has one (the first value of the first name). */
function pageSessionId(query: unknown): string | undefined {
  if (!isRecord(query)) return undefined;
  for (const name of PAGE_SESSION_PARAMETERS) {
    const raw: unknown = query[name];
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** Applies the widget page's headers to a reply that is about to send index.html. */
export type WidgetPagePolicy = (
  request: FastifyRequest,
  reply: FastifyReply,
  /** The document sent when it is not index.html as built (a rendered first screen). */
  document?: string,
) => Promise<void>;

/**
 * The widget page's policy for an app serving `indexPath`. The hashes of the page's inline code
 * are read from the file and read again when the file changes (a new build in place).
 */
export function widgetPagePolicy(app: FastifyInstance, indexPath: string): WidgetPagePolicy {
  const { db, config } = app.cashdesk;
  const failures = app.cashdeskLimits.authFailures;
  const providerOrigins = [
    ...(config.mode === 'sandbox' ? [hostOrigin(config.publicUrl)] : []),
    config.provider.kind === 'http' ? hostOrigin(config.provider.url) : undefined,
  ].filter((origin): origin is string => origin !== undefined);
  let cached: { readonly version: string; readonly hashes: InlineSourceHashes } | undefined;

  const inlineHashes = async (): Promise<InlineSourceHashes> => {
    const info = await stat(indexPath);
    const version = `${String(info.mtimeMs)}:${String(info.size)}`;
    if (cached?.version !== version) {
      cached = { version, hashes: inlineSourceHashes(await readFile(indexPath, 'utf8')) };
    }
    return cached.hashes;
  };

  const brandOrigins = async (request: FastifyRequest): Promise<readonly string[]> => {
    const sessionId = pageSessionId(request.query);
    if (sessionId === undefined) return [];
    const origins =
      sessionId.length > MAX_SESSION_ID_LENGTH
        ? undefined
        : await sessionHostOrigins(db, sessionId);
    if (origins === undefined) {
      await failures.recordFailure(request);
      return [];
    }
    return origins;
  };

  return async (request, reply, document) => {
    const frameAncestors = [
      ...new Set([...config.security.frameAncestors, ...(await brandOrigins(request))]),
    ];
    const directives = widgetPageDirectives({
      inline: document === undefined ? await inlineHashes() : inlineSourceHashes(document),
      frameAncestors,
      providerOrigins,
      production: config.mode === 'production',
    });
    // Set by the API policy at the start of the request; frame-ancestors decides instead.
    reply.raw.removeHeader('x-frame-options');
    reply.helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      xFrameOptions: frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
    });
  };
}
