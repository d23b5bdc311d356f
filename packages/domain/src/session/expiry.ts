/**
 * Session expiry (SPEC §4 session). Pure: the current time and the stored state are parameters,
 * and the result says what to store.
 *
 * @packageDocumentation
 */
import { TIMEOUT_LONG_MS, TIMEOUT_SHORT_MS } from '../constants';
import { toEpochMs } from '../methods/instant';

/**
 * SPEC §4, §9: named session lifetimes. The spec says the short and long session expiry values
 * are not shown; it does name two timeouts, L = 900000 ms and S = 300000 ms, and this package
 * uses them as the defaults: long (15 minutes) for an ordinary cashier session, short (5 minutes)
 * for callers that want a tighter window. The widget chooses; the rules never assume one.
 */
export const SESSION_LIFETIME_MS = {
  long: TIMEOUT_LONG_MS,
  short: TIMEOUT_SHORT_MS,
} as const;

/** SPEC §3, §4: the expiry part of the shared session state. */
export interface SessionExpiryState {
  readonly isSessionExpired: boolean;
  /** Epoch milliseconds after which the session is expired, `null` when none is stored yet. */
  readonly sessionExpirationTime: number | null;
}

/** SPEC §4: the starting expiry state: not expired, no expiration time stored. */
export const INITIAL_SESSION_EXPIRY: SessionExpiryState = {
  isSessionExpired: false,
  sessionExpirationTime: null,
};

/** SPEC §4: what {@link checkSessionExpiry} reads. */
export interface SessionExpiryInput {
  readonly state: SessionExpiryState;
  /** The saved session id. */
  readonly sessionId: string | null | undefined;
  /** The current time (Date or epoch ms). */
  readonly now: Date | number;
  /** Whether the page is an LLA page (they never extend the expiration). */
  readonly isLla: boolean;
  /** Length of a new expiration window; default {@link SESSION_LIFETIME_MS}.long. */
  readonly lifetimeMs?: number | undefined;
}

/**
 * SPEC §4: the session is expired if it was already set expired, the expiration time has passed
 * (`now` at or after it), or no session id is saved. A session that is still valid on a non-LLA
 * page gets a new expiration time `now + lifetimeMs` (a sliding window: activity keeps it alive);
 * an expired session keeps its time, because extending it would silently revive it. LLA pages
 * never store a new time. An invalid `now` or lifetime counts as expired, failing safe.
 */
export function checkSessionExpiry(input: SessionExpiryInput): SessionExpiryState {
  const now = toEpochMs(input.now);
  const lifetime = input.lifetimeMs ?? SESSION_LIFETIME_MS.long;
  const { sessionExpirationTime } = input.state;
  if (now === null) return { isSessionExpired: true, sessionExpirationTime };
  const noSession =
    input.sessionId === null || input.sessionId === undefined || input.sessionId.trim() === '';
  const expired =
    input.state.isSessionExpired ||
    noSession ||
    !Number.isFinite(lifetime) ||
    lifetime <= 0 ||
    (sessionExpirationTime !== null && now >= sessionExpirationTime);
  if (expired) return { isSessionExpired: true, sessionExpirationTime };
  return {
    isSessionExpired: false,
    sessionExpirationTime: input.isLla ? sessionExpirationTime : now + lifetime,
  };
}

/** SPEC §4, §8: sets the session expired directly (for example on error code 17). */
export function setSessionExpired(state: SessionExpiryState): SessionExpiryState {
  return { isSessionExpired: true, sessionExpirationTime: state.sessionExpirationTime };
}
