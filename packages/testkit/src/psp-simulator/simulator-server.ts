/**
 * The PSP simulator: a {@link SandboxProvider} behind the Cashdesk PSP protocol
 * (`@cashdesk/server/protocols`), as a Fastify app of its own. Run it as its own process (`./main.ts`)
 * and point an {@link HttpPaymentProvider} at it: its payments, idempotency records and activity
 * then live outside the server, so a server killed with SIGKILL loses none of them, and a test
 * can count what was charged across server restarts.
 *
 * The decisions are the in-process sandbox's (test cards, method kinds, amount rules; see
 * `packages/server/src/providers/sandbox/README.md`), taken with the caller's clock (`Cashdesk-Now`) when it sends one. Its
 * state lives in the simulator's memory (`MemorySandboxStore`): the simulator is one process that
 * every server process reaches over HTTP, as it would reach an outside PSP. The
 * challenge and interaction URLs it hands out start with {@link SimulatorOptions.baseUrl}; the
 * simulator does not serve those pages.
 *
 * **Push notifications** (`./notifications.ts`): with a notification address, signed results of
 * payments, payouts and refunds are POSTed to the cashier, so a `processing` payment settles
 * without a status poll.
 *
 * **Test control, for tests only** (`./control.ts`, routes under `/__control/`): queue faults
 * (a failure, a refusal, a lost answer, a hang, a late or doubled request), read the activity,
 * set the notification address and send due notifications, reset. Nothing guards these routes but the API key: never expose a simulator beyond a test
 * machine.
 *
 * @packageDocumentation
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  CancelAnswer,
  DepositAnswer,
  PROTOCOL_HEADERS,
  PROTOCOL_ROUTES,
  PROVIDER_OPERATIONS,
  PayoutAnswer,
  RefundAnswer,
  StatusAnswer,
  ThreeDsAnswer,
} from '@cashdesk/server/protocols';
import type { ProtocolErrorCode, ProviderOperation } from '@cashdesk/server/protocols';
import { MemorySandboxStore, SandboxProvider, parseRef } from '@cashdesk/server/sandbox';
import type {
  LookupResult,
  MemorySandboxStoreOptions,
  ProviderStatus,
  SandboxFlow,
  SandboxProviderOptions,
} from '@cashdesk/server/sandbox';
import {
  ActivityAnswer,
  CONTROL_PATHS,
  DeliverAnswer,
  Fault,
  FaultQueue,
  FaultsAnswer,
  NotificationSettings,
} from './control';
import { Notifier } from './notifications';
import type { NotificationTarget } from './notifications';

/** Options of {@link createSimulator}. */
export interface SimulatorOptions {
  /**
   * The prefix of the challenge and interaction page URLs the sandbox hands out (the cashier
   * server's public URL, which serves the sandbox pages). Default '': root-relative URLs.
   */
  readonly baseUrl?: string | undefined;
  /** When set, every protocol and control route wants `Authorization: Bearer <apiKey>`. */
  readonly apiKey?: string | undefined;
  /**
   * The sandbox's timings, random source and memory bound; a reset builds a new sandbox (with a
   * new, empty memory) with them.
   */
  readonly sandbox?:
    (Omit<SandboxProviderOptions, 'baseUrl' | 'store'> & MemorySandboxStoreOptions) | undefined;
  /** The clock of calls that send no `Cashdesk-Now`. Default the system clock. */
  readonly clock?: (() => Date) | undefined;
  /**
   * Where push notifications go from the start (`./notifications.ts`); a test sets it with
   * `POST /__control/notifications` instead.
   */
  readonly notifications?: NotificationTarget | undefined;
  /**
   * How often the simulator sends due push notifications by itself, with {@link clock}; `0` or
   * unset: only when `POST /__control/notifications/deliver` asks (tests).
   */
  readonly notifyEveryMs?: number | undefined;
}

/** Largest request body: a deposit is far smaller. */
const BODY_LIMIT_BYTES = 65_536;

/** An answer to send. */
interface Answer {
  readonly statusCode: number;
  readonly body: unknown;
  readonly replayed?: boolean;
}

/** An answer that ends a request early (a bad request, an unknown reference). */
class AnswerError extends Error {
  constructor(readonly answer: Answer) {
    super(`answer ${answer.statusCode}`);
  }
}

function errorAnswer(statusCode: number, code: ProtocolErrorCode, message: string): Answer {
  return { statusCode, body: { error: { code, message } } };
}

function ok(body: unknown, replayed = false): Answer {
  return { statusCode: 200, body, replayed };
}

/** The paths of a failed validation, never the values (a deposit body holds card data). */
function invalid(error: z.ZodError, where: string): AnswerError {
  const paths = error.issues.map((issue) => [where, ...issue.path].join('.'));
  return new AnswerError(
    errorAnswer(400, 'invalid_request', `invalid ${[...new Set(paths)].slice(0, 5).join(', ')}`),
  );
}

function parsed<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalid(result.error, where);
  return result.data;
}

const ReferenceParams = z.object({ providerRef: z.string().min(1).max(256) });
const TransactionParams = z.object({ transactionId: z.string().min(1).max(256) });
const RefundParams = z.object({ refundId: z.string().min(1).max(256) });
const Now = z.iso.datetime({ offset: true });
const ActivityQuery = z.object({ now: Now.optional() });

function unknownReference(): AnswerError {
  return new AnswerError(errorAnswer(404, 'unknown_reference', 'no payment has that reference'));
}

/** A status answer, or `404 unknown_reference` for the contract's `unknown`. */
function statusAnswer(status: ProviderStatus): Answer {
  if (status.status === 'unknown') throw unknownReference();
  return ok(z.encode(StatusAnswer, status));
}

/** The flow of a transaction id the sandbox knows (from its reference), `undefined` if new. */
function knownFlow(found: LookupResult): SandboxFlow | 'other' | undefined {
  if (found.status === 'not_found') return undefined;
  return parseRef(found.providerRef)?.flow ?? 'other';
}

/** Whether the Authorization header carries the key (compared in constant time). */
function authorized(header: string | undefined, apiKey: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${apiKey}`));
}

/** Resolves when the connection of a reply closes (the caller gave up, or the server stops). */
function closed(reply: FastifyReply): Promise<void> {
  if (reply.raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    reply.raw.once('close', () => {
      resolve();
    });
  });
}

/** Waits `ms`; `false` when the connection closed first. */
function stillOpenAfter(reply: FastifyReply, ms: number): Promise<boolean> {
  if (reply.raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      reply.raw.off('close', onClose);
      resolve(true);
    }, ms);
    reply.raw.once('close', onClose);
  });
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.replayed === true) reply.header(PROTOCOL_HEADERS.replayed, 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

/** Never answers: holds the request until its connection closes. */
async function hang(reply: FastifyReply): Promise<void> {
  reply.hijack();
  await closed(reply);
}

/**
 * Creates the simulator (not listening yet: call `listen`). See the module comment and
 * README.md beside this file.
 */
export function createSimulator(options: SimulatorOptions = {}): FastifyInstance {
  const clock = options.clock ?? (() => new Date());
  const newSandbox = (): SandboxProvider =>
    new SandboxProvider({
      ...options.sandbox,
      baseUrl: options.baseUrl,
      store: new MemorySandboxStore({ maxRemembered: options.sandbox?.maxRemembered }),
    });
  let sandbox = newSandbox();
  const faults = new FaultQueue();
  const notifier = new Notifier(options.notifications);
  const operationCalls = new Map<ProviderOperation, number>();

  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });

  app.setErrorHandler((error, _request, reply) => {
    const statusCode =
      typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : 500;
    // Fastify's own errors before a handler ran: a body that is not JSON, too large, …
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return send(reply, errorAnswer(statusCode, 'invalid_request', 'unreadable request'));
    }
    return send(reply, errorAnswer(500, 'internal', 'the simulator failed'));
  });
  app.setNotFoundHandler((_request, reply) =>
    send(reply, errorAnswer(404, 'no_such_route', 'no route at this method and path')),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (options.apiKey === undefined) return;
    if (!authorized(request.headers[PROTOCOL_HEADERS.authorization], options.apiKey)) {
      return send(reply, errorAnswer(401, 'unauthorized', 'missing or wrong API key'));
    }
  });

  /** The contract's `now`: the caller's clock when it sends one. */
  function nowOf(request: FastifyRequest): Date {
    const header = request.headers[PROTOCOL_HEADERS.now];
    if (header === undefined) return clock();
    return new Date(parsed(Now, header, `headers.${PROTOCOL_HEADERS.now}`));
  }

  /**
   * Whether a deposit or payout repeats a transaction id seen before. Refuses (400) an
   * Idempotency-Key other than the transaction id, and (409) an id seen in the other flow.
   */
  async function isRepeat(
    request: FastifyRequest,
    transactionId: string,
    flow: SandboxFlow,
    now: Date,
  ): Promise<boolean> {
    if (request.headers[PROTOCOL_HEADERS.idempotencyKey] !== transactionId) {
      throw new AnswerError(
        errorAnswer(400, 'invalid_request', 'Idempotency-Key must equal the body transactionId'),
      );
    }
    const known = knownFlow(await sandbox.lookup(transactionId, now));
    if (known !== undefined && known !== flow) {
      throw new AnswerError(
        errorAnswer(409, 'idempotency_conflict', `the transaction id is not a ${flow}`),
      );
    }
    return known !== undefined;
  }

  /** An approved status with what the PSP moved for it (the payment's amount as charged). */
  async function withMoved(status: ProviderStatus): Promise<ProviderStatus> {
    if (status.status !== 'approved') return status;
    const view = await sandbox.paymentView(status.providerRef);
    return view === undefined
      ? status
      : { ...status, moved: { amount: view.amount, currency: view.currency } };
  }

  const handlers: Record<
    ProviderOperation,
    (request: FastifyRequest, now: Date) => Promise<Answer>
  > = {
    async authorizeDeposit(request, now) {
      const input = parsed(PROTOCOL_ROUTES.authorizeDeposit.body, request.body, 'body');
      const replayed = await isRepeat(request, input.transactionId, 'deposit', now);
      return ok(z.encode(DepositAnswer, await sandbox.authorizeDeposit(input, now)), replayed);
    },
    async complete3ds(request, now) {
      const { providerRef } = parsed(ReferenceParams, request.params, 'params');
      const { fields } = parsed(PROTOCOL_ROUTES.complete3ds.body, request.body, 'body');
      const outcome = await sandbox.complete3ds(providerRef, { fields }, now);
      if (outcome.outcome === 'declined' && outcome.reason === 'unknown_reference') {
        throw unknownReference();
      }
      return ok(z.encode(ThreeDsAnswer, outcome));
    },
    async status(request, now) {
      const { providerRef } = parsed(ReferenceParams, request.params, 'params');
      return statusAnswer(await withMoved(await sandbox.status(providerRef, now)));
    },
    async lookup(request, now) {
      const { transactionId } = parsed(TransactionParams, request.params, 'params');
      const found = await sandbox.lookup(transactionId, now);
      if (found.status === 'not_found') {
        throw new AnswerError(errorAnswer(404, 'not_found', 'no payment has that transaction id'));
      }
      return ok(z.encode(StatusAnswer, await withMoved(found)));
    },
    async payout(request, now) {
      const input = parsed(PROTOCOL_ROUTES.payout.body, request.body, 'body');
      const replayed = await isRepeat(request, input.transactionId, 'payout', now);
      return ok(z.encode(PayoutAnswer, await sandbox.payout(input, now)), replayed);
    },
    async recordReceipt(request, now) {
      const { providerRef } = parsed(ReferenceParams, request.params, 'params');
      parsed(PROTOCOL_ROUTES.recordReceipt.body, request.body ?? {}, 'body');
      return statusAnswer(await withMoved(await sandbox.recordReceipt(providerRef, now)));
    },
    async cancelPayout(request, now) {
      const { providerRef } = parsed(ReferenceParams, request.params, 'params');
      parsed(PROTOCOL_ROUTES.cancelPayout.body, request.body ?? {}, 'body');
      const outcome = await sandbox.cancelPayout(providerRef, now);
      if (outcome.outcome === 'not_cancellable' && outcome.status.status === 'unknown') {
        throw unknownReference();
      }
      return ok(z.encode(CancelAnswer, outcome));
    },
    async refund(request, now) {
      const input = parsed(PROTOCOL_ROUTES.refund.body, request.body, 'body');
      if (request.headers[PROTOCOL_HEADERS.idempotencyKey] !== input.refundId) {
        throw new AnswerError(
          errorAnswer(400, 'invalid_request', 'Idempotency-Key must equal the body refundId'),
        );
      }
      const replayed = (await sandbox.refunds.lookupRefund(input.refundId, now)).outcome;
      const outcome = await sandbox.refunds.refund(input, now);
      return ok(z.encode(RefundAnswer, outcome), replayed !== 'not_found');
    },
    async lookupRefund(request, now) {
      const { refundId } = parsed(RefundParams, request.params, 'params');
      const found = await sandbox.refunds.lookupRefund(refundId, now);
      if (found.outcome === 'not_found') {
        throw new AnswerError(errorAnswer(404, 'not_found', 'no refund has that id'));
      }
      return ok(z.encode(RefundAnswer, found));
    },
  };

  /** Runs a handler to its answer: a refusal or a failure of the sandbox becomes an answer too. */
  async function processed(operation: ProviderOperation, request: FastifyRequest): Promise<Answer> {
    try {
      return await handlers[operation](request, nowOf(request));
    } catch (error) {
      if (error instanceof AnswerError) return error.answer;
      return errorAnswer(500, 'internal', 'the simulator failed');
    }
  }

  /** The answer of a soft decline: declined with a code after which nothing was charged. */
  const softDecline = { outcome: 'declined', reason: 'declined', code: 'do_not_honor' };

  /** One protocol call, through the fault (if any) queued for it. */
  async function serve(
    operation: ProviderOperation,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    operationCalls.set(operation, (operationCalls.get(operation) ?? 0) + 1);
    const fault = faults.take(operation);
    const run = (): Promise<Answer> => processed(operation, request);
    const failed = errorAnswer(500, 'internal', 'simulated failure');
    switch (fault?.mode) {
      case undefined:
        return send(reply, await run());
      case 'fail-before':
        return send(reply, failed);
      case 'refuse':
        return send(reply, errorAnswer(503, 'not_processed', 'simulated refusal, not processed'));
      case 'soft-decline':
        // An issuer's "do not honour": refused before any charge, so nothing is recorded.
        return send(reply, { statusCode: 200, body: softDecline });
      case 'hang-before':
        await hang(reply);
        return undefined;
      case 'fail-after':
        await run();
        return send(reply, failed);
      case 'drop-after':
        await run();
        reply.hijack();
        reply.raw.destroy();
        return undefined;
      case 'hang-after':
        await run();
        await hang(reply);
        return undefined;
      case 'delay-after': {
        const answer = await run();
        if (await stillOpenAfter(reply, fault.delayMs)) return send(reply, answer);
        reply.hijack();
        return undefined;
      }
      case 'duplicate': {
        const first = await run();
        await run();
        return send(reply, first);
      }
    }
  }

  for (const operation of PROVIDER_OPERATIONS) {
    const route = PROTOCOL_ROUTES[operation];
    app.route({
      method: route.method,
      url: route.path,
      handler: (request, reply) => serve(operation, request, reply),
    });
  }

  app.get(CONTROL_PATHS.activity, async (request, reply) => {
    const query = ActivityQuery.safeParse(request.query);
    if (!query.success) return send(reply, invalid(query.error, 'query').answer);
    const now = query.data.now === undefined ? clock() : new Date(query.data.now);
    const transactions = await Promise.all(
      (await sandbox.activity()).map(async (entry) => ({
        ...entry,
        status: await sandbox.status(entry.providerRef, now),
      })),
    );
    const refunds = [...(await sandbox.refundActivity(now))];
    return send(
      reply,
      ok(
        z.encode(ActivityAnswer, {
          transactions,
          refunds,
          pendingFaults: faults.pending(),
          operationCalls: Object.fromEntries(operationCalls),
        }),
      ),
    );
  });

  app.post(CONTROL_PATHS.faults, async (request, reply) => {
    const fault = Fault.safeParse(request.body);
    if (!fault.success) return send(reply, invalid(fault.error, 'body').answer);
    faults.add(fault.data);
    return send(reply, ok(z.encode(FaultsAnswer, { pendingFaults: faults.pending() })));
  });

  app.post(CONTROL_PATHS.notifications, async (request, reply) => {
    const settings = NotificationSettings.safeParse(request.body);
    if (!settings.success) return send(reply, invalid(settings.error, 'body').answer);
    notifier.configure(settings.data.url === null ? undefined : settings.data);
    return reply.code(204).send();
  });

  app.post(CONTROL_PATHS.deliver, async (request, reply) => {
    const query = ActivityQuery.safeParse(request.query);
    if (!query.success) return send(reply, invalid(query.error, 'query').answer);
    const now = query.data.now === undefined ? clock() : new Date(query.data.now);
    const deliveries = await notifier.sweep(sandbox, now);
    return send(reply, ok(z.encode(DeliverAnswer, { deliveries })));
  });

  if (options.notifyEveryMs !== undefined && options.notifyEveryMs > 0) {
    const timer = setInterval(() => {
      void notifier.sweep(sandbox, clock()).catch(() => undefined);
    }, options.notifyEveryMs);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  }

  app.post(CONTROL_PATHS.reset, async (_request, reply) => {
    sandbox = newSandbox();
    faults.clear();
    operationCalls.clear();
    return reply.code(204).send();
  });

  return app;
}
