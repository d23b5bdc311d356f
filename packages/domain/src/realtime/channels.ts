/**
 * SPEC §4: the names of a player session's realtime channels, built by the server's
 * hub (who may subscribe, where it publishes) and by the widget (what it subscribes to) alike.
 *
 * - `cashier:transactions#<key>`: the session's transactions, one publication per status change;
 * - `cashier:notifications#<key>`: the session's notifications;
 * - `cashier:balance#<player>`: the player's balance after every ledger change.
 *
 * `<key>` is the session's channel key (the connection token's `ses` claim), `<player>` the
 * token's `sub` claim. `#` marks the part only its owner may subscribe to (Centrifugo's
 * user-limited channels).
 *
 * @packageDocumentation
 */

/** The channel kinds of a session. */
export type ChannelKind = 'transactions' | 'notifications' | 'balance';

const CHANNEL_KINDS: readonly ChannelKind[] = ['transactions', 'notifications', 'balance'];

/** Longest channel name a command may carry. */
export const MAX_CHANNEL_LENGTH = 128;

/** The name of a session's transactions channel. */
export function transactionsChannel(channelKey: string): string {
  return `cashier:transactions#${channelKey}`;
}

/** The name of a session's notifications channel. */
export function notificationsChannel(channelKey: string): string {
  return `cashier:notifications#${channelKey}`;
}

/** The name of a player's balance channel. */
export function balanceChannel(playerId: string): string {
  return `cashier:balance#${playerId}`;
}

/** A channel name's kind and owner part, or `null` for a name that is not one of ours. */
export function parseRealtimeChannel(
  channel: string,
): { readonly kind: ChannelKind; readonly owner: string } | null {
  const match = /^cashier:(transactions|notifications|balance)#([A-Za-z0-9_-]{1,64})$/.exec(
    channel,
  );
  const kind = CHANNEL_KINDS.find((known) => known === match?.[1]);
  const owner = match?.[2];
  if (kind === undefined || owner === undefined) return null;
  return { kind, owner };
}
