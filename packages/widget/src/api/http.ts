/**
 * One typed HTTP call of the contract's endpoint table (SPEC §7, §8): builds the path from the
 * row, sends x-session-id (and X-Fingerprint, Idempotency-Key when given), validates the answer
 * with the row's zod schema, and turns every failure into the query error shape of SPEC §8
 * (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, or the HTTP status with its data) with the error
 * code and message extracted once.
 *
 * @packageDocumentation
 */
import { buildPath } from '@cashdesk/contract';
import type { Endpoint, PathParams } from '@cashdesk/contract';
import {
  buildRequestHeaders,
  isSessionExpiredError,
  normaliseSubmitError,
  parseSessionExpiresIn,
  SESSION_EXPIRED_CODE,
  SESSION_EXPIRES_IN_HEADER,
} from '@cashdesk/domain';
import type { QueryErrorStatus } from '@cashdesk/domain';
import type * as z from 'zod/mini';
import { environmentHeaders } from './client-environment';

/** SPEC §8: a failed call as the widget keeps it. */
export interface ApiError {
  /** HTTP status, or a query error status when no HTTP answer was usable. */
  readonly status: number | QueryErrorStatus;
  /** The answer's body when there was one (the server's {error_code, error_message}). */
  readonly data: unknown;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** The success body type of an endpoint row. */
export type ResponseOf<E extends Endpoint> = E['responses'][200] extends { schema: infer S }
  ? S extends z.ZodMiniType
    ? z.output<S>
    : never
  : never;

/** The body an endpoint row accepts, as sent. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType
  ? z.input<E['body']>
  : never;

/** What one call needs besides its endpoint. */
export interface CallOptions<E extends Endpoint> {
  readonly pathParams?: PathParams<E['path']>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: BodyOf<E> | FormData;
  readonly sessionId: string | null;
  readonly fingerprint?: string | null;
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** Milliseconds before the call gives up with TIMEOUT_ERROR; default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** A response already in flight for this exact call (the shell's init prefetch). */
  readonly pending?: Promise<Response> | null;
  /** Sent even when the page goes meanwhile (fetch `keepalive`: page metrics sent at hiding). */
  readonly keepalive?: boolean;
}

/** A settled call: data or error, never a throw. */
export type CallResult<T> = { readonly data: T } | { readonly error: ApiError };

/** Requests give up after this long (SPEC §9 timeout S is 300000 ms; a cashier call is far shorter). */
export const DEFAULT_TIMEOUT_MS = 30_000;

function failure(status: number | QueryErrorStatus, data: unknown): { error: ApiError } {
  const normalised = normaliseSubmitError({ status, data });
  return {
    error: {
      status,
      data,
      errorCode: normalised.errorCode,
      errorMessage: normalised.errorMessage,
    },
  };
}

/** Whether a mutation's or query's error is an {@link ApiError} (every call of this module's). */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'errorCode' in value;
}

/**
 * A call's error as an {@link ApiError}: RTK's own serialized error (a thrown callback) reads as
 * no answer (FETCH_ERROR), which is what the player can act on: try again.
 */
export function asApiError(value: unknown): ApiError {
  return isApiError(value)
    ? value
    : { status: 'FETCH_ERROR', data: null, errorCode: null, errorMessage: null };
}

/** Whether an error means the session is over (SPEC §8 code 17, by the domain's one rule). */
export function isSessionExpiredApiError(error: ApiError): boolean {
  return isSessionExpiredError(error);
}

function requestHeaders<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
): { headers: Record<string, string> } | { error: ApiError } {
  // SPEC §1: the channel, platform and device go with every call.
  const headers: Record<string, string> = { accept: 'application/json', ...environmentHeaders() };
  if (endpoint.session) {
    const built = buildRequestHeaders({
      sessionId: options.sessionId,
      fingerprint: options.fingerprint,
    });
    // SPEC §6: no session id, no call; it is the same situation as an expired session.
    if (!built.ok) {
      return failure(401, { error_code: SESSION_EXPIRED_CODE, error_message: built.error.message });
    }
    Object.assign(headers, built.headers);
  }
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers['content-type'] = 'application/json';
  }
  return { headers };
}

function requestUrl<E extends Endpoint>(endpoint: E, options: CallOptions<E>): string {
  const path =
    options.pathParams === undefined ? endpoint.path : buildPath(endpoint, options.pathParams);
  const query = new URLSearchParams(options.query ?? {}).toString();
  return query === '' ? path : `${path}?${query}`;
}

async function readJson(
  response: Response,
): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: null };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false, text };
  }
}

/** Hears every call's endpoint id and outcome (for the error reporter's breadcrumbs). */
export type CallObserver = (endpointId: string, status: number | QueryErrorStatus) => void;

let callObserver: CallObserver | null = null;

/** Sets the one observer of calls (`null` removes it); returns the function that removes it. */
export function observeCalls(observer: CallObserver | null): () => void {
  callObserver = observer;
  return () => {
    if (callObserver === observer) callObserver = null;
  };
}

/**
 * Hears how long the session has left, from every answer that says it (SPEC §4 session expiry:
 * the server's `x-session-expires-in`), as the milliseconds left when the answer arrived.
 */
export type SessionTimeObserver = (remainingMs: number) => void;

let sessionTimeObserver: SessionTimeObserver | null = null;

/** Sets the one observer of the session's time left; returns the function that removes it. */
export function observeSessionTime(observer: SessionTimeObserver): () => void {
  sessionTimeObserver = observer;
  return () => {
    if (sessionTimeObserver === observer) sessionTimeObserver = null;
  };
}

function reportSessionTime(response: Response): void {
  const remainingMs = parseSessionExpiresIn(response.headers.get(SESSION_EXPIRES_IN_HEADER));
  const observer = sessionTimeObserver;
  if (remainingMs === null || observer === null) return;
  try {
    observer(remainingMs);
  } catch {
    // An observer never fails a call.
  }
}

/** Sends one call of the endpoint table and validates its answer. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<CallResult<ResponseOf<E>>> {
  const result = await callEndpointOnce(endpoint, options);
  const observer = callObserver;
  if (observer !== null) {
    try {
      observer(endpoint.id, 'error' in result ? result.error.status : 200);
    } catch {
      // An observer never fails a call.
    }
  }
  return result;
}

async function callEndpointOnce<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<CallResult<ResponseOf<E>>> {
  const prepared = requestHeaders(endpoint, options);
  if ('error' in prepared) return prepared;
  const { headers } = prepared;
  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal =
    options.signal === undefined
      ? timeout.signal
      : AbortSignal.any([options.signal, timeout.signal]);
  let response: Response;
  try {
    response =
      (await options.pending) ??
      (await fetch(requestUrl(endpoint, options), {
        method: endpoint.method,
        headers,
        body:
          options.body === undefined
            ? null
            : options.body instanceof FormData
              ? options.body
              : JSON.stringify(options.body),
        signal,
        credentials: 'same-origin',
        keepalive: options.keepalive === true,
      }));
  } catch (error) {
    clearTimeout(timer);
    if (timeout.signal.aborted) return failure('TIMEOUT_ERROR', { error_message: 'timeout' });
    return failure('FETCH_ERROR', {
      error_message: error instanceof Error ? error.message : 'network error',
    });
  }
  reportSessionTime(response);
  let body: Awaited<ReturnType<typeof readJson>>;
  try {
    body = await readJson(response);
  } catch {
    clearTimeout(timer);
    return failure(timeout.signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', null);
  }
  clearTimeout(timer);
  if (!body.ok) return failure('PARSING_ERROR', body.text);
  if (!response.ok) return failure(response.status, body.value);
  const schema = endpoint.responses[200]?.schema;
  if (schema === undefined) return failure('PARSING_ERROR', body.value);
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return failure('PARSING_ERROR', body.value);
  return { data: narrow<E>(parsed.data) };
}

/**
 * The schema of the endpoint's 200 answer produced this value, so it is the endpoint's response
 * type; TypeScript cannot follow that through the generic row, and casts are banned, so this one
 * identity function states it.
 */
function narrow<E extends Endpoint>(value: unknown): ResponseOf<E>;
function narrow(value: unknown): unknown {
  return value;
}
