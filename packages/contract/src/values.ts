/**
 * The contract's plain values, without a schema: the bases and headers of the APIs and the status
 * and method kind lists. A browser bundle that needs these but validates nothing with zod (the
 * back office) imports `@cashdesk/contract/values` (and the staff access tables from
 * `@cashdesk/contract/staff-access`) and leaves the schemas out; everything here is also exported
 * by the package's main entry.
 *
 * @packageDocumentation
 */

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
