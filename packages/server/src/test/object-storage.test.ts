/**
 * Uploaded documents in an S3-compatible object storage (UPLOADS_S3_*, SPEC §5 file upload, §7
 * upload; docs/decisions/0114-uploads-in-object-storage.md): two server processes on one database
 * and one bucket (s3rver on 127.0.0.1, test/object-storage.ts), each with a DATA_DIR of its own,
 * so that nothing is shared through a disk; and a server whose storage cannot be reached.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, sessions } from '../db/schema';
import { CASHIER, payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { closedPort, objectStorageEnv, startObjectStorage } from './object-storage';
import { submitBankTransfer } from './receipt-calls';
import type { TestObjectStorage } from './object-storage';
import { isRecord } from '../platform/is-record';
import type { DocumentStorage } from '../modules/payments/document-storage';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
  // Some bytes of every value, so that a changed byte anywhere shows.
  Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256)),
  Buffer.from('\n%%EOF\n'),
]);

let storage: TestObjectStorage;
let first: TestServer;
let second: TestServer;
let unreachable: TestServer;
const dataDirs: string[] = [];
let bankTransfer = 0;

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cashdesk-s3-host-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  storage = await startObjectStorage();
  first = await startTestServer({ env: { ...storage.env, DATA_DIR: await dataDir() } });
  second = await startTestServer({
    database: first.database,
    env: { ...storage.env, DATA_DIR: await dataDir() },
  });
  unreachable = await startTestServer({
    database: first.database,
    env: {
      ...objectStorageEnv(`http://127.0.0.1:${String(await closedPort())}`),
      DATA_DIR: await dataDir(),
    },
  });
  bankTransfer = await payGroupId(first, 'bank_transfer', 'deposit');
});

afterAll(async () => {
  await unreachable.close();
  await second.close();
  await first.close();
  await storage.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function answerOf(response: Response): Promise<Answer> {
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error('answer is not an object');
  return { status: response.status, body };
}

async function upload(server: TestServer, session: string, key = randomUUID()): Promise<Answer> {
  const form = new FormData();
  form.append('field_name', 'receipt');
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'receipt.pdf');
  const response = await fetch(
    `${server.baseUrl}${CASHIER}/payments/groups/${String(bankTransfer)}/upload`,
    { method: 'POST', headers: { 'x-session-id': session, 'idempotency-key': key }, body: form },
  );
  return answerOf(response);
}

async function freshPlayer(server: TestServer): Promise<{ session: string; playerId: string }> {
  const session = await createTestSession(server, { player: `s3-${randomUUID()}` });
  const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
  if (row === undefined) throw new Error('no session row');
  return { session, playerId: row.playerId };
}

/** Every file under a DATA_DIR's uploads folder (temporary files included). */
async function localFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.config.dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** The document storage of a server process. */
function storageOf(server: TestServer): DocumentStorage {
  return server.app.cashdesk.documentStorage;
}

describe('documents in an S3-compatible object storage (SPEC §5 file upload, §7 upload)', () => {
  it('keeps a receipt uploaded through one process in the bucket, and another process reads the same bytes', async () => {
    const { session, playerId } = await freshPlayer(first);
    const answer = await upload(first, session);
    expect(answer.status).toBe(200);
    const documentId = String(answer.body.document_id);
    const [row] = await first.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row?.filePath).toBe(`${playerId}/${documentId}.pdf`);
    expect(await storage.keys()).toContain(`${playerId}/${documentId}.pdf`);
    // Neither host kept the bytes (nor a temporary file) on its own disk.
    expect(await localFiles(first)).toEqual([]);
    expect(await localFiles(second)).toEqual([]);

    const read = await buffer(await storageOf(second).get(row?.filePath ?? 'missing/row.pdf'));
    expect(read.equals(PDF)).toBe(true);
  });

  it('pays a bank transfer through the second process with the receipt the first one stored (SPEC §1)', async () => {
    const { session } = await freshPlayer(first);
    const receipt = await upload(first, session);
    expect(receipt.status).toBe(200);
    const response = await submitBankTransfer(
      second.baseUrl,
      session,
      bankTransfer,
      String(receipt.body.document_id),
    );
    const answer = await answerOf(response);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ transaction_status: 'success' });
    const [row] = await second.db
      .select()
      .from(documents)
      .where(eq(documents.id, String(receipt.body.document_id)));
    expect(row?.transactionId).toBe(answer.body.transaction_id);
    const read = await buffer(await storageOf(first).get(row?.filePath ?? ''));
    expect(read.equals(PDF)).toBe(true);
  });

  it('writes nothing to the bucket for a file refused by its type (SPEC §5)', async () => {
    const { session, playerId } = await freshPlayer(first);
    const form = new FormData();
    form.append(
      'file',
      new Blob(['plain text, not a document'], { type: 'application/pdf' }),
      'a.pdf',
    );
    const response = await fetch(
      `${first.baseUrl}${CASHIER}/payments/groups/${String(bankTransfer)}/upload`,
      {
        method: 'POST',
        headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
        body: form,
      },
    );
    expect((await answerOf(response)).body).toMatchObject({ error_code: '1005' });
    expect((await storage.keys()).filter((key) => key.startsWith(`${playerId}/`))).toEqual([]);
    expect(await localFiles(first)).toEqual([]);
  });

  it('answers 503 (1016) when the storage cannot be reached, and records no document and keeps no file', async () => {
    const { session, playerId } = await freshPlayer(unreachable);
    const key = randomUUID();
    const answer = await upload(unreachable, session, key);
    expect(answer).toEqual({
      status: 503,
      body: { error_code: '1016', error_message: 'CASHIER.ERROR.UPLOAD_STORAGE_UNAVAILABLE' },
    });
    const rows = await unreachable.db
      .select()
      .from(documents)
      .where(eq(documents.playerId, playerId));
    expect(rows).toEqual([]);
    expect(await localFiles(unreachable)).toEqual([]);
    // The secret access key is never written to the log, not even with the failure.
    expect(unreachable.logs()).toContain('uploadStorageUnavailable');
    expect(unreachable.logs()).not.toContain(storage.env.UPLOADS_S3_SECRET_ACCESS_KEY);

    // The refusal is not stored under the Idempotency-Key: the same upload through a process
    // whose storage answers is kept.
    const retried = await upload(second, session, key);
    expect(retried.status).toBe(200);
    expect(await storage.keys()).toContain(`${playerId}/${String(retried.body.document_id)}.pdf`);
  });
});
