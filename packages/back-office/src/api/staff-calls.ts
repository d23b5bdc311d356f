/**
 * Managing the brand's staff (`/api/back-office/v1/staff`): the list, an invitation (its link
 * answered once), a change of role or state, a password reset link (answered once) and the
 * removal of a lost second factor.
 */
import { STAFF_BASE } from '@cashdesk/contract/values';
import type { StaffLink as StaffLinkSchema, StaffMember, StaffRole } from '@cashdesk/contract';
import type * as z from 'zod/mini';
import { call } from './http';

/** An invitation or reset link, answered once. */
export type StaffLink = z.infer<typeof StaffLinkSchema>;
export type { StaffMember, StaffRole };

const memberPath = (id: string): string => `${STAFF_BASE}/staff/${encodeURIComponent(id)}`;

export const listStaff = (): Promise<{ readonly staff: StaffMember[] }> =>
  call('GET', `${STAFF_BASE}/staff`);

export const inviteStaff = (request: {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly brand_id?: string;
}): Promise<StaffLink> => call('POST', `${STAFF_BASE}/staff`, { body: request });

export const updateStaff = (
  id: string,
  change: { readonly role?: StaffRole; readonly disabled?: boolean },
): Promise<StaffMember> => call('PATCH', memberPath(id), { body: change });

export const issueResetLink = (id: string): Promise<StaffLink> =>
  call('POST', `${memberPath(id)}/password-reset`);

export const removeSecondFactor = (id: string): Promise<StaffMember> =>
  call('DELETE', `${memberPath(id)}/second-factor`);
