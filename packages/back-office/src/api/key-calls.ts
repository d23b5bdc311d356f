/**
 * The brand's operator API keys (`/brands/{brandId}/api-keys`): list, mint (the answer holds the
 * secret, this once) and revoke. The brand is the session's: a brand's staff name their own, an
 * administrator the brand picked in the top bar.
 */
import { OPERATOR_BASE } from '@cashdesk/contract/values';
import type { ApiKeyCreated, ApiKeySummary, OperatorScopeName } from '@cashdesk/contract';
import { call } from './http';

export type { ApiKeyCreated, ApiKeySummary, OperatorScopeName };

const keysPath = (brandId: string): string =>
  `${OPERATOR_BASE}/brands/${encodeURIComponent(brandId)}/api-keys`;

export const listApiKeys = (brandId: string): Promise<{ readonly keys: ApiKeySummary[] }> =>
  call('GET', keysPath(brandId));

export const mintApiKey = (
  brandId: string,
  request: { readonly label: string; readonly scopes: readonly OperatorScopeName[] },
): Promise<ApiKeyCreated> => call('POST', keysPath(brandId), { body: request });

export const revokeApiKey = (brandId: string, keyId: string): Promise<ApiKeySummary> =>
  call('DELETE', `${keysPath(brandId)}/${encodeURIComponent(keyId)}`);
