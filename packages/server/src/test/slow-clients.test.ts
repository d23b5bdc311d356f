/**
 * Time-outs: an upload whose body arrives at a trickle, or a request whose headers do,
 * is answered 408 with error 1015 and its connection closed once REQUEST_TIMEOUT_MS or
 * HEADERS_TIMEOUT_MS has passed (short ones here), leaving no temporary file behind and no 5xx in
 * the log; a request that arrives in time is unaffected. Raw sockets, so the test controls every
 * byte; each waits for the server to close the socket, never for a fixed time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { CASHIER, payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const REQUEST_TIMEOUT_MS = 1_500;
const HEADERS_TIMEOUT_MS = 1_000;
/** How often the slow client sends its next byte. */
const TRICKLE_EVERY_MS = 50;

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-slow-'));
  server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What a slow client got before the server closed its connection. */
interface Closed {
  readonly received: string;
  /** Bytes the client had sent of what it meant to send. */
  readonly sent: number;
  readonly planned: number;
}

/**
 * Opens a raw connection, sends `head` at once and then `rest` one byte every
 * {@link TRICKLE_EVERY_MS}, and resolves when the server closes the connection.
 */
async function trickle(head: string, rest: Buffer): Promise<Closed> {
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  let sent = 0;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server ends the connection; writing into it then fails, which is expected.
  socket.on('error', () => undefined);
  socket.write(head);
  const timer = setInterval(() => {
    if (sent < rest.length && !socket.destroyed) {
      socket.write(rest.subarray(sent, sent + 1));
      sent += 1;
    }
  }, TRICKLE_EVERY_MS);
  await new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
  });
  clearInterval(timer);
  return {
    received: Buffer.concat(chunks).toString('utf8'),
    sent: Buffer.byteLength(head) + sent,
    planned: Buffer.byteLength(head) + rest.length,
  };
}

function expectTimeoutAnswer(closed: Closed): void {
  expect(closed.sent).toBeLessThan(closed.planned);
  const [head = '', body = ''] = closed.received.split('\r\n\r\n');
  expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(head.toLowerCase()).toContain('cache-control: no-store');
  expect(head.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(body)).toEqual({
    error_code: ERROR_CODES.requestTimeout.code,
    error_message: ERROR_CODES.requestTimeout.messageKey,
  });
}

async function temporaryFiles(): Promise<string[]> {
  return readdir(path.join(dataDir, 'uploads', '.tmp')).catch(() => []);
}

describe('slow clients', () => {
  it('an upload sent at a trickle is answered 408 (1015) and closed at the request time-out', async () => {
    const session = await createTestSession(server, { player: `slow-${randomUUID()}` });
    const groupId = await payGroupId(server, 'bank_transfer', 'deposit');
    const boundary = `----cashdesk${randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
      ),
      Buffer.alloc(4096, 0x41),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head =
      `POST ${CASHIER}/payments/groups/${String(groupId)}/upload HTTP/1.1\r\n` +
      'Host: 127.0.0.1\r\n' +
      `x-session-id: ${session}\r\n` +
      `idempotency-key: ${randomUUID()}\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\n` +
      `content-length: ${String(body.length)}\r\n\r\n`;
    // The multipart head arrives at once, so the file is being received when time runs out.
    const start = body.indexOf('%PDF');
    const closed = await trickle(
      head + body.subarray(0, start).toString('latin1'),
      body.subarray(start),
    );
    expectTimeoutAnswer(closed);
    // The half-received file is removed, and the server logged no failure of its own.
    await expect.poll(temporaryFiles).toEqual([]);
    // The abandoned request is logged when the server notices the closed socket, which may be
    // just after the client saw it close: waited for, not assumed.
    await expect.poll(() => server.logs()).toContain('"msg":"request abandoned"');
    expect(server.logs()).not.toContain('"level":50');
  });

  it('headers sent at a trickle are answered 408 (1015) and closed at the headers time-out', async () => {
    const headers = Buffer.from(
      `x-session-id: ${'s'.repeat(200)}\r\naccept: application/json\r\n\r\n`,
    );
    const closed = await trickle(
      `GET ${CASHIER}/payments/groups/init HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
      headers,
    );
    expectTimeoutAnswer(closed);
  });

  it('a request Node cannot parse gets 400 with 1001 in the same body, and is closed', async () => {
    const closed = await trickle('NOT-HTTP at all\r\n\r\n', Buffer.alloc(0));
    const [head = '', body = ''] = closed.received.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toEqual({
      error_code: ERROR_CODES.malformedRequest.code,
      error_message: ERROR_CODES.malformedRequest.messageKey,
    });
  });

  it('a request that arrives in time is answered as always', async () => {
    const session = await createTestSession(server);
    const response = await fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
      headers: { 'x-session-id': session },
    });
    expect(response.status).toBe(200);
  });
});
