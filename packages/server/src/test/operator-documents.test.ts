/**
 * The documents of a transaction in the operator API (SPEC §5 file upload, §7 upload;
 * docs/decisions/0121-reading-uploaded-documents.md) on the real server over HTTP, its documents on
 * the local disk of a DATA_DIR of its own: a bank transfer's receipt and a document sent after the
 * submit listed and downloaded byte for byte, as attachments under safe names with the type
 * detected at upload and nosniff; the scope and the staff permission `documents:read` (finance and
 * support yes, developer no, a key of transactions:read alone no); another brand's transaction and
 * another transaction's document 404 (1803); malformed ids 400 naming them; a download audited as
 * a read; bytes the storage no longer holds 503 (1016).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, TransactionDocumentList } from '@cashdesk/contract';
import type { ErrorName } from '@cashdesk/contract';
import { documents } from '../db/schema';
import { cardDepositSubmit } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  errorFields,
  mintKey,
  operatorCall,
} from './operator-calls';
import type { OperatorAnswer, OperatorBrand } from './operator-calls';
import { bankTransferWithReceipt, pdfOf, uploadDocument } from './receipt-calls';
import type { PaidBankTransfer } from './receipt-calls';
import { createStaff, signIn } from './staff-calls';
import type { TestClock } from './staff-calls';

const clock: TestClock = { now: new Date('2030-06-01T09:00:00.000Z') };
const RECEIPT = pdfOf(40_000);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-not-a-real-image-but-a-png-signature'),
]);

let server: TestServer;
let dataDir: string;
let key: string;
let other: OperatorBrand;
let paid: PaidBankTransfer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-documents-'));
  server = await startTestServer({
    env: { ...OPERATOR_ENV, DATA_DIR: dataDir },
    clock: () => clock.now,
  });
  key = (await mintKey(server, 'brand0')).key;
  other = await createOperatorBrand(server);
  paid = await bankTransferWithReceipt(server, `docs-${randomUUID()}`, {
    bytes: RECEIPT,
    name: 'receipt.pdf',
    type: 'application/pdf',
  });
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const documentsPath = (transactionId: string) => `/transactions/${transactionId}/documents`;

function expectRefused(answer: OperatorAnswer, name: ErrorName, field?: string): void {
  expect(answer.status, answer.text).toBe(ERROR_CODES[name].status);
  expect(errorFields(answer.body).code).toBe(ERROR_CODES[name].code);
  if (field !== undefined) expect(errorFields(answer.body).field).toBe(field);
}

/** A download's bytes, as fetch gives them. */
async function download(
  transactionId: string,
  documentId: string,
  headers: Readonly<Record<string, string>> = { authorization: `Bearer ${key}` },
): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(
    `${server.baseUrl}/api/operator/v1${documentsPath(transactionId)}/${documentId}`,
    { headers },
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Uploads `file` to the paid transaction itself (a document sent after the submit). */
async function uploadToTransaction(name: string, bytes: Buffer, type: string): Promise<string> {
  const answer = await uploadDocument(
    server.baseUrl,
    paid.session,
    paid.groupId,
    { bytes, name, type },
    { transaction_id: paid.transactionId },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String(answer.body.document_id);
}

describe('operator API: the documents of a transaction (SPEC §5 file upload, §7 upload)', () => {
  it('lists a bank transfer’s receipt and a later document, oldest first, as detected at upload', async () => {
    const later = await uploadToTransaction('photo.png', PNG, 'image/png');
    const answer = await operatorCall(server, 'GET', documentsPath(paid.transactionId), key);
    expect(answer.status, answer.text).toBe(200);
    const list = TransactionDocumentList.parse(answer.body);
    expect(list.documents).toMatchObject([
      {
        id: paid.documentId,
        file_name: 'receipt.pdf',
        mime_type: 'application/pdf',
        size: RECEIPT.length,
        sha256: createHash('sha256').update(RECEIPT).digest('hex'),
      },
      {
        id: later,
        file_name: 'photo.png',
        mime_type: 'image/png',
        size: PNG.length,
        sha256: createHash('sha256').update(PNG).digest('hex'),
      },
    ]);
    const [first, second] = list.documents;
    expect(Date.parse(second?.uploaded_at ?? '')).toBeGreaterThan(
      Date.parse(first?.uploaded_at ?? ''),
    );
    // Where the bytes lie is the server's business: no storage key or path in the answer.
    expect(answer.text).not.toContain(dataDir);
    expect(answer.text).not.toContain('uploads');
  });

  it('answers an empty list for a transaction without documents (a card deposit)', async () => {
    const session = await createTestSession(server, { player: `docs-${randomUUID()}` });
    const card = await cardDepositSubmit(server, session, '15');
    expect(card.status).toBe(200);
    const answer = await operatorCall(
      server,
      'GET',
      documentsPath(String(card.body.transaction_id)),
      key,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ documents: [] });
  });

  it('downloads the receipt byte for byte, as an attachment of its detected type, never sniffed', async () => {
    const { response, bytes } = await download(paid.transactionId, paid.documentId);
    expect(response.status).toBe(200);
    expect(bytes.equals(RECEIPT)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(RECEIPT.length));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(parseDisposition(response.headers.get('content-disposition') ?? '')).toEqual({
      type: 'attachment',
      parameters: { filename: 'receipt.pdf' },
    });
  });

  it('saves a document under a safe name ending in its detected type’s extension', async () => {
    const cases = [
      // A name claiming HTML for a PDF's bytes: saved as a PDF, never as a page.
      { sent: 'invoice.html', saved: 'invoice.html.pdf' },
      // Characters file systems refuse, and a right-to-left override disguising the extension.
      { sent: 'a<b>:c|d?*.pdf', saved: 'a_b__c_d__.pdf' },
      { sent: 'scan\u202Efdp.exe', saved: 'scanfdp.exe.pdf' },
      // A hidden file's leading dots, a reserved device name.
      { sent: '..hidden.pdf', saved: 'hidden.pdf' },
      { sent: 'CON.pdf', saved: '_.pdf' },
      // Not ASCII: the UTF-8 name, with an ASCII fallback.
      { sent: 'квитанция.pdf', saved: 'квитанция.pdf' },
    ];
    for (const { sent, saved } of cases) {
      const id = await uploadToTransaction(sent, RECEIPT, 'application/pdf');
      const { response, bytes } = await download(paid.transactionId, id);
      expect(response.status, sent).toBe(200);
      expect(bytes.equals(RECEIPT), sent).toBe(true);
      expect(response.headers.get('content-type'), sent).toBe('application/pdf');
      const header = response.headers.get('content-disposition') ?? '';
      expect(header, sent).toMatch(/^attachment;/);
      // Only visible ASCII in the header itself (the UTF-8 name travels percent-encoded).
      expect(header, sent).toMatch(/^[\x20-\x7e]+$/);
      expect(parseDisposition(header).parameters.filename, sent).toBe(saved);
    }
  });

  it('answers 404 (1803) for another brand’s transaction and for another transaction’s document', async () => {
    const foreignList = await operatorCall(
      server,
      'GET',
      documentsPath(paid.transactionId),
      other.key,
    );
    expectRefused(foreignList, 'operatorNotFound', 'params.transactionId');
    const foreign = await operatorCall(
      server,
      'GET',
      `${documentsPath(paid.transactionId)}/${paid.documentId}`,
      other.key,
    );
    expectRefused(foreign, 'operatorNotFound', 'params.transactionId');
    expect(foreign.text).not.toContain('%PDF');

    const elsewhere = await bankTransferWithReceipt(server, `docs-${randomUUID()}`, {
      bytes: RECEIPT,
      name: 'other.pdf',
      type: 'application/pdf',
    });
    const crossed = await operatorCall(
      server,
      'GET',
      `${documentsPath(elsewhere.transactionId)}/${paid.documentId}`,
      key,
    );
    expectRefused(crossed, 'operatorNotFound', 'params.documentId');
    expectRefused(
      await operatorCall(server, 'GET', documentsPath(randomUUID()), key),
      'operatorNotFound',
      'params.transactionId',
    );
    expectRefused(
      await operatorCall(
        server,
        'GET',
        `${documentsPath(paid.transactionId)}/${randomUUID()}`,
        key,
      ),
      'operatorNotFound',
      'params.documentId',
    );
  });

  it('answers 400 (1002) naming a malformed transaction or document id', async () => {
    expectRefused(
      await operatorCall(server, 'GET', documentsPath('not-a-uuid'), key),
      'invalidField',
      'params.transactionId',
    );
    expectRefused(
      await operatorCall(server, 'GET', `${documentsPath(paid.transactionId)}/..%2F..%2Fetc`, key),
      'invalidField',
      'params.documentId',
    );
    expectRefused(
      await operatorCall(server, 'GET', `${documentsPath(paid.transactionId)}?inline=true`, key),
      'invalidField',
      'query.inline',
    );
  });

  it('needs documents:read: a key of transactions:read alone is 403 (1802), none 401 (1801)', async () => {
    const readOnly = (await mintKey(server, 'brand0', ['transactions:read'])).key;
    const paths = [
      documentsPath(paid.transactionId),
      `${documentsPath(paid.transactionId)}/${paid.documentId}`,
    ];
    for (const address of paths) {
      expectRefused(await operatorCall(server, 'GET', address, readOnly), 'operatorScopeMissing');
      expectRefused(await operatorCall(server, 'GET', address, null), 'operatorKeyInvalid');
    }
    const scoped = (await mintKey(server, 'brand0', ['documents:read'])).key;
    const { response, bytes } = await download(paid.transactionId, paid.documentId, {
      authorization: `Bearer ${scoped}`,
    });
    expect(response.status).toBe(200);
    expect(bytes.equals(RECEIPT)).toBe(true);
  });

  it('lets finance and support read the documents under their staff session, not a developer (1856)', async () => {
    for (const role of ['finance', 'support'] as const) {
      const staff = await signIn(
        server,
        await createStaff(server, { role, brandId: 'brand0' }),
        clock,
      );
      const list = await staff.call('GET', `op:${documentsPath(paid.transactionId)}`);
      expect(list.status, `${role}: ${list.text}`).toBe(200);
      const got = await staff.call(
        'GET',
        `op:${documentsPath(paid.transactionId)}/${paid.documentId}`,
      );
      expect(got.status, role).toBe(200);
      expect(got.headers.get('content-type'), role).toBe('application/pdf');
    }
    const developer = await signIn(
      server,
      await createStaff(server, { role: 'developer', brandId: 'brand0' }),
      clock,
    );
    for (const address of [
      documentsPath(paid.transactionId),
      `${documentsPath(paid.transactionId)}/${paid.documentId}`,
    ]) {
      const refused = await developer.call('GET', `op:${address}`);
      expect(refused.status).toBe(403);
      expect(errorFields(refused.body).code).toBe(ERROR_CODES.staffPermissionMissing.code);
    }
    // Another brand's staff member finds nothing of brand0's.
    const foreign = await signIn(
      server,
      await createStaff(server, { role: 'finance', brandId: other.brandId }),
      clock,
    );
    const hidden = await foreign.call(
      'GET',
      `op:${documentsPath(paid.transactionId)}/${paid.documentId}`,
    );
    expect(hidden.status).toBe(404);
    expect(errorFields(hidden.body).code).toBe(ERROR_CODES.operatorNotFound.code);
  });

  it('records each list and download in the audit trail as a read: who, which document, when', async () => {
    const reader = await mintKey(server, 'brand0', ['documents:read'], 'auditor');
    const address = `${documentsPath(paid.transactionId)}/${paid.documentId}`;
    expect(
      (
        await download(paid.transactionId, paid.documentId, {
          authorization: `Bearer ${reader.key}`,
        })
      ).response.status,
    ).toBe(200);
    const trail = await operatorCall(
      server,
      'GET',
      `/audit?${new URLSearchParams({ kind: 'read', actor: reader.id }).toString()}`,
      key,
    );
    expect(trail.status, trail.text).toBe(200);
    const entries = AuditPage.parse(trail.body).entries;
    expect(entries).toEqual([
      expect.objectContaining({
        actor: reader.id,
        action: 'operatorTransactionDocumentGet',
        kind: 'read',
        target: `/api/operator/v1${address}`,
        at: clock.now.toISOString(),
      }),
    ]);
  });

  it('answers 503 (1016) when the storage no longer holds the bytes, and sends none', async () => {
    const id = await uploadToTransaction('gone.pdf', RECEIPT, 'application/pdf');
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
    await rm(path.join(dataDir, 'uploads', ...(row?.filePath ?? '').split('/')));
    const { response, bytes } = await download(paid.transactionId, id);
    expect(response.status).toBe(503);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({
      error_code: ERROR_CODES.uploadStorageUnavailable.code,
      error_message: ERROR_CODES.uploadStorageUnavailable.messageKey,
    });
    expect(response.headers.get('content-disposition')).toBeNull();
  });
});
