/**
 * The error replies and close codes of Centrifugo's client protocol that the hub
 * (hub.ts) uses, with Centrifugo's numbers and messages, because the `centrifuge` client decides
 * by them (SPEC §8): an error below 100, 109 (token expired) or a temporary one is retried with
 * back-off; others end the subscription. Close codes 3000–3499 let the client reconnect,
 * 3500–3999 do not; the reason is JSON `{reason, reconnect}` as Centrifugo sends it.
 *
 * @packageDocumentation
 */

/** An error reply's body. */
export interface ErrorReply {
  readonly code: number;
  readonly message: string;
  readonly temporary?: boolean;
}

/** The error replies (Centrifugo's codes). */
export const ERROR = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unauthorized: { code: 101, message: 'unauthorized' },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
  // A recovery that could not recover, asked by a subscribe flagged to want no unrecovered one.
  unrecoverablePosition: { code: 112, message: 'unrecoverable position' },
} as const satisfies Record<string, ErrorReply>;

/** Why a connection is closed. */
export interface CloseReason {
  readonly code: number;
  readonly reason: string;
  readonly reconnect: boolean;
}

/** The close codes (Centrifugo's). */
export const CLOSE = {
  shutdown: { code: 3001, reason: 'shutdown', reconnect: true },
  expired: { code: 3005, reason: 'connection expired', reconnect: true },
  slow: { code: 3008, reason: 'slow', reconnect: true },
  noPong: { code: 3012, reason: 'no pong', reconnect: true },
  // The process holds REALTIME_MAX_CONNECTIONS: the client reconnects after its back-off.
  full: { code: 3013, reason: 'too many connections', reconnect: true },
  invalidToken: { code: 3500, reason: 'invalid token', reconnect: false },
  badRequest: { code: 3501, reason: 'bad request', reconnect: false },
  // Centrifugo's "force no reconnect": the session ended or its player was blocked.
  sessionEnded: { code: 3503, reason: 'session ended', reconnect: false },
  // No accepted connect within REALTIME_CONNECT_TIMEOUT_MS of opening.
  stale: { code: 3502, reason: 'stale', reconnect: false },
  // The hub missed publications (its notification listener was lost): the client reconnects
  // and recovers them.
  insufficientState: { code: 3010, reason: 'insufficient state', reconnect: true },
  // Centrifugo does not reconnect after 3504; here it does, after its back-off: a widget's
  // reconnect may come before its dead socket was noticed.
  connectionLimit: { code: 3504, reason: 'connection limit', reconnect: true },
} as const satisfies Record<string, CloseReason>;
