/**
 * Rate limits, counted in counters every server process shares (http/limit-counters.ts, in the
 * database, or in Redis when REDIS_URL names one: http/limit-counters-redis.ts): N processes
 * behind a balancer give a client one limit, not N.
 *
 * - **Failed authentications per client address.** A session id that names no session (the
 *   x-session-id header of an API call, the session_id of the widget page), a staff cookie
 *   without a live session, an operator key that is no key and a provider webhook with a bad
 *   signature each count one failure of the client address ({@link AuthFailureGuard}). Past
 *   AUTH_FAILURES_PER_ADDRESS failures in the window, further *failures* of the address are
 *   answered 429 (error 1013, `Retry-After`) instead of their own error, with no database write;
 *   a request that proves itself valid (a live session, a good signature, a valid key) is served
 *   whatever its address did, so a flood from an address it shares cannot lock it out. A session
 *   id of a session that ended (expired, or its player blocked) is not counted: it was once
 *   valid, which a guess never is. Passwords are the exception: a password check is slow on
 *   purpose and a right guess must not get through a flood, so an address over the limit is
 *   answered 429 before its password is checked ({@link AuthFailureGuard.assertAllowed}).
 * - **Money calls per session.** Each call of {@link MONEY_ENDPOINT_IDS} (submits, uploads, the
 *   recurring check, one-time codes, the reversal, a new payout account), of the analytics
 *   collector (clickstream batches posted over HTTP) and of the card tokenization, counts against its session, per endpoint;
 *   past MONEY_CALLS_PER_SESSION in the window the call is answered 429 (1013, `Retry-After`)
 *   before its handler runs.
 * - **Client reports per client address**. The widget's render-crash and error reports
 *   (`clientReport`) take no session, so they are counted per address: past
 *   CLIENT_REPORTS_PER_ADDRESS in the window a report is answered 429 (1013, `Retry-After`) before
 *   its body is validated or stored, so the table cannot be flooded from one address. The icon
 *   files (`icon`, SPEC §7) are counted the same way, past ICON_CALLS_PER_ADDRESS.
 *
 * The client address is Fastify's `request.ip`, which honours TRUST_PROXY behind a proxy, counted
 * under http/client-address.ts `addressKey`: IPv6 addresses per /64, as one client usually holds
 * the whole prefix, IPv4-mapped IPv6 addresses as IPv4.
 *
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { EndpointId } from '@cashdesk/contract';
import type { LimitStoreSettings, RateLimitSettings } from '../config';
import type { Database } from '../db/open';
import { ApiError } from './api-error';
import { requestAddressKey } from './client-address';
import { postgresCounters } from './limit-counters';
import type { LimitCounters } from './limit-counters';
import { connectRedisCounters } from './limit-counters-redis';
import type { Telemetry } from './telemetry';

/** The endpoints limited per session: every call that moves money or sends a code. */
export const MONEY_ENDPOINT_IDS: ReadonlySet<string> = new Set<EndpointId>([
  'depositSubmit',
  'payoutSubmit',
  'depositUpload',
  'payoutUpload',
  'userCardsRecurringCheck',
  'depositOtp',
  'otpSend',
  'otpVerify',
  'reversePendingWithdrawal',
  'requisiteCreate',
]);

/** The endpoints limited per session: the money calls and the analytics collector. */
const SESSION_LIMITED_ENDPOINT_IDS: ReadonlySet<string> = new Set<string>([
  ...MONEY_ENDPOINT_IDS,
  'analyticsCollect' satisfies EndpointId,
  'userCardsTokenize' satisfies EndpointId,
]);

/** The endpoints limited per client address (they take no session), and their limit's setting. */
const ADDRESS_LIMITS: ReadonlyMap<string, keyof RateLimitSettings> = new Map<
  EndpointId,
  keyof RateLimitSettings
>([
  ['clientReport', 'clientReportsPerAddress'],
  ['icon', 'iconCallsPerAddress'],
]);

/** The counter of failed authentications. */
const AUTH_FAILURES = 'auth-failures';

/** Addresses this process remembers as over their failures (a bounded map). */
const MAX_REMEMBERED_BLOCKS = 10_000;

/** The failed-authentication counter of client addresses. */
export interface AuthFailureGuard {
  /**
   * Before a check a flood must not reach at all (a password: slow, and guessable by repetition).
   *
   * @throws {ApiError} rateLimited (429, with Retry-After) when the request's address has used up
   *   its failed authentications in the window.
   */
  assertAllowed(request: FastifyRequest): Promise<void>;
  /**
   * After a credential failed its check: counts one failure of the request's address (not for
   * an `ended` credential: a session that once was valid), then returns so the caller answers
   * its own error.
   *
   * @throws {ApiError} rateLimited (429, with Retry-After) instead when the address is past its
   *   failures in the window (an address this process knows to be is refused without a write).
   */
  recordFailure(request: FastifyRequest, options?: { readonly ended?: boolean }): Promise<void>;
}

/** The limits an app enforces (decorated as `app.cashdeskLimits`). */
export interface Limits {
  readonly authFailures: AuthFailureGuard;
  /** The shared counters, for a limit a module keeps itself (the staff sign-in lock). */
  readonly counters: LimitCounters;
  /** The preHandler hook limiting an endpoint per session; `undefined` for other endpoints. */
  moneyCallHook(endpointId: string): preHandlerAsyncHookHandler | undefined;
  /** The preHandler hook limiting an endpoint per client address; `undefined` for others. */
  addressCallHook(endpointId: string): preHandlerAsyncHookHandler | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's rate limits (http/rate-limits.ts), registered before any route. */
    cashdeskLimits: Limits;
  }
}

/** The 429 answer, telling the client when to try again. */
function tooManyRequests(endsAt: Date, now: Date, detail: string): ApiError {
  const seconds = Math.ceil((endsAt.getTime() - now.getTime()) / 1000);
  return new ApiError('rateLimited', {
    headers: { 'retry-after': String(Math.max(1, seconds)) },
    detail,
  });
}

/** The failure guard over shared counters, remembering addresses it saw blocked until their window ends. */
function authFailureGuard(
  counters: LimitCounters,
  settings: RateLimitSettings,
  clock: () => Date,
): AuthFailureGuard {
  const blocked = new Map<string, number>();
  const rememberBlocked = (address: string, endsAt: Date): void => {
    if (blocked.size >= MAX_REMEMBERED_BLOCKS) {
      const oldest = blocked.keys().next();
      if (oldest.done !== true) blocked.delete(oldest.value);
    }
    blocked.set(address, endsAt.getTime());
  };
  const knownBlocked = (address: string, now: Date): Date | undefined => {
    const until = blocked.get(address);
    if (until === undefined) return undefined;
    if (until > now.getTime()) return new Date(until);
    blocked.delete(address);
    return undefined;
  };
  const detail = 'too many failed authentications from address';
  return {
    async assertAllowed(request) {
      const now = clock();
      const address = requestAddressKey(request);
      const known = knownBlocked(address, now);
      if (known !== undefined) throw tooManyRequests(known, now, detail);
      const window = await counters.peek(AUTH_FAILURES, address, now);
      if (window.count >= settings.authFailuresPerAddress) {
        rememberBlocked(address, window.endsAt);
        throw tooManyRequests(window.endsAt, now, detail);
      }
    },
    async recordFailure(request, options) {
      const now = clock();
      const address = requestAddressKey(request);
      const known = knownBlocked(address, now);
      if (known !== undefined) throw tooManyRequests(known, now, detail);
      if (options?.ended === true) return;
      const window = await counters.hit(AUTH_FAILURES, address, settings.windowMs, now);
      if (window.count > settings.authFailuresPerAddress) {
        rememberBlocked(address, window.endsAt);
        throw tooManyRequests(window.endsAt, now, detail);
      }
    },
  };
}

/** A preHandler hook counting each call under `limit` by `keyOf`, refusing past `max`. */
function countingHook(
  counters: LimitCounters,
  options: {
    readonly limit: string;
    readonly max: number;
    readonly windowMs: number;
    readonly clock: () => Date;
    readonly keyOf: (request: FastifyRequest) => string;
    readonly detail: string;
  },
): preHandlerAsyncHookHandler {
  return async (request) => {
    const now = options.clock();
    const window = await counters.hit(options.limit, options.keyOf(request), options.windowMs, now);
    if (window.count > options.max) throw tooManyRequests(window.endsAt, now, options.detail);
  };
}

/**
 * The counters of the configured store: the app's database, or Redis (REDIS_URL) with the
 * database counting while Redis does not answer (http/limit-counters-redis.ts). A Redis client is
 * closed with the app.
 */
async function countersOf(
  app: FastifyInstance,
  settings: RateLimitSettings,
  store: LimitStoreSettings,
  deps: { readonly db: Database; readonly metrics: Telemetry },
): Promise<LimitCounters> {
  const database = postgresCounters(deps.db, {
    cleanUpEveryMs: settings.windowMs,
    onCleanUpError: (error) => {
      app.log.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'ended rate-limit windows not deleted',
      );
    },
  });
  if (store.kind === 'database') return database;
  let connected = (): boolean => false;
  const onFallback = deps.metrics.limitStore(() => connected());
  const redis = await connectRedisCounters({
    url: store.url,
    fallback: database,
    onFallback,
    log: app.log,
  });
  connected = () => redis.connected();
  app.addHook('onClose', () => {
    redis.close();
  });
  return redis.counters;
}

/** Decorates the app with its limits, counted in the configured store (see {@link countersOf}). */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  store: LimitStoreSettings,
  deps: { readonly db: Database; readonly clock: () => Date; readonly metrics: Telemetry },
): Promise<void> {
  const counters = await countersOf(app, settings, store, deps);
  const moneyHooks = new Map<string, preHandlerAsyncHookHandler>();
  const addressHooks = new Map<string, preHandlerAsyncHookHandler>();
  app.decorate('cashdeskLimits', {
    authFailures: authFailureGuard(counters, settings, deps.clock),
    counters,
    moneyCallHook(endpointId) {
      if (!SESSION_LIMITED_ENDPOINT_IDS.has(endpointId)) return undefined;
      let hook = moneyHooks.get(endpointId);
      if (hook === undefined) {
        hook = countingHook(counters, {
          limit: `money:${endpointId}`,
          max: settings.moneyCallsPerSession,
          windowMs: settings.windowMs,
          clock: deps.clock,
          keyOf: (request) =>
            request.cashierSession?.sessionId ?? `address:${requestAddressKey(request)}`,
          detail: `${endpointId}: too many calls of a session`,
        });
        moneyHooks.set(endpointId, hook);
      }
      return hook;
    },
    addressCallHook(endpointId) {
      const setting = ADDRESS_LIMITS.get(endpointId);
      if (setting === undefined) return undefined;
      let hook = addressHooks.get(endpointId);
      if (hook === undefined) {
        hook = countingHook(counters, {
          limit: `address:${endpointId}`,
          max: settings[setting],
          windowMs: settings.windowMs,
          clock: deps.clock,
          keyOf: requestAddressKey,
          detail: `${endpointId}: too many calls of an address`,
        });
        addressHooks.set(endpointId, hook);
      }
      return hook;
    },
  } satisfies Limits);
}
