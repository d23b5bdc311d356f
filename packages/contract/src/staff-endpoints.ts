/**
 * The endpoint table of the back office's own API, `/api/back-office/v1`: signing in and out,
 * the second factor, setting a password from an invitation or reset link, and managing staff.
 * The back office reads and changes everything else through the operator API under the same
 * staff session (staff-access.ts gives the permission each operator call needs).
 *
 * Authentication: the staff session cookie (HttpOnly, SameSite=Strict, Secure outside
 * localhost). Every call that changes something under a session also carries the session's
 * `x-csrf-token`. An administrator names the brand of a brand call with `x-brand-id`.
 *
 * @packageDocumentation
 */
import type { Endpoint } from './endpoint-types';
import {
  StaffDemoCode,
  StaffDemoCodeQuery,
  StaffEnrolment,
  StaffInviteRequest,
  StaffLink,
  StaffLinkCheckRequest,
  StaffLinkInfo,
  StaffList,
  StaffMember,
  StaffParams,
  StaffSecondFactorRequest,
  StaffSession,
  StaffSetPasswordRequest,
  StaffSignInRequest,
  StaffUpdateRequest,
} from './schemas/staff';
import { ConfigPreview, ConfigPreviewRequest } from './schemas/config-preview';
import { STAFF_BASE, STAFF_BRAND_HEADER, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from './values';

export { STAFF_BASE, STAFF_BRAND_HEADER, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE };

function staffEndpoint<const T extends Endpoint & { readonly staff: Endpoint['staff'] }>(
  definition: T,
): T {
  return definition;
}

const common = {
  tag: 'back-office',
  session: false,
  idempotencyKey: false,
  sandboxOnly: false,
} as const;

/** Every call of the back office's own API, by stable id. */
export const STAFF_ENDPOINTS = {
  staffSignIn: staffEndpoint({
    ...common,
    id: 'staffSignIn',
    method: 'POST',
    path: `${STAFF_BASE}/session`,
    summary: 'Sign in with e-mail address and password',
    description:
      'Checks the password and starts a staff session (the cookie). A role that moves money needs the second factor next (stage second_factor, or enrol_second_factor when none is set up). A wrong address or password answers 1850 alike; after repeated failures the account is locked for a while (1851).',
    staff: 'public',
    body: StaffSignInRequest,
    responses: { 200: { description: 'The session, at its stage.', schema: StaffSession } },
    errors: ['staffCredentialsInvalid', 'staffLocked'],
  }),
  staffSecondFactor: staffEndpoint({
    ...common,
    id: 'staffSecondFactor',
    method: 'POST',
    path: `${STAFF_BASE}/session/second-factor`,
    summary: "Give the authenticator app's code",
    description:
      'Completes signing in with the current code of the authenticator app. A wrong code counts as a failed sign-in (1854; repeated, the account locks: 1851).',
    staff: 'signing-in',
    body: StaffSecondFactorRequest,
    responses: { 200: { description: 'The signed-in session.', schema: StaffSession } },
    errors: ['staffSecondFactorInvalid', 'staffLocked', 'staffSignedOut', 'staffCsrfInvalid'],
  }),
  staffEnrolmentStart: staffEndpoint({
    ...common,
    id: 'staffEnrolmentStart',
    method: 'POST',
    path: `${STAFF_BASE}/session/second-factor/enrolment`,
    summary: 'Start setting up the second factor',
    description:
      'A new secret for an authenticator app. It takes effect when a code from it is confirmed (PUT). Only while signing in without a second factor set up, or signed in.',
    staff: 'signing-in',
    responses: { 200: { description: 'The secret.', schema: StaffEnrolment } },
    errors: ['staffSignedOut', 'staffCsrfInvalid'],
  }),
  staffEnrolmentConfirm: staffEndpoint({
    ...common,
    id: 'staffEnrolmentConfirm',
    method: 'PUT',
    path: `${STAFF_BASE}/session/second-factor/enrolment`,
    summary: 'Confirm the second factor with a code',
    description:
      'Confirms the secret of the enrolment with a current code; from now on every sign-in needs a code. Completes signing in.',
    staff: 'signing-in',
    body: StaffSecondFactorRequest,
    responses: { 200: { description: 'The signed-in session.', schema: StaffSession } },
    errors: ['staffSecondFactorInvalid', 'staffLocked', 'staffSignedOut', 'staffCsrfInvalid'],
  }),
  staffSessionGet: staffEndpoint({
    ...common,
    id: 'staffSessionGet',
    method: 'GET',
    path: `${STAFF_BASE}/session`,
    summary: 'The current staff session',
    description:
      'Who is signed in, with what permissions, which brands, and the CSRF token. 1853 when there is no session or it ended (idle or absolute time-out, signed out, disabled).',
    staff: 'signing-in',
    responses: { 200: { description: 'The session.', schema: StaffSession } },
    errors: ['staffSignedOut'],
  }),
  staffSignOut: staffEndpoint({
    ...common,
    id: 'staffSignOut',
    method: 'DELETE',
    path: `${STAFF_BASE}/session`,
    summary: 'Sign out',
    description: 'Ends the session and clears the cookie. Signing out twice is not an error.',
    staff: 'public',
    responses: { 204: { description: 'Signed out.' } },
    errors: ['staffCsrfInvalid'],
  }),
  staffList: staffEndpoint({
    ...common,
    id: 'staffList',
    method: 'GET',
    path: `${STAFF_BASE}/staff`,
    summary: 'The staff',
    description:
      "The brand's staff (an administrator sees every staff member of the brand named by x-brand-id, and the administrators).",
    staff: 'staff:manage',
    responses: { 200: { description: 'The staff.', schema: StaffList } },
    errors: [],
  }),
  staffInvite: staffEndpoint({
    ...common,
    id: 'staffInvite',
    method: 'POST',
    path: `${STAFF_BASE}/staff`,
    summary: 'Invite a staff member',
    description:
      'Creates the account, invited, and answers the invitation link once (valid 72 hours): the person sets their password with it. Only an administrator invites an administrator; an address already in use answers 1805.',
    staff: 'staff:manage',
    body: StaffInviteRequest,
    responses: { 201: { description: 'The invitation.', schema: StaffLink } },
    errors: ['operatorConflict', 'staffPermissionMissing'],
  }),
  staffUpdate: staffEndpoint({
    ...common,
    id: 'staffUpdate',
    method: 'PATCH',
    path: `${STAFF_BASE}/staff/{staffId}`,
    summary: 'Change a staff member',
    description:
      'Changes the role or name, or disables or enables the account (disabling ends its sessions). Nobody changes their own role or disables themselves; only an administrator makes or changes an administrator.',
    staff: 'staff:manage',
    params: StaffParams,
    body: StaffUpdateRequest,
    responses: { 200: { description: 'The staff member.', schema: StaffMember } },
    errors: ['operatorNotFound', 'operatorConflict', 'staffPermissionMissing'],
  }),
  staffResetLink: staffEndpoint({
    ...common,
    id: 'staffResetLink',
    method: 'POST',
    path: `${STAFF_BASE}/staff/{staffId}/password-reset`,
    summary: 'Issue a password reset link',
    description:
      'Answers a link (once, valid 24 hours) with which the staff member sets a new password; the earlier links stop working. Their sessions end when the new password is set.',
    staff: 'staff:manage',
    params: StaffParams,
    responses: { 201: { description: 'The reset link.', schema: StaffLink } },
    errors: ['operatorNotFound', 'staffPermissionMissing'],
  }),
  staffSecondFactorReset: staffEndpoint({
    ...common,
    id: 'staffSecondFactorReset',
    method: 'DELETE',
    path: `${STAFF_BASE}/staff/{staffId}/second-factor`,
    summary: "Remove a staff member's second factor",
    description:
      'For a lost phone: removes the second factor and ends their sessions; a role that needs one sets up a new one at the next sign-in.',
    staff: 'staff:manage',
    params: StaffParams,
    responses: { 200: { description: 'The staff member.', schema: StaffMember } },
    errors: ['operatorNotFound', 'staffPermissionMissing'],
  }),
  staffLinkCheck: staffEndpoint({
    ...common,
    id: 'staffLinkCheck',
    method: 'POST',
    path: `${STAFF_BASE}/password/check`,
    summary: 'What a link is for',
    description:
      'Whose password an invitation or reset link sets, before the password is typed. 1857 for a link that is unknown, used or expired.',
    staff: 'public',
    body: StaffLinkCheckRequest,
    responses: { 200: { description: 'The link.', schema: StaffLinkInfo } },
    errors: ['staffLinkInvalid'],
  }),
  staffSetPassword: staffEndpoint({
    ...common,
    id: 'staffSetPassword',
    method: 'POST',
    path: `${STAFF_BASE}/password`,
    summary: 'Set a password from a link',
    description:
      'Sets the password (at least 12 characters, not a common password: 1858 otherwise) of an invitation or reset link, which then stops working; every session of the staff member ends. Sign in afterwards.',
    staff: 'public',
    body: StaffSetPasswordRequest,
    responses: { 204: { description: 'The password is set.' } },
    errors: ['staffLinkInvalid', 'staffPasswordWeak'],
  }),
  staffConfigPreview: staffEndpoint({
    ...common,
    id: 'staffConfigPreview',
    method: 'POST',
    path: `${STAFF_BASE}/previews`,
    summary: 'Preview a draft of the configuration in the cashier',
    description:
      'Makes a hidden, short-lived copy of the brand (never listed, unreachable by API keys), applies the draft to it through the same writers and checks as the operator calls that would save it (a bad draft is 400 naming the field; a draft the calls would refuse is refused alike), and opens a cashier session on it for a preview player: the answer is the widget address to frame in the back office. The brand itself is not changed. A preview session can never pay: every money call answers 403 (1860), and no provider, wallet or webhook is called. The copy is removed once expired (PREVIEW_LIFETIME_MINUTES).',
    staff: 'config:read',
    body: ConfigPreviewRequest,
    responses: { 201: { description: 'The preview.', schema: ConfigPreview } },
    errors: [
      'staffBrandRequired',
      'staffPermissionMissing',
      'staffSignedOut',
      'staffCsrfInvalid',
      'operatorNotFound',
      'operatorConflict',
      'appearanceThemeUnknown',
      'appearanceLogoInvalid',
    ],
  }),
  staffSandboxDemoCode: staffEndpoint({
    ...common,
    id: 'staffSandboxDemoCode',
    method: 'GET',
    path: `${STAFF_BASE}/sandbox/demo-code`,
    summary: "A demo account's current second-factor code (sandbox)",
    description:
      'Sandbox only: the current authenticator code of one of the published demo staff accounts (their secrets are published too), for the demo and the browser tests. 1804 for any other address.',
    sandboxOnly: true,
    staff: 'public',
    query: StaffDemoCodeQuery,
    responses: { 200: { description: 'The code.', schema: StaffDemoCode } },
    errors: ['operatorNotFound'],
  }),
} as const;
