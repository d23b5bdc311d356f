/**
 * Uploaded documents (SPEC §5 file upload, §7 upload): bytes in the document storage
 * (document-storage.ts: DATA_DIR/uploads on this host by default, or a bucket of an
 * S3-compatible object storage with UPLOADS_S3_BUCKET), metadata in the `documents` table.
 *
 * How a file travels:
 * 1. {@link receiveFile} streams the upload into a temporary file under DATA_DIR/uploads/.tmp on
 *    the local disk, hashing it (SHA-256), counting its bytes and keeping its first bytes for the
 *    type check; nothing of it is held in memory.
 * 2. {@link checkReceivedFile} applies @cashdesk/domain's checkFileUpload to what arrived: the
 *    type comes from the magic bytes (pdf, heic, jpeg, png), never from the name or the declared
 *    MIME type; more than 20 971 520 bytes or an empty file is refused.
 * 3. {@link storeDocument} checks the upload quota of the transaction (or of the player's
 *    documents not yet attached to one), keeps the file in the storage under
 *    `{player}/{document}.{ext}` (a rename on the local disk, a streamed PutObject to a bucket),
 *    then writes the row in one database transaction that checks the quota again under a lock;
 *    if the row cannot be written, the kept file is deleted again. The bytes are kept before the
 *    row exists, so a row never names missing bytes; a storage that cannot be reached answers
 *    503 uploadStorageUnavailable (1016) and writes no row.
 * Any refusal removes the temporary file ({@link discardReceived}), so a refused upload leaves
 * nothing behind.
 *
 * The bytes are too large (up to 20 MB each) to keep in a database row. On the local disk they
 * lie on the host that received them (docs/scaling.md asks for one DATA_DIR on a shared volume
 * then); in a bucket every host reads every document.
 *
 * @packageDocumentation
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES } from '@cashdesk/contract';
import type { UploadResponse } from '@cashdesk/contract';
import { FILE_SNIFF_BYTES, checkFileUpload } from '@cashdesk/domain';
import type { AcceptedFileType } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import type { UploadQuota, UploadStorageSettings } from '../../config';
import { documents, players, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isAcceptedText } from '../../http/input-guard';
import { isUuid } from '../../platform/ids';
import { DocumentStorageError, LocalDocumentStorage, uploadsDir } from './document-storage';
import type { DocumentStorage } from './document-storage';
import { S3DocumentStorage } from './document-storage-s3';
import type { StorageLog } from './document-storage-s3';

/** A document row. */
export type DocumentRow = typeof documents.$inferSelect;

/** The MIME type stored and answered for each accepted type. */
export const MIME_TYPES: Readonly<Record<AcceptedFileType, UploadResponse['mime_type']>> = {
  pdf: 'application/pdf',
  heic: 'image/heic',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The file name extension a stored document gets (and a downloaded one whose name lacks it). */
export const FILE_EXTENSIONS: Readonly<Record<AcceptedFileType, string>> = {
  pdf: 'pdf',
  heic: 'heic',
  jpeg: 'jpg',
  png: 'png',
};

/** Longest original file name kept (the contract's UploadResponse.file_name). */
export const FILE_NAME_MAX = 255;

/** The document storage the configuration names: the local disk, or a bucket (UPLOADS_S3_*). */
export function createDocumentStorage(
  settings: UploadStorageSettings,
  dataDir: string,
  log: StorageLog,
): DocumentStorage {
  return settings.kind === 's3'
    ? new S3DocumentStorage(settings, log)
    : new LocalDocumentStorage(dataDir);
}

/** A file that arrived and waits in a temporary file. */
export interface ReceivedFile {
  readonly tempPath: string;
  /** Bytes that arrived (at most the limit: the parser cuts a longer file). */
  readonly size: number;
  readonly sha256: string;
  /** The first {@link FILE_SNIFF_BYTES} bytes. */
  readonly head: Uint8Array;
  /** The parser cut the file at the limit: it was larger. */
  readonly truncated: boolean;
  readonly originalName: string;
  readonly mimeType: string;
}

/** What {@link receiveFile} needs. */
export interface ReceiveInput {
  readonly dataDir: string;
  /** The file part's stream (a busboy stream with `truncated` set when it was cut). */
  readonly stream: Readable & { readonly truncated?: boolean };
  readonly fileName: string;
  readonly mimeType: string;
}

/** A file name as it may be stored and answered: no path, no control characters, bounded. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const bounded = cleaned.slice(0, FILE_NAME_MAX);
  return bounded === '' ? 'document' : bounded;
}

/** Streams a file part into a temporary file, hashing it on the way. */
export async function receiveFile(input: ReceiveInput): Promise<ReceivedFile> {
  const tempDir = path.join(uploadsDir(input.dataDir), '.tmp');
  await mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < FILE_SNIFF_BYTES) {
        const part = chunk.subarray(0, FILE_SNIFF_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(input.stream, meter, createWriteStream(tempPath));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return {
    tempPath,
    size,
    sha256: hash.digest('hex'),
    head: new Uint8Array(Buffer.concat(head)),
    truncated: input.stream.truncated === true,
    originalName: cleanFileName(input.fileName),
    mimeType: input.mimeType,
  };
}

/** Removes the temporary file of a refused or repeated upload. */
export async function discardReceived(file: ReceivedFile): Promise<void> {
  await rm(file.tempPath, { force: true });
}

/**
 * SPEC §5: the accepted type of a received file, by its bytes.
 *
 * @throws {ApiError} uploadTooLarge (413, field `file`) above 20 971 520 bytes; uploadType (415,
 *   field `file`) for an empty file or bytes that are not pdf, heic, jpeg or png.
 */
export function checkReceivedFile(file: ReceivedFile): AcceptedFileType {
  const size = file.truncated ? UPLOAD_MAX_BYTES + 1 : file.size;
  const check = checkFileUpload(
    { name: file.originalName, mimeType: file.mimeType, size, head: file.head },
    { maxBytes: UPLOAD_MAX_BYTES },
  );
  if (check.accepted) return check.type;
  if (check.reason === 'too-large') {
    throw new ApiError('uploadTooLarge', { field: 'file', detail: 'file over the upload limit' });
  }
  throw new ApiError('uploadType', { field: 'file', detail: `upload refused: ${check.reason}` });
}

/** What {@link storeDocument} needs. */
export interface StoreDocumentInput {
  /** Where the bytes are kept (the app's `documentStorage`). */
  readonly storage: DocumentStorage;
  readonly file: ReceivedFile;
  readonly type: AcceptedFileType;
  readonly playerId: string;
  readonly payGroupId: number;
  readonly transactionId: string | null;
  /** The most documents and bytes the transaction (or the player's unattached documents) may hold. */
  readonly quota: UploadQuota;
}

/**
 * Refuses a document that would take its transaction over the quota, or, without a
 * transaction, the player's documents not yet attached to one (uploaded for a form field before
 * the submit, which attaches them). Run inside the storing transaction after
 * {@link lockDocumentOwner}, so that concurrent uploads cannot both pass.
 *
 * @throws {ApiError} uploadQuotaExceeded (409, field `file`).
 */
async function assertUploadQuota(
  db: Executor,
  owner: { readonly playerId: string; readonly transactionId: string | null },
  size: number,
  quota: UploadQuota,
): Promise<void> {
  const [held] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)::text`,
    })
    .from(documents)
    .where(
      owner.transactionId === null
        ? and(eq(documents.playerId, owner.playerId), isNull(documents.transactionId))
        : eq(documents.transactionId, owner.transactionId),
    );
  const count = held?.count ?? 0;
  const bytes = Number(held?.bytes ?? '0');
  if (count + 1 > quota.maxDocuments || bytes + size > quota.maxBytes) {
    throw new ApiError('uploadQuotaExceeded', {
      field: 'file',
      detail: `upload quota: ${String(count)} documents, ${String(bytes)} bytes held`,
    });
  }
}

/**
 * Locks the row that owns a new document's quota (the transaction, else the player) until the
 * storing transaction ends.
 */
async function lockDocumentOwner(
  tx: Executor,
  owner: { readonly playerId: string; readonly transactionId: string | null },
): Promise<void> {
  if (owner.transactionId === null) {
    await tx
      .select({ id: players.id })
      .from(players)
      .where(eq(players.id, owner.playerId))
      .for('update');
  } else {
    await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.id, owner.transactionId))
      .for('update');
  }
}

/**
 * Keeps a received file in the document storage and writes its row, within the upload quota
 * (see the module comment for the order; the kept file is deleted again if the row fails or the
 * quota filled up meanwhile).
 *
 * @throws {ApiError} uploadQuotaExceeded when the document would go over the quota;
 *   uploadStorageUnavailable (503) when the storage cannot be reached or refuses the write.
 */
export async function storeDocument(db: Executor, input: StoreDocumentInput): Promise<DocumentRow> {
  const id = randomUUID();
  // A storage key, `/` on every platform (documents.file_path).
  const key = `${input.playerId}/${id}.${FILE_EXTENSIONS[input.type]}`;
  const owner = { playerId: input.playerId, transactionId: input.transactionId };
  // A refusal of a full quota writes nothing to the storage; the check is repeated under the lock.
  await assertUploadQuota(db, owner, input.file.size, input.quota);
  try {
    await input.storage.put(key, {
      tempPath: input.file.tempPath,
      size: input.file.size,
      mimeType: MIME_TYPES[input.type],
    });
  } catch (error) {
    if (!(error instanceof DocumentStorageError)) throw error;
    throw new ApiError('uploadStorageUnavailable', { detail: error.message, cause: error });
  }
  try {
    return await db.transaction(async (tx) => {
      await lockDocumentOwner(tx, owner);
      await assertUploadQuota(tx, owner, input.file.size, input.quota);
      return insertDocument(tx, id, key, input);
    });
  } catch (error) {
    // Bytes without a row are never read; a delete that fails too leaves only their space.
    await input.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Writes a document's row. */
async function insertDocument(
  db: Executor,
  id: string,
  relative: string,
  input: StoreDocumentInput,
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({
      id,
      playerId: input.playerId,
      transactionId: input.transactionId,
      payGroupId: input.payGroupId,
      filePath: relative,
      originalName: input.file.originalName,
      mime: MIME_TYPES[input.type],
      sizeBytes: input.file.size,
      sha256: input.file.sha256,
    })
    .returning();
  if (row === undefined) throw new Error('document insert returned no row');
  return row;
}

/** A document of a player, or `undefined` (another player's document is not found either). */
export async function findPlayerDocument(
  db: Executor,
  playerId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  if (!isUuid(documentId)) return undefined;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.playerId, playerId)));
  return row;
}

/** Attaches a document to a transaction (the receipt of a bank transfer). */
export async function linkDocument(
  db: Executor,
  documentId: string,
  transactionId: string,
): Promise<DocumentRow> {
  const [row] = await db
    .update(documents)
    .set({ transactionId })
    .where(eq(documents.id, documentId))
    .returning();
  if (row === undefined) throw new ApiError('notFound', { detail: `document ${documentId}` });
  return row;
}

function isUploadMime(value: string): value is UploadResponse['mime_type'] {
  return Object.values(MIME_TYPES).some((mime) => mime === value);
}

/** The contract's UploadResponse of a document row. */
export function documentToWire(row: DocumentRow): UploadResponse {
  if (!isUploadMime(row.mime)) throw new Error(`document ${row.id} has MIME type ${row.mime}`);
  return {
    document_id: row.id,
    file_name: row.originalName,
    size: row.sizeBytes,
    mime_type: row.mime,
    transaction_id: row.transactionId,
  };
}

/** The multipart limits of an upload: one file of at most 20 MB and a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
} as const;

/** A multipart upload form: the `file` part in a temporary file, the other parts as text. */
export interface UploadForm {
  readonly file: ReceivedFile | null;
  readonly fields: Readonly<Record<string, string>>;
}

/** The field a refused form part is named by: the file name is `file`, a part's name `body`. */
function refusedPartField(
  part: { readonly fieldname: string } & (
    { readonly filename: string } | { readonly value: unknown }
  ),
): string | undefined {
  if (!isAcceptedText(part.fieldname)) return 'body';
  if ('filename' in part) return isAcceptedText(part.filename) ? undefined : 'file';
  return typeof part.value === 'string' && !isAcceptedText(part.value) ? part.fieldname : undefined;
}

/**
 * Reads the multipart form of a deposit or withdrawal upload: the first `file` part goes to a
 * temporary file (checked later by its bytes), other parts are kept as text. A second file part is
 * drained, not stored. On a failure the temporary file is removed, so nothing is left behind.
 *
 * Input guard (http/input-guard.ts): a part name, text value or file name holding a control
 * character or a lone surrogate is refused with 400 invalidField naming the part (`file` for the
 * file name, the part's name for its value, `body` for a part's name). The rest of the form is
 * still read to its end (a refused file is drained, not stored), so the request ends cleanly.
 *
 * @throws {ApiError} invalidField for refused text (see above).
 */
export async function readUploadForm(
  request: FastifyRequest,
  dataDir: string,
): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let refused: string | undefined;
  try {
    for await (const part of request.parts()) {
      refused ??= refusedPartField(part);
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== null || refused !== undefined) {
          await drain(part.file);
          continue;
        }
        file = await receiveFile({
          dataDir,
          stream: part.file,
          fileName: part.filename,
          mimeType: part.mimetype,
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (refused !== undefined) {
      throw new ApiError('invalidField', {
        field: refused,
        detail: 'an upload form part holds a control character or a lone surrogate',
      });
    }
  } catch (error) {
    if (file !== null) await discardReceived(file);
    throw error;
  }
  return { file, fields };
}

/** Reads a part that is not kept to its end (the parser waits for every part to be consumed). */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}
