/**
 * Who among an operator's staff may do what in the back office: the roles, the permissions, the
 * one table that gives each role its permissions, and which permission each call of the operator
 * API needs when a staff member makes it (through the back office, under the staff session
 * instead of an API key). The server enforces these tables and the back office hides what a role
 * may not do by reading the same tables, so a permission is decided in one place.
 *
 * @packageDocumentation
 */

/** Every permission a staff role can hold. */
export const STAFF_PERMISSIONS = [
  'transactions:read',
  'transactions:export',
  'payouts:decide',
  'refunds:create',
  'transactions:cancel',
  'players:read',
  'players:block',
  'players:write',
  'players:adjust',
  'sessions:create',
  'clickstream:read',
  'config:read',
  'config:write',
  'audit:read',
  'api-keys:manage',
  'webhooks:read',
  'webhooks:redeliver',
  'reports:read',
  'insight:read',
  'documents:read',
  'staff:manage',
  'brands:create',
] as const;

/** One permission of {@link STAFF_PERMISSIONS}. */
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** What each permission allows (the back office's staff screen and the docs show this). */
export const STAFF_PERMISSION_DESCRIPTIONS: Readonly<Record<StaffPermission, string>> = {
  'transactions:read': "Find and read the brand's transactions, their refunds and timelines.",
  'transactions:export': "Export the brand's transactions as CSV.",
  'payouts:decide': 'Approve or reject withdrawals waiting for approval.',
  'refunds:create': 'Refund a deposit, in full or in part.',
  'transactions:cancel': 'Cancel an open transaction and resolve a held provider answer.',
  'players:read': "Read the brand's players, their balances, limits and verification.",
  'players:block': 'Block and unblock players.',
  'players:write': "Change a player's profile, limits and verification.",
  'players:adjust': "Credit or debit a player's balance by hand (adjustments).",
  'sessions:create': 'Open a cashier session for a player.',
  'clickstream:read': "Read the players' clickstream.",
  'config:read': "Read the brand's configuration.",
  'config:write': "Change the brand's configuration: pay groups, limits, fees, tax, texts, themes.",
  'audit:read': 'Read the audit trail.',
  'api-keys:manage': "Mint, rotate and revoke the brand's operator API keys.",
  'webhooks:read': 'Read webhook deliveries, failures and dead letters.',
  'webhooks:redeliver': 'Send dead-lettered webhook events again.',
  'reports:read': "Read the widget's client error reports.",
  'insight:read':
    'Read the acceptance figures (Insight): acceptance, volume, declines, latency, the funnel and the backlog.',
  'documents:read':
    "List and download the documents players uploaded to their transactions, such as a bank transfer's receipt.",
  'staff:manage': 'Invite staff, change their roles, disable them and issue password reset links.',
  'brands:create': 'Create brands (administrators only).',
};

/**
 * The roles. `administrator` acts across all brands (it names the brand of each call); every
 * other role belongs to one brand and sees nothing of another.
 */
export const STAFF_ROLES = ['administrator', 'owner', 'finance', 'support', 'developer'] as const;

/** One role of {@link STAFF_ROLES}. */
export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERYTHING_OF_A_BRAND = STAFF_PERMISSIONS.filter((p) => p !== 'brands:create');

/** The one table of what each role may do. */
export const STAFF_ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  administrator: STAFF_PERMISSIONS,
  owner: EVERYTHING_OF_A_BRAND,
  finance: [
    'transactions:read',
    'transactions:export',
    'payouts:decide',
    'refunds:create',
    'transactions:cancel',
    'players:read',
    'players:write',
    'players:adjust',
    'config:read',
    'audit:read',
    'webhooks:read',
    'insight:read',
    'documents:read',
  ],
  support: [
    'transactions:read',
    'players:read',
    'players:block',
    'clickstream:read',
    'config:read',
    'webhooks:read',
    'reports:read',
    'insight:read',
    'documents:read',
  ],
  developer: [
    'transactions:read',
    'config:read',
    'config:write',
    'audit:read',
    'api-keys:manage',
    'webhooks:read',
    'webhooks:redeliver',
    'reports:read',
    'insight:read',
    'clickstream:read',
  ],
};

/**
 * The permissions that move money or hand out the power to (an API key can refund; a staff
 * member can be made finance): a role holding any of them must sign in with a second factor.
 */
export const SECOND_FACTOR_PERMISSIONS: readonly StaffPermission[] = [
  'payouts:decide',
  'refunds:create',
  'transactions:cancel',
  'players:adjust',
  'api-keys:manage',
  'staff:manage',
  'brands:create',
];

/** Whether a role may do what `permission` allows. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return STAFF_ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether a role must sign in with a second factor (TOTP). */
export function roleNeedsSecondFactor(role: StaffRole): boolean {
  return SECOND_FACTOR_PERMISSIONS.some((permission) => roleMay(role, permission));
}

/**
 * The permission a staff member needs for each call of the operator API. Every call is named
 * (endpoints.test.ts fails when a call is added without its permission: a type check here would
 * import the operator table, which imports the endpoint types, which import this file). The administrator
 * calls about one brand (its API keys) are open to a brand's staff holding the permission, for
 * their own brand only.
 */
export const STAFF_PERMISSION_OF_CALL = {
  operatorBrandCreate: 'brands:create',
  operatorApiKeyCreate: 'api-keys:manage',
  operatorApiKeyList: 'api-keys:manage',
  operatorApiKeyRevoke: 'api-keys:manage',
  operatorBrandGet: 'config:read',
  operatorBrandUpdate: 'config:write',
  operatorAuditList: 'audit:read',
  operatorSessionCreate: 'sessions:create',
  operatorPlayerGet: 'players:read',
  operatorPlayerList: 'players:read',
  operatorPlayerUpdate: 'players:write',
  operatorPlayerBlock: 'players:block',
  operatorPlayerUnblock: 'players:block',
  operatorVerificationRulesGet: 'config:read',
  operatorVerificationRulesPut: 'config:write',
  operatorClickstreamList: 'clickstream:read',
  operatorTransactionGet: 'transactions:read',
  operatorTransactionTimelineGet: 'transactions:read',
  operatorTransactionList: 'transactions:read',
  operatorTransactionCount: 'transactions:read',
  operatorTransactionExport: 'transactions:export',
  operatorTransactionDocumentList: 'documents:read',
  operatorTransactionDocumentGet: 'documents:read',
  operatorPayoutApprovalGet: 'config:read',
  operatorPayoutApprovalSet: 'config:write',
  operatorPayoutApprove: 'payouts:decide',
  operatorPayoutReject: 'payouts:decide',
  operatorRefundCreate: 'refunds:create',
  operatorTransactionCancel: 'transactions:cancel',
  operatorTransactionResolveHold: 'transactions:cancel',
  operatorRefundList: 'transactions:read',
  operatorRefundGet: 'transactions:read',
  operatorPlayerAdjust: 'players:adjust',
  operatorSettingsGet: 'config:read',
  operatorSettingsUpdate: 'config:write',
  operatorCurrencyList: 'config:read',
  operatorCurrencyPut: 'config:write',
  operatorPayGroupList: 'config:read',
  operatorPayGroupGet: 'config:read',
  operatorPayGroupPut: 'config:write',
  operatorPayGroupDelete: 'config:write',
  operatorTaxTiersGet: 'config:read',
  operatorTaxTiersPut: 'config:write',
  operatorRoutingRulesGet: 'config:read',
  operatorRoutingRulesPut: 'config:write',
  operatorRoutingDryRun: 'config:read',
  operatorConnectorList: 'config:read',
  operatorLostProfitGet: 'config:read',
  operatorLostProfitPut: 'config:write',
  operatorLostProfitDelete: 'config:write',
  operatorBonusesPut: 'players:write',
  operatorContentPageList: 'config:read',
  operatorContentPagePut: 'config:write',
  operatorContentPageDelete: 'config:write',
  operatorNotificationList: 'config:read',
  operatorNotificationCreate: 'config:write',
  operatorNotificationDelete: 'config:write',
  operatorThemeList: 'config:read',
  operatorThemeGet: 'config:read',
  operatorThemePut: 'config:write',
  operatorThemeDelete: 'config:write',
  operatorThemeDefaultGet: 'config:read',
  operatorThemeDefaultPut: 'config:write',
  operatorTextsGet: 'config:read',
  operatorTextKeysGet: 'config:read',
  operatorTextsPut: 'config:write',
  operatorWebhookEventList: 'webhooks:read',
  operatorWebhookEventGet: 'webhooks:read',
  operatorWebhookEventRedeliver: 'webhooks:redeliver',
  operatorWebhookDeadRedeliver: 'webhooks:redeliver',
  operatorWebhookEndpointGet: 'webhooks:read',
  operatorClientReportList: 'reports:read',
  operatorInsightGet: 'insight:read',
  operatorInsightExport: 'insight:read',
} as const satisfies Record<string, StaffPermission>;
