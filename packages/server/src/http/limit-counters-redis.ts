/**
 * The limits' counters in Redis (REDIS_URL): the same {@link LimitCounters} as the database's,
 * so every limit and lockout (failed credentials per address, money calls per session, client
 * reports per address, the staff password lock) counts here unchanged
 * (docs/decisions/0115-limit-counters-in-redis.md).
 *
 * - **One key per limit and key**, `cashdesk:limit:<limit>:<SHA-256 of the key>` (a key may hold
 *   a session id or an address, never stored in clear), a hash of the window's count and its end
 *   on the app's clock. Counting is one Lua script, atomic on the server: a window that ended (or
 *   none) starts again at 1, an open one adds 1; the key expires when its window ends, so Redis
 *   deletes ended windows itself. A peek is one `HMGET`, a clear one `DEL`.
 * - **Redis unreachable: the database counts.** A call Redis does not answer (not connected, a
 *   refused connection, no reply within {@link COMMAND_TIMEOUT_MS}, an error reply) is made on the
 *   database's counters instead, counted in `cashdesk_limit_counter_fallbacks_total`, and Redis is
 *   not asked again for {@link PAUSE_AFTER_FAILURE_MS}, so an outage costs a request at most one
 *   time-out. The limits stay enforced, never open to a guesser nor closed to a player; a key's
 *   budget starts afresh in the other store at each switch. The client reconnects by itself.
 * - **At start** the server waits up to {@link CONNECT_WAIT_MS} for Redis. An error *reply* to the
 *   handshake (wrong password, unknown database) is a configuration error and stops the start; a
 *   Redis that cannot be reached is logged and counted around through the database until it can.
 *
 * @packageDocumentation
 */
import { createClient, defineScript, ErrorReply } from '@redis/client';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config';
import { keyHash } from './limit-counters';
import type { LimitCounters, WindowCount } from './limit-counters';

/** A command without a reply after this long is given up (the database counts it instead). */
export const COMMAND_TIMEOUT_MS = 250;
/** After a call Redis did not answer, the database counts for this long before Redis is tried again. */
export const PAUSE_AFTER_FAILURE_MS = 1_000;
/** How long the start waits for a first connection. */
export const CONNECT_WAIT_MS = 5_000;
/** The longest pause between reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** The log line of an outage (once per outage, and at a start without Redis). */
const UNANSWERED = 'limit counters: Redis does not answer; counting in the database until it does';

/** The prefix of every key this module writes. */
const KEY_PREFIX = 'cashdesk:limit:';

/** Counts one event: KEYS[1] the window's hash; ARGV now and the window's length, in ms. */
const HIT = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
local stored = redis.call('HMGET', KEYS[1], 'count', 'end')
local now = tonumber(ARGV[1])
local count = tonumber(stored[1])
local ends = tonumber(stored[2])
if count == nil or ends == nil or ends <= now then
  count = 1
  ends = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'count', count, 'end', ends)
else
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
end
redis.call('PEXPIRE', KEYS[1], ends - now)
return {count, ends}
`,
  parseCommand(parser, key: string, now: number, windowMs: number) {
    parser.pushKey(key);
    parser.push(String(now), String(windowMs));
  },
  transformReply: (reply: unknown): unknown => reply,
});

/** The calls of {@link LimitCounters}, as the fallback metric names them. */
export type CounterOperation = keyof LimitCounters;

/** What {@link connectRedisCounters} needs. */
export interface RedisCountersOptions {
  /** REDIS_URL (never logged: it may hold a password). */
  readonly url: string;
  /** The counters that count while Redis cannot (the database's). */
  readonly fallback: LimitCounters;
  /** Told of each call the fallback made instead of Redis. */
  readonly onFallback: (operation: CounterOperation) => void;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Default {@link COMMAND_TIMEOUT_MS}. */
  readonly commandTimeoutMs?: number;
  /** Default {@link CONNECT_WAIT_MS}. */
  readonly connectWaitMs?: number;
  /** Default {@link PAUSE_AFTER_FAILURE_MS}. */
  readonly pauseAfterFailureMs?: number;
}

/** Counters in Redis, with the client that keeps them. */
export interface RedisCounterStore {
  readonly counters: LimitCounters;
  /** Whether the client is connected to Redis now. */
  connected(): boolean;
  /** Closes the connection; calls after it count in the fallback. */
  close(): void;
}

/** A window read from a `[count, end]` pair, or `undefined` when it is not one. */
function windowOf(count: unknown, ends: unknown): WindowCount | undefined {
  const counted = Number(count);
  const endsAt = Number(ends);
  if (!Number.isSafeInteger(counted) || !Number.isSafeInteger(endsAt)) return undefined;
  return { count: counted, endsAt: new Date(endsAt) };
}

/** What a log line may say of an error from Redis or its socket (no address, no password). */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/**
 * Connects to Redis and returns counters kept there (see the module comment).
 *
 * @throws {ConfigError} when Redis answers the handshake with an error (wrong credentials, a
 *   database it does not have).
 */
export async function connectRedisCounters(
  options: RedisCountersOptions,
): Promise<RedisCounterStore> {
  const client = createClient({
    url: options.url,
    scripts: { limitHit: HIT },
    // Refused at once while not connected, instead of waiting in a queue: the database counts.
    disableOfflineQueue: true,
    commandOptions: {
      timeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      rejectInFlight: true,
    },
    socket: {
      connectTimeout: options.connectWaitMs ?? CONNECT_WAIT_MS,
      reconnectStrategy: (retries) => Math.min(100 * (retries + 1), MAX_RECONNECT_DELAY_MS),
    },
  });
  let everReady = false;
  let outage = true;
  let refused: ErrorReply | undefined;
  let stopWaiting = (): void => undefined;
  const refusal = new Promise<void>((resolve) => {
    stopWaiting = resolve;
  });
  client.on('ready', () => {
    everReady = true;
    if (outage) options.log.info('limit counters: Redis answers, counting there');
    outage = false;
  });
  client.on('error', (error: unknown) => {
    // An error reply to the handshake is the configuration's fault: the client would retry it
    // forever, so the start stops waiting at the first one.
    if (!everReady && error instanceof ErrorReply) {
      refused ??= error;
      stopWaiting();
    }
    if (outage) return;
    outage = true;
    options.log.warn({ error: errorName(error) }, UNANSWERED);
  });

  const wait = options.connectWaitMs ?? CONNECT_WAIT_MS;
  const connecting = client.connect().then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connecting,
    refusal,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, wait);
    }),
  ]);
  clearTimeout(timer);
  if (refused !== undefined && !client.isReady) {
    client.destroy();
    throw new ConfigError(
      `Invalid environment:\n  REDIS_URL: Redis refused the connection (${refused.message}): check its user, password and database number`,
    );
  }
  if (!client.isReady) options.log.warn({ waitedMs: wait }, UNANSWERED);

  let pausedUntil = 0;
  let closed = false;
  const attempt = async <T>(
    operation: CounterOperation,
    viaRedis: () => Promise<T | undefined>,
    viaFallback: () => Promise<T>,
  ): Promise<T> => {
    if (!closed && client.isReady && performance.now() >= pausedUntil) {
      try {
        const answer = await viaRedis();
        if (answer !== undefined) return answer;
      } catch (error) {
        pausedUntil = performance.now() + (options.pauseAfterFailureMs ?? PAUSE_AFTER_FAILURE_MS);
        if (!outage) {
          outage = true;
          options.log.warn({ error: errorName(error), operation }, UNANSWERED);
        }
      }
    }
    options.onFallback(operation);
    return viaFallback();
  };
  const redisKey = (limit: string, key: string): string => `${KEY_PREFIX}${limit}:${keyHash(key)}`;

  const counters: LimitCounters = {
    hit: (limit, key, windowMs, now) =>
      attempt(
        'hit',
        async () => {
          const reply = await client.limitHit(redisKey(limit, key), now.getTime(), windowMs);
          return Array.isArray(reply) ? windowOf(reply[0], reply[1]) : undefined;
        },
        () => options.fallback.hit(limit, key, windowMs, now),
      ),
    peek: (limit, key, now) =>
      attempt(
        'peek',
        async () => {
          const [count, ends] = await client.hmGet(redisKey(limit, key), ['count', 'end']);
          if (count === null || count === undefined) return { count: 0, endsAt: now };
          const window = windowOf(count, ends);
          if (window === undefined || window.endsAt.getTime() <= now.getTime()) {
            return { count: 0, endsAt: now };
          }
          return window;
        },
        () => options.fallback.peek(limit, key, now),
      ),
    clear: (limit, key) =>
      attempt(
        'clear',
        async () => {
          await client.del(redisKey(limit, key));
          return true;
        },
        () => options.fallback.clear(limit, key).then(() => true),
      ).then(() => undefined),
  };
  return {
    counters,
    connected: () => !closed && client.isReady,
    close: () => {
      closed = true;
      client.destroy();
    },
  };
}
