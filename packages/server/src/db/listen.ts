/**
 * Listening to a PostgreSQL notification channel, on PGlite and on PostgreSQL alike. A `NOTIFY`
 * (`pg_notify`) sent inside a transaction is delivered only once that transaction committed, and
 * never for one rolled back, so a listener hears of a change exactly when others can read it.
 *
 * PGlite delivers notifications to its own listeners; on PostgreSQL a listener needs a connection
 * of its own, taken from the pool for as long as it listens (one per channel and process). A lost
 * connection is reported through `onLost`; the caller listens again.
 *
 * Used by the webhook dispatcher (services/webhooks/notify.ts) and the brand-data and session
 * caches (services/cache/).
 *
 * @packageDocumentation
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './open';

/** Stops listening. */
export type StopListening = () => Promise<void>;

/**
 * Calls `onMessage` with the payload of every notification on `channel` until the returned
 * function is called; `onLost` when the listening connection broke (PostgreSQL). `channel` must
 * be a plain identifier (it is written into `LISTEN`).
 */
export async function listenOn(
  db: Database,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<StopListening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  // The driver's client behind drizzle's handle (drizzle exposes it as `$client`).
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof PGlite) {
    const unlisten = await client.listen(channel, onMessage);
    // A PGlite closed meanwhile (a server whose database went away first) listens no more, and
    // UNLISTEN on it would fail inside PGlite's own queue, out of any caller's reach.
    return async () => {
      if (client.closed) return;
      await unlisten();
    };
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
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    connection.on('error', () => {
      release(true);
      onLost();
    });
    try {
      await connection.query(`LISTEN ${channel}`);
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
