/**
 * The contract's plain values, without a schema: the bases and headers of the APIs, the status
 * and method kind lists, the scopes of an API key, the webhook event types and delivery states, and
 * the kinds of a client error report. A browser bundle that needs these but validates nothing with zod (the
 * back office) imports `@cashdesk/contract/values` (and the staff access tables from
 * `@cashdesk/contract/staff-access`) and leaves the schemas out; everything here is also exported
 * by the package's main entry.
 *
 * @packageDocumentation
 */
import type { OperatorScopeName } from './endpoint-types';

export { CLIENT_REPORT_KINDS, weightShares } from '@cashdesk/domain';

/** Base of the operator API, versioned apart from the player's calls. */
export const OPERATOR_BASE = '/api/operator/v1';

/** Base of the back office's own API. */
export const STAFF_BASE = '/api/back-office/v1';

/** The name of the staff session cookie (with the `__Host-` prefix when it is Secure). */
export const STAFF_SESSION_COOKIE = 'cashdesk_staff';

/** The header carrying the session's CSRF token on every call that changes something. */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

/** The header an administrator names the brand of a brand call with. */
export const STAFF_BRAND_HEADER = 'x-brand-id';

/** Transaction status machine of the server: created, processing, await, success, error. */
export const TRANSACTION_STATUSES = ['created', 'processing', 'await', 'success', 'error'] as const;

/**
 * A transaction's status as the operator sees it: the player's statuses, and the two a succeeded
 * deposit may move on to (the player sees those as success: the payment did succeed).
 */
export const OPERATOR_TRANSACTION_STATUSES = [
  ...TRANSACTION_STATUSES,
  'refunded',
  'charged_back',
] as const;

/** The method kinds a transaction may have been paid with (the provider's kinds). */
export const METHOD_KINDS = [
  'card',
  'alternative',
  'mobile',
  'display_form',
  'bank_transfer',
  'bet_shop',
] as const;

/** Every scope an operator API key can hold, and what it allows. */
export const OPERATOR_SCOPES = [
  'sessions:write',
  'players:read',
  'players:write',
  'transactions:read',
  'transactions:write',
  'config:read',
  'config:write',
  'clickstream:read',
  'webhooks:read',
  'webhooks:write',
  'reports:read',
  'documents:read',
] as const satisfies readonly OperatorScopeName[];

/** What each scope allows (the OpenAPI document and the command-line client's help show this). */
export const OPERATOR_SCOPE_DESCRIPTIONS: Readonly<Record<OperatorScopeName, string>> = {
  'sessions:write': "Create cashier sessions for the brand's players (and upsert their profile).",
  'players:read': "Read the brand's players and their balances.",
  'players:write': "Update and block the brand's players.",
  'transactions:read': "Read, list and export the brand's transactions.",
  'transactions:write': 'Approve or reject payouts awaiting approval.',
  'config:read': "Read the brand's configuration and its audit trail.",
  'config:write': "Change the brand's configuration (pay groups, currencies, themes, texts, ...).",
  'clickstream:read': "Read the clickstream of the brand's players (their analytics events).",
  'webhooks:read':
    "Read the brand's webhook events, their delivery state and payload, and where they are sent.",
  'webhooks:write': "Send the brand's dead-lettered webhook events again.",
  'reports:read':
    "Read the brand's acceptance figures (insight) and the widget's client error reports of the brand's sessions.",
  'documents:read':
    "List and download the documents the brand's players uploaded to their transactions (a bank transfer's receipt): personal data, so apart from transactions:read.",
};

/** The event types about a refund, by what happened to it. */
export const REFUND_EVENT_TYPES = [
  'refund.requested',
  'refund.succeeded',
  'refund.failed',
] as const;

/** The event types about a transaction, by what happened to it. */
export const TRANSACTION_EVENT_TYPES = [
  'transaction.created',
  'transaction.succeeded',
  'transaction.failed',
  'transaction.reversed',
  'transaction.refunded',
  'payout.awaiting_approval',
] as const;

/** Every event type, in the order docs/webhooks.md lists them. */
export const WEBHOOK_EVENT_TYPES = [
  ...TRANSACTION_EVENT_TYPES,
  ...REFUND_EVENT_TYPES,
  'balance.adjusted',
  'payout_account.verified',
] as const;

/** Where a webhook event stands: pending until delivered, or dead when its attempts ran out. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;

/** The themes the widget ships CSS for (src/themes/themes.css): usable without configuration. */
export const BUILT_IN_THEMES = ['brand0', 'brand1'] as const;

/** The colour properties of the widget's stylesheets (src/themes/*.css). */
export const THEME_COLOR_PROPERTIES = [
  '--cd-color-bg',
  '--cd-color-surface',
  '--cd-color-surface-muted',
  '--cd-color-text',
  '--cd-color-text-muted',
  '--cd-color-border',
  '--cd-color-control-border',
  '--cd-color-link',
  '--cd-color-primary',
  '--cd-color-primary-text',
  '--cd-color-primary-hover',
  '--cd-color-focus',
  '--cd-color-success',
  '--cd-color-error',
  '--cd-color-warning',
  '--cd-color-ribbon',
] as const;

/** The length properties of the widget's stylesheets (corner radii). */
export const THEME_LENGTH_PROPERTIES = ['--cd-radius', '--cd-radius-small'] as const;

/**
 * Every custom property a theme may set. The font stack (`--cd-font`) is the theme's
 * `fonts` field.
 */
export const THEME_PROPERTIES = [...THEME_COLOR_PROPERTIES, ...THEME_LENGTH_PROPERTIES] as const;

/** The longest range one GET /insight may cover, in days (a quarter). */
export const INSIGHT_MAX_DAYS = 93;

/** What the operator's acceptance figures (GET /insight) can be grouped by. */
export const INSIGHT_GROUPS = ['connector', 'method', 'country', 'hour'] as const;

/** One of {@link INSIGHT_GROUPS}. */
export type InsightGroupBy = (typeof INSIGHT_GROUPS)[number];
