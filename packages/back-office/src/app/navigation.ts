import type { StaffPermission } from '@cashdesk/contract/staff-access';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import type { MessageKey } from '../i18n/i18n';

/** A screen of the left navigation and the permission that shows it. */
export interface NavItem {
  readonly to: string;
  readonly label: MessageKey;
  readonly permission: StaffPermission;
}

/** The screens, in the navigation's order; a role sees those its permissions allow. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    to: '/transactions',
    label: 'nav.transactions',
    permission: STAFF_PERMISSION_OF_CALL.operatorTransactionList,
  },
  {
    to: '/payouts',
    label: 'nav.payouts',
    permission: STAFF_PERMISSION_OF_CALL.operatorPayoutApprove,
  },
  { to: '/players', label: 'nav.players', permission: STAFF_PERMISSION_OF_CALL.operatorPlayerGet },
  { to: '/audit', label: 'nav.audit', permission: STAFF_PERMISSION_OF_CALL.operatorAuditList },
  {
    to: '/webhooks',
    label: 'nav.webhooks',
    permission: STAFF_PERMISSION_OF_CALL.operatorWebhookEventList,
  },
  {
    to: '/insight',
    label: 'nav.insight',
    permission: STAFF_PERMISSION_OF_CALL.operatorInsightGet,
  },
  {
    to: '/reports',
    label: 'nav.reports',
    permission: STAFF_PERMISSION_OF_CALL.operatorClientReportList,
  },
  {
    to: '/api-keys',
    label: 'nav.apiKeys',
    permission: STAFF_PERMISSION_OF_CALL.operatorApiKeyList,
  },
  { to: '/staff', label: 'nav.staff', permission: 'staff:manage' },
  {
    to: '/configuration',
    label: 'nav.configuration',
    permission: STAFF_PERMISSION_OF_CALL.operatorSettingsGet,
  },
];
