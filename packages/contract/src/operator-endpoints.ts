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
  OperatorTransactionParams,
  PayoutApprovalSetting,
  PayoutDecisionRequest,
  PayoutDecisionResponse,
} from './schemas/operator-approval';
// Issue 15, area C (appearance): themes and text overrides.
import {
  TextsAnswer,
  TextsParams,
  TextsWriteRequest,
  Theme,
  ThemeDefault,
  ThemeDefaultRequest,
  ThemeList,
  ThemeParams,
  ThemeWriteRequest,
} from './schemas/operator-appearance';

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
  // Issue 15, area C (appearance): themes, the default theme and text overrides per language.
  operatorThemeList: operatorEndpoint({
    id: 'operatorThemeList',
    method: 'GET',
    path: `${OPERATOR_BASE}/themes`,
    tag: 'operator-configuration',
    summary: "The brand's themes",
    description:
      "The brand's themes (custom properties, fonts, logo), the built-in themes every brand has and the brand's default theme.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    responses: { 200: { description: 'The themes.', schema: ThemeList } },
    errors: [],
  }),
  operatorThemeGet: operatorEndpoint({
    id: 'operatorThemeGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/themes/{name}`,
    tag: 'operator-configuration',
    summary: 'One theme',
    description: 'One theme of the brand by name; 404 (1803) when the brand has none of that name.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    params: ThemeParams,
    responses: { 200: { description: 'The theme.', schema: Theme } },
    errors: ['operatorNotFound'],
  }),
  operatorThemePut: operatorEndpoint({
    id: 'operatorThemePut',
    method: 'PUT',
    path: `${OPERATOR_BASE}/themes/{name}`,
    tag: 'operator-configuration',
    summary: 'Create or replace a theme',
    description:
      "Creates the theme or replaces it whole: the widget's CSS custom properties (checked by name and value grammar), a font-family stack and a logo (PNG or script-free SVG, served by the cashier). Any name of 1-32 of [a-z0-9_-]; a theme named brand0 or brand1 replaces that built-in theme's values. Bumps the configuration version (If-Match honoured) and is audited. Effective for the next widget start, without a rebuild or restart.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    params: ThemeParams,
    body: ThemeWriteRequest,
    responses: {
      200: { description: 'The theme as stored.', schema: Theme },
    },
    errors: ['operatorVersionConflict', 'appearanceLogoInvalid'],
  }),
  operatorThemeDelete: operatorEndpoint({
    id: 'operatorThemeDelete',
    method: 'DELETE',
    path: `${OPERATOR_BASE}/themes/{name}`,
    tag: 'operator-configuration',
    summary: 'Delete a theme',
    description:
      'Deletes a theme of the brand (a built-in theme of that name then shows its shipped CSS again). The default theme cannot be deleted (409, 1831). Sessions naming a deleted theme show the unsupported-theme message (SPEC §2). Bumps the configuration version and is audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    params: ThemeParams,
    responses: { 200: { description: 'The deleted theme.', schema: Theme } },
    errors: ['operatorNotFound', 'operatorVersionConflict', 'appearanceThemeInUse'],
  }),
  operatorThemeDefaultGet: operatorEndpoint({
    id: 'operatorThemeDefaultGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/theme-default`,
    tag: 'operator-configuration',
    summary: "The brand's default theme",
    description:
      "The theme of the brand's sessions that name none (brand0 until the operator chooses).",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    responses: { 200: { description: 'The default theme.', schema: ThemeDefault } },
    errors: [],
  }),
  operatorThemeDefaultPut: operatorEndpoint({
    id: 'operatorThemeDefaultPut',
    method: 'PUT',
    path: `${OPERATOR_BASE}/theme-default`,
    tag: 'operator-configuration',
    summary: "Choose the brand's default theme",
    description:
      'Makes a theme of the brand, or a built-in one, the default: sessions created afterwards without a theme get it. An unknown name answers 400 (1830). Bumps the configuration version and is audited.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    body: ThemeDefaultRequest,
    responses: { 200: { description: 'The default theme.', schema: ThemeDefault } },
    errors: ['operatorVersionConflict', 'appearanceThemeUnknown'],
  }),
  operatorTextsGet: operatorEndpoint({
    id: 'operatorTextsGet',
    method: 'GET',
    path: `${OPERATOR_BASE}/texts/{language}`,
    tag: 'operator-configuration',
    summary: 'Text overrides of a language',
    description:
      "The brand's text overrides of one language (any language code, shipped by the widget or not); empty when it has none.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:read',
    params: TextsParams,
    responses: { 200: { description: 'The overrides.', schema: TextsAnswer } },
    errors: [],
  }),
  operatorTextsPut: operatorEndpoint({
    id: 'operatorTextsPut',
    method: 'PUT',
    path: `${OPERATOR_BASE}/texts/{language}`,
    tag: 'operator-configuration',
    summary: 'Replace the text overrides of a language',
    description:
      "Replaces the brand's text overrides of one language: message key to text. Keys must be the widget's (400 naming body.texts.<key> otherwise), each text with exactly the {{placeholders}} of the English text. A language the widget does not ship (German) shows these texts and English for every other key. Bumps the configuration version and is audited; the widget reads them at its next start.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    operator: 'config:write',
    headers: ConfigWriteHeaders,
    params: TextsParams,
    body: TextsWriteRequest,
    responses: { 200: { description: 'The overrides as stored.', schema: TextsAnswer } },
    errors: ['operatorVersionConflict'],
  }),
  // End of area C (appearance).
} as const;

/** The id of one endpoint of {@link OPERATOR_ENDPOINTS}. */
export type OperatorEndpointId = keyof typeof OPERATOR_ENDPOINTS;
