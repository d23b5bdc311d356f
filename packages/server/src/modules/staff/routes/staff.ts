/**
 * The back office's own calls (`/api/back-office/v1`, the contract's STAFF_ENDPOINTS): signing in
 * and out, the second factor and its enrolment, the session, staff management, the links that
 * set a password, and the sandbox's demo codes. The staff session hook (http/staff-session.ts)
 * has checked the session, its stage, the permission and CSRF before a handler runs; staff
 * changes are audited (actor `staff:<id>`, before and after as the back office shows accounts:
 * never a hash or a secret).
 *
 * @packageDocumentation
 */
import type { FastifyRequest } from 'fastify';
import { STAFF_BRAND_HEADER, STAFF_ENDPOINTS } from '@cashdesk/contract';
import type { StaffMember } from '@cashdesk/contract';
import type { Executor } from '../../../db/open';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { ApiError } from '../../../http/api-error';
import type { App, AppDeps } from '../../../http/app-types';
import { recordAudit } from '../../../http/operator-audit';
import { requestAddressKey } from '../../../http/client-address';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  clearedStaffCookie,
  loadStaffSession,
  staffCookieSecure,
  staffCookieToken,
  staffSessionCookie,
  assertStaffCsrf,
} from '../../../http/staff-session';
import type { StaffSessionContext } from '../../../http/staff-session';
import { eq } from 'drizzle-orm';
import { demoCode } from '../demo';
import {
  checkLink,
  invitationBrand,
  inviteStaff,
  issueLink,
  listStaff,
  managedAccount,
  setPasswordFromLink,
  toStaffMember,
} from '../members';
import type { Manager } from '../members';
import {
  assertNotLocked,
  checkPassword,
  completeSignIn,
  countFailure,
  endOtherSessions,
  endSession,
  endSessions,
  sessionAnswer,
  startSession,
} from '../sign-in';
import { acceptCode, codeStep, newTotpSecret } from '../totp';

function timingsOf(deps: AppDeps) {
  return { idleMs: deps.config.staff.sessionIdleMs, maxMs: deps.config.staff.sessionMaxMs };
}

function sessionOf(request: FastifyRequest): StaffSessionContext {
  const session = request.staffSession;
  if (session === null) throw new ApiError('staffSignedOut', { detail: 'route has no session' });
  return session;
}

function managerOf(session: StaffSessionContext): Manager {
  return { id: session.account.id, role: session.role, brandId: session.account.brandId };
}

function namedBrandOf(request: FastifyRequest): string | undefined {
  const header = request.headers[STAFF_BRAND_HEADER];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

/** Records a staff change in the trail of the account's brand (`*` for an administrator). */
async function auditStaffChange(
  tx: Executor,
  request: FastifyRequest,
  deps: AppDeps,
  change: {
    readonly action: string;
    readonly before: StaffMember | null;
    readonly after: StaffMember;
  },
): Promise<void> {
  const session = sessionOf(request);
  await recordAudit(
    tx,
    {
      kind: 'admin',
      staff: { id: session.account.id, role: session.role, brandId: session.account.brandId },
    },
    {
      brandId: change.after.brand_id ?? '*',
      action: change.action,
      target: `staff:${change.after.id}`,
      before: change.before,
      after: change.after,
      requestId: request.id,
      at: deps.clock(),
    },
  );
}

/** Refuses a brand's staff member acting on an administrator. */
function assertMayManage(manager: Manager, target: { readonly role: string }): void {
  if (target.role === 'administrator' && manager.brandId !== null) {
    throw new ApiError('staffPermissionMissing', { detail: 'only an administrator manages one' });
  }
}

/** Registers the back office's calls. */
export function registerStaffRoutes(app: App): void {
  const failures = app.cashdeskLimits.authFailures;

  registerEndpoint(app, STAFF_ENDPOINTS.staffSignIn, async ({ request, reply, body, deps }) => {
    await failures.assertAllowed(request);
    const now = deps.clock();
    let account;
    try {
      account = await checkPassword(deps.db, body.email, body.password, now, {
        counters: app.cashdeskLimits.counters,
        address: requestAddressKey(request),
      });
    } catch (error) {
      await failures.recordFailure(request);
      throw error;
    }
    const started = await startSession(deps.db, account, timingsOf(deps), now);
    // A session the browser still held is replaced.
    const secure = staffCookieSecure(deps.config.publicUrl);
    const previous = staffCookieToken(request, secure);
    if (previous !== undefined) {
      const old = await loadStaffSession(deps.db, previous, timingsOf(deps), now);
      if (old !== null) await endSession(deps.db, old.idHash);
    }
    void reply.header('set-cookie', staffSessionCookie(started.token, secure));
    return { status: 200, body: await sessionAnswer(deps.db, started.session) };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffSecondFactor, async ({ request, body, deps }) => {
    const session = sessionOf(request);
    const now = deps.clock();
    if (session.stage !== 'second_factor') {
      throw new ApiError('staffSecondFactorInvalid', { detail: `stage ${session.stage}` });
    }
    assertNotLocked(session.account, now);
    if (!(await acceptCode(deps.db, session.account, body.code, now))) {
      await failures.recordFailure(request);
      await countFailure(deps.db, session.account.id, now);
      throw new ApiError('staffSecondFactorInvalid', { field: 'body.code' });
    }
    await completeSignIn(deps.db, session, now);
    return { status: 200, body: await sessionAnswer(deps.db, session) };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffEnrolmentStart, async ({ request, deps }) => {
    const session = sessionOf(request);
    if (session.stage === 'second_factor') {
      throw new ApiError('staffSecondFactorRequired', { detail: 'give the code first' });
    }
    const enrolment = newTotpSecret(session.account.email);
    await deps.db
      .update(staffSessions)
      .set({ pendingTotpSecret: enrolment.secret })
      .where(eq(staffSessions.idHash, session.idHash));
    return { status: 200, body: enrolment };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffEnrolmentConfirm, async ({ request, body, deps }) => {
    const session = sessionOf(request);
    const now = deps.clock();
    assertNotLocked(session.account, now);
    const secret = session.pendingTotpSecret;
    const step = secret === null ? null : codeStep(secret, body.code, now);
    if (secret === null || step === null) {
      await failures.recordFailure(request);
      await countFailure(deps.db, session.account.id, now);
      throw new ApiError('staffSecondFactorInvalid', { field: 'body.code' });
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(staffAccounts)
        .set({ totpSecret: secret, totpLastStep: step })
        .where(eq(staffAccounts.id, session.account.id));
      // Other sessions were opened without this factor: they end.
      await endOtherSessions(tx, session);
      await completeSignIn(tx, session, now);
    });
    return { status: 200, body: await sessionAnswer(deps.db, session) };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffSessionGet, async ({ request, deps }) => ({
    status: 200,
    body: await sessionAnswer(deps.db, sessionOf(request)),
  }));

  registerEndpoint(app, STAFF_ENDPOINTS.staffSignOut, async ({ request, reply, deps }) => {
    const secure = staffCookieSecure(deps.config.publicUrl);
    const session = await loadStaffSession(
      deps.db,
      staffCookieToken(request, secure),
      timingsOf(deps),
      deps.clock(),
    );
    if (session !== null) {
      assertStaffCsrf(request, session, deps.config.publicUrl);
      await endSession(deps.db, session.idHash);
    }
    void reply.header('set-cookie', clearedStaffCookie(secure));
    return { status: 204, empty: true };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffList, async ({ request, deps }) => ({
    status: 200,
    body: {
      staff: await listStaff(deps.db, managerOf(sessionOf(request)), namedBrandOf(request)),
    },
  }));

  registerEndpoint(app, STAFF_ENDPOINTS.staffInvite, async ({ request, body, deps }) => {
    const manager = managerOf(sessionOf(request));
    const brandId = await invitationBrand(
      deps.db,
      manager,
      body.role,
      body.brand_id ?? (manager.brandId === null ? undefined : namedBrandOf(request)),
    );
    const now = deps.clock();
    const invited = await deps.db.transaction(async (tx) => {
      const result = await inviteStaff(
        tx,
        { email: body.email, name: body.name, role: body.role, brandId },
        { publicUrl: deps.config.publicUrl, now },
      );
      const after = toStaffMember(result.account);
      await auditStaffChange(tx, request, deps, { action: 'staffInvite', before: null, after });
      return { staff: after, url: result.url, expires_at: result.expiresAt.toISOString() };
    });
    return { status: 201, body: invited };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffUpdate, async ({ request, params, body, deps }) => {
    const manager = managerOf(sessionOf(request));
    const updated = await deps.db.transaction(async (tx) => {
      const current = await managedAccount(tx, manager, params.staffId);
      assertMayManage(manager, current);
      if (body.role !== undefined) assertMayManage(manager, { role: body.role });
      const self = current.id === manager.id;
      if (self && body.role !== undefined && body.role !== current.role) {
        throw new ApiError('operatorConflict', { field: 'body.role', detail: 'own role' });
      }
      if (self && body.disabled === true) {
        throw new ApiError('operatorConflict', { field: 'body.disabled', detail: 'themselves' });
      }
      const crossesBrand =
        body.role !== undefined &&
        (body.role === 'administrator') !== (current.role === 'administrator');
      if (crossesBrand) {
        throw new ApiError('operatorConflict', {
          field: 'body.role',
          detail: 'an administrator stays one and a brand role stays a brand role',
        });
      }
      const state =
        body.disabled === true
          ? ('disabled' as const)
          : body.disabled === false && current.state === 'disabled'
            ? current.passwordHash === null
              ? ('invited' as const)
              : ('active' as const)
            : current.state;
      const [row] = await tx
        .update(staffAccounts)
        .set({ role: body.role ?? current.role, name: body.name ?? current.name, state })
        .where(eq(staffAccounts.id, current.id))
        .returning();
      if (row === undefined) throw new Error('staff account vanished');
      // A disabled account, or one whose role changed, signs in again.
      if (state === 'disabled' || row.role !== current.role) await endSessions(tx, row.id);
      const after = toStaffMember(row);
      await auditStaffChange(tx, request, deps, {
        action: 'staffUpdate',
        before: toStaffMember(current),
        after,
      });
      return after;
    });
    return { status: 200, body: updated };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffResetLink, async ({ request, params, deps }) => {
    const manager = managerOf(sessionOf(request));
    const link = await deps.db.transaction(async (tx) => {
      const current = await managedAccount(tx, manager, params.staffId);
      assertMayManage(manager, current);
      const issued = await issueLink(tx, current.id, 'reset', {
        publicUrl: deps.config.publicUrl,
        now: deps.clock(),
      });
      const member = toStaffMember(current);
      await auditStaffChange(tx, request, deps, {
        action: 'staffResetLink',
        before: member,
        after: member,
      });
      return { staff: member, url: issued.url, expires_at: issued.expiresAt.toISOString() };
    });
    return { status: 201, body: link };
  });

  registerEndpoint(
    app,
    STAFF_ENDPOINTS.staffSecondFactorReset,
    async ({ request, params, deps }) => {
      const manager = managerOf(sessionOf(request));
      const member = await deps.db.transaction(async (tx) => {
        const current = await managedAccount(tx, manager, params.staffId);
        assertMayManage(manager, current);
        const [row] = await tx
          .update(staffAccounts)
          .set({ totpSecret: null, totpLastStep: null })
          .where(eq(staffAccounts.id, current.id))
          .returning();
        if (row === undefined) throw new Error('staff account vanished');
        await endSessions(tx, row.id);
        const after = toStaffMember(row);
        await auditStaffChange(tx, request, deps, {
          action: 'staffSecondFactorReset',
          before: toStaffMember(current),
          after,
        });
        return after;
      });
      return { status: 200, body: member };
    },
  );

  registerEndpoint(app, STAFF_ENDPOINTS.staffLinkCheck, async ({ body, deps }) => ({
    status: 200,
    body: await checkLink(deps.db, body.token, deps.clock()),
  }));

  registerEndpoint(app, STAFF_ENDPOINTS.staffSetPassword, async ({ body, deps }) => {
    await deps.db.transaction((tx) =>
      setPasswordFromLink(tx, body.token, body.password, deps.clock()),
    );
    return { status: 204, empty: true };
  });

  registerEndpoint(app, STAFF_ENDPOINTS.staffSandboxDemoCode, ({ query, deps }) => {
    const code = demoCode(query.email, deps.clock());
    if (code === undefined) throw new ApiError('operatorNotFound', { field: 'query.email' });
    return Promise.resolve({ status: 200, body: { code } });
  });
}
