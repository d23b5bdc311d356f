/**
 * Managing staff: the accounts as the back office shows them, invitations, changes, password
 * reset links and second-factor resets, and setting a password from a link.
 *
 * Who manages whom: a staff member holding `staff:manage` manages their own brand's staff; only
 * an administrator invites, changes or resets an administrator, or makes someone one. A brand's
 * staff member never sees another brand's accounts (they answer 1804, as unknown ones do).
 * Nobody changes their own role or disables themselves.
 *
 * Links: a random token (32 bytes) handed once in the link's fragment
 * (`/back-office/set-password#token=…`, so it never reaches a server log), only its SHA-256 kept;
 * single use; an invitation lasts {@link INVITATION_MS}, a reset {@link RESET_MS}; a new link of
 * an account voids its older ones.
 *
 * @packageDocumentation
 */
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { StaffInviteRequest } from '@cashdesk/contract';
import type {
  StaffLink as StaffLinkSchema,
  StaffLinkInfo as StaffLinkInfoSchema,
  StaffMember,
  StaffRole,
} from '@cashdesk/contract';
import type * as z from 'zod/mini';
import type { Database, Executor } from '../../db/open';
import { recordAudit } from '../../http/operator-audit';
import { brands, staffAccounts, staffLinks, staffSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isStaffRole, newToken, tokenHash } from '../../http/staff-session';
import type { StaffAccountRow } from '../../http/staff-session';
import { assertPasswordStrong, hashPassword } from './passwords';

/** How long an invitation link works. */
export const INVITATION_MS = 72 * 3_600_000;

/** How long a password reset link works. */
export const RESET_MS = 24 * 3_600_000;

/** The path of the back office's page that sets a password from a link. */
const SET_PASSWORD_PATH = '/back-office/set-password';

/** A staff account as the back office shows it: never its hash or secret. */
export function toStaffMember(row: StaffAccountRow): StaffMember {
  if (!isStaffRole(row.role)) throw new Error('stored role is not a staff role');
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    brand_id: row.brandId,
    second_factor: row.totpSecret !== null,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** Who is managing: the signed-in staff member. */
export interface Manager {
  readonly id: string;
  readonly role: StaffRole;
  /** `null` for an administrator. */
  readonly brandId: string | null;
}

/**
 * The staff a manager sees: their brand's; an administrator sees the named brand's and the
 * administrators, or everyone when they name none. Oldest first.
 */
export async function listStaff(
  db: Executor,
  manager: Manager,
  namedBrand: string | undefined,
): Promise<StaffMember[]> {
  const brand = manager.brandId ?? namedBrand;
  const rows = await db
    .select()
    .from(staffAccounts)
    .where(
      brand === undefined
        ? undefined
        : manager.brandId === null
          ? or(eq(staffAccounts.brandId, brand), isNull(staffAccounts.brandId))
          : eq(staffAccounts.brandId, brand),
    )
    .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.id));
  return rows.map(toStaffMember);
}

/**
 * An account the manager may manage, locked for the change.
 *
 * @throws {ApiError} operatorNotFound (1804) for an unknown account or one of another brand,
 *   staffPermissionMissing (1856) for an administrator managed by a brand's staff member
 */
export async function managedAccount(
  tx: Executor,
  manager: Manager,
  staffId: string,
): Promise<StaffAccountRow> {
  const [row] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .for('update');
  if (row === undefined || (manager.brandId !== null && row.brandId !== manager.brandId)) {
    throw new ApiError('operatorNotFound', { field: 'params.staffId' });
  }
  return row;
}

/** A link's address: the server's public address, the set-password page, the token in the fragment. */
function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SET_PASSWORD_PATH}#token=${token}`;
}

/** Issues a link of an account, voiding its older ones; the link's address and expiry. */
export async function issueLink(
  tx: Executor,
  staffId: string,
  kind: 'invitation' | 'reset',
  options: { readonly publicUrl: string; readonly now: Date },
): Promise<{ readonly url: string; readonly expiresAt: Date }> {
  await tx
    .update(staffLinks)
    .set({ usedAt: options.now })
    .where(and(eq(staffLinks.staffId, staffId), isNull(staffLinks.usedAt)));
  const token = newToken();
  const expiresAt = new Date(
    options.now.getTime() + (kind === 'invitation' ? INVITATION_MS : RESET_MS),
  );
  await tx.insert(staffLinks).values({
    tokenHash: tokenHash(token),
    staffId,
    kind,
    createdAt: options.now,
    expiresAt,
  });
  return { url: linkUrl(options.publicUrl, token), expiresAt };
}

/** What an invitation asks for, checked. */
export interface Invitation {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  /** The brand; `null` for an administrator. */
  readonly brandId: string | null;
}

/**
 * The brand an invitation is for, by the manager's rights.
 *
 * @throws {ApiError} staffPermissionMissing (1856): an administrator invited by a brand's staff
 *   member, or another brand named; staffBrandRequired (1859): an administrator inviting to no
 *   brand or an unknown one; invalidField: a brand named for an administrator
 */
export async function invitationBrand(
  db: Executor,
  manager: Manager,
  role: StaffRole,
  named: string | undefined,
): Promise<string | null> {
  if (role === 'administrator') {
    if (manager.brandId !== null) {
      throw new ApiError('staffPermissionMissing', { detail: 'only an administrator invites one' });
    }
    if (named !== undefined) {
      throw new ApiError('invalidField', {
        field: 'body.brand_id',
        detail: 'an administrator has no brand',
      });
    }
    return null;
  }
  if (manager.brandId !== null) {
    if (named !== undefined && named !== manager.brandId) {
      throw new ApiError('staffPermissionMissing', { detail: 'another brand' });
    }
    return manager.brandId;
  }
  const [brand] =
    named === undefined
      ? []
      : await db
          .select({ id: brands.id })
          .from(brands)
          .where(and(eq(brands.id, named), isNull(brands.previewOf)));
  if (brand === undefined) {
    throw new ApiError('staffBrandRequired', { field: 'body.brand_id', detail: 'no brand' });
  }
  return brand.id;
}

/**
 * Creates an invited account and its invitation link.
 *
 * @throws {ApiError} operatorConflict (1805) for an address in use
 */
export async function inviteStaff(
  tx: Executor,
  invitation: Invitation,
  options: { readonly publicUrl: string; readonly now: Date },
): Promise<{ readonly account: StaffAccountRow; readonly url: string; readonly expiresAt: Date }> {
  const [account] = await tx
    .insert(staffAccounts)
    .values({
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      brandId: invitation.brandId,
      state: 'invited',
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: staffAccounts.email })
    .returning();
  if (account === undefined) {
    throw new ApiError('operatorConflict', { field: 'body.email', detail: 'address in use' });
  }
  const link = await issueLink(tx, account.id, 'invitation', options);
  return { account, ...link };
}

/** The live link of a token, or `null`. */
async function liveLink(tx: Executor, token: string, now: Date, lock: boolean) {
  const query = tx
    .select({ link: staffLinks, account: staffAccounts })
    .from(staffLinks)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffLinks.staffId))
    .where(
      and(
        eq(staffLinks.tokenHash, tokenHash(token)),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for('update', { of: staffLinks }) : await query;
  return row;
}

/**
 * What a link is for.
 *
 * @throws {ApiError} staffLinkInvalid (1857) for a link unknown, used or expired
 */
export async function checkLink(
  db: Executor,
  token: string,
  now: Date,
): Promise<z.infer<typeof StaffLinkInfoSchema>> {
  const row = await liveLink(db, token, now, false);
  if (row === undefined) throw new ApiError('staffLinkInvalid', { field: 'body.token' });
  return {
    kind: row.link.kind,
    email: row.account.email,
    expires_at: row.link.expiresAt.toISOString(),
  };
}

/**
 * Sets a password from a link: the link is used up, an invited account becomes active, its
 * lockout is lifted and every session of it ends.
 *
 * @throws {ApiError} staffPasswordWeak (1858), staffLinkInvalid (1857)
 */
export async function setPasswordFromLink(
  db: Executor,
  token: string,
  password: string,
  now: Date,
): Promise<StaffAccountRow> {
  assertPasswordStrong(password);
  const passwordHash = await hashPassword(password);
  const row = await liveLink(db, token, now, true);
  if (row === undefined) throw new ApiError('staffLinkInvalid', { field: 'body.token' });
  await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(eq(staffLinks.tokenHash, row.link.tokenHash));
  await db.delete(staffSessions).where(eq(staffSessions.staffId, row.account.id));
  const [account] = await db
    .update(staffAccounts)
    .set({
      passwordHash,
      state: row.account.state === 'invited' ? 'active' : row.account.state,
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(eq(staffAccounts.id, row.account.id))
    .returning();
  if (account === undefined) throw new Error('staff account vanished');
  return account;
}

/**
 * Invites an administrator outside the back office (the command line's first administrator):
 * the address and name checked as the invitation call checks them, the invitation link once.
 *
 * @throws {ApiError} invalidField for a bad address or name, operatorConflict for one in use
 */
export async function inviteAdministrator(
  db: Database,
  input: {
    readonly email: string;
    readonly name: string;
    readonly publicUrl: string;
    readonly now: Date;
  },
): Promise<z.infer<typeof StaffLinkSchema>> {
  const parsed = StaffInviteRequest.safeParse({
    email: input.email,
    name: input.name,
    role: 'administrator',
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'input';
    throw new ApiError('invalidField', { field, detail: 'not a valid invitation' });
  }
  return db.transaction(async (tx) => {
    const invited = await inviteStaff(
      tx,
      { email: parsed.data.email, name: parsed.data.name, role: 'administrator', brandId: null },
      { publicUrl: input.publicUrl, now: input.now },
    );
    const staff = toStaffMember(invited.account);
    await recordAudit(
      tx,
      { kind: 'admin' },
      {
        brandId: '*',
        action: 'staffInvite',
        target: `staff:${staff.id}`,
        before: null,
        after: staff,
        requestId: 'command-line',
        at: input.now,
      },
    );
    return { staff, url: invited.url, expires_at: invited.expiresAt.toISOString() };
  });
}
