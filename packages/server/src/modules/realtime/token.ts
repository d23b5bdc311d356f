/**
 * The realtime connection token, the init answer's `auth_token` (SPEC §3, §7): a JWT
 * signed with HS256 (HMAC-SHA-256 of `node:crypto`, keyed by the server's secret), as Centrifugo
 * reads connection tokens, so the widget's `centrifuge` client hands it over unchanged whether it
 * talks to this server's hub or to a Centrifugo cluster configured with the same secret.
 *
 * Claims: `sub` the session's player, `ses` the session's channel key (channels.ts: derived from
 * the session id, never the id itself, so neither the token nor a channel name carries the
 * credential of the HTTP API), `exp` (seconds) at most {@link TOKEN_LIFETIME_S} ahead and not
 * before the session's expiry second ends, `iat`.
 *
 * @packageDocumentation
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A connection token lives this long at most; the client asks for a new one before (SPEC §4). */
export const TOKEN_LIFETIME_S = 600;

/** What a valid connection token says. */
export interface ConnectionClaims {
  /** The player's id. */
  readonly sub: string;
  /** The session's channel key (channels.ts sessionChannelKey). */
  readonly ses: string;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

/** Why a token was refused: `expired` is answered with Centrifugo's 109, `invalid` disconnects. */
export type TokenCheck =
  | { readonly ok: true; readonly claims: ConnectionClaims }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: string, signed: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

/** Signs `claims` as an HS256 JWT. */
export function signToken(secret: string, claims: Readonly<Record<string, unknown>>): string {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signed}.${signature(secret, signed).toString('base64url')}`;
}

/**
 * The connection token of a session: valid until `now` + {@link TOKEN_LIFETIME_S} or the
 * session's expiry, whichever comes first. `exp` counts whole seconds: the session's expiry is
 * rounded up, never down, so a token made for a live session is never already expired. (Rounded
 * down, a token asked in the last second of a session came back expired; the hub refused the
 * client's refresh with 109, which ends a `centrifuge` connection for good, and the cashier no
 * longer heard anything, not even that the session ended. The token outlives its session by
 * less than a second; the next refresh finds the session ended, code 17.)
 */
export function connectionToken(
  secret: string,
  session: { readonly playerId: string; readonly channelKey: string; readonly expiresAt: Date },
  now: Date,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = tokenExpiry(session.expiresAt, now);
  return signToken(secret, { sub: session.playerId, ses: session.channelKey, iat, exp });
}

/** The `exp` of a token made at `now` for a session ending at `sessionExpiresAt` (see above). */
export function tokenExpiry(sessionExpiresAt: Date, now: Date): number {
  const iat = Math.floor(now.getTime() / 1000);
  return Math.min(iat + TOKEN_LIFETIME_S, Math.ceil(sessionExpiresAt.getTime() / 1000));
}

function claimsOf(payload: unknown): ConnectionClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const sub: unknown = Reflect.get(payload, 'sub');
  const ses: unknown = Reflect.get(payload, 'ses');
  const exp: unknown = Reflect.get(payload, 'exp');
  if (typeof sub !== 'string' || sub === '' || typeof ses !== 'string' || ses === '') return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return { sub, ses, exp };
}

/** Checks a connection token's form, algorithm, signature and expiry at `now`. */
export function checkToken(secret: string, token: unknown, now: Date): TokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > 2048) return invalid;
  const [header, payload, given, ...rest] = token.split('.');
  if (header !== HEADER || payload === undefined || given === undefined || rest.length > 0) {
    return invalid;
  }
  const expected = signature(secret, `${header}.${payload}`);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const claims = claimsOf(parsed);
  if (claims === null) return invalid;
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
