/**
 * Issue 15: the endpoint table of the operator API, `/api/operator/v1`: the operator's backend
 * and scripts (never the player's browser) creating sessions, reading players and transactions
 * and configuring brands. Every row is registered by the server from this table, typed for the
 * command-line client and documented in the OpenAPI document, as the player's calls are
 * (endpoints.ts).
 *
 * Authentication: `Authorization: Bearer <key>`. A brand's API key (`cdk_<id>_<secret>`) acts on
 * that brand only, within its scopes; the administrator key (OPERATOR_ADMIN_KEY) creates brands
 * and mints their keys. Every call that changes something is audited.
 *
 * @packageDocumentation
 */
import type { Endpoint } from './endpoint-types';
import {
  ApiKeyCreateRequest,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeySummary,
  AuditPage,
  BrandApiKeyParams,
  BrandCreateRequest,
  BrandParams,
  BrandSummary,
  BrandUpdateRequest,
  ConfigWriteHeaders,
  PageQuery,
} from './schemas/operator';
import {
  PayoutApprovalSetting,
  PayoutDecisionRequest,
  PayoutDecisionResponse,
} from './schemas/operator-approval';
// --- issue 15 (A): sessions, players and transactions ---
import {
  OperatorPlayer,
  OperatorSessionCreated,
  OperatorSessionRequest,
  PlayerBlockRequest,
  PlayerParams,
  PlayerUpdateRequest,
  VerificationRules,
  VerificationRulesAnswer,
} from './schemas/operator-players';
import {
  OperatorTransaction,
  OperatorTransactionParams,
  TransactionFilterQuery,
  TransactionListQuery,
  TransactionPage,
} from './schemas/operator-transactions';

/** Base of the operator API (issue 15), versioned apart from the player's calls. */
export const OPERATOR_BASE = '/api/operator/v1';

/** Builds one row; the generic keeps each row's exact schema types for the server and client. */
function operatorEndpoint<const T extends Endpoint & { readonly operator: Endpoint['operator'] }>(
  definition: T,
): T {
  return definition;
}

/** Issue 15: every call of the operator API, by stable id. */
export const OPERATOR_ENDPOINTS = {
  operatorBrandCreate: operatorEndpoint({
    id: 'operatorBrandCreate',
    method: 'POST',
    path: `${OPERATOR_BASE}/brands`,
    tag: 'operator-admin',
    summary: 'Create a brand (administrator)',
    description:
      'Creates an empty brand. Administrator key only (OPERATOR_ADMIN_KEY). A brand id already taken answers 409 (1805).',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'admin',
    body: BrandCreateRequest,
    responses: { 201: { description: 'The brand was created.', schema: BrandSummary } },
    errors: ['operatorConflict'],
  }),
  operatorApiKeyCreate: operatorEndpoint({
    id: 'operatorApiKeyCreate',
    method: 'POST',
    path: `${OPERATOR_BASE}/brands/{brandId}/api-keys`,
    tag: 'operator-admin',
    summary: 'Mint an API key of a brand (administrator)',
    description:
      'Mints a key with the given scopes. The answer holds the key once; the server keeps its SHA-256 hash only. Several keys may be active at once (rotation).',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'admin',
    params: BrandParams,
    body: ApiKeyCreateRequest,
    responses: { 201: { description: 'The minted key.', schema: ApiKeyCreated } },
    errors: ['operatorNotFound'],
  }),
  operatorApiKeyList: operatorEndpoint({
    id: 'operatorApiKeyList',
    method: 'GET',
    path: `${OPERATOR_BASE}/brands/{brandId}/api-keys`,
    tag: 'operator-admin',
    summary: 'List the API keys of a brand (administrator)',
    description: 'The keys of the brand, revoked ones included, newest first; never a secret.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'admin',
    params: BrandParams,
    responses: { 200: { description: 'The keys.', schema: ApiKeyList } },
    errors: ['operatorNotFound'],
  }),
  operatorApiKeyRevoke: operatorEndpoint({
    id: 'operatorApiKeyRevoke',
    method: 'DELETE',
    path: `${OPERATOR_BASE}/brands/{brandId}/api-keys/{keyId}`,
    tag: 'operator-admin',
    summary: 'Revoke an API key (administrator)',
    description:
      'Revokes the key at once: its next call answers 401 (1801). Revoking a revoked key changes nothing and answers it again.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'admin',
    params: BrandApiKeyParams,
    responses: { 200: { description: 'The revoked key.', schema: ApiKeySummary } },
    errors: ['operatorNotFound'],
  }),
  operatorBrandGet: operatorEndpoint({
    id: 'operatorBrandGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/brand`,
    tag: 'operator-configuration',
    summary: "The key's brand",
    description:
      'The brand of the calling key and its configuration version (the ETag header too): name that version in If-Match on a configuration write to have it refused (409, 1804) if another write came first.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    responses: { 200: { description: 'The brand.', schema: BrandSummary } },
    errors: [],
  }),
  operatorBrandUpdate: operatorEndpoint({
    id: 'operatorBrandUpdate',
    method: 'PATCH',
    path: `${OPERATOR_BASE}/brand`,
    tag: 'operator-configuration',
    summary: "Change the key's brand",
    description:
      'Changes the brand (only the fields given) and bumps its configuration version. With If-Match naming another version than the current one, nothing is written (409, 1804). Audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    body: BrandUpdateRequest,
    responses: { 200: { description: 'The brand as changed.', schema: BrandSummary } },
    errors: ['operatorVersionConflict'],
  }),
  operatorAuditList: operatorEndpoint({
    id: 'operatorAuditList',
    method: 'GET',
    path: `${OPERATOR_BASE}/audit`,
    tag: 'operator-configuration',
    summary: "The brand's audit trail",
    description:
      "Every operator call that changed something of the key's brand, newest first: who, what, when, before and after. Cursor pagination.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    query: PageQuery,
    responses: { 200: { description: 'A page of the trail.', schema: AuditPage } },
    errors: [],
  }),
  // --- issue 15 (A): sessions, players and transactions ---
  operatorSessionCreate: operatorEndpoint({
    id: 'operatorSessionCreate',
    method: 'POST',
    path: `${OPERATOR_BASE}/sessions`,
    tag: 'operator-sessions',
    summary: 'Start a cashier session for a player',
    description:
      "Upserts the player by the id the brand knows (profile, verification status, own limits) and starts a session of the flow, currency and language; answers the cashier address to embed. The production way to start a session. A currency the brand does not offer in the flow is 400 naming body.currency; a blocked player gets no session (403, 1810). Audited (the player's profile before and after; never the session id).",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'sessions:write',
    body: OperatorSessionRequest,
    responses: { 201: { description: 'The session.', schema: OperatorSessionCreated } },
    errors: ['playerBlocked'],
  }),
  operatorPlayerGet: operatorEndpoint({
    id: 'operatorPlayerGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/players/{external_id}`,
    tag: 'operator-players',
    summary: 'Read a player',
    description:
      "A player of the key's brand: profile, verification status, own limits, blocked flag and balances per currency (reserved and wager remaining included). Another brand's player is 404 (1803).",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'players:read',
    params: PlayerParams,
    responses: { 200: { description: 'The player.', schema: OperatorPlayer } },
    errors: ['operatorNotFound'],
  }),
  operatorPlayerUpdate: operatorEndpoint({
    id: 'operatorPlayerUpdate',
    method: 'PATCH',
    path: `${OPERATOR_BASE}/players/{external_id}`,
    tag: 'operator-players',
    summary: 'Update a player',
    description:
      'Changes the profile, verification status and own limits (only the fields given). New limits hold from the next call of the player’s sessions. Audited with before and after.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'players:write',
    params: PlayerParams,
    body: PlayerUpdateRequest,
    responses: { 200: { description: 'The player as changed.', schema: OperatorPlayer } },
    errors: ['operatorNotFound'],
  }),
  operatorPlayerBlock: operatorEndpoint({
    id: 'operatorPlayerBlock',
    method: 'POST',
    path: `${OPERATOR_BASE}/players/{external_id}/block`,
    tag: 'operator-players',
    summary: 'Block a player',
    description:
      'Blocks the player: their open sessions end at once (their next call answers error 17), no new session is created (1810) and no new payment is accepted. Payments already under way finish as they would (money is never stranded). Blocking a blocked player changes nothing. Audited with before and after.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'players:write',
    params: PlayerParams,
    body: PlayerBlockRequest,
    responses: { 200: { description: 'The player, blocked.', schema: OperatorPlayer } },
    errors: ['operatorNotFound'],
  }),
  operatorPlayerUnblock: operatorEndpoint({
    id: 'operatorPlayerUnblock',
    method: 'POST',
    path: `${OPERATOR_BASE}/players/{external_id}/unblock`,
    tag: 'operator-players',
    summary: 'Unblock a player',
    description:
      'Lifts the block: new sessions may be created again (the ended ones stay ended). Unblocking a player who is not blocked changes nothing. Audited with before and after.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'players:write',
    params: PlayerParams,
    body: PlayerBlockRequest,
    responses: { 200: { description: 'The player, unblocked.', schema: OperatorPlayer } },
    errors: ['operatorNotFound'],
  }),
  operatorVerificationRulesGet: operatorEndpoint({
    id: 'operatorVerificationRulesGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/verification-rules`,
    tag: 'operator-players',
    summary: "The brand's verification rules",
    description:
      'The flows only a verified player may pay in, and the configuration version (also the ETag).',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    responses: { 200: { description: 'The rules.', schema: VerificationRulesAnswer } },
    errors: [],
  }),
  operatorVerificationRulesPut: operatorEndpoint({
    id: 'operatorVerificationRulesPut',
    method: 'PUT',
    path: `${OPERATOR_BASE}/verification-rules`,
    tag: 'operator-players',
    summary: "Replace the brand's verification rules",
    description:
      'Sets the flows only a verified player may pay in (effective at once: the next submit of an unverified player in such a flow is refused with 1811). Bumps the configuration version; with If-Match naming another version nothing is written (409, 1804). Audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    body: VerificationRules,
    responses: { 200: { description: 'The rules as set.', schema: VerificationRulesAnswer } },
    errors: ['operatorVersionConflict'],
  }),
  operatorTransactionGet: operatorEndpoint({
    id: 'operatorTransactionGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/transactions/{transactionId}`,
    tag: 'operator-transactions',
    summary: 'Read a transaction',
    description:
      "One transaction of the key's brand, as its webhook events carry it. Another brand's transaction is 404 (1803).",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'transactions:read',
    params: OperatorTransactionParams,
    responses: { 200: { description: 'The transaction.', schema: OperatorTransaction } },
    errors: ['operatorNotFound'],
  }),
  operatorTransactionList: operatorEndpoint({
    id: 'operatorTransactionList',
    method: 'GET',
    path: `${OPERATOR_BASE}/transactions`,
    tag: 'operator-transactions',
    summary: 'List transactions',
    description:
      "The brand's transactions, newest first, filtered by status, flow, player, currency, creation time (from inclusive, to exclusive), pay group and method kind. Cursor pagination (keyset on creation time and id): a walk returns every row exactly once even while new transactions are made. A cursor this server did not make is 400 naming query.cursor.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'transactions:read',
    query: TransactionListQuery,
    responses: { 200: { description: 'A page of transactions.', schema: TransactionPage } },
    errors: [],
  }),
  operatorTransactionExport: operatorEndpoint({
    id: 'operatorTransactionExport',
    method: 'GET',
    path: `${OPERATOR_BASE}/transactions.csv`,
    tag: 'operator-transactions',
    summary: 'Export transactions as CSV',
    description:
      'The transactions the same filters select, newest first, streamed as CSV (RFC 4180: a header row, CRLF line ends, quoted where needed). Amounts are exact decimal strings. A cell starting with =, +, - or @ is prefixed with an apostrophe so that a spreadsheet never runs it as a formula.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'transactions:read',
    query: TransactionFilterQuery,
    responses: { 200: { description: 'The CSV file.', contentType: 'text/csv' } },
    errors: [],
  }),
  // --- payout approval (issue 15) ---------------------------------------------------------------
  operatorPayoutApprovalGet: operatorEndpoint({
    id: 'operatorPayoutApprovalGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/payout-approval`,
    tag: 'operator-transactions',
    summary: "Whether the brand's withdrawals need approval",
    description:
      "Whether the brand's withdrawals wait for the operator's approval (approve or reject) before they are sent.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    responses: { 200: { description: 'The setting.', schema: PayoutApprovalSetting } },
    errors: [],
  }),
  operatorPayoutApprovalSet: operatorEndpoint({
    id: 'operatorPayoutApprovalSet',
    method: 'PUT',
    path: `${OPERATOR_BASE}/payout-approval`,
    tag: 'operator-transactions',
    summary: "Require (or stop requiring) approval of the brand's withdrawals",
    description:
      'Sets whether withdrawals created from now on wait for approval. Withdrawals already waiting keep waiting for a decision. A configuration write: bumps the version, honours If-Match, audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    body: PayoutApprovalSetting,
    responses: { 200: { description: 'The setting as changed.', schema: PayoutApprovalSetting } },
    errors: ['operatorVersionConflict'],
  }),
  operatorPayoutApprove: operatorEndpoint({
    id: 'operatorPayoutApprove',
    method: 'POST',
    path: `${OPERATOR_BASE}/transactions/{transactionId}/approve`,
    tag: 'operator-transactions',
    summary: 'Approve a withdrawal awaiting approval',
    description:
      'Sends the withdrawal to its provider at once (with the transaction id as the idempotency key, recovered by the reconciler if the server stops) and answers it as the provider answered. A withdrawal that no longer awaits approval (approved, rejected or reversed by the player first) answers 409 (1805) and changes nothing. Audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'transactions:write',
    params: OperatorTransactionParams,
    body: PayoutDecisionRequest,
    responses: { 200: { description: 'The withdrawal.', schema: PayoutDecisionResponse } },
    errors: ['operatorNotFound', 'operatorConflict'],
  }),
  operatorPayoutReject: operatorEndpoint({
    id: 'operatorPayoutReject',
    method: 'POST',
    path: `${OPERATOR_BASE}/transactions/{transactionId}/reject`,
    tag: 'operator-transactions',
    summary: 'Reject a withdrawal awaiting approval',
    description:
      'Fails the withdrawal (decline_reason rejected) and returns its amount to the balance, once. A withdrawal that no longer awaits approval answers 409 (1805) and changes nothing. Audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'transactions:write',
    params: OperatorTransactionParams,
    body: PayoutDecisionRequest,
    responses: { 200: { description: 'The withdrawal.', schema: PayoutDecisionResponse } },
    errors: ['operatorNotFound', 'operatorConflict'],
  }),
} as const;

/** The id of one endpoint of {@link OPERATOR_ENDPOINTS}. */
export type OperatorEndpointId = keyof typeof OPERATOR_ENDPOINTS;
