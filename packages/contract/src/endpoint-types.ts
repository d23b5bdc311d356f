/**
 * The shape of one row of the endpoint table ({@link ENDPOINTS} in `endpoints.ts`). The server
 * registers its routes from these rows, the widget builds its request paths from them, and the
 * OpenAPI document is generated from them, so a path, schema or error list is written once.
 *
 * @packageDocumentation
 */
import type * as z from 'zod/mini';
import type { ErrorName } from './errors';
import type { StaffPermission } from './staff-access';

/** HTTP methods the cashier-service uses (SPEC §7). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any zod schema of the contract. */
export type AnySchema = z.ZodMiniType;

/** An object schema (path parameters, query, headers). */
export type ObjectSchema = z.ZodMiniObject;

/** How a request body travels. */
export type BodyContentType = 'application/json' | 'multipart/form-data';

/**
 * How a success answer travels. `document`: the bytes of a document a player uploaded, sent as an
 * attachment in the MIME type detected from its bytes when it was uploaded (one of the upload
 * types: pdf, heic, jpeg, png).
 */
export type ResponseContentType =
  'application/json' | 'text/html' | 'text/csv' | 'image/svg+xml' | 'document';

/** One success answer of an endpoint. */
export interface EndpointResponse {
  /** What the answer means. */
  readonly description: string;
  /** The JSON body schema; absent for a non-JSON answer (the 3-D Secure challenge page). */
  readonly schema?: AnySchema;
  /** Default `application/json`. */
  readonly contentType?: ResponseContentType;
}

/** OpenAPI grouping of the endpoints. */
export type EndpointTag =
  | 'deposit'
  | 'payout'
  | 'alternative-payments'
  | 'history'
  | 'user-cards'
  | 'account-management'
  | 'content'
  | 'metrics'
  | 'assets'
  | 'realtime'
  | 'sandbox'
  | 'meta'
  | 'operator-admin'
  | 'operator-sessions'
  | 'operator-players'
  | 'operator-transactions'
  | 'operator-configuration'
  | 'operator-monitoring'
  | 'back-office';

/**
 * Who may call an operator endpoint. `admin`: the deployment's administrator key
 * (OPERATOR_ADMIN_KEY), which creates brands and their API keys; otherwise a brand's API key
 * holding this scope, acting on that brand's resources only.
 */
export type OperatorAccess = 'admin' | OperatorScopeName;

/**
 * Who may make a back-office call: anyone (`public`: signing in, setting a password from a link),
 * a staff member half-way through signing in (`signing-in`: the second factor), any signed-in
 * staff member (`signed-in`), or one whose role holds the permission.
 */
export type StaffAccess = 'public' | 'signing-in' | 'signed-in' | StaffPermission;

/** The scopes an operator API key can hold (the contract's OPERATOR_SCOPES). */
export type OperatorScopeName =
  | 'sessions:write'
  | 'players:read'
  | 'players:write'
  | 'transactions:read'
  | 'transactions:write'
  | 'config:read'
  | 'config:write'
  | 'clickstream:read'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'reports:read'
  | 'documents:read';

/** One endpoint of the cashier-service. */
export interface Endpoint {
  /** Stable identifier (camelCase); the OpenAPI operationId. Never renamed once published. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path in OpenAPI form, parameters in braces: `/api/.../groups/{payGroupId}/select`. */
  readonly path: string;
  readonly tag: EndpointTag;
  /** One line for the OpenAPI summary. */
  readonly summary: string;
  /** Longer description citing the SPEC section; documents any choice the spec left open. */
  readonly description: string;
  /** Whether the call needs the x-session-id header (SPEC §6); without it, error 17. */
  readonly session: boolean;
  /**
   * `false`: a call made for the player but not by them (the host page's balance and one-time
   * code panel, page metrics, a realtime token's renewal) reads the session without counting as
   * activity: it never moves the session's end (SPEC §4 session expiry). Absent: a session call
   * slides the session's end, as every action of the player does.
   */
  readonly extendsSession?: false;
  /** Whether the call takes an Idempotency-Key header (submit and upload). */
  readonly idempotencyKey: boolean;
  /** Whether the route exists only when the server runs in sandbox mode. */
  readonly sandboxOnly: boolean;
  /**
   * An operator API call (`Authorization: Bearer <key>`), with who may call it; absent
   * on the player's calls. An operator call never has `session: true`.
   */
  readonly operator?: OperatorAccess;
  /**
   * A call of the back office's own API (`/api/back-office/v1`), with who may make it; absent
   * elsewhere. Never together with `operator` or `session: true`.
   */
  readonly staff?: StaffAccess;
  /** Path parameters, keyed as in {@link Endpoint.path}. */
  readonly params?: ObjectSchema;
  /** Query parameters. */
  readonly query?: ObjectSchema;
  /** Request headers beyond x-session-id and Idempotency-Key (lower-case names). */
  readonly headers?: ObjectSchema;
  /** Request body. */
  readonly body?: AnySchema;
  /** Default `application/json`; uploads are `multipart/form-data` (not validated by zod). */
  readonly bodyContentType?: BodyContentType;
  /** Success answers by HTTP status. */
  readonly responses: Readonly<Partial<Record<number, EndpointResponse>>>;
  /**
   * The errors this call can answer beyond the ones every call of its kind can (see
   * `endpointErrorNames`: 17 with a session, 1001/1002 with input, 1999 always).
   */
  readonly errors: readonly ErrorName[];
}
