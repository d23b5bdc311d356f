import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documents, payGroups, players } from '../db/schema';
import { payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { isRecord } from '../platform/is-record';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const CASHIER = '/api/cashier-service/v1.0';
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% a tiny test document\n');

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

const groupId = (shortName: string) => payGroupId(server, shortName);

async function upload(
  sessionId: string,
  payGroupId: number,
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string> = {},
  key?: string,
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(
    `${server.baseUrl}${CASHIER}/payouts/groups/${String(payGroupId)}/upload`,
    {
      method: 'POST',
      headers: {
        'x-session-id': sessionId,
        'idempotency-key': key ?? randomUUID(),
      },
      body: form,
    },
  );
  const parsed: unknown = await response.json();
  if (!isRecord(parsed)) throw new Error('not an object');
  return { status: response.status, body: parsed, headers: response.headers };
}

async function documentsOf(name: string) {
  const [player] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (player === undefined) throw new Error(`no player ${name}`);
  return server.db.select().from(documents).where(eq(documents.playerId, player.id));
}

async function session(name: string): Promise<string> {
  return createTestSession(server, { player: name, flow: 'withdrawal', currency: 'EUR' });
}

describe('withdrawal document upload (SPEC §5 file upload, §7 upload)', () => {
  it('stores a png for a file_upload field and answers the document (type from the bytes)', async () => {
    const sessionId = await session('up-png');
    const answer = await upload(
      sessionId,
      await groupId('bank_payout'),
      { bytes: PNG, name: 'passport.png', type: 'image/png' },
      { field_name: 'id_document' },
    );
    expect(answer.status).toBe(200);
    const id = answer.body.document_id;
    if (typeof id !== 'string') throw new Error('no document id');
    expect(answer.body).toEqual({
      document_id: id,
      file_name: 'passport.png',
      size: PNG.length,
      mime_type: 'image/png',
      transaction_id: null,
    });
    const [row] = await documentsOf('up-png');
    expect(row).toMatchObject({ id, mime: 'image/png', sizeBytes: PNG.length });
    if (row === undefined) throw new Error('no row');
    const stored = await readFile(path.join(server.config.dataDir, 'uploads', row.filePath));
    expect(new Uint8Array(stored)).toEqual(PNG);
  });

  it('takes a pdf whatever it is called, and refuses a text file called .png with 415 and writes nothing', async () => {
    const sessionId = await session('up-types');
    const bank = await groupId('bank_payout');
    const pdf = await upload(sessionId, bank, {
      bytes: PDF,
      name: 'scan.jpg',
      type: 'image/jpeg',
    });
    expect(pdf.body).toMatchObject({ mime_type: 'application/pdf', file_name: 'scan.jpg' });
    const fake = await upload(sessionId, bank, {
      bytes: new TextEncoder().encode('just text, not an image'),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(fake).toMatchObject({
      status: 415,
      body: {
        error_code: '1005',
        error_message: 'PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR',
        error_field: 'file',
      },
    });
    expect(await documentsOf('up-types')).toHaveLength(1);
  });

  it('refuses a file over 20971520 bytes with 413 and the limit key', async () => {
    const sessionId = await session('up-large');
    const big = new Uint8Array(20_971_521);
    big.set(PNG);
    const answer = await upload(sessionId, await groupId('bank_payout'), {
      bytes: big,
      name: 'big.png',
      type: 'image/png',
    });
    expect(answer).toMatchObject({
      status: 413,
      body: {
        error_code: '1006',
        error_message: 'PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR',
        error_field: 'file',
      },
    });
    expect(await documentsOf('up-large')).toEqual([]);
  });

  it('refuses a field that is no upload field, a deposit pay group and an unknown transaction', async () => {
    const sessionId = await session('up-refused');
    const bank = await groupId('bank_payout');
    const file = { bytes: PNG, name: 'a.png', type: 'image/png' };
    const field = await upload(sessionId, bank, file, { field_name: 'iban' });
    expect(field).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'field_name' },
    });
    const transaction = await upload(sessionId, bank, file, {
      transaction_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(transaction).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_field: 'transaction_id' },
    });
    const [deposit] = await server.db
      .select({ id: payGroups.id })
      .from(payGroups)
      .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.flow, 'deposit')));
    const wrongFlow = await upload(sessionId, deposit?.id ?? 1, file);
    expect(wrongFlow).toMatchObject({ status: 404, body: { error_code: '1003' } });
    expect(await documentsOf('up-refused')).toEqual([]);
  });

  it('stores one document for a repeated Idempotency-Key and answers the first result again', async () => {
    const sessionId = await session('up-idem');
    const bank = await groupId('bank_payout');
    const file = { bytes: PNG, name: 'again.png', type: 'image/png' };
    const first = await upload(sessionId, bank, file, {}, 'upload-key-0001');
    const second = await upload(sessionId, bank, file, {}, 'upload-key-0001');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await documentsOf('up-idem')).toHaveLength(1);
  });
});
