/**
 * The back office's staff: their accounts, their sessions and the links that set a password.
 * Secrets are never stored as given: a password as its scrypt hash (parameters inside the
 * string), a session id and a link token as their SHA-256 (both are 32 random bytes, so a fast
 * hash is enough: there is nothing to guess).
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { createdAt } from './columns';

/**
 * A staff account: of one brand, or an administrator (`brand_id` null) across brands. The
 * e-mail address (lower case) is the sign-in name, unique across the deployment.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** One of the contract's STAFF_ROLES. */
    role: text('role').notNull(),
    state: text('state').$type<'invited' | 'active' | 'disabled'>().notNull().default('invited'),
    /** `scrypt$N$r$p$salt$hash` (base64url); null until the invitation link was used. */
    passwordHash: text('password_hash'),
    /** The confirmed TOTP secret (base32); null while no second factor is set up. */
    totpSecret: text('totp_secret'),
    /** The last TOTP step accepted, so a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Failed sign-ins since the last success or lock. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_accounts_email').on(t.email),
    index('staff_accounts_brand').on(t.brandId),
    check(
      'staff_accounts_role',
      sql`${t.role} in ('administrator', 'owner', 'finance', 'support', 'developer')`,
    ),
    check('staff_accounts_state', sql`${t.state} in ('invited', 'active', 'disabled')`),
    check(
      'staff_accounts_brand_of_role',
      sql`(${t.role} = 'administrator') = (${t.brandId} is null)`,
    ),
  ],
);

/**
 * A staff session: the cookie carries a random id, the row keeps its SHA-256. It ends when the
 * row is deleted (sign-out, new password, disabling, second-factor reset) or times out.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the cookie's session id, hex. */
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** `second_factor`, `enrol_second_factor` or `signed_in`. */
    stage: text('stage').$type<'second_factor' | 'enrol_second_factor' | 'signed_in'>().notNull(),
    /** Sent back as x-csrf-token on every call that changes something. */
    csrfToken: text('csrf_token').notNull(),
    /** The secret of an enrolment started and not yet confirmed (base32). */
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff').on(t.staffId),
    check(
      'staff_sessions_stage',
      sql`${t.stage} in ('second_factor', 'enrol_second_factor', 'signed_in')`,
    ),
  ],
);

/** An invitation or password reset link: single use, until it expires. */
export const staffLinks = pgTable(
  'staff_links',
  {
    /** SHA-256 of the link's token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'invitation' | 'reset'>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was used or voided by a newer link; it works only while null. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_links_staff').on(t.staffId),
    check('staff_links_kind', sql`${t.kind} in ('invitation', 'reset')`),
  ],
);
