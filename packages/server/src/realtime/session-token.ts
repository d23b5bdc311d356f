/**
 * Issue 17: the realtime connection token of an authenticated session (token.ts), answered as the
 * init's `auth_token` (SPEC §3).
 *
 * @packageDocumentation
 */
import type { SessionContext } from '../services/sessions';
import { sessionChannelKey } from './channels';
import { connectionToken } from './token';

/** The connection token of `session` at `now`. */
export function sessionToken(secret: string, session: SessionContext, now: Date): string {
  return connectionToken(
    secret,
    {
      playerId: session.playerId,
      channelKey: sessionChannelKey(secret, session.sessionId),
      expiresAt: session.expiresAt,
    },
    now,
  );
}
