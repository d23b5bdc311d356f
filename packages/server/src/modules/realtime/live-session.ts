/**
 * Whether a connection token's session is still live (SPEC §8): a token outlives the end of its
 * session (up to TOKEN_LIFETIME_S), so the hub asks the database on every `connect` and refuses
 * the token of a session that ended (expired, or ended at once by http/sessions.ts
 * expireSession) or of a player who was blocked, whether or not this process heard of it.
 *
 * The token names its player (`sub`) and its session's channel key (`ses`, an HMAC of the session
 * id, never the id): the player's sessions that have not expired are read through the
 * `sessions_player` index (a player holds a few at most) and one of them must have that key.
 *
 * @packageDocumentation
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { players, sessions } from '../../db/schema';
import { sessionChannelKey } from './channels';
import type { ConnectionClaims } from './token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of the session of `claims` when it is live at `now` and its player not blocked, else
 * `null`. The hub keeps only a hash of it (its channels' streams, publish.ts).
 */
export async function liveSessionOf(
  db: Database,
  secret: string,
  claims: ConnectionClaims,
  now: Date,
): Promise<string | null> {
  if (!UUID.test(claims.sub)) return null;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(
      and(
        eq(sessions.playerId, claims.sub),
        gt(sessions.expiresAt, now),
        isNull(players.blockedAt),
      ),
    );
  return rows.find((row) => sessionChannelKey(secret, row.id) === claims.ses)?.id ?? null;
}
