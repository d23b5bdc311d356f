/**
 * Signing a staff member in: the password, then (for a role that moves money, or anyone who set
 * one up) the second factor, or its enrolment; the session and its answer.
 *
 * Failures: a wrong password or an account not active count towards the lock of that account
 * *from that client address* (the shared counters of http/limit-counters.ts): the
 * {@link MAX_FAILED_SIGN_INS}th failure within {@link LOCK_MS} locks the pair until that window
 * ends (1851, with Retry-After), during which even the right password from that address is
 * refused, while the staff member signing in from anywhere else is not: a flood of wrong
 * passwords cannot lock a colleague out. A right password forgives the pair's failures. A wrong
 * code of the second factor (the password was right: whoever gives it holds the password) counts
 * towards the account's own lockout, which refuses the account from every address. An unknown
 * email address and a wrong password answer alike (1850) and take as long (a dummy hash is
 * checked). The client address's failures of every kind are counted by the caller
 * (http/rate-limits.ts).
 *
 * @packageDocumentation
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { STAFF_ROLE_PERMISSIONS, roleNeedsSecondFactor } from '@cashdesk/contract';
import type { StaffSession } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { brands, staffAccounts, staffSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { LimitCounters } from '../../http/limit-counters';
import { isStaffRole, newToken, tokenHash } from '../../http/staff-session';
import type {
  StaffAccountRow,
  StaffSessionContext,
  StaffStage,
  StaffTimings,
} from '../../http/staff-session';
import { verifyPassword } from './passwords';
import { toStaffMember } from './members';

/** Failed sign-ins that lock an account (from one address, for a password). */
export const MAX_FAILED_SIGN_INS = 5;

/** How long a locked account stays locked. */
export const LOCK_MS = 15 * 60_000;

/** The counter of an account's wrong passwords from one client address. */
const PASSWORD_LOCK = 'staff-password';

/** Where a password is tried from: the shared counters and the client address. */
export interface SignInOrigin {
  readonly counters: LimitCounters;
  readonly address: string;
}

/** The 1851 answer for a lock that ends at `until`. */
function lockedUntil(until: Date, now: Date): ApiError {
  return new ApiError('staffLocked', {
    headers: {
      'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))),
    },
    detail: 'account locked for this address',
  });
}

/**
 * Refuses a locked account.
 *
 * @throws {ApiError} staffLocked (1851) with Retry-After
 */
export function assertNotLocked(account: StaffAccountRow, now: Date): void {
  const until = account.lockedUntil?.getTime();
  if (until === undefined || until <= now.getTime()) return;
  throw new ApiError('staffLocked', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil((until - now.getTime()) / 1000))) },
    detail: 'account locked',
  });
}

/**
 * Counts one failed sign-in of an account; the one that reaches {@link MAX_FAILED_SIGN_INS}
 * locks it and throws 1851.
 *
 * @throws {ApiError} staffLocked (1851) when this failure locked the account
 */
export async function countFailure(db: Executor, accountId: string, now: Date): Promise<void> {
  const [row] = await db
    .update(staffAccounts)
    .set({ failedSignIns: sql`${staffAccounts.failedSignIns} + 1` })
    .where(eq(staffAccounts.id, accountId))
    .returning();
  if (row === undefined || row.failedSignIns < MAX_FAILED_SIGN_INS) return;
  const [locked] = await db
    .update(staffAccounts)
    .set({ failedSignIns: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) })
    .where(eq(staffAccounts.id, accountId))
    .returning();
  if (locked !== undefined) assertNotLocked(locked, now);
}

/** The stage a sign-in reaches once the password was right. */
function stageAfterPassword(account: StaffAccountRow): StaffStage {
  if (account.totpSecret !== null) return 'second_factor';
  return isStaffRole(account.role) && roleNeedsSecondFactor(account.role)
    ? 'enrol_second_factor'
    : 'signed_in';
}

/**
 * Checks an address and password. The account whose password it is, or a throw.
 *
 * @throws {ApiError} staffCredentialsInvalid (1850), staffLocked (1851)
 */
export async function checkPassword(
  db: Executor,
  email: string,
  password: string,
  now: Date,
  origin: SignInOrigin,
): Promise<StaffAccountRow> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const lockKey = `${account?.id ?? 'none'}|${origin.address}`;
  if (account !== undefined) {
    // Before the hash: a locked pair costs no password check.
    const window = await origin.counters.peek(PASSWORD_LOCK, lockKey, now);
    if (window.count >= MAX_FAILED_SIGN_INS) throw lockedUntil(window.endsAt, now);
  }
  // Always hashed, so an unknown address takes as long as a known one.
  const right = await verifyPassword(password, account?.passwordHash ?? null);
  if (account === undefined) {
    throw new ApiError('staffCredentialsInvalid', { detail: 'unknown address' });
  }
  assertNotLocked(account, now);
  if (!right || account.state !== 'active') {
    const window = await origin.counters.hit(PASSWORD_LOCK, lockKey, LOCK_MS, now);
    if (window.count >= MAX_FAILED_SIGN_INS) throw lockedUntil(window.endsAt, now);
    throw new ApiError('staffCredentialsInvalid', { detail: 'wrong password or not active' });
  }
  await origin.counters.clear(PASSWORD_LOCK, lockKey);
  return account;
}

/** A new session of an account, at the stage its password reached; its cookie id once. */
export async function startSession(
  db: Executor,
  account: StaffAccountRow,
  timings: StaffTimings,
  now: Date,
): Promise<{ readonly token: string; readonly session: StaffSessionContext }> {
  const stage = stageAfterPassword(account);
  const token = newToken();
  const csrfToken = newToken();
  await db
    .update(staffAccounts)
    .set({
      failedSignIns: 0,
      lockedUntil: null,
      ...(stage === 'signed_in' ? { lastSignInAt: now } : {}),
    })
    .where(eq(staffAccounts.id, account.id));
  await db.insert(staffSessions).values({
    idHash: tokenHash(token),
    staffId: account.id,
    stage,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, session: freshContext(account, token, stage, csrfToken, timings, now) };
}

/** Moves a session to signed in (the second factor was given) and records the sign-in. */
export async function completeSignIn(
  db: Executor,
  session: StaffSessionContext,
  now: Date,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ stage: 'signed_in', pendingTotpSecret: null })
    .where(eq(staffSessions.idHash, session.idHash));
  await db
    .update(staffAccounts)
    .set({ failedSignIns: 0, lastSignInAt: now })
    .where(eq(staffAccounts.id, session.account.id));
}

/** Ends every session of a staff member (new password, disabled, second factor reset). */
export async function endSessions(db: Executor, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Ends every session of a staff member but this one (a second factor was set up in it). */
export async function endOtherSessions(db: Executor, session: StaffSessionContext): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      and(eq(staffSessions.staffId, session.account.id), ne(staffSessions.idHash, session.idHash)),
    );
}

/** Ends one session (sign-out). */
export async function endSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** The session as the back office reads it (GET /session and every step of signing in). */
export async function sessionAnswer(
  db: Executor,
  session: StaffSessionContext,
): Promise<StaffSession> {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, session.account.id));
  const [row] = await db
    .select({ stage: staffSessions.stage })
    .from(staffSessions)
    .where(eq(staffSessions.idHash, session.idHash));
  const current = account ?? session.account;
  const stage = row?.stage ?? session.stage;
  const own = current.brandId;
  const brandRows =
    own === null
      ? await db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(isNull(brands.previewOf))
          .orderBy(asc(brands.id))
      : await db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(eq(brands.id, own));
  return {
    stage,
    staff: toStaffMember(current),
    permissions: stage === 'signed_in' ? [...STAFF_ROLE_PERMISSIONS[session.role]] : [],
    brands: brandRows,
    csrf_token: session.csrfToken,
    idle_expires_at: session.idleExpiresAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
  };
}

/** The context of a session just started (what a later call would load). */
function freshContext(
  account: StaffAccountRow,
  token: string,
  stage: StaffStage,
  csrfToken: string,
  timings: StaffTimings,
  now: Date,
): StaffSessionContext {
  const expiresAt = new Date(now.getTime() + timings.maxMs);
  if (!isStaffRole(account.role)) throw new Error('stored role is not a staff role');
  return {
    idHash: tokenHash(token),
    stage,
    csrfToken,
    pendingTotpSecret: null,
    createdAt: now,
    idleExpiresAt: new Date(Math.min(now.getTime() + timings.idleMs, expiresAt.getTime())),
    expiresAt,
    account,
    role: account.role,
  };
}
