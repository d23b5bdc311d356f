/**
 * Rate limits, counted with @fastify/rate-limit:
 *
 * - **Failed session checks per client address.** Every request that presents a session id (the
 *   x-session-id header of an API call, the session_id of the widget page) and gets error 17
 *   (unknown, expired or missing session) counts against its address. Once an address has caused
 *   AUTH_FAILURES_PER_ADDRESS of them in the window, every request of it that needs a session is
 *   answered 429 (error 1013, `Retry-After`) before the session is looked up, until the window
 *   ends: a storm of guessed session ids meets 429s and costs no database reads. Real players
 *   almost never fail a session check (an expired session shows its screen and stops calling).
 * - **Money calls per session.** Each call of {@link MONEY_ENDPOINT_IDS} (submits, uploads, the
 *   recurring check, one-time codes, the reversal, a new payout account) counts against its
 *   session, per endpoint; past MONEY_CALLS_PER_SESSION in the window the call is answered 429
 *   (1013, `Retry-After`) before its handler runs.
 * - **Client reports per client address**. The widget's render-crash and error reports
 *   (`clientReport`) take no session, so they are counted per address: past
 *   CLIENT_REPORTS_PER_ADDRESS in the window a report is answered 429 (1013, `Retry-After`) before
 *   its body is validated or stored, so the table cannot be flooded from one address.
 *
 * The client address is Fastify's `request.ip`, which honours TRUST_PROXY behind a proxy; IPv6
 * addresses count per /64, as one client usually holds the whole prefix.
 *
 * Counters live in this process's memory (the plugin's LRU store, 5000 keys per limit). With
 * several server processes each counts its own share, so a client may get up to N times a limit
 * from N processes before all of them refuse it; the limits are abuse brakes, not accounting
 * (money is kept safe by idempotency and the ledger, not by them). A shared store (the plugin's
 * Redis store) is the path for exact limits across processes.
 *
 * @packageDocumentation
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { EndpointId } from '@cashdesk/contract';
import type { RateLimitSettings } from '../config';
import { ApiError } from './api-error';

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

/** The endpoints limited per client address (they take no session). */
const ADDRESS_LIMITED_ENDPOINT_IDS: ReadonlySet<string> = new Set<EndpointId>(['clientReport']);

/** The failed-session-check counter of client addresses. */
export interface AuthFailureGuard {
  /**
   * @throws {ApiError} rateLimited (429, with Retry-After) when the request's address has used up
   *   its failed session checks in the window.
   */
  assertAllowed(request: FastifyRequest): Promise<void>;
  /** Counts one failed session check of the request's address. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

/** The limits an app enforces (decorated as `app.cashdeskLimits`). */
export interface Limits {
  readonly authFailures: AuthFailureGuard;
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
function tooManyRequests(retryAfterSeconds: number, detail: string): ApiError {
  return new ApiError('rateLimited', {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
    detail,
  });
}

/** Registers @fastify/rate-limit (no limit of its own on any route) and the app's limits. */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const failures = app.createRateLimit({
    max: settings.authFailuresPerAddress,
    timeWindow: settings.windowMs,
  });
  const authFailures: AuthFailureGuard = {
    async assertAllowed(request) {
      const state = await failures(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw tooManyRequests(state.ttlInSeconds, 'too many failed session checks from address');
      }
    },
    async recordFailure(request) {
      await failures(request);
    },
  };
  const moneyLimiters = new Map<string, preHandlerAsyncHookHandler>();
  const addressLimiters = new Map<string, preHandlerAsyncHookHandler>();
  app.decorate('cashdeskLimits', {
    authFailures,
    moneyCallHook(endpointId) {
      if (!MONEY_ENDPOINT_IDS.has(endpointId)) return undefined;
      const known = moneyLimiters.get(endpointId);
      if (known !== undefined) return known;
      const limiter = app.createRateLimit({
        max: settings.moneyCallsPerSession,
        timeWindow: settings.windowMs,
        keyGenerator: (request) => request.cashierSession?.sessionId ?? `address:${request.ip}`,
      });
      const hook: preHandlerAsyncHookHandler = async (request) => {
        const state = await limiter(request);
        if (!state.isAllowed && state.isExceeded) {
          throw tooManyRequests(state.ttlInSeconds, `${endpointId}: too many calls of a session`);
        }
      };
      moneyLimiters.set(endpointId, hook);
      return hook;
    },
    addressCallHook(endpointId) {
      if (!ADDRESS_LIMITED_ENDPOINT_IDS.has(endpointId)) return undefined;
      const known = addressLimiters.get(endpointId);
      if (known !== undefined) return known;
      const limiter = app.createRateLimit({
        max: settings.clientReportsPerAddress,
        timeWindow: settings.windowMs,
        keyGenerator: (request) => `${endpointId}:${request.ip}`,
      });
      const hook: preHandlerAsyncHookHandler = async (request) => {
        const state = await limiter(request);
        if (!state.isAllowed && state.isExceeded) {
          throw tooManyRequests(state.ttlInSeconds, `${endpointId}: too many calls of an address`);
        }
      };
      addressLimiters.set(endpointId, hook);
      return hook;
    },
  } satisfies Limits);
}
