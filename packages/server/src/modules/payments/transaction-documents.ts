/**
 * The documents a player uploaded to a transaction (SPEC §5 file upload, §7 upload: a bank
 * transfer's receipt), as the operator reads them back: the list of a transaction of the brand,
 * and one document's bytes streamed from the document storage
 * (docs/decisions/0121-reading-uploaded-documents.md).
 *
 * - **Brand.** The transaction must be one of the brand's players' (`brandTransaction`), and the
 *   document one of that transaction's: anything else is 404 (1803), as a missing one, so a
 *   brand learns nothing of another's documents.
 * - **What is answered** is what the server decided when the file arrived, never what the player
 *   claimed: the MIME type detected from the bytes (pdf, heic, jpeg or png), the size and SHA-256
 *   of the bytes kept. The name the player's file had is shown as kept; the name a download is
 *   saved under is made safe ({@link downloadFileName}).
 * - **A storage that cannot be reached** (or holds no such object) is 503 (1016), as for an
 *   upload; the log names the operation and key, never a credential.
 *
 * @packageDocumentation
 */
import { and, asc, eq } from 'drizzle-orm';
import sanitizeFileName from 'sanitize-filename';
import type { TransactionDocumentList } from '@cashdesk/contract';
import { FILE_ACCEPTED_TYPES, declaredFileType } from '@cashdesk/domain';
import type { AcceptedFileType } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { documents } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { DocumentAnswer } from '../../http/register-endpoint';
import { isUuid } from '../../platform/ids';
import { brandTransaction } from './approval';
import { DocumentStorageError } from './document-storage';
import type { DocumentStorage } from './document-storage';
import { FILE_EXTENSIONS, MIME_TYPES } from './uploads';
import type { DocumentRow } from './uploads';

/** The longest saved name, in UTF-8 bytes (file systems allow 255). */
const SAVED_NAME_MAX_BYTES = 255;

/** The accepted type of a stored MIME type. */
function typeOfMime(mime: string): AcceptedFileType {
  const type = FILE_ACCEPTED_TYPES.find((candidate) => MIME_TYPES[candidate] === mime);
  if (type === undefined) throw new Error(`a document has the MIME type ${mime}`);
  return type;
}

/** `text` cut, by whole characters, to at most `bytes` UTF-8 bytes. */
function cutToBytes(text: string, bytes: number): string {
  let cut = '';
  for (const char of text) {
    if (Buffer.byteLength(cut + char) > bytes) break;
    cut += char;
  }
  return cut;
}

/**
 * The name a downloaded document is saved under: the player's name without anything a file system
 * or a reader could trip over (path separators and the characters Windows refuses, control and
 * invisible formatting characters such as a right-to-left override that would disguise the
 * extension, leading dots that hide a file, reserved device names, more than 255 bytes;
 * `sanitize-filename` and the formatting characters here), ending in the extension of the type
 * detected from the bytes: `invoice.html` holding a PDF is saved as `invoice.html.pdf`.
 */
export function downloadFileName(originalName: string, mime: string): string {
  const type = typeOfMime(mime);
  const visible = originalName.replace(/\p{Cf}/gu, '');
  const safe = sanitizeFileName(visible, { replacement: '_' }).replace(/^[.\s]+/, '');
  // A name whose extension is one of its type's (by the upload rule's own list) is kept.
  if (declaredFileType(safe, '') === type) return safe;
  const suffix = `.${FILE_EXTENSIONS[type]}`;
  const stem = safe === '' ? 'document' : safe;
  return cutToBytes(stem, SAVED_NAME_MAX_BYTES - suffix.length) + suffix;
}

/** The contract's TransactionDocument of a row. */
function documentOf(row: DocumentRow): TransactionDocumentList['documents'][number] {
  const type = typeOfMime(row.mime);
  return {
    id: row.id,
    file_name: row.originalName,
    mime_type: MIME_TYPES[type],
    size: row.sizeBytes,
    sha256: row.sha256,
    uploaded_at: row.createdAt.toISOString(),
  };
}

/**
 * The documents of a transaction of the brand, oldest first.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown transaction or another brand's.
 */
export async function listTransactionDocuments(
  db: Executor,
  brandId: string,
  transactionId: string,
): Promise<TransactionDocumentList> {
  const transaction = await brandTransaction({ db }, brandId, transactionId);
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.transactionId, transaction.id))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return { documents: rows.map(documentOf) };
}

/**
 * One document of a transaction of the brand, opened for reading from the storage.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown transaction or another brand's
 *   (`params.transactionId`), or a document that is not this transaction's
 *   (`params.documentId`); uploadStorageUnavailable (503, 1016) when the storage cannot be read.
 */
export async function openTransactionDocument(
  deps: { readonly db: Executor; readonly documentStorage: DocumentStorage },
  brandId: string,
  ids: { readonly transactionId: string; readonly documentId: string },
): Promise<DocumentAnswer> {
  const transaction = await brandTransaction(deps, brandId, ids.transactionId);
  const [row] = isUuid(ids.documentId)
    ? await deps.db
        .select()
        .from(documents)
        .where(and(eq(documents.id, ids.documentId), eq(documents.transactionId, transaction.id)))
    : [];
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.documentId' });
  const type = typeOfMime(row.mime);
  try {
    return {
      stream: await deps.documentStorage.get(row.filePath),
      mimeType: MIME_TYPES[type],
      size: row.sizeBytes,
      fileName: downloadFileName(row.originalName, row.mime),
    };
  } catch (error) {
    if (!(error instanceof DocumentStorageError)) throw error;
    throw new ApiError('uploadStorageUnavailable', { detail: error.message, cause: error });
  }
}
