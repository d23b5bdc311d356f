/**
 * The HTTP sender against the messaging simulator in this process (a real HTTP server): the
 * signed body of the protocol, the bounded retry with one message id, and each failure mode. The
 * whole server with the simulator in its own process: test/otp-http-delivery.test.ts.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGING_PATHS, MessagesAnswer, createMessagingSimulator } from '@cashdesk/testkit';
import type { MessagingFaultInput } from '@cashdesk/testkit';
import { HttpOtpSender } from './http-sender';
import { OtpNotSentError, UnconfiguredOtpSender, notSentReason, otpMessage } from './otp-sender';
import type { OtpLog, OtpMessage } from './otp-sender';

const KEY = { keyId: 'otp-test-key', secret: 'a-messaging-secret-for-tests' };
const DESTINATION = '+4915711122233';
const CODE = '042917';

let simulator: FastifyInstance;
let baseUrl = '';

beforeAll(async () => {
  simulator = createMessagingSimulator({ keys: [KEY] });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await simulator.close();
});

beforeEach(async () => {
  await fetch(`${baseUrl}${MESSAGING_PATHS.reset}`, { method: 'POST' });
});

async function activity(): Promise<MessagesAnswer> {
  const response = await fetch(`${baseUrl}${MESSAGING_PATHS.activity}`);
  return MessagesAnswer.parse(await response.json());
}

async function fault(input: MessagingFaultInput): Promise<void> {
  const response = await fetch(`${baseUrl}${MESSAGING_PATHS.faults}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(response.status).toBe(200);
}

/** A log that keeps every line as JSON, to check what it never holds. */
function recordingLog(): OtpLog & { readonly lines: string[] } {
  const lines: string[] = [];
  const write = (fields: Readonly<Record<string, unknown>>, message: string) => {
    lines.push(JSON.stringify({ ...fields, message }));
  };
  return { lines, info: write, warn: write };
}

function message(): OtpMessage {
  return otpMessage(
    {
      sessionId: 'session-that-must-not-travel',
      playerId: '4d1c1f0e-0000-4000-8000-000000000001',
      playerExternalId: 'player-7',
      brandId: 'brand0',
      language: 'uk',
    },
    {
      purpose: 'deposit',
      requisiteId: 'deposit-12',
      contactType: 'phone',
      destination: DESTINATION,
      maskedContact: '+4915****233',
      code: CODE,
      sentAt: new Date('2030-01-01T12:00:00.000Z'),
      expiresAt: new Date('2030-01-01T12:05:00.000Z'),
    },
  );
}

function sender(log: OtpLog, options: { timeoutMs?: number; attempts?: number } = {}) {
  return new HttpOtpSender({
    url: `${baseUrl}${MESSAGING_PATHS.messages}`,
    key: KEY,
    timeoutMs: options.timeoutMs ?? 2_000,
    attempts: options.attempts ?? 3,
    retryDelayMs: 0,
    log,
  });
}

/** The error a failed send threw. */
async function failure(send: Promise<void>): Promise<OtpNotSentError> {
  const error: unknown = await send.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OtpNotSentError))
    throw new Error(`not an OtpNotSentError: ${String(error)}`);
  return error;
}

describe('HttpOtpSender', () => {
  it('posts the protocol body, signed and keyed by the message id, which the receiver verifies', async () => {
    const log = recordingLog();
    const sent = message();
    await sender(log).send(sent);
    const seen = await activity();
    expect(seen.refusedSignatures).toBe(0);
    expect(seen.messages).toEqual([
      {
        message_id: sent.messageId,
        purpose: 'deposit_confirmation',
        brand_id: 'brand0',
        player_id: 'player-7',
        contact_type: 'phone',
        destination: DESTINATION,
        code: CODE,
        expires_at: '2030-01-01T12:05:00.000Z',
        language: 'uk',
        requests: 1,
        key_id: 'otp-test-key',
      },
    ]);
    // The message is independent of the session: its id is not in it.
    expect(JSON.stringify(seen)).not.toContain('session-that-must-not-travel');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain('+4915****233');
  });

  it('is refused by a receiver holding another secret: 401, not retried, the code not sent', async () => {
    const wrong = new HttpOtpSender({
      url: `${baseUrl}${MESSAGING_PATHS.messages}`,
      key: { keyId: KEY.keyId, secret: 'another-secret-of-16-chars' },
      retryDelayMs: 0,
      log: recordingLog(),
    });
    const error = await failure(wrong.send(message()));
    expect(error).toMatchObject({ reason: 'refused', attempts: 1, httpStatus: 401 });
    expect(await activity()).toMatchObject({ messages: [], requests: [], refusedSignatures: 1 });
  });

  it('retries 5xx answers with the same message id and stops at the first 2xx', async () => {
    await fault({ mode: 'fail-before', times: 2 });
    const sent = message();
    await sender(recordingLog()).send(sent);
    const seen = await activity();
    expect(seen.requests).toEqual([
      { message_id: sent.messageId, fault: 'fail-before' },
      { message_id: sent.messageId, fault: 'fail-before' },
      { message_id: sent.messageId, fault: null },
    ]);
    expect(seen.messages.map((entry) => [entry.message_id, entry.requests])).toEqual([
      [sent.messageId, 1],
    ]);
  });

  it('repeats a message whose answer was lost with the same id, so the receiver sends it once', async () => {
    await fault({ mode: 'fail-after' });
    const sent = message();
    await sender(recordingLog()).send(sent);
    const seen = await activity();
    expect(seen.requests.map((request) => request.message_id)).toEqual([
      sent.messageId,
      sent.messageId,
    ]);
    expect(seen.messages).toHaveLength(1);
    expect(seen.messages[0]?.requests).toBe(2);
  });

  it('gives up after the bounded attempts and says why, never logging the code or the address', async () => {
    await fault({ mode: 'fail-before', times: 5 });
    const log = recordingLog();
    const sent = message();
    const error = await failure(sender(log).send(sent));
    expect(error).toMatchObject({ reason: 'unavailable', attempts: 3, httpStatus: 503 });
    expect(error.message).toContain(sent.messageId);
    expect(notSentReason(error)).toBe(error.message);
    expect((await activity()).requests).toHaveLength(3);
    expect((await activity()).pendingFaults).toEqual([{ mode: 'fail-before', times: 2 }]);
    expect(log.lines).toHaveLength(3);
    for (const line of [...log.lines, error.message]) {
      expect(line).not.toContain(CODE);
      expect(line).not.toContain(DESTINATION);
    }
  });

  it('does not retry a 4xx refusal: a repeat would get the same answer', async () => {
    await fault({ mode: 'reject', times: 3 });
    const error = await failure(sender(recordingLog()).send(message()));
    expect(error).toMatchObject({ reason: 'refused', attempts: 1, httpStatus: 422 });
    expect((await activity()).requests).toHaveLength(1);
  });

  it('times a silent receiver out and retries it with the same message id', async () => {
    await fault({ mode: 'hang-after' });
    const sent = message();
    await sender(recordingLog(), { timeoutMs: 250 }).send(sent);
    const seen = await activity();
    expect(seen.requests.map((request) => request.fault)).toEqual(['hang-after', null]);
    expect(seen.messages.map((entry) => [entry.message_id, entry.requests])).toEqual([
      [sent.messageId, 2],
    ]);

    await fault({ mode: 'hang-before', times: 2 });
    const error = await failure(
      sender(recordingLog(), { timeoutMs: 250, attempts: 2 }).send(message()),
    );
    expect(error).toMatchObject({ reason: 'timeout', attempts: 2, httpStatus: undefined });
  });

  it('fails with network when nothing listens at the address', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => {
          resolve(typeof address === 'object' && address !== null ? address.port : 0);
        });
      });
    });
    const closed = new HttpOtpSender({
      url: `http://127.0.0.1:${String(port)}/messages`,
      key: KEY,
      attempts: 2,
      retryDelayMs: 0,
      log: recordingLog(),
    });
    expect(await failure(closed.send(message()))).toMatchObject({
      reason: 'network',
      attempts: 2,
    });
  });

  it('refuses settings it cannot work with', () => {
    const log = recordingLog();
    expect(() => new HttpOtpSender({ url: 'ftp://x.test', key: KEY, log })).toThrow(RangeError);
    expect(() => new HttpOtpSender({ url: baseUrl, key: KEY, attempts: 0, log })).toThrow(
      /attempts/,
    );
    expect(() => new HttpOtpSender({ url: baseUrl, key: KEY, timeoutMs: 1.5, log })).toThrow(
      /timeoutMs/,
    );
  });
});

describe('UnconfiguredOtpSender (OTP_SENDER=none)', () => {
  it('fails every hand-over and logs only the message id', async () => {
    const log = recordingLog();
    const sent = message();
    const error = await failure(new UnconfiguredOtpSender(log).send(sent));
    expect(error).toMatchObject({ reason: 'unconfigured', attempts: 0 });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain(sent.messageId);
    expect(log.lines[0]).not.toContain(CODE);
    expect(log.lines[0]).not.toContain(DESTINATION);
  });

  it('reports an unknown sender error by its class only', () => {
    expect(notSentReason(new TypeError(`cannot text ${DESTINATION}`))).toBe(
      'the sender failed (TypeError)',
    );
  });
});
