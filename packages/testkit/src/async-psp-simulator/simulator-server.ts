/**
 * The asynchronous PSP simulator: the PSP of the asynchronous reference protocol
 * (`@cashdesk/server/protocols`) as a Fastify app of its own, run as its own process
 * (`./main.ts`) like an outside PSP. It accepts pay-ins and pay-outs (`202
 * received`) and decides them only when told (a control call) or, outside tests, after
 * `settleAfterMs`; every change of a payment is a webhook signed with the one signing helper
 * (`@cashdesk/server/protocols`) and POSTed to the payment's `notification_url`, retried with a
 * growing delay until the cashier answers `2xx` (like a real PSP), unless retries are off
 * (`retryBaseMs` 0: tests flush them by a control call instead of waiting).
 *
 * Payments, events and faults live in memory; a reset forgets them. The test-control routes
 * (`./control.ts`) are guarded by the API key only: never expose a simulator beyond a test
 * machine.
 *
 * @packageDocumentation
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  ASYNC_PSP_HEADERS,
  ASYNC_PSP_PATHS,
  CreatePayment,
  CreateRefund,
  signatureHeaders,
  toMajor,
} from '@cashdesk/server/protocols';
import type { Money, Payment, Refund, WebhookEvent } from '@cashdesk/server/protocols';
import {
  ASYNC_CONTROL_PATHS,
  AsyncFault,
  ClockInput,
  EventInput,
  RefundSettleInput,
  ReversalInput,
  SettleInput,
} from './control';

/** Options of {@link createAsyncPspSimulator}. */
export interface AsyncPspSimulatorOptions {
  /** Callers must send it as `X-Api-Key` (control routes too) when set. */
  readonly apiKey?: string | undefined;
  /** Signs every webhook. */
  readonly webhookSecret: string;
  /** Decides a payment (succeeded) this long after it was received; 0: only when told. */
  readonly settleAfterMs?: number | undefined;
  /** The first retry of an undelivered webhook after this, doubling; 0: no automatic retries. */
  readonly retryBaseMs?: number | undefined;
}

/** Most automatic deliveries of one event. */
const MAX_ATTEMPTS = 12;

/** A webhook event and how its deliveries went. */
interface SentEvent {
  readonly id: string;
  readonly event: WebhookEvent;
  delivered: boolean;
  attempts: number;
}

/** A merchant's refund and how often it was asked for. */
interface HeldRefund {
  refund: Refund;
  calls: number;
}

/** A payment and everything the simulator keeps about it. */
interface Held {
  payment: Payment;
  readonly notificationUrl: string;
  calls: number;
  readonly events: SentEvent[];
}

type Operation = z.output<typeof AsyncFault>['operation'];

/** An answer that ends a request early. */
class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    readonly extra: object = {},
  ) {
    super(type);
  }
}

function hang(reply: FastifyReply): Promise<void> {
  reply.hijack();
  if (reply.raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    reply.raw.once('close', () => {
      resolve();
    });
  });
}

/** Creates the simulator (not listening yet). See the module comment. */
export function createAsyncPspSimulator(options: AsyncPspSimulatorOptions): FastifyInstance {
  const byReference = new Map<string, Held>();
  const byId = new Map<string, Held>();
  const refundsByReference = new Map<string, HeldRefund>();
  const faults: { fault: z.output<typeof AsyncFault>; left: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const settleAfterMs = options.settleAfterMs ?? 0;
  const retryBaseMs = options.retryBaseMs ?? 0;
  const key = { keyId: 'psp-1', secret: options.webhookSecret };

  const app = Fastify({ logger: false, bodyLimit: 65_536, forceCloseConnections: true });
  app.addHook('onClose', () => {
    for (const timer of timers) clearTimeout(timer);
  });

  function later(ms: number, run: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run().catch(() => undefined);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** One delivery attempt of an event: the cashier's status, `null` on a network failure. */
  async function deliver(
    record: Held,
    sent: SentEvent,
    now: Date,
  ): Promise<{ status: number | null; body: unknown }> {
    const body = JSON.stringify(sent.event);
    sent.attempts += 1;
    let status: number | null;
    let answer: unknown = null;
    try {
      const response = await fetch(record.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signatureHeaders(key, body, now) },
        body,
        redirect: 'error',
      });
      status = response.status;
      const text = await response.text();
      try {
        answer = JSON.parse(text);
      } catch {
        answer = text;
      }
    } catch {
      status = null;
    }
    if (status !== null && status >= 200 && status < 300) sent.delivered = true;
    else if (retryBaseMs > 0 && sent.attempts < MAX_ATTEMPTS) {
      later(retryBaseMs * 2 ** (sent.attempts - 1), async () => {
        if (!sent.delivered) await deliver(record, sent, new Date());
      });
    }
    return { status, body: answer };
  }

  /** Records an event of a payment and delivers it once (retried per the options). */
  function emit(
    record: Held,
    type: WebhookEvent['event_type'],
    now: Date,
    shown: Payment = record.payment,
    amount?: Money,
    send = true,
    refund?: Refund,
  ) {
    const sent: SentEvent = {
      id: `evt_${randomUUID()}`,
      event: {
        event_id: '',
        event_type: type,
        occurred_at: now.toISOString(),
        payment: { ...shown },
        ...(amount === undefined ? {} : { amount }),
        ...(refund === undefined ? {} : { refund: { ...refund } }),
      },
      delivered: false,
      attempts: 0,
    };
    sent.event.event_id = sent.id;
    record.events.push(sent);
    return send ? deliver(record, sent, now) : Promise.resolve({ status: null, body: null });
  }

  function takeFault(operation: Operation) {
    const index = faults.findIndex(
      (entry) => entry.fault.operation === operation || entry.fault.operation === 'any',
    );
    const entry = faults[index];
    if (entry === undefined) return undefined;
    entry.left -= 1;
    if (entry.left === 0) faults.splice(index, 1);
    return entry.fault.mode;
  }

  function settle(
    record: Held,
    outcome: 'succeeded' | 'failed',
    code: string | null,
    now: Date,
    send = true,
  ) {
    if (record.payment.state !== 'received') throw new Refusal(409, 'not_received');
    record.payment = {
      ...record.payment,
      state: outcome,
      failure_code: outcome === 'failed' ? (code ?? 'declined') : null,
      settle_within_s: null,
    };
    return emit(record, 'payment.updated', now, record.payment, undefined, send);
  }

  function create(body: unknown): { status: number; payment: Payment } {
    const input = CreatePayment.safeParse(body);
    if (!input.success) throw new Refusal(400, 'invalid_request');
    const known = byReference.get(input.data.merchant_reference);
    if (known !== undefined) {
      if (known.payment.direction !== input.data.direction) {
        throw new Refusal(409, 'reference_conflict');
      }
      known.calls += 1;
      return { status: 200, payment: known.payment };
    }
    const record: Held = {
      payment: {
        payment_id: `psp_${randomBytes(12).toString('hex')}`,
        merchant_reference: input.data.merchant_reference,
        direction: input.data.direction,
        amount: input.data.amount,
        state: 'received',
        failure_code: null,
        settle_within_s: settleAfterMs > 0 ? Math.ceil(settleAfterMs / 1000) : 30,
      },
      notificationUrl: input.data.notification_url,
      calls: 1,
      events: [],
    };
    byReference.set(record.payment.merchant_reference, record);
    byId.set(record.payment.payment_id, record);
    if (settleAfterMs > 0) {
      later(settleAfterMs, async () => {
        if (record.payment.state === 'received') {
          await settle(record, 'succeeded', null, new Date());
        }
      });
    }
    return { status: 202, payment: record.payment };
  }

  function find(id: string): Held {
    const record = byId.get(id);
    if (record === undefined) throw new Refusal(404, 'payment_not_found');
    return record;
  }

  function cancel(id: string): Promise<Payment> {
    const record = find(id);
    if (record.payment.direction !== 'pay_out' || record.payment.state !== 'received') {
      throw new Refusal(409, 'not_cancellable', { payment: record.payment });
    }
    // Answered, not notified: the merchant asked for it and learns the result from the answer.
    record.payment = { ...record.payment, state: 'cancelled', settle_within_s: null };
    return Promise.resolve(record.payment);
  }

  /** What a payment's refunds hold (pending or succeeded), in minor units. */
  function refundedOf(paymentId: string): number {
    let sum = 0;
    for (const held of refundsByReference.values()) {
      if (held.refund.payment_id === paymentId && held.refund.state !== 'failed') {
        sum += held.refund.amount.value;
      }
    }
    return sum;
  }

  function createRefund(paymentId: string, body: unknown): { status: number; refund: Refund } {
    const input = CreateRefund.safeParse(body);
    if (!input.success) throw new Refusal(400, 'invalid_request');
    const known = refundsByReference.get(input.data.refund_reference);
    if (known !== undefined) {
      known.calls += 1;
      return { status: 200, refund: known.refund };
    }
    const record = find(paymentId);
    const { payment } = record;
    if (payment.direction !== 'pay_in' || payment.state !== 'succeeded') {
      throw new Refusal(409, 'not_refundable');
    }
    if (
      input.data.amount.currency !== payment.amount.currency ||
      refundedOf(payment.payment_id) + input.data.amount.value > payment.amount.value
    ) {
      throw new Refusal(409, 'exceeds_captured');
    }
    const refund: Refund = {
      refund_id: `rfd_${randomBytes(12).toString('hex')}`,
      refund_reference: input.data.refund_reference,
      payment_id: payment.payment_id,
      amount: input.data.amount,
      state: 'pending',
      failure_code: null,
    };
    const held: HeldRefund = { refund, calls: 1 };
    refundsByReference.set(refund.refund_reference, held);
    if (settleAfterMs > 0) {
      later(settleAfterMs, async () => {
        if (held.refund.state === 'pending') {
          await settleRefund(held, 'succeeded', new Date());
        }
      });
    }
    return { status: 202, refund };
  }

  /** Settles a pending refund and sends its `refund.updated`; a full refund refunds the payment. */
  function settleRefund(held: HeldRefund, outcome: 'succeeded' | 'failed', now: Date, send = true) {
    if (held.refund.state !== 'pending') throw new Refusal(409, 'not_pending');
    held.refund = {
      ...held.refund,
      state: outcome,
      failure_code: outcome === 'failed' ? 'declined' : null,
    };
    const record = find(held.refund.payment_id);
    if (
      outcome === 'succeeded' &&
      refundedOf(record.payment.payment_id) >= record.payment.amount.value
    ) {
      record.payment = { ...record.payment, state: 'refunded' };
    }
    return emit(record, 'refund.updated', now, record.payment, undefined, send, held.refund);
  }

  const Params = z.object({ id: z.string().max(64) });
  const RefundLookupQuery = z.object({ refund_reference: z.string().max(64) });
  const LookupQuery = z.object({ merchant_reference: z.string().max(64) });

  /** One protocol call through the fault queued for it. */
  async function serve(
    operation: Exclude<Operation, 'any'>,
    reply: FastifyReply,
    run: () => Promise<{ status: number; body: unknown }> | { status: number; body: unknown },
  ): Promise<FastifyReply | undefined> {
    const answer = async () => {
      try {
        return await run();
      } catch (error) {
        if (error instanceof Refusal) {
          return {
            status: error.statusCode,
            body: { error: { type: error.type }, ...error.extra },
          };
        }
        return { status: 500, body: { error: { type: 'internal' } } };
      }
    };
    const internal = { error: { type: 'internal', detail: 'simulated failure' } };
    switch (takeFault(operation)) {
      case undefined: {
        const result = await answer();
        return reply.code(result.status).send(result.body);
      }
      case 'fail-before':
        return reply.code(500).send(internal);
      case 'refuse':
        return reply.code(503).send({ error: { type: 'not_processed' } });
      case 'fail-after':
        await answer();
        return reply.code(500).send(internal);
      case 'hang-before':
        await hang(reply);
        return undefined;
      case 'hang-after':
        await answer();
        await hang(reply);
        return undefined;
    }
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.apiKey === undefined) return;
    if (request.headers[ASYNC_PSP_HEADERS.apiKey] !== options.apiKey) {
      return reply.code(401).send({ error: { type: 'unauthorized' } });
    }
  });

  app.post(ASYNC_PSP_PATHS.payments, (request, reply) =>
    serve('create', reply, () => {
      const created = create(request.body);
      return { status: created.status, body: created.payment };
    }),
  );
  app.get('/v2/payments/:id', (request, reply) =>
    serve('get', reply, () => ({
      status: 200,
      body: find(Params.parse(request.params).id).payment,
    })),
  );
  app.get(ASYNC_PSP_PATHS.payments, (request, reply) =>
    serve('lookup', reply, () => {
      const query = LookupQuery.safeParse(request.query);
      if (!query.success) throw new Refusal(400, 'invalid_request');
      const record = byReference.get(query.data.merchant_reference);
      return { status: 200, body: { data: record === undefined ? [] : [record.payment] } };
    }),
  );
  app.post('/v2/payments/:id/cancel', (request, reply) =>
    serve('cancel', reply, async () => ({
      status: 200,
      body: await cancel(Params.parse(request.params).id),
    })),
  );

  app.post('/v2/payments/:id/refunds', (request, reply) =>
    serve('refund', reply, () => {
      const created = createRefund(Params.parse(request.params).id, request.body);
      return { status: created.status, body: created.refund };
    }),
  );
  app.get(ASYNC_PSP_PATHS.refundLookup, (request, reply) =>
    serve('refund_lookup', reply, () => {
      const query = RefundLookupQuery.safeParse(request.query);
      if (!query.success) throw new Refusal(400, 'invalid_request');
      const held = refundsByReference.get(query.data.refund_reference);
      return { status: 200, body: { data: held === undefined ? [] : [held.refund] } };
    }),
  );

  // --- test control -----------------------------------------------------------------------------

  const RefParams = z.object({ ref: z.string().max(64) });

  /** Runs a control call: a refusal becomes its answer, a bad body a 400. */
  function control<S extends z.ZodType>(
    schema: S,
    run: (record: Held, input: z.output<S>, now: Date) => Promise<unknown>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const input = schema.safeParse(request.body ?? {});
      const params = RefParams.safeParse(request.params);
      if (!input.success || !params.success) {
        return reply.code(400).send({ error: { type: 'invalid_request' } });
      }
      const record = byReference.get(params.data.ref);
      if (record === undefined) return reply.code(404).send({ error: { type: 'unknown' } });
      const clock = ClockInput.safeParse(request.body ?? {});
      const nowText = clock.success ? clock.data.now : undefined;
      const now = nowText === undefined ? new Date() : new Date(nowText);
      let delivery: unknown;
      try {
        delivery = await run(record, input.data, now);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return reply.code(error.statusCode).send({ error: { type: error.type } });
      }
      return reply.code(200).send({ payment: record.payment, delivery });
    };
  }

  app.post(
    ASYNC_CONTROL_PATHS.settle,
    control(SettleInput, (record, input, now) =>
      settle(record, input.outcome, input.failure_code ?? null, now, input.deliver),
    ),
  );
  for (const kind of ['refund', 'chargeback'] as const) {
    app.post(
      ASYNC_CONTROL_PATHS[kind],
      control(ReversalInput, (record, input, now) => {
        if (record.payment.state !== 'succeeded') throw new Refusal(409, 'not_succeeded');
        const amount = {
          ...record.payment.amount,
          value: input.value ?? record.payment.amount.value,
        };
        // A partial reversal leaves the payment succeeded; the whole amount reverses it.
        if (amount.value >= record.payment.amount.value) {
          record.payment = {
            ...record.payment,
            state: kind === 'refund' ? 'refunded' : 'charged_back',
          };
        }
        return emit(
          record,
          kind === 'refund' ? 'payment.refunded' : 'payment.charged_back',
          now,
          record.payment,
          amount,
        );
      }),
    );
  }
  app.post(
    ASYNC_CONTROL_PATHS.event,
    control(EventInput, (record, input, now) =>
      emit(record, 'payment.updated', now, {
        ...record.payment,
        state: input.state,
        failure_code: input.state === 'failed' ? 'declined' : null,
      }),
    ),
  );
  app.post(
    ASYNC_CONTROL_PATHS.redeliver,
    control(ClockInput, (record, _input, now) => {
      const last = record.events.at(-1);
      if (last === undefined) throw new Refusal(409, 'no_event');
      return deliver(record, last, now);
    }),
  );
  app.post(ASYNC_CONTROL_PATHS.flush, async (request, reply) => {
    const input = ClockInput.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: { type: 'invalid_request' } });
    const now = input.data.now === undefined ? new Date() : new Date(input.data.now);
    const deliveries: { event_id: string; status: number | null }[] = [];
    for (const record of byReference.values()) {
      for (const sent of record.events.filter((event) => !event.delivered)) {
        deliveries.push({ event_id: sent.id, status: (await deliver(record, sent, now)).status });
      }
    }
    return reply.code(200).send({ deliveries });
  });
  app.post(ASYNC_CONTROL_PATHS.settleRefund, async (request, reply) => {
    const input = RefundSettleInput.safeParse(request.body ?? {});
    const params = RefParams.safeParse(request.params);
    if (!input.success || !params.success) {
      return reply.code(400).send({ error: { type: 'invalid_request' } });
    }
    const held = refundsByReference.get(params.data.ref);
    if (held === undefined) return reply.code(404).send({ error: { type: 'unknown' } });
    const now = input.data.now === undefined ? new Date() : new Date(input.data.now);
    try {
      const delivery = await settleRefund(held, input.data.outcome, now, input.data.deliver);
      return await reply.code(200).send({ refund: held.refund, delivery });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return reply.code(error.statusCode).send({ error: { type: error.type } });
    }
  });
  app.post(ASYNC_CONTROL_PATHS.faults, async (request, reply) => {
    const fault = AsyncFault.safeParse(request.body);
    if (!fault.success) return reply.code(400).send({ error: { type: 'invalid_request' } });
    faults.push({ fault: fault.data, left: fault.data.times });
    return reply.code(204).send();
  });
  app.get(ASYNC_CONTROL_PATHS.activity, async (_request, reply) =>
    reply.code(200).send({
      payments: [...byReference.values()].map((record) => ({
        merchant_reference: record.payment.merchant_reference,
        payment_id: record.payment.payment_id,
        direction: record.payment.direction,
        amount: toMajor(record.payment.amount),
        currency: record.payment.amount.currency,
        state: record.payment.state,
        calls: record.calls,
        events: {
          sent: record.events.length,
          delivered: record.events.filter((event) => event.delivered).length,
          undelivered: record.events.filter((event) => !event.delivered).length,
        },
      })),
      refunds: [...refundsByReference.values()].map((held) => ({
        refund_reference: held.refund.refund_reference,
        refund_id: held.refund.refund_id,
        payment_id: held.refund.payment_id,
        amount: toMajor(held.refund.amount),
        currency: held.refund.amount.currency,
        state: held.refund.state,
        calls: held.calls,
      })),
    }),
  );
  app.post(ASYNC_CONTROL_PATHS.reset, async (_request, reply) => {
    byReference.clear();
    byId.clear();
    refundsByReference.clear();
    faults.length = 0;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    return reply.code(204).send();
  });

  return app;
}
