/**
 * The one way the back office calls the server: same-origin fetch under the staff session cookie,
 * the session's CSRF token on every call that changes something, the brand an administrator
 * chose in `x-brand-id`, and errors as {@link ApiError} carrying the server's error code.
 */
import { STAFF_BRAND_HEADER, STAFF_CSRF_HEADER } from '@cashdesk/contract/values';

/** The error code of "no staff session, or it ended" (staffSignedOut). */
const SIGNED_OUT_CODE = '1853';

/** An answer that was not a success: the server's error code (or `network`) and status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    /** The field a 400 names (error_field), if any. */
    readonly field: string | undefined,
    /** Seconds the server asks to wait (Retry-After of a lockout), if it said. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(`HTTP ${String(status)} (${code})`);
  }
}

interface RequestContext {
  csrfToken: string;
  brandId: string | undefined;
}

const context: RequestContext = { csrfToken: '', brandId: undefined };
const signedOutListeners = new Set<() => void>();

/** Sets what every later call carries: the session's CSRF token and the chosen brand. */
export function setRequestContext(csrfToken: string, brandId: string | undefined): void {
  context.csrfToken = csrfToken;
  context.brandId = brandId;
}

/** Calls `listener` whenever a call finds the session ended (or may have); returns the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

/** A query's values; an empty or absent value is left out. */
export type Query = Readonly<Record<string, string | undefined>>;

/** A path with its query string. */
export function withQuery(path: string, query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, value);
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** What one call takes. */
export interface CallOptions {
  readonly query?: Query;
  readonly body?: unknown;
  /** The Idempotency-Key of a call that requires one (a refund, an adjustment). */
  readonly idempotencyKey?: string;
  /** The configuration version a configuration write was read at (If-Match; 1804 if stale). */
  readonly ifMatch?: number;
  /** Whether an ended session should send everyone back to sign-in (default true). */
  readonly reportSignedOut?: boolean;
}

async function errorOf(response: Response): Promise<ApiError> {
  let code = String(response.status);
  let field: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const errorCode: unknown = Reflect.get(body, 'error_code');
      const errorField: unknown = Reflect.get(body, 'error_field');
      if (typeof errorCode === 'string') code = errorCode;
      if (typeof errorField === 'string') field = errorField;
    }
  } catch {
    // Not JSON: the status stands for the code.
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? '');
  return new ApiError(
    response.status,
    code,
    field,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** Sends a call with the session's headers; a failure becomes an {@link ApiError}. */
async function send(
  method: string,
  path: string,
  options: CallOptions,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (method !== 'GET') headers[STAFF_CSRF_HEADER] = context.csrfToken;
  if (context.brandId !== undefined) headers[STAFF_BRAND_HEADER] = context.brandId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.ifMatch !== undefined) headers['if-match'] = `"${String(options.ifMatch)}"`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'network', undefined, undefined);
  }
  if (!response.ok) {
    const error = await errorOf(response);
    // 1853, or a 401 of the operator API, which answers a call without a session cookie as one
    // without its API key: the session may have ended, and the listeners check.
    if (
      (error.code === SIGNED_OUT_CODE || error.status === 401) &&
      options.reportSignedOut !== false
    ) {
      for (const listener of signedOutListeners) listener();
    }
    throw error;
  }
  return response;
}

/**
 * The answer of a call, as `T` (the contract's type of the call's answer). It is not parsed with
 * the contract's schemas: the answer comes from the back office's own origin, whose server checks
 * its answers against the same schemas, and zod would add its weight to every screen
 * (docs/decisions/0106-back-office-app.md).
 */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  // The one unchecked step of the app: the answer is taken as the contract's type (see above).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
  const answer: T = await response.json();
  return answer;
}

/** A call answered 204 No Content. */
export async function callNoContent(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<void> {
  await send(method, path, options, 'application/json');
}

/** A file a GET answers: its bytes and the answer's Content-Disposition header. */
export interface Download {
  readonly blob: Blob;
  /** The header that names the attachment, when the answer has one. */
  readonly disposition: string | null;
}

/** A file a GET answers (a CSV export, a player's document), under the session. */
export async function download(path: string, accept: string): Promise<Download> {
  const response = await send('GET', path, {}, accept);
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

/** A fresh Idempotency-Key for one user action (a retry of the same action reuses it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
