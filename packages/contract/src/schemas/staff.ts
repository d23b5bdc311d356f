/**
 * The back office's own calls (`/api/back-office/v1`): a staff member signs in (password, then
 * the second factor), reads their session, and an owner manages the brand's staff. Everything
 * else the back office shows or changes goes through the operator API, under the staff session
 * (staff-access.ts says which permission each call needs).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '../staff-access';
import { DateTime } from './common';
import { BrandId } from './sandbox';

/** A role of a staff member. */
export const StaffRoleSchema = z.enum(STAFF_ROLES).check(
  z.meta({
    id: 'StaffRole',
    description:
      'What a staff member may do (the role table of the back office): administrator (every brand), owner, finance, support or developer (one brand).',
  }),
);

/** A permission of a role. */
export const StaffPermissionSchema = z
  .enum(STAFF_PERMISSIONS)
  .check(z.meta({ id: 'StaffPermission', description: 'One thing a staff role may do.' }));

/** A staff member's e-mail address: the sign-in name. */
export const StaffEmail = z
  .string()
  .check(
    z.minLength(3),
    z.maxLength(254),
    z.regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address'),
    z.trim(),
    z.toLowerCase(),
  );

/** A password as typed (its rules are checked by the server: length, not a common one). */
export const StaffPassword = z.string().check(z.minLength(1), z.maxLength(256));

/** A six-digit code of the authenticator app (TOTP, RFC 6238, 30 s steps). */
export const TotpCode = z.string().check(z.regex(/^[0-9]{6}$/, 'six digits'));

/** The id of a staff member. */
export const StaffId = z.uuid();

/** Path parameters naming a staff member. */
export const StaffParams = z.object({ staffId: StaffId });

/** POST /session: the first step of signing in. */
export const StaffSignInRequest = z
  .object({ email: StaffEmail, password: StaffPassword })
  .check(z.meta({ id: 'StaffSignInRequest', description: 'E-mail address and password.' }));

/** POST /session/second-factor and the enrolment confirmation. */
export const StaffSecondFactorRequest = z
  .object({ code: TotpCode })
  .check(z.meta({ id: 'StaffSecondFactorRequest', description: "The authenticator app's code." }));

/** A staff member as the back office shows them. */
export const StaffMember = z
  .object({
    id: StaffId,
    email: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    /** The brand; `null` for an administrator (every brand). */
    brand_id: z.nullable(BrandId),
    second_factor: z.boolean(),
    /** `invited` until the invitation link was used, `disabled` once an owner disabled them. */
    state: z.enum(['invited', 'active', 'disabled']),
    created_at: DateTime,
    last_sign_in_at: z.nullable(DateTime),
  })
  .check(
    z.meta({
      id: 'StaffMember',
      description:
        'A staff account: never its password hash or second-factor secret. brand_id null: an administrator across brands.',
    }),
  );
/** The type of {@link StaffMember}. */
export type StaffMember = z.infer<typeof StaffMember>;

/** Where a sign-in stands. */
export const StaffSessionStage = z.enum(['second_factor', 'enrol_second_factor', 'signed_in']);

/** A brand a staff member can open. */
export const StaffBrand = z.object({ id: BrandId, name: z.string() });

/** GET /session and every step of signing in. */
export const StaffSession = z
  .object({
    stage: StaffSessionStage,
    staff: StaffMember,
    /** What the role allows (empty until signed in). */
    permissions: z.array(StaffPermissionSchema),
    /** The brands the staff member can open: their own, or every brand for an administrator. */
    brands: z.array(StaffBrand),
    /** Sent back as x-csrf-token on every call that changes something. */
    csrf_token: z.string(),
    /** When the session ends if nothing is done (each call moves it on). */
    idle_expires_at: DateTime,
    /** When the session ends whatever is done. */
    expires_at: DateTime,
  })
  .check(
    z.meta({
      id: 'StaffSession',
      description:
        'The staff session (its id travels only in the HttpOnly cookie). stage second_factor: the code is still to be given; enrol_second_factor: the role needs a second factor and none is set up yet; signed_in: the back office may be used.',
    }),
  );
/** The type of {@link StaffSession}. */
export type StaffSession = z.infer<typeof StaffSession>;

/** POST /session/second-factor/enrolment: a new secret to put in an authenticator app. */
export const StaffEnrolment = z
  .object({
    /** The secret in base32, for typing by hand. */
    secret: z.string(),
    /** The otpauth:// URI, for a QR code. */
    uri: z.string(),
  })
  .check(
    z.meta({
      id: 'StaffEnrolment',
      description:
        'A second-factor secret to add to an authenticator app (by QR code from uri, or typed). It takes effect once a code from it is confirmed.',
    }),
  );

/** The staff of a brand (or every staff member, for an administrator). */
export const StaffList = z
  .object({ staff: z.array(StaffMember) })
  .check(z.meta({ id: 'StaffList', description: 'Staff accounts, oldest first.' }));

/** POST /staff: invite someone. */
export const StaffInviteRequest = z
  .object({
    email: StaffEmail,
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    role: StaffRoleSchema,
    /** The brand; required unless the role is administrator (then it must be absent). */
    brand_id: z.optional(BrandId),
  })
  .check(z.meta({ id: 'StaffInviteRequest', description: 'Who to invite, with which role.' }));

/** A link that sets a password (an invitation or a reset), shown once. */
export const StaffLink = z
  .object({
    staff: StaffMember,
    /** The link to hand to the staff member; it works once, until expires_at. */
    url: z.string(),
    expires_at: DateTime,
  })
  .check(
    z.meta({
      id: 'StaffLink',
      description:
        'An invitation or password reset link. Shown this once: the server keeps only a hash of its token. Hand it to the staff member over a channel you trust.',
    }),
  );

/** PATCH /staff/{staffId}. */
export const StaffUpdateRequest = z
  .strictObject({
    role: z.optional(StaffRoleSchema),
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    disabled: z.optional(z.boolean()),
  })
  .check(
    z.meta({
      id: 'StaffUpdateRequest',
      description:
        "Change a staff member's role or name, or disable (true) or enable (false) them. Disabling ends their sessions.",
    }),
  );

/** A link's token (from the link's fragment). */
export const StaffLinkToken = z.string().check(z.minLength(20), z.maxLength(200));

/** POST /password/check: what a link is for, before the password is typed. */
export const StaffLinkCheckRequest = z
  .object({ token: StaffLinkToken })
  .check(z.meta({ id: 'StaffLinkCheckRequest', description: "The link's token." }));

/** What a valid link is for. */
export const StaffLinkInfo = z
  .object({
    kind: z.enum(['invitation', 'reset']),
    email: z.string(),
    expires_at: DateTime,
  })
  .check(z.meta({ id: 'StaffLinkInfo', description: 'Whose password the link sets.' }));

/** POST /password: set a password from a link. */
export const StaffSetPasswordRequest = z
  .object({ token: StaffLinkToken, password: StaffPassword })
  .check(
    z.meta({
      id: 'StaffSetPasswordRequest',
      description:
        'Sets the password of the link (at least 12 characters, not a common password). The link then no longer works, and every session of the staff member ends.',
    }),
  );

/** GET /sandbox/demo-code: which demo account. */
export const StaffDemoCodeQuery = z.object({ email: StaffEmail });

/** The current code of a demo account's authenticator (sandbox only). */
export const StaffDemoCode = z.object({ code: TotpCode }).check(
  z.meta({
    id: 'StaffDemoCode',
    description:
      'The current second-factor code of a demo staff account (sandbox only: its secret is published), so the demo and the browser tests sign in without an authenticator app.',
  }),
);
