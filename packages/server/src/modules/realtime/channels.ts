/**
 * The realtime channels of a player session, and who may subscribe to them.
 *
 * - `cashier:transactions#<key>`: the session's transactions, one publication per status change
 *   (`{transaction_id, status, transaction_status, result_status}`);
 * - `cashier:notifications#<key>`: the session's notifications (no publisher yet);
 * - `cashier:balance#<player>`: the player's balance after every ledger change
 *   (`{currency, balance}`), per player since the ledger is (every session of the player shows it).
 *
 * `<key>` is the session's channel key: an HMAC of the session id under the server's secret, so a
 * channel name (which a Centrifugo node or a proxy may log) never carries the session id, the
 * credential of the HTTP API. `#` marks the part only its owner may subscribe to, as Centrifugo's
 * user-limited channels do: here the owner is the connection token's `ses` claim for a session
 * channel and its `sub` claim (the player, as in Centrifugo) for the balance channel.
 *
 * @packageDocumentation
 */
import { createHmac } from 'node:crypto';
import { parseRealtimeChannel } from '@cashdesk/domain';
import type { ConnectionClaims } from './token';

// The names are the domain's (one rule for the hub and the widget).
export {
  balanceChannel,
  MAX_CHANNEL_LENGTH,
  notificationsChannel,
  transactionsChannel,
} from '@cashdesk/domain';
export type { ChannelKind } from '@cashdesk/domain';

/** The session's channel key (see the module comment): 22 characters of base64url. */
export function sessionChannelKey(secret: string, sessionId: string): string {
  return createHmac('sha256', secret)
    .update(`realtime-channel:${sessionId}`)
    .digest('base64url')
    .slice(0, 22);
}

/** What a subscribe may get: allowed, an unknown channel (102), or not the caller's (103). */
export type ChannelAccess = 'allowed' | 'unknown' | 'denied';

/** Whether the holder of `claims` may subscribe to `channel`. */
export function channelAccess(claims: ConnectionClaims, channel: string): ChannelAccess {
  const parsed = parseRealtimeChannel(channel);
  if (parsed === null) return 'unknown';
  const owner = parsed.kind === 'balance' ? claims.sub : claims.ses;
  return parsed.owner === owner ? 'allowed' : 'denied';
}
