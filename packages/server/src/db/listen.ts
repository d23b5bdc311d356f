/**
 * Listening to a PostgreSQL notification channel, on PGlite and on PostgreSQL alike. A `NOTIFY`
 * (`pg_notify`) sent inside a transaction is delivered only once that transaction committed, and
 * never for one rolled back, so a listener hears of a change exactly when others can read it.
 *
 * PGlite delivers notifications to its own listeners; on PostgreSQL a listener needs a connection
 * of its own, taken from the pool for as long as it listens (one per channel and process). A lost
 * connection is reported through `onLost`; {@link keepListening} listens again after a delay.
 *
 * Used by the webhook dispatcher (modules/webhooks/notify.ts), and through keepListening by the
 * brand-data and session caches (db/cache/cache-hub.ts) and the realtime hub.
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
    // Stopping closes the connection, which takes a while: a notification already on its way
    // must not reach the caller after stop() answered, nor may the close count as a loss.
    let listening = true;
    const release = (broken: boolean) => {
      if (released) return;
      released = true;
      connection.release(broken);
    };
    connection.on('notification', (message) => {
      if (listening && message.channel === channel) onMessage(message.payload ?? '');
    });
    connection.on('error', () => {
      release(true);
      if (listening) onLost();
    });
    try {
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      release(true);
      throw error;
    }
    // The connection is closed rather than pooled: it still listens.
    return () => {
      listening = false;
      release(true);
      return Promise.resolve();
    };
  }
  return () => Promise.resolve();
}

/** What {@link keepListening} reports. */
export interface KeptListenerEvents {
  /** The payload of each notification. */
  readonly onMessage: (payload: string) => void;
  /** Listening, at first or again after a loss. */
  readonly onListening?: () => void;
  /**
   * The listener could not start (`failure`: why) or its connection was lost (`null`); it is
   * tried again after the delay. Nothing was heard meanwhile.
   */
  readonly onLost: (failure: string | null) => void;
}

/** A listener kept up by {@link keepListening}. */
export interface KeptListener {
  /** Stops listening and trying again. */
  stop(): Promise<void>;
}

/**
 * {@link listenOn}, listening again `retryMs` after a failed start or a lost connection, until
 * stopped: the loop the caches and the realtime hub both need. Resolves after the first try.
 */
export async function keepListening(
  db: Database,
  channel: string,
  events: KeptListenerEvents,
  retryMs = 1_000,
): Promise<KeptListener> {
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let current: StopListening | null = null;
  const lost = (failure: string | null) => {
    current = null;
    events.onLost(failure);
    if (stopped || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, retryMs);
    retry.unref();
  };
  const listen = async () => {
    if (stopped) return;
    try {
      current = await listenOn(db, channel, events.onMessage, () => {
        lost(null);
      });
      events.onListening?.();
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
    }
  };
  await listen();
  return {
    async stop() {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      const stop = current;
      current = null;
      await stop?.();
    },
  };
}
