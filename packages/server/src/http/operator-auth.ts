/**
 * Authentication of the operator API. An operator call carries `Authorization: Bearer <key>`;
 * the hook runs at `onRequest` (before the body is read) and answers 401 (1801) for a missing,
 * unknown or revoked key and 403 (1802) for a key without the call's scope, or a brand key on an
 * administrator call. Failed keys count against the caller's address like failed sessions
 * (http/rate-limits.ts), so keys cannot be guessed at speed. The header itself is redacted from
 * every log line (logger.ts).
 *
 * A call without an Authorization header but with the back office's staff cookie is made by a
 * staff member (http/staff-session.ts: a live session, signed in, CSRF-checked): their role must
 * hold the call's permission (the contract's STAFF_PERMISSION_OF_CALL; 1856 otherwise). A brand's
 * staff member acts on their own brand only: an `x-brand-id` naming another is 1856, and of the
 * administrator calls they may make only their own brand's API-key calls. An administrator names
 * the brand of a brand call with `x-brand-id` (1859 without it, or for a brand that does not
 * exist).
 *
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import {
  OPERATOR_SCOPES,
  STAFF_BRAND_HEADER,
  STAFF_PERMISSION_OF_CALL,
  roleMay,
} from '@cashdesk/contract';
import type { OperatorAccess, StaffPermission } from '@cashdesk/contract';
import { brands } from '../db/schema';
import { authenticateOperator, bearerToken } from './operator-keys';
import type { OperatorPrincipal } from './operator-keys';
import { ApiError } from './api-error';
import type { AppDeps } from './app-types';
import type { AuthFailureGuard } from './rate-limits';
import { staffSessionOfRequest } from './staff-session';
import type { StaffSessionContext } from './staff-session';

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

const PERMISSION_OF_CALL: Readonly<Record<string, StaffPermission>> = STAFF_PERMISSION_OF_CALL;

/** The brand an `x-brand-id` header names, if it names one that exists (never a preview). */
async function namedBrand(request: FastifyRequest, deps: AppDeps): Promise<string | undefined> {
  const header = request.headers[STAFF_BRAND_HEADER];
  if (typeof header !== 'string' || header === '') return undefined;
  const [row] = await deps.db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, header), isNull(brands.previewOf)));
  return row?.id;
}

/**
 * The principal of a staff member making operator call `endpointId` (see the module comment).
 *
 * @throws {ApiError} staffSecondFactorRequired (1852), staffPermissionMissing (1856),
 *   staffBrandRequired (1859)
 */
async function staffPrincipal(
  request: FastifyRequest,
  session: StaffSessionContext,
  call: { readonly endpointId: string; readonly access: OperatorAccess },
  deps: AppDeps,
): Promise<OperatorPrincipal> {
  if (session.stage !== 'signed_in') {
    throw new ApiError('staffSecondFactorRequired', { detail: `stage ${session.stage}` });
  }
  const permission = PERMISSION_OF_CALL[call.endpointId];
  if (permission === undefined || !roleMay(session.role, permission)) {
    throw new ApiError('staffPermissionMissing', {
      detail: `call needs ${permission ?? 'a permission'}`,
    });
  }
  const own = session.account.brandId;
  const staff = { id: session.account.id, role: session.role, brandId: own };
  const header = request.headers[STAFF_BRAND_HEADER];
  if (own !== null && header !== undefined && header !== own) {
    throw new ApiError('staffPermissionMissing', {
      field: `headers.${STAFF_BRAND_HEADER}`,
      detail: 'another brand',
    });
  }
  if (call.access === 'admin') {
    if (own === null) return { kind: 'admin', staff };
    // A brand's staff member: their own brand's API-key calls only.
    const params: unknown = request.params;
    const brandId =
      typeof params === 'object' && params !== null && 'brandId' in params
        ? params.brandId
        : undefined;
    if (brandId !== own) {
      throw new ApiError('staffPermissionMissing', { detail: 'not their brand' });
    }
    return { kind: 'admin', staff };
  }
  const brandId = own ?? (await namedBrand(request, deps));
  if (brandId === undefined) {
    throw new ApiError('staffBrandRequired', {
      field: `headers.${STAFF_BRAND_HEADER}`,
      detail: 'no brand named',
    });
  }
  return {
    kind: 'brand',
    brandId,
    keyId: `staff:${staff.id}`,
    scopes: new Set(OPERATOR_SCOPES),
    staff,
  };
}

/** The onRequest hook of operator call `endpointId`, needing `access`. */
export function operatorAuthHook(options: {
  readonly deps: AppDeps;
  readonly endpointId: string;
  readonly access: OperatorAccess;
  readonly failures: AuthFailureGuard;
}): onRequestAsyncHookHandler {
  const { deps } = options;
  return async (request: FastifyRequest) => {
    if (request.headers.authorization === undefined) {
      const session = await staffSessionOfRequest(request, deps, options.failures);
      if (session !== null) {
        request.staffSession = session;
        request.operatorPrincipal = await staffPrincipal(request, session, options, deps);
        return;
      }
    }
    const principal = await authenticateOperator(
      deps.db,
      bearerToken(request.headers.authorization),
      { adminKey: deps.config.operatorAdminKey, now: deps.clock() },
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
