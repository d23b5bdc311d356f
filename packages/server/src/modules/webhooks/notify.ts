/**
 * Hears of webhook events as soon as they commit: outbox.ts sends `NOTIFY cashdesk_webhook_events`
 * in the transaction that records an event, which the database delivers only once that
 * transaction committed (and never for one rolled back). The dispatcher of every process listens
 * (db/listen.ts), so a delivery normally starts right after the commit rather than at the next
 * tick. A lost connection is reported through `onLost`; the dispatcher's timer keeps delivering
 * meanwhile and listens again.
 *
 * @packageDocumentation
 */
import type { Database } from '../../db/open';
import { listenOn } from '../../db/listen';
import type { StopListening } from '../../db/listen';
import { WEBHOOK_CHANNEL } from './outbox';

/**
 * Calls `onEvent` whenever an event commits, until the returned function is called; `onLost`
 * when the listening connection broke (PostgreSQL).
 */
export async function listenForEvents(
  db: Database,
  onEvent: () => void,
  onLost: () => void,
): Promise<StopListening> {
  return listenOn(
    db,
    WEBHOOK_CHANNEL,
    () => {
      onEvent();
    },
    onLost,
  );
}
