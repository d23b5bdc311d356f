/**
 * Publications through the realtime hub (hub.ts has the protocol), both ways:
 * - **pushes**: a publication heard on the realtime notification channel (publish.ts) goes to
 *   this process's subscribers of its channel, as `{"push": {"channel", "pub": {"data"}}}`; a
 *   client that does not read its socket is closed as slow (3008) rather than buffered for
 *   without end;
 * - **a client's `publish`**: SPEC §7, to `clickstream:track` only, stored under the connection's
 *   brand and player (clickstream.ts checks, bounds and stores it; the reply comes after the
 *   insert); any other channel is refused with 103. A refusal never closes the connection.
 *
 * @packageDocumentation
 */
import { notificationsChannel, sessionChannelKey, transactionsChannel } from './channels';
import {
  CLICKSTREAM_CHANNEL,
  ClickstreamBudget,
  checkClickstreamData,
  storeClickstream,
} from './clickstream';
import { errorReply } from './hub-client';
import type { Client, HubOptions } from './hub-client';
import type { Subscriptions } from './hub-subscriptions';
import { ERROR } from './protocol';
import type { Envelope } from './publish';

/** Unsent bytes a connection may have queued before it is closed as slow (3008). */
const MAX_BUFFERED_BYTES = 1_048_576;

/**
 * Pushes a publication to this process's subscribers of its channel; a subscriber too slow to
 * read is handed to `closeSlow` instead.
 */
export function pushToSubscribers(
  subscriptions: Subscriptions,
  secret: string,
  envelope: Envelope,
  closeSlow: (client: Client) => void,
): void {
  const channel =
    'channel' in envelope
      ? envelope.channel
      : channelOfSession(secret, envelope.session, envelope.kind);
  if (channel === null) return;
  const subscribers = subscriptions.subscribersOf(channel);
  if (subscribers.length === 0) return;
  const frame = JSON.stringify({ push: { channel, pub: { data: envelope.data } } });
  for (const client of subscribers) {
    // A client that does not read its socket is closed rather than buffered for without end.
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) closeSlow(client);
    else client.socket.send(frame);
  }
}

/** The name of a session's channel of `kind` (the hub holds the secret the key needs). */
function channelOfSession(secret: string, sessionId: string, kind: string): string | null {
  // A player's balance channel is named by the player: its publications carry the name.
  if (kind === 'balance') return null;
  const key = sessionChannelKey(secret, sessionId);
  return kind === 'transactions' ? transactionsChannel(key) : notificationsChannel(key);
}

/**
 * The reply to a connection's `publish` (see the module comment): a promise of it once the
 * events are stored.
 */
export function publishFromClient(
  options: Pick<HubOptions, 'db' | 'clock' | 'log' | 'settings'>,
  client: Client,
  id: number,
  publication: Record<string, unknown>,
): object | Promise<object> {
  const claims = client.claims;
  if (claims === null) return errorReply(id, ERROR.unauthorized);
  if (publication.channel !== CLICKSTREAM_CHANNEL) return errorReply(id, ERROR.permissionDenied);
  const checked = checkClickstreamData(publication.data);
  if (!checked.ok) return errorReply(id, checked.error);
  const now = options.clock();
  client.clickstream ??= new ClickstreamBudget(options.settings.clickstreamEventsPerMinute);
  if (!client.clickstream.take(checked.events.length, now.getTime())) {
    return errorReply(id, ERROR.tooManyRequests);
  }
  return storeClickstream(options.db, claims.sub, checked.events, now).then(
    () => ({ id, publish: {} }),
    (error: unknown) => {
      options.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'clickstream events could not be stored',
      );
      return errorReply(id, ERROR.internal);
    },
  );
}
