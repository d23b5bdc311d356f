/**
 * Hears of webhook events as soon as they commit: outbox.ts sends `NOTIFY cashdesk_webhook_events`
 * in the transaction that records an event, which the database delivers only once that
 * transaction committed (and never for one rolled back). The dispatcher of every process listens,
 * so a delivery normally starts right after the commit rather than at the next tick.
 *
 * PGlite delivers notifications to its own listeners; on PostgreSQL a listener needs a connection
 * of its own, taken from the pool for as long as it listens (one per process). A lost connection
 * is reported through `onLost`; the dispatcher's timer keeps delivering meanwhile and listens
 * again.
 *
 * @packageDocumentation
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/open';
import { WEBHOOK_CHANNEL } from './outbox';

/** Stops listening. */
export type StopListening = () => Promise<void>;

/**
 * Calls `onEvent` whenever an event commits, until the returned function is called; `onLost`
 * when the listening connection broke (PostgreSQL).
 */
export async function listenForEvents(
  db: Database,
  onEvent: () => void,
  onLost: () => void,
): Promise<StopListening> {
  // The driver's client behind drizzle's handle (drizzle exposes it as `$client`).
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof PGlite) {
    const unlisten = await client.listen(WEBHOOK_CHANNEL, onEvent);
    return unlisten;
  }
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let released = false;
    const release = (broken: boolean) => {
      if (released) return;
      released = true;
      connection.release(broken);
    };
    connection.on('notification', (message) => {
      if (message.channel === WEBHOOK_CHANNEL) onEvent();
    });
    connection.on('error', () => {
      release(true);
      onLost();
    });
    try {
      await connection.query(`LISTEN ${WEBHOOK_CHANNEL}`);
    } catch (error) {
      release(true);
      throw error;
    }
    // The connection is closed rather than pooled: it still listens.
    return () => {
      release(true);
      return Promise.resolve();
    };
  }
  return () => Promise.resolve();
}
