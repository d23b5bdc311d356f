/**
 * A bank transfer deposit paid with its receipt (SPEC §2, §5 file upload, §7 upload), made through
 * the player's own calls over real HTTP: the receipt uploaded for the pay group's `receipt` field,
 * then the submit naming it, which attaches it to the new transaction. For the tests that read the
 * receipt back (the operator API, several hosts, the back office in a browser).
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { isRecord } from '../platform/is-record';
import { CASHIER, payGroupId } from './api-calls';
import { createTestSession } from './harness';
import type { TestServer } from './harness';

/** A file as a player's browser sends it. */
export interface PlayerFile {
  readonly bytes: Buffer;
  readonly name: string;
  readonly type: string;
}

/** An answer: its status and JSON body. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A PDF of `size` bytes of every value (a changed byte anywhere shows), `%PDF` first. */
export function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.from(
    Array.from({ length: size - head.length - tail.length }, (_, index) => (index * 31) % 256),
  );
  return Buffer.concat([head, body, tail]);
}

/**
 * Uploads `file` to a deposit pay group (POST payments/groups/{id}/upload) with the form's
 * other `fields` (default: for the `receipt` field).
 */
export async function uploadDocument(
  baseUrl: string,
  session: string,
  groupId: number,
  file: PlayerFile,
  fields: Readonly<Record<string, string>> = { field_name: 'receipt' },
): Promise<JsonAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}${CASHIER}/payments/groups/${String(groupId)}/upload`, {
    method: 'POST',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    body: form,
  });
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error(`upload: ${String(response.status)} answered no object`);
  return { status: response.status, body };
}

/**
 * Submits a bank transfer deposit of 60 EUR through the server at `baseUrl`, paid with the
 * uploaded receipt `documentId` (the seed's `bank_transfer` pay group `groupId`).
 */
export function submitBankTransfer(
  baseUrl: string,
  session: string,
  groupId: number,
  documentId: string,
): Promise<Response> {
  return fetch(`${baseUrl}${CASHIER}/payments/groups/${String(groupId)}/submit`, {
    method: 'POST',
    headers: {
      'x-session-id': session,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      amount: '60',
      currency: 'EUR',
      parameters: { transfer_date: '2030-01-15T00:00:00.000Z', receipt: documentId },
    }),
  });
}

/** A bank transfer deposit paid with its receipt. */
export interface PaidBankTransfer {
  readonly session: string;
  readonly groupId: number;
  readonly transactionId: string;
  readonly documentId: string;
}

/**
 * A new brand0 player's bank transfer deposit, its receipt `file` uploaded through `uploadTo`
 * and the deposit submitted through `submitTo` (the same server unless told): its ids.
 */
export async function bankTransferWithReceipt(
  uploadTo: Pick<TestServer, 'baseUrl' | 'db'>,
  player: string,
  file: PlayerFile,
  submitTo: Pick<TestServer, 'baseUrl'> = uploadTo,
): Promise<PaidBankTransfer> {
  const session = await createTestSession(uploadTo, { player });
  const groupId = await payGroupId(uploadTo, 'bank_transfer', 'deposit');
  const uploaded = await uploadDocument(uploadTo.baseUrl, session, groupId, file);
  const documentId = uploaded.body.document_id;
  if (uploaded.status !== 200 || typeof documentId !== 'string') {
    throw new Error(`upload: ${String(uploaded.status)} ${JSON.stringify(uploaded.body)}`);
  }
  const paid = await submitBankTransfer(submitTo.baseUrl, session, groupId, documentId);
  const body: unknown = await paid.json();
  const transactionId = isRecord(body) ? body.transaction_id : undefined;
  if (paid.status !== 200 || typeof transactionId !== 'string') {
    throw new Error(`submit: ${String(paid.status)} ${JSON.stringify(body)}`);
  }
  return { session, groupId, transactionId, documentId };
}
