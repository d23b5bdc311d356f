/**
 * A tiny operator endpoint for the webhook tests, run as its own process (main.ts): it verifies
 * every webhook's signature with the operator's function (http/signing.ts
 * `verifyWebhookSignature`), parses the event with the contract's schema, records every request
 * (event id, type, whether a duplicate of an accepted one) and can be told to answer 500, hang,
 * drop the connection or hold the request until released for the next requests (control.ts). Signatures are checked against its own
 * clock, which a test sets to the server's injected clock.
 *
 * @packageDocumentation
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { WebhookEvent } from '@cashdesk/contract';
import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  KEY_ID_HEADER,
  ATTEMPT_HEADER,
  verifyWebhookSignature,
} from '@cashdesk/server/protocols';
import type { SigningKey } from '@cashdesk/server/protocols';
import {
  ClockSetting,
  RECEIVER_CONTROL_PATHS,
  ReceiverFault,
  ReleaseSetting,
  WEBHOOK_PATH,
} from './control';
import type { Delivery } from './control';

/** What {@link createReceiver} takes. */
export interface ReceiverOptions {
  /** The secrets it accepts (two during a rotation). */
  readonly keys: readonly SigningKey[];
  /** How old a signature may be, in seconds (default 300). */
  readonly toleranceSeconds?: number | undefined;
}

const MinAccepted = z.object({
  min_accepted: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** A control body (the JSON parser above hands every body over as text). */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function header(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : (value?.[0] ?? null);
}

/** Creates the receiver's app (not listening). */
export function createReceiver(options: ReceiverOptions): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const deliveries: Delivery[] = [];
  const accepted = new Set<string>();
  let faults: z.output<typeof ReceiverFault>[] = [];
  let clock: Date | null = null;
  let waiters: { min: number; resolve: () => void }[] = [];
  // Requests held (`hold`), oldest first, and the control calls waiting for one.
  const held: ((status: number) => void)[] = [];
  let heldWaiters: (() => void)[] = [];
  const untilHeld = async (): Promise<void> => {
    if (held.length > 0) return;
    await new Promise<void>((resolve) => heldWaiters.push(resolve));
  };

  const acceptedCount = () => deliveries.filter((delivery) => delivery.accepted).length;
  const wake = () => {
    const count = acceptedCount();
    waiters = waiters.filter((waiter) => {
      if (waiter.min > count) return true;
      waiter.resolve();
      return false;
    });
  };

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(WEBHOOK_PATH, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const check = verifyWebhookSignature({
      headers: request.headers,
      rawBody,
      keys: options.keys,
      now: clock ?? new Date(),
      toleranceSeconds: options.toleranceSeconds,
    });
    const record = (answer: Delivery['answer'], ok: boolean, event: WebhookEvent | null): void => {
      const eventId = header(request.headers[EVENT_ID_HEADER]);
      const duplicate = ok && eventId !== null && accepted.has(eventId);
      if (ok && eventId !== null) accepted.add(eventId);
      deliveries.push({
        seq: deliveries.length + 1,
        event_id: eventId,
        event_type: header(request.headers[EVENT_TYPE_HEADER]),
        attempt: header(request.headers[ATTEMPT_HEADER]),
        signature: check.valid ? 'valid' : check.problem,
        key_id: header(request.headers[KEY_ID_HEADER]),
        answer,
        accepted: ok,
        duplicate,
        transaction_id: event !== null && 'transaction' in event ? event.transaction.id : null,
        transaction_status:
          event !== null && 'transaction' in event ? event.transaction.status : null,
      });
      wake();
    };

    const fault = faults[0];
    if (fault?.mode === 'hold') {
      fault.times -= 1;
      if (fault.times <= 0) faults = faults.slice(1);
      const released = await new Promise<number>((resolve) => {
        held.push(resolve);
        for (const wake of heldWaiters.splice(0)) wake();
      });
      if (released < 200 || released > 299) {
        record(released, false, null);
        return reply.code(released).send({ error: 'released with an error' });
      }
    } else if (fault !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults = faults.slice(1);
      if (fault.mode === 'fail') {
        record(500, false, null);
        return reply.code(500).send({ error: 'injected failure' });
      }
      record(fault.mode, false, null);
      if (fault.mode === 'down') request.raw.socket.destroy();
      // hang: never answered; the sender gives up, and closing the receiver cuts the connection.
      return reply.hijack();
    }
    if (!check.valid) {
      record(401, false, null);
      return reply.code(401).send({ error: 'signature', problem: check.problem });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      parsed = undefined;
    }
    const event = WebhookEvent.safeParse(parsed);
    if (!event.success || event.data.id !== header(request.headers[EVENT_ID_HEADER])) {
      record(400, false, null);
      return reply.code(400).send({ error: 'not an event of the contract' });
    }
    record(200, true, event.data);
    return reply.code(200).send({ received: true });
  });

  app.get(RECEIVER_CONTROL_PATHS.deliveries, async (request, reply) => {
    const query = MinAccepted.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: query.error.message });
    const min = query.data.min_accepted ?? 0;
    if (acceptedCount() < min) {
      await new Promise<void>((resolve) => {
        waiters.push({ min, resolve });
        request.raw.once('close', resolve);
      });
    }
    return reply.send({ deliveries });
  });

  app.post(RECEIVER_CONTROL_PATHS.faults, async (request, reply) => {
    const fault = ReceiverFault.safeParse(jsonOf(request.body));
    if (!fault.success) return reply.code(400).send({ error: fault.error.message });
    faults = [...faults, fault.data];
    return reply.send({ pendingFaults: faults });
  });

  app.post(RECEIVER_CONTROL_PATHS.clock, async (request, reply) => {
    const setting = ClockSetting.safeParse(jsonOf(request.body));
    if (!setting.success) return reply.code(400).send({ error: setting.error.message });
    clock = setting.data.now === null ? null : new Date(setting.data.now);
    return reply.code(204).send();
  });

  app.get(RECEIVER_CONTROL_PATHS.held, async (_request, reply) => {
    await untilHeld();
    return reply.send({ held: held.length });
  });

  app.post(RECEIVER_CONTROL_PATHS.release, async (request, reply) => {
    const setting = ReleaseSetting.safeParse(jsonOf(request.body));
    if (!setting.success) return reply.code(400).send({ error: setting.error.message });
    await untilHeld();
    held.shift()?.(setting.data.status);
    return reply.send({ held: held.length });
  });

  app.post(RECEIVER_CONTROL_PATHS.reset, async (_request, reply) => {
    heldWaiters = [];
    deliveries.length = 0;
    accepted.clear();
    faults = [];
    clock = null;
    return reply.code(204).send();
  });

  return app;
}
