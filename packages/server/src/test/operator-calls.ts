/**
 * Calls of the operator API for the integration tests, over real HTTP with a bearer
 * key, and a brand with a key of every scope set up through the administrator calls (never SQL).
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { ApiKeyCreated, OPERATOR_BASE, OPERATOR_SCOPES } from '@cashdesk/contract';
import type { OperatorScopeName } from '@cashdesk/contract';
import type { TestServer } from './harness';

/** The administrator key the operator tests start their servers with (OPERATOR_ADMIN_KEY). */
export const TEST_ADMIN_KEY = 'test-operator-admin-key-0123456789abcdef';

/** The environment that enables the administrator calls. */
export const OPERATOR_ENV: Readonly<Record<string, string>> = {
  OPERATOR_ADMIN_KEY: TEST_ADMIN_KEY,
};

/** An answer of the operator API. */
export interface OperatorAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
  /** The raw text (CSV exports). */
  readonly text: string;
}

/** Options of one call. */
export interface OperatorCallOptions {
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * One call: `path` relative to /api/operator/v1 (or absolute when it starts with /api/), with
 * `key` as the bearer token (`null`: no Authorization header).
 */
export async function operatorCall(
  server: Pick<TestServer, 'baseUrl'>,
  method: string,
  path: string,
  key: string | null,
  options: OperatorCallOptions = {},
): Promise<OperatorAnswer> {
  const url = `${server.baseUrl}${path.startsWith('/api/') ? path : `${OPERATOR_BASE}${path}`}`;
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') {
    body = JSON.parse(text);
  }
  return { status: response.status, body, headers: response.headers, text };
}

/** A brand created through the administrator calls, with keys. */
export interface OperatorBrand {
  readonly brandId: string;
  /** A key holding every scope. */
  readonly key: string;
  readonly keyId: string;
}

/** A fresh brand id (unique per call, so tests never meet each other's brands). */
export function freshBrandId(prefix = 'op'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Mints a key of `brandId` with `scopes` (default: every scope). */
export async function mintKey(
  server: Pick<TestServer, 'baseUrl'>,
  brandId: string,
  scopes: readonly OperatorScopeName[] = OPERATOR_SCOPES,
  label = 'test',
): Promise<ApiKeyCreated> {
  const answer = await operatorCall(server, 'POST', `/brands/${brandId}/api-keys`, TEST_ADMIN_KEY, {
    body: { label, scopes },
  });
  if (answer.status !== 201) throw new Error(`mint key: ${answer.status} ${answer.text}`);
  return ApiKeyCreated.parse(answer.body);
}

/** Creates an empty brand and a key of every scope for it (the server needs OPERATOR_ENV). */
export async function createOperatorBrand(
  server: Pick<TestServer, 'baseUrl'>,
  brandId = freshBrandId(),
): Promise<OperatorBrand> {
  const created = await operatorCall(server, 'POST', '/brands', TEST_ADMIN_KEY, {
    body: { id: brandId, name: `Brand ${brandId}` },
  });
  if (created.status !== 201) throw new Error(`create brand: ${created.status} ${created.text}`);
  const minted = await mintKey(server, brandId);
  return { brandId, key: minted.key, keyId: minted.id };
}

/** The code and field of an error answer's body (`undefined` where it has none). */
export function errorFields(body: unknown): { code: unknown; field: unknown } {
  if (typeof body !== 'object' || body === null) return { code: undefined, field: undefined };
  return {
    code: 'error_code' in body ? body.error_code : undefined,
    field: 'error_field' in body ? body.error_field : undefined,
  };
}

/** The `error_code` of an error answer's body (`undefined` when there is none). */
export function errorCode(body: unknown): unknown {
  return errorFields(body).code;
}
