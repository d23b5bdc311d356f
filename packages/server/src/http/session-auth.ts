/**
 * The x-session-id check of SPEC §6: every cashier call carries the session header; a missing,
 * unknown or expired session answers 401 with error code 17 (SPEC §8). The hook runs at
 * `onRequest`, before the body is read or validated, so a request without a valid session learns
 * nothing else about the route (a malformed body of an unauthenticated request is still 17).
 * A session id that names no session counts as a failed authentication of the client address
 * (one of a session that ended does not); an address past its failures gets 429 for further
 * failures, never for a live session (http/rate-limits.ts).
 *
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SESSION_EXPIRES_IN_HEADER, SESSION_HEADER } from '@cashdesk/domain';
import type { Database } from '../db/open';
import { namesEndedSession, resolveSession } from './sessions';
import type { SessionContext } from './sessions';
import { ApiError, isApiError } from './api-error';
import type { AuthFailureGuard } from './rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of an authenticated route (`null` on public routes). */
    cashierSession: SessionContext | null;
  }
}

/** The header as Fastify sees it (lower case). */
export const SESSION_HEADER_NAME = SESSION_HEADER.toLowerCase();

/** Declares `request.cashierSession` on an app (once, before routes). */
export function decorateSession(app: FastifyInstance): void {
  app.decorateRequest('cashierSession', null);
}

/** Reads the session header: a single non-empty value, else undefined. */
export function sessionHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER_NAME];
  const text = Array.isArray(value) ? undefined : value?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * An onRequest hook that authenticates the request or answers error 17. A live session is
 * served whatever its address did; an unknown session id counts against the client's address,
 * and one from an address over its budget of failures is answered 429 (http/rate-limits.ts).
 *
 * SPEC §4 session expiry: a call of the player slides the session's end forward; one that
 * `extendsSession: false` marks (made for the player, not by them: the host page's polls, metrics)
 * reads the session as it is, so that such polls never keep an idle session alive. Either way the
 * answer says how long the session has left ({@link SESSION_EXPIRES_IN_HEADER}), which the widget
 * keeps as the session's expiration time.
 */
export function sessionAuthHook(
  db: Database,
  lifetimeMs: number,
  failures: AuthFailureGuard,
  options: { readonly extendsSession: boolean } = { extendsSession: true },
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    try {
      // Sessions live on the system clock, as every route that opens one writes their expiry
      // (tests move the app's clock by many minutes for leases, not the sessions' time).
      const now = new Date();
      const session = await resolveSession(
        db,
        // With a lifetime of 0 the end never moves (see resolveSession).
        { lifetimeMs: options.extendsSession ? lifetimeMs : 0 },
        sessionHeader(request),
        now,
        request.log,
      );
      request.cashierSession = session;
      void reply.header(
        SESSION_EXPIRES_IN_HEADER,
        String(Math.max(0, session.expiresAt.getTime() - now.getTime())),
      );
    } catch (error) {
      if (isApiError(error) && error.errorName === 'sessionExpired') {
        await failures.recordFailure(request, { ended: namesEndedSession(error) });
      }
      throw error;
    }
  };
}

/**
 * The session of an authenticated request.
 *
 * @throws {ApiError} sessionExpired when the route was registered without session auth (a bug,
 * but failing closed).
 */
export function requireSession(request: FastifyRequest): SessionContext {
  const session = request.cashierSession;
  if (session === null)
    throw new ApiError('sessionExpired', { detail: 'route has no session auth' });
  return session;
}
