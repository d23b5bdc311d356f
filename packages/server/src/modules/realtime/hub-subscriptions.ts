/**
 * The realtime hub's subscriptions (hub.ts has the protocol): which of this process's
 * connections are subscribed to which channel, and the `subscribe` and `unsubscribe` commands.
 * A connection may subscribe only to the channels of its own token (channels.ts): another
 * session's channel is refused with 103, a name that is not a cashier channel with 102, and at
 * most `maxSubscriptions` channels at once.
 *
 * @packageDocumentation
 */
import { MAX_CHANNEL_LENGTH, channelAccess } from './channels';
import { errorReply } from './hub-client';
import type { Client } from './hub-client';
import { ERROR } from './protocol';
import type { ConnectionClaims } from './token';

/** See the module comment. */
export class Subscriptions {
  private readonly byChannel = new Map<string, Set<Client>>();

  constructor(private readonly maxSubscriptions: number) {}

  /**
   * The reply to a connection's `subscribe`; `ended` when its session was heard to end
   * (`sessionEnded`), which closes the connection.
   */
  subscribe(
    client: Client,
    id: number,
    subscribe: Record<string, unknown>,
    sessionEnded: (claims: ConnectionClaims) => boolean,
  ): object | 'ended' {
    const channel = subscribe.channel;
    if (typeof channel !== 'string' || channel === '' || channel.length > MAX_CHANNEL_LENGTH) {
      return errorReply(id, ERROR.badRequest);
    }
    const claims = client.claims;
    if (claims === null) return errorReply(id, ERROR.unauthorized);
    if (sessionEnded(claims)) return 'ended';
    const access = channelAccess(claims, channel);
    if (access === 'unknown') return errorReply(id, ERROR.unknownChannel);
    if (access === 'denied') return errorReply(id, ERROR.permissionDenied);
    if (client.channels?.has(channel) === true) return errorReply(id, ERROR.alreadySubscribed);
    if ((client.channels?.size ?? 0) >= this.maxSubscriptions) {
      return errorReply(id, ERROR.limitExceeded);
    }
    client.channels ??= new Set();
    client.channels.add(channel);
    let subscribers = this.byChannel.get(channel);
    if (subscribers === undefined) {
      subscribers = new Set();
      this.byChannel.set(channel, subscribers);
    }
    subscribers.add(client);
    return { id, subscribe: {} };
  }

  /** The reply to a connection's `unsubscribe` (a channel it is not subscribed to is no error). */
  unsubscribe(client: Client, id: number, unsubscribe: Record<string, unknown>): object {
    const channel = unsubscribe.channel;
    if (typeof channel === 'string' && client.channels?.delete(channel) === true) {
      this.leave(client, channel);
    }
    return { id, unsubscribe: {} };
  }

  /** Forgets a closed connection's subscriptions. */
  leaveAll(client: Client): void {
    for (const channel of client.channels ?? []) this.leave(client, channel);
  }

  /** The connections subscribed to `channel` now (a copy: a push may close some of them). */
  subscribersOf(channel: string): readonly Client[] {
    const subscribers = this.byChannel.get(channel);
    return subscribers === undefined ? [] : [...subscribers];
  }

  private leave(client: Client, channel: string): void {
    const subscribers = this.byChannel.get(channel);
    subscribers?.delete(client);
    if (subscribers?.size === 0) this.byChannel.delete(channel);
  }
}
