/**
 * Publications through the realtime hub (hub.ts has the protocol), both ways:
 * - **pushes**: a publication heard on the realtime notification channel (publish.ts) goes to
 *   this process's subscribers of its channel, as `{"push": {"channel", "pub": {"data",
 *   "offset"}}}` (its position in the channel's stream, SPEC §7 recovery); a client that does
 *   not read is closed as slow (3008) rather than buffered for without end;
 * - **a client's `publish`**: SPEC §7, to `clickstream:track` only, stored under the connection's
 *   brand and player (clickstream.ts checks, bounds and stores it; the reply comes after the
 *   insert); any other channel is refused with 103. A refusal never closes the connection.
 *
 * @packageDocumentation
 */
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

/** The push frame of a publication on `channel`. */
export function pushFrame(channel: string, envelope: Pick<Envelope, 'data' | 'position'>): string {
  return JSON.stringify({
    push: { channel, pub: { data: envelope.data, offset: envelope.position } },
  });
}

/**
 * Pushes a publication to this process's subscribers of its stream, with its position; a
 * subscriber recovering the stream gets it after its subscribe reply (hub-history.ts), and one
 * too slow to read is handed to `closeSlow` instead.
 */
export function pushToSubscribers(
  subscriptions: Subscriptions,
  envelope: Envelope,
  closeSlow: (client: Client) => void,
): void {
  const subscribers = subscriptions.subscribersOf(envelope.stream);
  if (subscribers === null) return;
  const frame = pushFrame(subscribers.channel, envelope);
  for (const client of subscribers.clients) {
    const held = client.recovering?.get(envelope.stream);
    // A client that does not read is closed rather than buffered for without end.
    if (held !== undefined) held.push(envelope);
    else if (client.transport.buffered > MAX_BUFFERED_BYTES) closeSlow(client);
    else client.transport.send(frame);
  }
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
