/**
 * The realtime hub's subscriptions (hub.ts has the protocol): which of this process's
 * connections are subscribed to which channel, and the `subscribe` and `unsubscribe` commands.
 * A connection may subscribe only to the channels of its own token (channels.ts): another
 * session's channel is refused with 103, a name that is not a cashier channel with 102, and at
 * most `maxSubscriptions` channels at once.
 *
 * Subscribers are kept by the stream of their channel (publish.ts): a publication heard names its
 * stream, and a session's streams are named by a hash of the session id that the SQL publishing
 * them computes, not by the channel's name. Joins and leaves are told to presence
 * (hub-presence.ts).
 *
 * @packageDocumentation
 */
import { parseRealtimeChannel } from '@cashdesk/domain';
import { MAX_CHANNEL_LENGTH, channelAccess } from './channels';
import { errorReply } from './hub-client';
import type { Client } from './hub-client';
import { ERROR } from './protocol';
import { sessionStream } from './publish';
import type { ConnectionClaims } from './token';

/** A subscription just made: its channel and stream. */
export interface Joined {
  readonly channel: string;
  readonly stream: string;
}

/** Who hears of joins and leaves (hub-presence.ts). */
export interface SubscriptionEvents {
  joined(client: Client, channel: string): void;
  left(client: Client, channel: string): void;
}

interface Subscribers {
  readonly channel: string;
  readonly clients: Set<Client>;
}

/** The stream of `channel` for `client` (connected, and allowed on it). */
export function streamOf(client: Client, channel: string): string | null {
  const parsed = parseRealtimeChannel(channel);
  if (parsed === null) return null;
  if (parsed.kind === 'balance') return channel;
  return client.sessionHash === null ? null : sessionStream(client.sessionHash, parsed.kind);
}

/**
 * The check of a command about `channel` (subscribe, presence, history): the reply refusing it,
 * or `null` when the connection may use the channel.
 */
export function channelRefusal(client: Client, id: number, channel: unknown): object | null {
  if (typeof channel !== 'string' || channel === '' || channel.length > MAX_CHANNEL_LENGTH) {
    return errorReply(id, ERROR.badRequest);
  }
  const claims = client.claims;
  if (claims === null) return errorReply(id, ERROR.unauthorized);
  const access = channelAccess(claims, channel);
  if (access === 'unknown') return errorReply(id, ERROR.unknownChannel);
  if (access === 'denied') return errorReply(id, ERROR.permissionDenied);
  return null;
}

/** See the module comment. */
export class Subscriptions {
  private readonly byStream = new Map<string, Subscribers>();

  constructor(
    private readonly maxSubscriptions: number,
    private readonly events: SubscriptionEvents,
  ) {}

  /**
   * Subscribes a connection (its `subscribe`): the channel joined, or the reply refusing it;
   * `ended` when its session was heard to end (`sessionEnded`), which closes the connection.
   * `beforeJoin` runs just before the connection is counted a subscriber (a recovering
   * subscribe starts holding the stream's pushes there).
   */
  subscribe(
    client: Client,
    id: number,
    subscribe: Record<string, unknown>,
    sessionEnded: (claims: ConnectionClaims) => boolean,
    beforeJoin: (joined: Joined) => void,
  ): Joined | object | 'ended' {
    const channel = subscribe.channel;
    const refusal = channelRefusal(client, id, channel);
    if (refusal !== null || typeof channel !== 'string') return refusal ?? {};
    if (client.claims !== null && sessionEnded(client.claims)) return 'ended';
    if (client.channels?.has(channel) === true) return errorReply(id, ERROR.alreadySubscribed);
    if ((client.channels?.size ?? 0) >= this.maxSubscriptions) {
      return errorReply(id, ERROR.limitExceeded);
    }
    const stream = streamOf(client, channel);
    if (stream === null) return errorReply(id, ERROR.unauthorized);
    const joined: Joined = { channel, stream };
    beforeJoin(joined);
    client.channels ??= new Set();
    client.channels.add(channel);
    let subscribers = this.byStream.get(stream);
    if (subscribers === undefined) {
      subscribers = { channel, clients: new Set() };
      this.byStream.set(stream, subscribers);
    }
    subscribers.clients.add(client);
    this.events.joined(client, channel);
    return joined;
  }

  /** The reply to a connection's `unsubscribe` (a channel it is not subscribed to is no error). */
  unsubscribe(client: Client, id: number, unsubscribe: Record<string, unknown>): object {
    const channel = unsubscribe.channel;
    if (typeof channel === 'string') this.leave(client, channel);
    return { id, unsubscribe: {} };
  }

  /** Ends one subscription of a connection (nothing when it has none to the channel). */
  leave(client: Client, channel: string): void {
    if (client.channels?.delete(channel) !== true) return;
    const stream = streamOf(client, channel);
    client.recovering?.delete(stream ?? '');
    this.events.left(client, channel);
    if (stream === null) return;
    const subscribers = this.byStream.get(stream);
    subscribers?.clients.delete(client);
    if (subscribers?.clients.size === 0) this.byStream.delete(stream);
  }

  /** Forgets a closed connection's subscriptions. */
  leaveAll(client: Client): void {
    for (const channel of [...(client.channels ?? [])]) this.leave(client, channel);
  }

  /**
   * The channel of `stream` and the connections subscribed to it now (a copy: a push may close
   * some of them); `null` when none is.
   */
  subscribersOf(
    stream: string,
  ): { readonly channel: string; readonly clients: readonly Client[] } | null {
    const subscribers = this.byStream.get(stream);
    return subscribers === undefined
      ? null
      : { channel: subscribers.channel, clients: [...subscribers.clients] };
  }
}
