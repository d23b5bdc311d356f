/**
 * Request headers (SPEC §6, §7): every call carries the session id; card calls also carry the
 * stored fingerprint.
 *
 * @packageDocumentation
 */

/** SPEC §6: the session header name. */
export const SESSION_HEADER = 'x-session-id';
/** SPEC §7: the fingerprint header name. */
const FINGERPRINT_HEADER = 'X-Fingerprint';
/** SPEC §6, §8: the error text of a missing session id. */
export const NO_SESSION_ID_MESSAGE = 'no sessionId';

/** SPEC §6: the headers of a cashier call. */
export interface RequestHeaders {
  readonly 'x-session-id': string;
  readonly 'X-Fingerprint'?: string;
}

/** SPEC §6, §8: the typed error for a missing session id. */
export interface NoSessionIdError {
  readonly code: 'no-session-id';
  readonly message: typeof NO_SESSION_ID_MESSAGE;
}

/** SPEC §6: headers, or the missing-session error. */
export type RequestHeadersResult =
  | { readonly ok: true; readonly headers: RequestHeaders }
  | { readonly ok: false; readonly error: NoSessionIdError };

/** SPEC §6, §7: what {@link buildRequestHeaders} reads. */
export interface RequestHeadersInput {
  /** The session id (stored, else the session_id query parameter). */
  readonly sessionId: string | null | undefined;
  /**
   * The fingerprint stored under PH_fingerprint. Pass it for the calls that send it (the
   * /user-cards calls of SPEC §7); it is added only when non-empty.
   */
  readonly fingerprint?: string | null | undefined;
}

/**
 * SPEC §6: builds the request headers. Without a session id (missing or blank) building headers
 * is an error: the spec's "throws an error" becomes a typed `no sessionId` result so the caller
 * decides how to fail the request.
 */
export function buildRequestHeaders(input: RequestHeadersInput): RequestHeadersResult {
  const sessionId = input.sessionId?.trim() ?? '';
  if (sessionId === '') {
    return { ok: false, error: { code: 'no-session-id', message: NO_SESSION_ID_MESSAGE } };
  }
  const fingerprint = input.fingerprint?.trim() ?? '';
  return {
    ok: true,
    headers:
      fingerprint === ''
        ? { 'x-session-id': sessionId }
        : { 'x-session-id': sessionId, [FINGERPRINT_HEADER]: fingerprint },
  };
}

/**
 * SPEC §4 session expiry: the answer header of every call made under a session, saying in how many
 * milliseconds the session ends unless the player acts (a whole number). The server slides the
 * session with the player's calls, so only its answer knows the end; a duration, not an instant,
 * so that the browser's clock need not agree with the server's.
 */
export const SESSION_EXPIRES_IN_HEADER = 'x-session-expires-in';

/** The longest a session may be said to last: a day, far beyond any session lifetime. */
const MAX_SESSION_EXPIRES_IN_MS = 86_400_000;

/**
 * SPEC §4: reads {@link SESSION_EXPIRES_IN_HEADER}: the milliseconds left as a whole number of at
 * most a day, or `null` for an absent or malformed value (digits only: no sign, no fraction).
 */
export function parseSessionExpiresIn(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^[0-9]{1,9}$/.test(text)) return null;
  const ms = Number(text);
  return ms <= MAX_SESSION_EXPIRES_IN_MS ? ms : null;
}
