/**
 * The rate limits' counters (http/limit-counters.ts, http/limit-counters-redis.ts;
 * docs/decisions/0112-shared-rate-limits.md, 0115-limit-counters-in-redis.md): the same behaviour
 * from the database's and from Redis's, each checked through two counters on one store (two
 * processes); then what only Redis has: keys never in clear, expiry with the window, and the
 * database counting while Redis does not answer. A real redis-server (test/redis-server.ts), a
 * real database; the windows move on a clock of the test's.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { postgresCounters } from '../http/limit-counters';
import type { LimitCounters } from '../http/limit-counters';
import { connectRedisCounters } from '../http/limit-counters-redis';
import type { CounterOperation, RedisCounterStore } from '../http/limit-counters-redis';
import { CASHIER } from './api-calls';
import { createTestDatabase, startTestServer } from './harness';
import type { TestDatabase } from './harness';
import { REDIS_MISSING, REDIS_SERVER, startRedis } from './redis-server';
import type { TestRedis } from './redis-server';

const WINDOW_MS = 60_000;
const START = new Date('2026-12-08T09:00:00.000Z');

let database: TestDatabase;
let redis: TestRedis | undefined;
const stores: RedisCounterStore[] = [];

/** Log lines of the Redis counters, kept for the checks of what they say. */
const logLines: string[] = [];
const log = {
  info: (...args: unknown[]) => logLines.push(JSON.stringify(args)),
  warn: (...args: unknown[]) => logLines.push(JSON.stringify(args)),
};

function databaseCounters(): LimitCounters {
  return postgresCounters(database.db, { cleanUpEveryMs: WINDOW_MS, onCleanUpError: () => {} });
}

/** Counters in the test's Redis, counting calls the database made instead. */
async function redisCounters(
  url: string,
  options: { readonly commandTimeoutMs?: number; readonly connectWaitMs?: number } = {},
): Promise<{ store: RedisCounterStore; fallbacks: CounterOperation[] }> {
  const fallbacks: CounterOperation[] = [];
  const store = await connectRedisCounters({
    url,
    fallback: databaseCounters(),
    onFallback: (operation) => fallbacks.push(operation),
    log,
    pauseAfterFailureMs: 0,
    ...options,
  });
  stores.push(store);
  return { store, fallbacks };
}

function theRedis(): TestRedis {
  if (redis === undefined) throw new Error(REDIS_MISSING);
  return redis;
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (REDIS_SERVER !== undefined) redis = await startRedis();
});

afterAll(async () => {
  for (const store of stores) store.close();
  await redis?.kill();
  await database.close();
});

/** Two counters on one store, as two processes have. */
type Pair = readonly [LimitCounters, LimitCounters];

const kinds: readonly {
  readonly name: string;
  readonly skip: boolean;
  readonly pair: () => Promise<Pair>;
}[] = [
  {
    name: 'in the database',
    skip: false,
    pair: () => Promise.resolve([databaseCounters(), databaseCounters()]),
  },
  {
    name: `in Redis${REDIS_SERVER === undefined ? ` (${REDIS_MISSING})` : ''}`,
    skip: REDIS_SERVER === undefined,
    pair: async () => {
      const url = theRedis().url;
      return [(await redisCounters(url)).store.counters, (await redisCounters(url)).store.counters];
    },
  },
];

describe.each(kinds)('the limits’ counters $name', ({ skip, pair }) => {
  let first: LimitCounters;
  let second: LimitCounters;

  beforeAll(async () => {
    if (skip) return;
    [first, second] = await pair();
  });

  it.skipIf(skip)(
    'count each event of a key in one window, whichever process counts it',
    async () => {
      const key = randomUUID();
      const counts: number[] = [];
      for (let event = 0; event < 4; event += 1) {
        const window = await (event % 2 === 0 ? first : second).hit('test', key, WINDOW_MS, START);
        counts.push(window.count);
        expect(window.endsAt).toEqual(new Date(START.getTime() + WINDOW_MS));
      }
      expect(counts).toEqual([1, 2, 3, 4]);
      // A peek counts nothing.
      const later = new Date(START.getTime() + 1_000);
      expect(await second.peek('test', key, later)).toEqual({
        count: 4,
        endsAt: new Date(START.getTime() + WINDOW_MS),
      });
      expect((await first.peek('test', key, later)).count).toBe(4);
    },
  );

  it.skipIf(skip)('end a window on the app’s clock, then start again at 1', async () => {
    const key = randomUUID();
    await first.hit('test', key, WINDOW_MS, START);
    await second.hit('test', key, WINDOW_MS, START);
    const ended = new Date(START.getTime() + WINDOW_MS);
    expect(await first.peek('test', key, ended)).toEqual({ count: 0, endsAt: ended });
    expect(await second.hit('test', key, WINDOW_MS, ended)).toEqual({
      count: 1,
      endsAt: new Date(ended.getTime() + WINDOW_MS),
    });
  });

  it.skipIf(skip)('count limits and keys apart, and clear one key’s window only', async () => {
    const key = randomUUID();
    const other = randomUUID();
    await first.hit('one', key, WINDOW_MS, START);
    await first.hit('one', key, WINDOW_MS, START);
    await first.hit('two', key, WINDOW_MS, START);
    await first.hit('one', other, WINDOW_MS, START);
    await second.clear('one', key);
    expect((await first.peek('one', key, START)).count).toBe(0);
    expect((await first.peek('two', key, START)).count).toBe(1);
    expect((await first.peek('one', other, START)).count).toBe(1);
  });

  it.skipIf(skip)('count concurrent events of two processes each once', async () => {
    const key = randomUUID();
    const events = 40;
    const windows = await Promise.all(
      Array.from({ length: events }, (_, event) =>
        (event % 2 === 0 ? first : second).hit('test', key, WINDOW_MS, START),
      ),
    );
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: events }, (_, index) => index + 1),
    );
  });
});

describe.skipIf(REDIS_SERVER === undefined)(
  `the counters in Redis${REDIS_SERVER === undefined ? ` (${REDIS_MISSING})` : ''}`,
  () => {
    it('keep no key in clear, and let a window’s key expire when the window ends', async () => {
      const { store } = await redisCounters(theRedis().url);
      const sessionId = `session-${randomUUID()}`;
      await store.counters.hit('money:depositSubmit', sessionId, WINDOW_MS, START);
      const reader = createClient({ url: theRedis().url });
      await reader.connect();
      try {
        const keys = await reader.keys('cashdesk:limit:money:depositSubmit:*');
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          expect(key).not.toContain(sessionId);
          expect(JSON.stringify(await reader.hGetAll(key))).not.toContain(sessionId);
        }
        const ttl = await reader.pTTL(keys.find((key) => key.length > 0) ?? '');
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
      } finally {
        reader.destroy();
      }
    });

    it('count in the database while Redis is down, and in Redis again once it is back', async () => {
      const { store, fallbacks } = await redisCounters(theRedis().url);
      const key = randomUUID();
      expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(1);
      expect(fallbacks).toEqual([]);

      await theRedis().kill();
      await expect.poll(() => store.connected()).toBe(false);
      // The database counts from 1: its window is its own.
      expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(1);
      expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(2);
      expect((await store.counters.peek('test', key, START)).count).toBe(2);
      await store.counters.clear('test', key);
      expect(fallbacks).toEqual(['hit', 'hit', 'peek', 'clear']);
      expect(logLines.join('\n')).toContain('counting in the database until it does');
      expect(logLines.join('\n')).not.toContain(theRedis().url);

      await theRedis().restart();
      await expect.poll(() => store.connected(), { timeout: 10_000 }).toBe(true);
      expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(1);
      expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(2);
      expect(fallbacks).toHaveLength(4);
    });

    it('count in the database when Redis stops answering a connected client', async () => {
      const { store, fallbacks } = await redisCounters(theRedis().url, { commandTimeoutMs: 50 });
      const key = randomUUID();
      await store.counters.hit('test', key, WINDOW_MS, START);
      const pid = await redisPid(theRedis().url);
      process.kill(pid, 'SIGSTOP');
      try {
        expect((await store.counters.hit('test', key, WINDOW_MS, START)).count).toBe(1);
        expect(fallbacks).toEqual(['hit']);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    });

    it('start counting in the database when Redis cannot be reached at start', async () => {
      const { store, fallbacks } = await redisCounters('redis://127.0.0.1:9', {
        connectWaitMs: 200,
      });
      expect(store.connected()).toBe(false);
      expect((await store.counters.hit('test', randomUUID(), WINDOW_MS, START)).count).toBe(1);
      expect(fallbacks).toEqual(['hit']);
    });

    it('refuse to start on credentials Redis refuses, naming REDIS_URL and not the password', async () => {
      const guarded = await startRedis(['--requirepass', 'the-right-password']);
      try {
        const refused = redisCounters(
          `redis://:a-wrong-password@127.0.0.1:${String(guarded.port)}`,
        );
        await expect(refused).rejects.toBeInstanceOf(ConfigError);
        await expect(refused).rejects.toThrow(
          /REDIS_URL: Redis refused the connection \(WRONGPASS/,
        );
        await expect(refused).rejects.not.toThrow(/a-wrong-password/);
        const { store } = await redisCounters(
          `redis://:the-right-password@127.0.0.1:${String(guarded.port)}`,
        );
        expect(store.connected()).toBe(true);
      } finally {
        await guarded.kill();
      }
    });
  },
);

/** The process id of the Redis at `url` (INFO server). */
async function redisPid(url: string): Promise<number> {
  const reader = createClient({ url });
  await reader.connect();
  try {
    const info = await reader.info('server');
    const match = /process_id:(\d+)/.exec(info);
    if (match?.[1] === undefined) throw new Error('no process_id in INFO');
    return Number(match[1]);
  } finally {
    reader.destroy();
  }
}

describe.skipIf(REDIS_SERVER === undefined)(
  `a server counting its limits in Redis${REDIS_SERVER === undefined ? ` (${REDIS_MISSING})` : ''}`,
  () => {
    it('answers players 401 then 429, never a 5xx, while its Redis is down, and says so in /metrics', async () => {
      const own = await startRedis();
      const server = await startTestServer({
        env: { REDIS_URL: own.url, AUTH_FAILURES_PER_ADDRESS: '3', TRUST_PROXY: 'loopback' },
      });
      try {
        const guess = (address: string) =>
          fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
            headers: { 'x-session-id': randomUUID(), 'x-forwarded-for': address },
          });
        const scrape = async () => (await fetch(`${server.baseUrl}/metrics`)).text();

        expect(await scrape()).toMatch(/^cashdesk_limit_store_redis_up 1$/m);
        await own.kill();
        await expect
          .poll(async () => /^cashdesk_limit_store_redis_up 0$/m.test(await scrape()))
          .toBe(true);

        const address = '198.51.100.7';
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 5; attempt += 1) {
          statuses.push((await guess(address)).status);
        }
        // The database counted them: the limit held.
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
        const metrics = await scrape();
        expect(metrics).toMatch(
          /^cashdesk_limit_counter_fallbacks_total\{operation="hit"\} [1-9]/m,
        );
        // Another address has its own budget.
        expect((await guess('198.51.100.8')).status).toBe(401);
      } finally {
        await server.close();
        await own.kill();
      }
    });
  },
);
