/**
 * keepListening (db/listen.ts): the listener the caches and the realtime hub keep up. On
 * PostgreSQL its connection can be lost; it must say so and listen again, and hear what comes
 * after. (PGlite's listeners cannot be lost; there it only has to hear.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, postgresAdminUrl } from '../test/harness';
import type { TestDatabase } from '../test/harness';
import { keepListening } from './listen';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A promise with its resolve, for waiting on one event. */
function nextEvent<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('keepListening', () => {
  it('hears notifications and stops hearing once stopped', async () => {
    const first = nextEvent<string>();
    const heard: string[] = [];
    const listener = await keepListening(database.db, 'cashdesk_listen_test_a', {
      onMessage: (payload) => {
        heard.push(payload);
        first.resolve(payload);
      },
      onLost: () => undefined,
    });
    await database.db.execute(sql`select pg_notify('cashdesk_listen_test_a', 'one')`);
    expect(await first.promise).toBe('one');
    await listener.stop();
    // Sent right after stop() answered, while the stopped listener's connection may still be
    // closing: the stopped listener must not hear it (it did on PostgreSQL before the fix).
    await database.db.execute(sql`select pg_notify('cashdesk_listen_test_a', 'two')`);
    const message = nextEvent<string>();
    // A notification sent after it on the same channel arrives at a second listener only.
    const second = await keepListening(database.db, 'cashdesk_listen_test_a', {
      onMessage: (payload) => {
        message.resolve(payload);
      },
      onLost: () => undefined,
    });
    await database.db.execute(sql`select pg_notify('cashdesk_listen_test_a', 'three')`);
    expect(await message.promise).toBe('three');
    await second.stop();
    expect(heard).toEqual(['one']);
  });

  it.runIf(postgresAdminUrl() !== undefined)(
    'on PostgreSQL, reports a lost connection, listens again and hears what comes after',
    async () => {
      if (database.kind !== 'postgres') return;
      const events: string[] = [];
      let listening = nextEvent<null>();
      let lost = nextEvent<string | null>();
      const message = nextEvent<string>();
      const listener = await keepListening(
        database.db,
        'cashdesk_listen_test_b',
        {
          onMessage: (payload) => {
            message.resolve(payload);
          },
          onListening: () => {
            events.push('listening');
            listening.resolve(null);
          },
          onLost: (failure) => {
            events.push(`lost ${String(failure)}`);
            lost.resolve(failure);
          },
        },
        10,
      );
      await listening.promise;
      listening = nextEvent<null>();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN cashdesk_listen_test_b'`,
      );
      expect(await lost.promise).toBeNull();
      lost = nextEvent<string | null>();
      await listening.promise;
      await database.db.execute(sql`select pg_notify('cashdesk_listen_test_b', 'after')`);
      expect(await message.promise).toBe('after');
      await listener.stop();
      expect(events).toEqual(['listening', 'lost null', 'listening']);
    },
  );
});
