/**
 * The staff session, which every back-office call and every operator call made from the back
 * office passes through (so it lives in the platform layer, beside the players' sessions):
 *
 * - **The cookie.** `cashdesk_staff` carries 32 random bytes (base64url); the database keeps only
 *   their SHA-256, so a copy of the table opens no session. HttpOnly, SameSite=Strict, Path=/;
 *   when the server is reached over https (PUBLIC_URL) it is also Secure and named
 *   `__Host-cashdesk_staff`, which browsers accept only from a Secure, host-only, Path=/ cookie.
 *   The one cookie is read from the Cookie header here (no cookie plugin).
 * - **Time-outs**, read on the app's clock: a session ends after STAFF_SESSION_IDLE_MINUTES
 *   without a call (each call moves it on) and STAFF_SESSION_MAX_HOURS after it began, whatever
 *   is done. An ended session's row is deleted when it is next presented; sign-out, a new
 *   password, disabling and a second-factor reset delete the rows at once.
 * - **CSRF.** Every call under the session other than GET and HEAD carries `x-csrf-token` equal to
 *   the session's token (compared in constant time), and a present `Origin` header must be the
 *   server's own origin (PUBLIC_URL's, or the Host the request came to): 1855 otherwise. The
 *   cookie is SameSite=Strict too; the token holds where a browser ignores that.
 *
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import { STAFF_CSRF_HEADER, STAFF_ROLES, STAFF_SESSION_COOKIE, roleMay } from '@cashdesk/contract';
import type { StaffAccess, StaffRole } from '@cashdesk/contract';
import type { Executor } from '../db/open';
import { staffAccounts, staffSessions } from '../db/schema';
import { ApiError } from './api-error';
import type { AppDeps } from './app-types';
import { sameSecret } from './operator-keys';
import type { AuthFailureGuard } from './rate-limits';

/** A staff account as stored. */
export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** Where a sign-in stands. */
export type StaffStage = 'second_factor' | 'enrol_second_factor' | 'signed_in';

/** A live staff session and its account. */
export interface StaffSessionContext {
  /** The SHA-256 of the cookie's id (the row's key); never the id itself. */
  readonly idHash: string;
  readonly stage: StaffStage;
  readonly csrfToken: string;
  /** The secret of an enrolment started in this session and not yet confirmed. */
  readonly pendingTotpSecret: string | null;
  readonly createdAt: Date;
  readonly idleExpiresAt: Date;
  readonly expiresAt: Date;
  readonly account: StaffAccountRow;
  /** The account's role (checked against the contract's roles when read). */
  readonly role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session of a back-office call (`null` when there is none). */
    staffSession: StaffSessionContext | null;
  }
}

/** Declares `request.staffSession` on an app (once, before routes). */
export function decorateStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staffSession', null);
}

/** SHA-256 of a random token, hex: what the database keeps of a session id or a link token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random token: 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether the staff cookie is Secure (and `__Host-` named): the server is reached over https. */
export function staffCookieSecure(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

function cookieName(secure: boolean): string {
  return secure ? `__Host-${STAFF_SESSION_COOKIE}` : STAFF_SESSION_COOKIE;
}

/** The Set-Cookie value that starts a session (a session cookie: the server times it out). */
export function staffSessionCookie(token: string, secure: boolean): string {
  return `${cookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that clears the session cookie. */
export function clearedStaffCookie(secure: boolean): string {
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** The session id of the request's staff cookie, if it carries one. */
export function staffCookieToken(request: FastifyRequest, secure: boolean): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const name = cookieName(secure);
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** Whether a stored role is one of the contract's. */
export function isStaffRole(role: string): role is StaffRole {
  return STAFF_ROLES.some((known) => known === role);
}

/** The session timings. */
export interface StaffTimings {
  readonly idleMs: number;
  readonly maxMs: number;
}

/**
 * The live session of a cookie's id, moved on to `now`; `null` when there is none, it timed out
 * (its row is deleted) or its account is disabled.
 */
export async function loadStaffSession(
  db: Executor,
  token: string | undefined,
  timings: StaffTimings,
  now: Date,
): Promise<StaffSessionContext | null> {
  if (token === undefined) return null;
  const idHash = tokenHash(token);
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash));
  if (row === undefined) return null;
  const { session, account } = row;
  const expiresAt = new Date(session.createdAt.getTime() + timings.maxMs);
  const idleEnd = session.lastSeenAt.getTime() + timings.idleMs;
  if (
    now.getTime() >= expiresAt.getTime() ||
    now.getTime() >= idleEnd ||
    account.state !== 'active' ||
    !isStaffRole(account.role)
  ) {
    await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return null;
  }
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  return {
    idHash,
    stage: session.stage,
    csrfToken: session.csrfToken,
    pendingTotpSecret: session.pendingTotpSecret,
    createdAt: session.createdAt,
    idleExpiresAt: new Date(Math.min(now.getTime() + timings.idleMs, expiresAt.getTime())),
    expiresAt,
    account,
    role: account.role,
  };
}

/** The origins a call under the session may come from: PUBLIC_URL's and the request's own. */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = request.headers.host;
  if (host !== undefined) origins.push(`${request.protocol}://${host}`);
  return origins;
}

/**
 * Refuses a call that changes something under the session without the session's CSRF token, or
 * from a foreign origin (see the module comment). GET and HEAD pass.
 *
 * @throws {ApiError} staffCsrfInvalid (1855)
 */
export function assertStaffCsrf(
  request: FastifyRequest,
  session: StaffSessionContext,
  publicUrl: string,
): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.origin;
  if (origin !== undefined && !ownOrigins(request, publicUrl).includes(origin)) {
    throw new ApiError('staffCsrfInvalid', { field: 'headers.origin', detail: 'foreign origin' });
  }
  const sent = request.headers[STAFF_CSRF_HEADER];
  if (typeof sent !== 'string' || !sameSecret(sent, session.csrfToken)) {
    throw new ApiError('staffCsrfInvalid', {
      field: `headers.${STAFF_CSRF_HEADER}`,
      detail: 'missing or wrong csrf token',
    });
  }
}

/**
 * The session of a request under a cookie, CSRF-checked; `null` without a cookie. A cookie whose
 * session is unknown or ended counts as a failed check of the client address and is cleared (an
 * ended session's row is gone, so it cannot be told from a guess; clearing it makes a browser send
 * it once); a live session is served whatever its address did (http/rate-limits.ts).
 *
 * @throws {ApiError} staffSignedOut (1853) for a cookie without a live session,
 *   staffCsrfInvalid (1855).
 */
export async function staffSessionOfRequest(
  request: FastifyRequest,
  deps: AppDeps,
  failures: AuthFailureGuard,
): Promise<StaffSessionContext | null> {
  const secure = staffCookieSecure(deps.config.publicUrl);
  const token = staffCookieToken(request, secure);
  if (token === undefined) return null;
  const session = await loadStaffSession(
    deps.db,
    token,
    { idleMs: deps.config.staff.sessionIdleMs, maxMs: deps.config.staff.sessionMaxMs },
    deps.clock(),
  );
  if (session === null) {
    await failures.recordFailure(request);
    // The browser drops the cookie: a session that ended costs its holder one failure, not one
    // a call.
    throw new ApiError('staffSignedOut', {
      detail: 'no live staff session',
      headers: { 'set-cookie': clearedStaffCookie(staffCookieSecure(deps.config.publicUrl)) },
    });
  }
  assertStaffCsrf(request, session, deps.config.publicUrl);
  return session;
}

/**
 * The onRequest hook of a back-office call needing `access`: `public` calls load no session (the
 * sign-out reads its own); the others need a live session, CSRF-checked, at the stage and with the
 * permission they need.
 */
export function staffAuthHook(
  deps: AppDeps,
  access: StaffAccess,
  failures: AuthFailureGuard,
): onRequestAsyncHookHandler | undefined {
  if (access === 'public') return undefined;
  return async (request) => {
    const session = await staffSessionOfRequest(request, deps, failures);
    if (session === null) throw new ApiError('staffSignedOut', { detail: 'no staff cookie' });
    if (access !== 'signing-in') {
      if (session.stage !== 'signed_in') {
        throw new ApiError('staffSecondFactorRequired', { detail: `stage ${session.stage}` });
      }
      if (access !== 'signed-in' && !roleMay(session.role, access)) {
        throw new ApiError('staffPermissionMissing', { detail: `call needs ${access}` });
      }
    }
    request.staffSession = session;
  };
}
