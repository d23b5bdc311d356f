/**
 * The messaging simulator: an operator's messaging service (the e-mail or SMS gateway that
 * OTP_SENDER=http hands codes to) as a Fastify app of its own. Run it as its own process
 * (`./main.ts`) and point the server's OTP_HTTP_URL at its `/messages`.
 *
 * What it does with `POST /messages` (modules/accounts/otp-senders/protocol.ts):
 * - checks the `Cashdesk-Signature` over the raw body with its secret (http/signing.ts
 *   verifySignature, against its own clock) and that `Cashdesk-Key-Id` names the key that
 *   matched: `401` otherwise, counted, nothing recorded;
 * - checks the body and that `Idempotency-Key` equals `message_id`: `400` otherwise;
 * - takes the next queued fault, if any (./control.ts);
 * - records the message once per `message_id` (a repeat is counted on the first, not recorded
 *   again: the player gets one message) and answers `202 {"accepted":true,"duplicate":…}`.
 *
 * Its memory is the "inbox" a test reads the code from (`GET /__control/messages`). Nothing
 * guards the control routes: never expose a simulator beyond a test machine.
 *
 * @packageDocumentation
 */
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  IDEMPOTENCY_HEADER,
  KEY_ID_HEADER,
  OtpHandOverBody,
  SIGNATURE_HEADER,
  verifySignature,
} from '@cashdesk/server/protocols';
import type { SigningKey } from '@cashdesk/server/protocols';
import { MESSAGING_PATHS, MessagesAnswer, MessagingFault, MessagingFaultsAnswer } from './control';
import type { HandOverRequest, RecordedMessage } from './control';

/** Options of {@link createMessagingSimulator}. */
export interface MessagingSimulatorOptions {
  /** The secrets it accepts (the server's OTP_HTTP_SECRET under OTP_HTTP_KEY_ID). */
  readonly keys: readonly SigningKey[];
  /** How old a signature may be, in seconds. Default http/signing.ts's. */
  readonly toleranceSeconds?: number | undefined;
  /** The clock signatures are checked against. Default the system clock. */
  readonly clock?: (() => Date) | undefined;
}

/** A message is far smaller. */
const BODY_LIMIT_BYTES = 16_384;

/** Resolves when the connection of a reply closes (the caller gave up, or the simulator stops). */
function closed(reply: FastifyReply): Promise<void> {
  if (reply.raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    reply.raw.once('close', () => {
      resolve();
    });
  });
}

/** Never answers: holds the request until its connection closes. */
async function hang(reply: FastifyReply): Promise<void> {
  reply.hijack();
  await closed(reply);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The faults queued, taken in order. */
class Faults {
  readonly #queued: MessagingFault[] = [];

  add(fault: MessagingFault): void {
    this.#queued.push({ ...fault });
  }

  take(): MessagingFault['mode'] | null {
    const first = this.#queued[0];
    if (first === undefined) return null;
    if (first.times <= 1) this.#queued.shift();
    else this.#queued[0] = { ...first, times: first.times - 1 };
    return first.mode;
  }

  pending(): MessagingFault[] {
    return this.#queued.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queued.length = 0;
  }
}

/** Creates the simulator (not listening yet: call `listen`). See the module comment. */
export function createMessagingSimulator(options: MessagingSimulatorOptions): FastifyInstance {
  if (options.keys.length === 0) throw new RangeError('messaging simulator: no signing key');
  const clock = options.clock ?? (() => new Date());
  const faults = new Faults();
  const messages = new Map<string, RecordedMessage>();
  const requests: HandOverRequest[] = [];
  let refusedSignatures = 0;

  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });
  // The signature covers the body byte for byte: keep it as it came and parse it after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply.code(status).send({ error });

  app.post(MESSAGING_PATHS.messages, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = verifySignature({
      header: header(request, SIGNATURE_HEADER),
      body: raw,
      keys: options.keys,
      now: clock(),
      toleranceSeconds: options.toleranceSeconds,
    });
    if (!check.valid || check.keyId !== header(request, KEY_ID_HEADER)) {
      refusedSignatures += 1;
      return refuse(reply, 401, check.valid ? 'key_id_mismatch' : `signature_${check.problem}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return refuse(reply, 400, 'body_not_json');
    }
    const body = OtpHandOverBody.safeParse(parsed);
    if (!body.success) return refuse(reply, 400, 'body_invalid');
    const message = body.data;
    if (header(request, IDEMPOTENCY_HEADER) !== message.message_id) {
      return refuse(reply, 400, 'idempotency_key_mismatch');
    }

    const fault = faults.take();
    requests.push({ message_id: message.message_id, fault });
    const record = (): boolean => {
      const known = messages.get(message.message_id);
      if (known !== undefined) {
        messages.set(message.message_id, { ...known, requests: known.requests + 1 });
        return true;
      }
      messages.set(message.message_id, { ...message, requests: 1, key_id: check.keyId });
      return false;
    };
    switch (fault) {
      case 'fail-before':
        return refuse(reply, 503, 'simulated_failure');
      case 'reject':
        return refuse(reply, 422, 'simulated_rejection');
      case 'hang-before':
        await hang(reply);
        return reply;
      case 'fail-after':
        record();
        return refuse(reply, 500, 'simulated_failure_after_recording');
      case 'hang-after':
        record();
        await hang(reply);
        return reply;
      case null:
        return reply.code(202).send({ accepted: true, duplicate: record() });
    }
  });

  app.get(MESSAGING_PATHS.activity, async (_request, reply) =>
    reply.send(
      z.encode(MessagesAnswer, {
        messages: [...messages.values()],
        requests,
        refusedSignatures,
        pendingFaults: faults.pending(),
      }),
    ),
  );

  app.post(MESSAGING_PATHS.faults, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return refuse(reply, 400, 'body_not_json');
    }
    const fault = MessagingFault.safeParse(parsed);
    if (!fault.success) return refuse(reply, 400, 'body_invalid');
    faults.add(fault.data);
    return reply.send(z.encode(MessagingFaultsAnswer, { pendingFaults: faults.pending() }));
  });

  app.post(MESSAGING_PATHS.reset, async (_request, reply) => {
    messages.clear();
    requests.length = 0;
    refusedSignatures = 0;
    faults.clear();
    return reply.code(204).send();
  });

  return app;
}
