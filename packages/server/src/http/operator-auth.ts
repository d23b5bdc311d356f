/**
 * Authentication of the operator API. Every operator call carries
 * `Authorization: Bearer <key>`; the hook runs at `onRequest` (before the body is read) and
 * answers 401 (1801) for a missing, unknown or revoked key and 403 (1802) for a key without the
 * call's scope, or a brand key on an administrator call. Failed keys count against the caller's
 * address like failed sessions (http/rate-limits.ts), so keys cannot be guessed at speed. The
 * header itself is redacted from every log line (logger.ts).
 *
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OperatorAccess } from '@cashdesk/contract';
import type { Database } from '../db/open';
import { authenticateOperator, bearerToken } from './operator-keys';
import type { OperatorPrincipal } from './operator-keys';
import { ApiError } from './api-error';
import type { Clock } from './app-types';
import type { AuthFailureGuard } from './rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an operator route (`null` elsewhere). */
    operatorPrincipal: OperatorPrincipal | null;
  }
}

/** Declares `request.operatorPrincipal` on an app (once, before routes). */
export function decorateOperator(app: FastifyInstance): void {
  app.decorateRequest('operatorPrincipal', null);
}

/** Whether a principal may make a call that needs `access`. */
export function mayCall(principal: OperatorPrincipal, access: OperatorAccess): boolean {
  if (access === 'admin') return principal.kind === 'admin';
  return principal.kind === 'brand' && principal.scopes.has(access);
}

/** The onRequest hook of an operator route needing `access`. */
export function operatorAuthHook(options: {
  readonly db: Database;
  readonly access: OperatorAccess;
  readonly adminKey: string | undefined;
  readonly failures: AuthFailureGuard;
  readonly clock: Clock;
}): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    await options.failures.assertAllowed(request);
    const principal = await authenticateOperator(
      options.db,
      bearerToken(request.headers.authorization),
      { adminKey: options.adminKey, now: options.clock() },
    );
    if (principal === null) {
      await options.failures.recordFailure(request);
      throw new ApiError('operatorKeyInvalid', {
        field: 'headers.authorization',
        detail: 'no valid operator key',
      });
    }
    if (!mayCall(principal, options.access)) {
      throw new ApiError('operatorScopeMissing', {
        field: 'headers.authorization',
        detail: `call needs ${options.access}`,
      });
    }
    request.operatorPrincipal = principal;
  };
}

/**
 * The If-Match header (validated by the contract's ConfigWriteHeaders) as a configuration
 * version: `"17"`, `W/"17"` or `17`; undefined when absent.
 */
export function ifMatchVersion(header: string | undefined): number | undefined {
  const match = header === undefined ? null : /([0-9]{1,15})/.exec(header);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
