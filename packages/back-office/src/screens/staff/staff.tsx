/**
 * The brand's staff: who they are, their role and state, whether they have a second factor and
 * when they last signed in. Inviting someone (name, e-mail address, role) answers an invitation
 * link, shown once to hand over; a password reset link likewise. A role change, disabling or
 * enabling, and removing a lost second factor each ask for a confirmation. Nobody acts on their
 * own account here, and only an administrator makes or changes an administrator (the server
 * refuses both anyway). The role table is shown as a reference.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  STAFF_PERMISSIONS,
  STAFF_PERMISSION_DESCRIPTIONS,
  STAFF_ROLES,
  STAFF_ROLE_PERMISSIONS,
} from '@cashdesk/contract/staff-access';
import type { StaffPermission } from '@cashdesk/contract/staff-access';
import {
  inviteStaff,
  issueResetLink,
  listStaff,
  removeSecondFactor,
  updateStaff,
} from '../../api/staff-calls';
import type { StaffLink, StaffMember, StaffRole } from '../../api/staff-calls';
import { useI18n } from '../../i18n/i18n';
import { formatDateTime } from '../../i18n/format';
import { useSession, useSignedIn } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { ShownOnce } from '../../ui/shown-once';
import { useLoad } from '../../ui/use-page';
import { PageHeader, When } from '../../ui/values';
import '../ops.css';

const column = columnsOf<StaffMember>();
/** A row of the role table. */
interface PermissionRow {
  readonly permission: StaffPermission;
}
const roleColumn = columnsOf<PermissionRow>();
const PERMISSION_ROWS: readonly PermissionRow[] = STAFF_PERMISSIONS.map((permission) => ({
  permission,
}));

/** The roles the signed-in staff member may give: an administrator's only by an administrator. */
function useGivableRoles(): readonly StaffRole[] {
  const session = useSignedIn();
  return session.staff.role === 'administrator'
    ? STAFF_ROLES
    : STAFF_ROLES.filter((role) => role !== 'administrator');
}

function InviteAction({ onInvited }: { readonly onInvited: (link: StaffLink) => void }): ReactNode {
  const { t } = useI18n();
  const { brandId } = useSession();
  const roles = useGivableRoles();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  return (
    <ActionDialog
      label={t('staff.invite')}
      submitLabel={t('staff.inviteSubmit')}
      tone="primary"
      onOpen={() => {
        setName('');
        setEmail('');
        setRole('support');
      }}
      onSubmit={async () => {
        onInvited(
          await inviteStaff({
            name: name.trim(),
            email: email.trim(),
            role,
            ...(role === 'administrator' || brandId === undefined ? {} : { brand_id: brandId }),
          }),
        );
      }}
    >
      <TextInput label={t('staff.name')} name="name" value={name} onChange={setName} isRequired />
      <TextInput
        label={t('staff.email')}
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        isRequired
      />
      <SelectField
        label={t('staff.role')}
        name="role"
        value={role}
        options={roles.map((id) => ({ id, label: t(`role.${id}`) }))}
        onChange={(value) => {
          setRole(roles.find((candidate) => candidate === value) ?? 'support');
        }}
      />
    </ActionDialog>
  );
}

interface MemberActionProps {
  readonly member: StaffMember;
  readonly onChanged: (message: string) => void;
}

function RoleAction({ member, onChanged }: MemberActionProps): ReactNode {
  const { t } = useI18n();
  const roles = useGivableRoles();
  const [role, setRole] = useState<StaffRole>(member.role);
  return (
    <ActionDialog
      label={t('staff.changeRole')}
      title={t('staff.changeRoleTitle', { name: member.name })}
      submitLabel={t('staff.changeRoleSubmit')}
      onOpen={() => {
        setRole(member.role);
      }}
      onSubmit={async () => {
        const changed = await updateStaff(member.id, { role });
        onChanged(t('staff.roleChanged', { name: changed.name, role: t(`role.${changed.role}`) }));
      }}
    >
      <p className="bo-lead">{t('staff.changeRoleLead')}</p>
      <SelectField
        label={t('staff.role')}
        name="role"
        value={role}
        options={roles.map((id) => ({ id, label: t(`role.${id}`) }))}
        onChange={(value) => {
          setRole(roles.find((candidate) => candidate === value) ?? member.role);
        }}
      />
    </ActionDialog>
  );
}

function DisableAction({ member, onChanged }: MemberActionProps): ReactNode {
  const { t } = useI18n();
  const disable = member.state !== 'disabled';
  return (
    <ActionDialog
      label={t(disable ? 'staff.disable' : 'staff.enable')}
      title={t(disable ? 'staff.disableTitle' : 'staff.enableTitle', { name: member.name })}
      submitLabel={t(disable ? 'staff.disable' : 'staff.enable')}
      tone={disable ? 'danger' : 'primary'}
      onSubmit={async () => {
        const changed = await updateStaff(member.id, { disabled: disable });
        onChanged(t(disable ? 'staff.disabled' : 'staff.enabled', { name: changed.name }));
      }}
    >
      <p className="bo-lead">{t(disable ? 'staff.disableLead' : 'staff.enableLead')}</p>
    </ActionDialog>
  );
}

function ResetAction({
  member,
  onIssued,
}: {
  readonly member: StaffMember;
  readonly onIssued: (link: StaffLink) => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <ActionDialog
      label={t('staff.reset')}
      title={t('staff.resetTitle', { name: member.name })}
      submitLabel={t('staff.resetSubmit')}
      onSubmit={async () => {
        onIssued(await issueResetLink(member.id));
      }}
    >
      <p className="bo-lead">{t('staff.resetLead')}</p>
    </ActionDialog>
  );
}

function SecondFactorAction({ member, onChanged }: MemberActionProps): ReactNode {
  const { t } = useI18n();
  return (
    <ActionDialog
      label={t('staff.removeFactor')}
      title={t('staff.removeFactorTitle', { name: member.name })}
      submitLabel={t('staff.removeFactor')}
      tone="danger"
      onSubmit={async () => {
        const changed = await removeSecondFactor(member.id);
        onChanged(t('staff.factorRemoved', { name: changed.name }));
      }}
    >
      <p className="bo-lead">{t('staff.removeFactorLead')}</p>
    </ActionDialog>
  );
}

/** What each role may do: the contract's role table with each permission's description. */
function RoleTable(): ReactNode {
  const { t } = useI18n();
  const columns = [
    roleColumn.display({
      id: 'permission',
      header: t('staff.permission'),
      cell: (info) => (
        <span>
          <span className="bo-mono">{info.row.original.permission}</span>
          <span className="bo-help bo-block">
            {STAFF_PERMISSION_DESCRIPTIONS[info.row.original.permission]}
          </span>
        </span>
      ),
    }),
    ...STAFF_ROLES.map((role) =>
      roleColumn.display({
        id: role,
        header: t(`role.${role}`),
        cell: (info) =>
          STAFF_ROLE_PERMISSIONS[role].includes(info.row.original.permission) ? (
            <span role="img" aria-label={t('common.yes')}>
              ✓
            </span>
          ) : (
            <span role="img" aria-label={t('common.no')} className="bo-muted">
              —
            </span>
          ),
      }),
    ),
  ];
  return (
    <DataTable
      label={t('staff.roles')}
      rows={PERMISSION_ROWS}
      columns={columns}
      rowId={(row) => row.permission}
      empty=""
    />
  );
}

/** A link shown once: the invitation or the reset, and whom it is for. */
interface ShownLink {
  readonly kind: 'invitation' | 'reset';
  readonly link: StaffLink;
}

export default function StaffScreen(): ReactNode {
  const { t, locale } = useI18n();
  const session = useSignedIn();
  const staff = useLoad(listStaff, 'staff');
  const [shown, setShown] = useState<ShownLink | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const changed = (text: string) => {
    setMessage(text);
    staff.reload();
  };
  const linked = (kind: ShownLink['kind']) => (link: StaffLink) => {
    setMessage(undefined);
    setShown({ kind, link });
    staff.reload();
  };
  /** Whether the signed-in person may act on a member: not themselves, an administrator only by one. */
  const mayActOn = (member: StaffMember): boolean =>
    member.id !== session.staff.id &&
    (member.role !== 'administrator' || session.staff.role === 'administrator');
  const columns = [
    column.accessor('name', {
      header: t('staff.person'),
      cell: (info) => (
        <span>
          {info.getValue()}
          <span className="bo-help bo-block">{info.row.original.email}</span>
        </span>
      ),
    }),
    column.accessor('role', {
      header: t('staff.role'),
      cell: (info) => t(`role.${info.getValue()}`),
    }),
    column.accessor('state', {
      header: t('staff.state'),
      cell: (info) => {
        const state = info.getValue();
        const tone = state === 'active' ? 'good' : state === 'invited' ? 'wait' : 'neutral';
        return <span className={`bo-badge bo-badge--${tone}`}>{t(`staff.state.${state}`)}</span>;
      },
    }),
    column.accessor('second_factor', {
      header: t('staff.secondFactor'),
      cell: (info) => t(info.getValue() ? 'common.yes' : 'common.no'),
    }),
    column.accessor('last_sign_in_at', {
      header: t('staff.lastSignIn'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: t('staff.actions'),
      cell: (info) => {
        const member = info.row.original;
        if (!mayActOn(member)) return <span className="bo-muted">{t('staff.you')}</span>;
        return (
          <div className="bo-row-actions bo-row-actions--quiet">
            <RoleAction member={member} onChanged={changed} />
            <DisableAction member={member} onChanged={changed} />
            <ResetAction member={member} onIssued={linked('reset')} />
            {member.second_factor ? (
              <SecondFactorAction member={member} onChanged={changed} />
            ) : null}
          </div>
        );
      },
    }),
  ];
  const link = shown?.link;
  const expires = link === undefined ? '' : formatDateTime(locale, link.expires_at);
  return (
    <>
      <PageHeader title={t('staff.title')}>
        <InviteAction onInvited={linked('invitation')} />
      </PageHeader>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={staff.error} />
      {staff.loading && staff.data === undefined ? <Loading /> : null}
      {staff.data === undefined ? null : (
        <DataTable
          label={t('staff.table')}
          rows={staff.data.staff}
          columns={columns}
          rowId={(row) => row.id}
          empty={t('staff.none')}
        />
      )}
      <section className="bo-card bo-section" aria-labelledby="staff-roles">
        <h2 className="bo-h2" id="staff-roles">
          {t('staff.roles')}
        </h2>
        <p className="bo-help">{t('staff.rolesLead')}</p>
        <RoleTable />
      </section>
      <ShownOnce
        title={t(shown?.kind === 'reset' ? 'staff.resetLinkTitle' : 'staff.inviteLinkTitle')}
        lead={t('staff.linkLead', {
          name: link?.staff.name ?? '',
          email: link?.staff.email ?? '',
          expires,
        })}
        label={t('staff.link')}
        value={link?.url}
        onClose={() => {
          setShown(undefined);
        }}
      />
    </>
  );
}
