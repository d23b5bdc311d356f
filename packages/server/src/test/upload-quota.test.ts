/**
 * The upload quota: a transaction holds at most UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION
 * documents of at most UPLOAD_MAX_BYTES_PER_TRANSACTION bytes in all, and so do a player's
 * documents not yet attached to a transaction; an upload over it is answered 409 with code 1014
 * naming the file, and leaves no row and no file behind. A retry of an accepted upload still gets
 * its document. The real server on PGlite with uploads in a temporary DATA_DIR; low quotas.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@cashdesk/contract';
import { documents, sessions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { CASHIER, payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { addReceiptLaterPayGroup } from './alt-fixtures';

const MAX_DOCUMENTS = 2;
const MAX_BYTES = 2048;

let server: TestServer;
let dataDir: string;
let receiptLater = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-quota-'));
  server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION: String(MAX_DOCUMENTS),
      UPLOAD_MAX_BYTES_PER_TRANSACTION: String(MAX_BYTES),
    },
  });
  receiptLater = await addReceiptLaterPayGroup(server, 'bank_transfer_quota');
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A PDF of `size` bytes (its magic bytes and padding). */
function pdf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  return bytes;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly replayed: boolean;
}

async function upload(
  session: string,
  bytes: Buffer,
  options: { payGroup?: number; key?: string; transactionId?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  if (options.transactionId !== undefined) form.append('transaction_id', options.transactionId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'r.pdf');
  const payGroup = options.payGroup ?? (await payGroupId(server, 'bank_transfer', 'deposit'));
  const response = await fetch(
    `${server.baseUrl}${CASHIER}/payments/groups/${String(payGroup)}/upload`,
    {
      method: 'POST',
      headers: { 'x-session-id': session, 'idempotency-key': options.key ?? randomUUID() },
      body: form,
    },
  );
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error('answer is not an object');
  return {
    status: response.status,
    body,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

async function freshPlayer(): Promise<{ session: string; playerId: string }> {
  const session = await createTestSession(server, { player: `q-${randomUUID()}` });
  const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
  if (row === undefined) throw new Error('no session row');
  return { session, playerId: row.playerId };
}

async function documentsOf(playerId: string): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.playerId, playerId));
  return row?.n ?? 0;
}

/** Every file under DATA_DIR/uploads/{player} and the temporary folder. */
async function filesOf(playerId: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const stored = await readdir(path.join(root, playerId)).catch(() => []);
  const temporary = await readdir(path.join(root, '.tmp')).catch(() => []);
  return [...stored, ...temporary];
}

function expectQuotaRefusal(answer: Answer): void {
  expect(answer.status).toBe(409);
  expect(answer.body).toEqual({
    error_code: ERROR_CODES.uploadQuotaExceeded.code,
    error_message: ERROR_CODES.uploadQuotaExceeded.messageKey,
    error_field: 'file',
  });
}

describe('the upload quota', () => {
  it('a transaction takes UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION documents, the next is 409 (1014) and not stored', async () => {
    const { session, playerId } = await freshPlayer();
    const submitted = await fetch(
      `${server.baseUrl}${CASHIER}/payments/groups/${String(receiptLater)}/submit`,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: '75', currency: 'EUR' }),
      },
    );
    const deposit: unknown = await submitted.json();
    if (!isRecord(deposit) || typeof deposit.transaction_id !== 'string') {
      throw new Error(`no transaction: ${JSON.stringify(deposit)}`);
    }
    const transactionId = deposit.transaction_id;
    const first = await upload(session, pdf(100), {
      payGroup: receiptLater,
      transactionId,
      key: 'quota-first-upload-key',
    });
    expect(first.status).toBe(200);
    expect(first.body.transaction_id).toBe(transactionId);
    expect(
      (await upload(session, pdf(100), { payGroup: receiptLater, transactionId })).status,
    ).toBe(200);
    const files = await filesOf(playerId);

    expectQuotaRefusal(await upload(session, pdf(100), { payGroup: receiptLater, transactionId }));
    expect(await documentsOf(playerId)).toBe(MAX_DOCUMENTS);
    expect((await filesOf(playerId)).sort()).toEqual([...files].sort());

    // A retry of an accepted upload is the same request: it still gets its document.
    const retry = await upload(session, pdf(100), {
      payGroup: receiptLater,
      transactionId,
      key: 'quota-first-upload-key',
    });
    expect(retry).toMatchObject({ status: 200, replayed: true, body: first.body });
  });

  it("a player's documents waiting for a transaction have the same quota, in documents and in bytes", async () => {
    const counted = await freshPlayer();
    for (let index = 0; index < MAX_DOCUMENTS; index += 1) {
      expect((await upload(counted.session, pdf(100))).status).toBe(200);
    }
    expectQuotaRefusal(await upload(counted.session, pdf(100)));
    expect(await documentsOf(counted.playerId)).toBe(MAX_DOCUMENTS);

    const weighed = await freshPlayer();
    expect((await upload(weighed.session, pdf(1500))).status).toBe(200);
    expectQuotaRefusal(await upload(weighed.session, pdf(MAX_BYTES - 1500 + 1)));
    expect((await upload(weighed.session, pdf(MAX_BYTES - 1500))).status).toBe(200);
    expect(await documentsOf(weighed.playerId)).toBe(2);

    // Another player's quota is their own.
    const other = await freshPlayer();
    expect((await upload(other.session, pdf(100))).status).toBe(200);
  });
});
