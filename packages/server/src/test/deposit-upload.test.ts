/**
 * Integration tests of the deposit document upload (SPEC §5 file upload, §7 upload, §8 upload
 * errors; issue 3 bad input and idempotency) and of the bank transfer receipt flow: the real
 * server on a fresh database with its uploads in a temporary DATA_DIR, real HTTP.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { documents, payGroupCurrencies, payGroups, sessions, transactions } from '../db/schema';
import { getBalance } from '../services/ledger';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../http/is-record';

let server: TestServer;
let dataDir: string;
const ids = new Map<string, number>();
let receiptLater = 0;

const BASE = '/api/cashier-service/v1.0';
const LIMIT = 20_971_520;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-not-a-real-image-but-a-png-signature'),
]);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-upload-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  const rows = await server.db
    .select({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.brandId, 'brand0'));
  for (const row of rows) ids.set(`${row.flow}:${row.shortName}`, row.id);
  // A bank transfer whose form asks for no receipt: the receipt is uploaded after the submit.
  const [later] = await server.db
    .insert(payGroups)
    .values({
      brandId: 'brand0',
      flow: 'deposit',
      shortName: 'bank_transfer_later',
      publicName: 'Bank transfer (receipt later)',
      payMethodType: 'bank_transfers',
      providerKind: 'bank_transfer',
      fields: [],
    })
    .returning({ id: payGroups.id });
  if (later === undefined) throw new Error('fixture pay group not created');
  receiptLater = later.id;
  await server.db
    .insert(payGroupCurrencies)
    .values({ payGroupId: later.id, currency: 'EUR', minAmount: '5', maxAmount: '5000' });
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

function idOf(shortName: string, flow: 'deposit' | 'withdrawal' = 'deposit'): number {
  const id = ids.get(`${flow}:${shortName}`);
  if (id === undefined) throw new Error(`no seed pay group ${shortName}`);
  return id;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly replayed: boolean;
}

async function answerOf(response: Response): Promise<Answer> {
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error('answer is not an object');
  return {
    status: response.status,
    body,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

async function upload(
  session: string,
  file: { bytes: Buffer; name: string; type: string } | null,
  options: { payGroup?: number; key?: string; fields?: Record<string, string> } = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  if (file !== null) {
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const headers: Record<string, string> = { 'x-session-id': session };
  headers['idempotency-key'] = options.key ?? randomUUID();
  const payGroup = options.payGroup ?? idOf('bank_transfer');
  const response = await fetch(
    `${server.baseUrl}${BASE}/payments/groups/${String(payGroup)}/upload`,
    { method: 'POST', headers, body: form },
  );
  return answerOf(response);
}

async function submit(session: string, payGroup: number, body: unknown): Promise<Answer> {
  const response = await fetch(
    `${server.baseUrl}${BASE}/payments/groups/${String(payGroup)}/submit`,
    {
      method: 'POST',
      headers: {
        'x-session-id': session,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    },
  );
  return answerOf(response);
}

/** Every stored file under DATA_DIR/uploads (temporary files included). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function documentCount(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(documents);
  return row?.n ?? 0;
}

async function freshPlayer(): Promise<{ session: string; playerId: string }> {
  const session = await createTestSession(server, { player: `u-${randomUUID()}` });
  const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
  if (row === undefined) throw new Error('no session row');
  return { session, playerId: row.playerId };
}

/** Posts a multipart upload whose file is `size` generated bytes, streamed (nothing kept). */
async function uploadGenerated(session: string, size: number): Promise<Answer> {
  const boundary = `----cashdesk${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(
    `${server.baseUrl}${BASE}/payments/groups/${String(idOf('bank_transfer'))}/upload`,
  );
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'idempotency-key': randomUUID(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (!isRecord(body)) {
            reject(new Error('answer is not an object'));
            return;
          }
          resolve({ status: res.statusCode ?? 0, body, replayed: false });
        });
      },
    );
    // The server may answer before it has read everything; a reset after that is expected.
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    chunk.write('%PDF-1.7\n');
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

describe('upload (SPEC §5 file upload, §7 payments/groups/{payGroupId}/upload)', () => {
  it('stores a pdf by its bytes with its hash, size, type and name (SPEC §5)', async () => {
    const { session, playerId } = await freshPlayer();
    const answer = await upload(session, {
      bytes: PDF,
      name: 'receipt.pdf',
      type: 'application/pdf',
    });
    expect(answer.status).toBe(200);
    const documentId = String(answer.body.document_id);
    expect(answer.body).toEqual({
      document_id: documentId,
      file_name: 'receipt.pdf',
      size: PDF.length,
      mime_type: 'application/pdf',
      transaction_id: null,
    });
    const [row] = await server.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row).toMatchObject({
      playerId,
      payGroupId: idOf('bank_transfer'),
      transactionId: null,
      filePath: path.join(playerId, `${documentId}.pdf`),
      originalName: 'receipt.pdf',
      mime: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    const stored = await readFile(path.join(dataDir, 'uploads', playerId, `${documentId}.pdf`));
    expect(stored.equals(PDF)).toBe(true);
  });

  it('judges a file by its bytes, not its name: a png named .pdf is a png (SPEC §5)', async () => {
    const { session } = await freshPlayer();
    const answer = await upload(session, { bytes: PNG, name: 'scan.pdf', type: 'application/pdf' });
    expect(answer.status).toBe(200);
    expect(answer.body.mime_type).toBe('image/png');
  });

  it('refuses fake bytes named .pdf with 415 and writes nothing (SPEC §5, §8)', async () => {
    const { session } = await freshPlayer();
    const before = { files: await storedFiles(), documents: await documentCount() };
    const answer = await upload(session, {
      bytes: Buffer.from('MZ this is an executable, not a pdf'),
      name: 'invoice.pdf',
      type: 'application/pdf',
    });
    expect(answer).toEqual({
      status: 415,
      body: {
        error_code: '1005',
        error_message: 'PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR',
        error_field: 'file',
      },
      replayed: false,
    });
    expect(await storedFiles()).toEqual(before.files);
    expect(await documentCount()).toBe(before.documents);
  });

  it('refuses a file over 20 MB with 413 and writes nothing (SPEC §5, §9)', async () => {
    const { session } = await freshPlayer();
    const before = { files: await storedFiles(), documents: await documentCount() };
    const answer = await uploadGenerated(session, LIMIT + 1);
    expect(answer).toEqual({
      status: 413,
      body: {
        error_code: '1006',
        error_message: 'PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR',
        error_field: 'file',
      },
      replayed: false,
    });
    expect(await storedFiles()).toEqual(before.files);
    expect(await documentCount()).toBe(before.documents);
  });

  it('accepts a file of exactly 20 MB (SPEC §9)', async () => {
    const { session } = await freshPlayer();
    const answer = await uploadGenerated(session, LIMIT);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ size: LIMIT, mime_type: 'application/pdf' });
  });

  it('answers a repeat with the same Idempotency-Key with the first document (issue 3)', async () => {
    const { session } = await freshPlayer();
    const key = randomUUID();
    const file = { bytes: PDF, name: 'receipt.pdf', type: 'application/pdf' };
    const first = await upload(session, file, { key });
    const before = { files: await storedFiles(), documents: await documentCount() };
    const second = await upload(session, file, { key });
    expect(first.status).toBe(200);
    expect(second).toEqual({ status: 200, body: first.body, replayed: true });
    expect(await storedFiles()).toEqual(before.files);
    expect(await documentCount()).toBe(before.documents);
    const other = await upload(session, { ...file, bytes: PNG }, { key });
    expect(other.status).toBe(422);
    expect(other.body.error_code).toBe('1007');
  });

  it('answers 400 without a file, 400 for a JSON body and 404 for an unknown pay group (SPEC §8)', async () => {
    const { session } = await freshPlayer();
    const noFile = await upload(session, null, { fields: { field_name: 'receipt' } });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ error_code: '1002', error_field: 'file' });
    const json = await fetch(
      `${server.baseUrl}${BASE}/payments/groups/${String(idOf('bank_transfer'))}/upload`,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ file: 'x' }),
      },
    );
    expect((await answerOf(json)).body.error_code).toBe('1001');
    const unknown = await upload(
      session,
      { bytes: PDF, name: 'a.pdf', type: 'application/pdf' },
      { payGroup: idOf('card_payout', 'withdrawal') },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('1003');
  });
});

describe('bank transfer receipts (SPEC §1 bank transfer with a receipt upload)', () => {
  it('approves a bank transfer submitted with its uploaded receipt and credits it (SPEC §1)', async () => {
    const { session, playerId } = await freshPlayer();
    const receipt = await upload(session, {
      bytes: PDF,
      name: 'transfer.pdf',
      type: 'application/pdf',
    });
    const answer = await submit(session, idOf('bank_transfer'), {
      amount: '60',
      currency: 'EUR',
      parameters: {
        transfer_date: '2030-01-15T00:00:00.000Z',
        receipt: String(receipt.body.document_id),
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      transaction_status: 'success',
      step: 'result',
      user_balance: '560.00',
    });
    const [document] = await server.db
      .select()
      .from(documents)
      .where(eq(documents.id, String(receipt.body.document_id)));
    expect(document?.transactionId).toBe(answer.body.transaction_id);
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('560');
  });

  it('fails a bank transfer whose receipt the provider rejects (sandbox amount .14)', async () => {
    const { session, playerId } = await freshPlayer();
    const receipt = await upload(session, {
      bytes: PDF,
      name: 'transfer.pdf',
      type: 'application/pdf',
    });
    const answer = await submit(session, idOf('bank_transfer'), {
      amount: '60.14',
      currency: 'EUR',
      parameters: {
        transfer_date: '2030-01-15T00:00:00.000Z',
        receipt: String(receipt.body.document_id),
      },
    });
    expect(answer.body).toMatchObject({
      transaction_status: 'error',
      error_code: '1301',
      decline_page_settings: { message_key: 'CASHIER.DECLINE.RECEIPT_REJECTED' },
    });
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('500');
  });

  it("answers 404 for another player's receipt document (issue 3 security)", async () => {
    const owner = await freshPlayer();
    const receipt = await upload(owner.session, {
      bytes: PDF,
      name: 'mine.pdf',
      type: 'application/pdf',
    });
    const { session } = await freshPlayer();
    const answer = await submit(session, idOf('bank_transfer'), {
      amount: '60',
      currency: 'EUR',
      parameters: {
        transfer_date: '2030-01-15T00:00:00.000Z',
        receipt: String(receipt.body.document_id),
      },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      error_code: '1008',
      error_field: 'body.parameters.receipt',
    });
  });

  it('shows the bank details, then approves when the receipt is uploaded for the transaction (SPEC §7 upload)', async () => {
    const { session, playerId } = await freshPlayer();
    const answer = await submit(session, receiptLater, { amount: '75', currency: 'EUR' });
    expect(answer.body).toMatchObject({ step: 'upload', transaction_status: 'await' });
    const form = answer.body.display_form;
    if (!isRecord(form)) throw new Error('no bank details');
    expect(form).toMatchObject({ amount: '75', currency: 'EUR' });
    expect(String(form.qr_payload)).toMatch(/^payto:\/\/iban\//);
    const txId = String(answer.body.transaction_id);

    const other = await freshPlayer();
    const foreign = await upload(
      other.session,
      { bytes: PDF, name: 'r.pdf', type: 'application/pdf' },
      { payGroup: receiptLater, fields: { transaction_id: txId } },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error_code: '1008', error_field: 'transaction_id' });

    const receipt = await upload(
      session,
      { bytes: PDF, name: 'r.pdf', type: 'application/pdf' },
      { payGroup: receiptLater, fields: { transaction_id: txId, field_name: 'receipt' } },
    );
    expect(receipt.status).toBe(200);
    expect(receipt.body.transaction_id).toBe(txId);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row?.status).toBe('success');
    expect((await getBalance(server.db, playerId, 'EUR')).balance).toBe('575');
  });
});
