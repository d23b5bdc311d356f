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

/** SPEC §4: what the server's answer says of the session ({@link sessionExpiryFromServer}). */
export interface ServerExpiryInput {
  /** When the answer arrived (Date or epoch ms). */
  readonly now: Date | number;
  /** Milliseconds the session has left by the server's answer (`x-session-expires-in`). */
  readonly remainingMs: number;
}

/**
 * SPEC §4: the expiration time stored from a server's answer. The server slides a session with
 * the player's calls and never moves its end back, so of two answers the later end is the true
 * one (an answer overtaken by a slower one says less, never more): the stored time only grows.
 * Nothing left means expired; an expired session stays expired (only a new session, a state of
 * its own, lives again). An invalid `now` or duration changes nothing.
 */
export function sessionExpiryFromServer(
  state: SessionExpiryState,
  input: ServerExpiryInput,
): SessionExpiryState {
  const now = toEpochMs(input.now);
  if (state.isSessionExpired || now === null || !Number.isFinite(input.remainingMs)) return state;
  if (input.remainingMs <= 0) return setSessionExpired(state);
  const end = now + input.remainingMs;
  const stored = state.sessionExpirationTime;
  return {
    isSessionExpired: false,
    sessionExpirationTime: stored === null ? end : Math.max(stored, end),
  };
}

/**
 * SPEC §4: milliseconds until the stored expiration time (0 once it has passed), or `null` while
 * no time is stored or the session is already expired: when to check the session again.
 */
export function msUntilSessionExpiry(state: SessionExpiryState, now: Date | number): number | null {
  const at = toEpochMs(now);
  if (state.isSessionExpired || state.sessionExpirationTime === null || at === null) return null;
  return Math.max(0, state.sessionExpirationTime - at);
}
