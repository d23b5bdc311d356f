/**
 * Where the bytes of uploaded documents are kept (SPEC §5 file upload, §7 upload), behind one
 * small interface with two implementations:
 * - {@link LocalDocumentStorage}, the default: DATA_DIR/uploads/{player}/{document}.{ext} on this
 *   host's disk; a document is moved there from its temporary file (a rename, no copy);
 * - `S3DocumentStorage` (document-storage-s3.ts) when UPLOADS_S3_BUCKET is set: the same
 *   key in a bucket of an S3-compatible object storage, so that every host of a deployment reads
 *   every document (docs/scaling.md, docs/decisions/0114-uploads-in-object-storage.md).
 *
 * The key of a document is its `documents.file_path` (`{player}/{document}.{ext}`, always with
 * `/`), so rows written before a bucket was configured keep their meaning on the local disk.
 * The temporary file an upload is streamed into stays on the local disk in both cases
 * (DATA_DIR/uploads/.tmp): the size and type checks run on it before anything is kept.
 *
 * @packageDocumentation
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A received file to keep: its temporary file, its length and its MIME type. */
export interface KeptFile {
  readonly tempPath: string;
  readonly size: number;
  readonly mimeType: string;
}

/** Where documents' bytes are kept (see the module comment). */
export interface DocumentStorage {
  /** `local` (DATA_DIR/uploads) or `s3` (a bucket). */
  readonly kind: 'local' | 's3';
  /**
   * Keeps the file under `key` (streamed, never held in memory) and removes its temporary file.
   * On a failure nothing is kept under `key` and the temporary file is left to its owner.
   *
   * @throws {DocumentStorageError} when the storage cannot be reached or refuses the write.
   */
  put(key: string, file: KeptFile): Promise<void>;
  /**
   * The bytes of a kept document, as a stream.
   *
   * @throws {DocumentStorageError} when the storage cannot be reached or holds no such key.
   */
  get(key: string): Promise<Readable>;
  /** Removes a kept document (nothing when it is not there). */
  delete(key: string): Promise<void>;
  /** Lets go of the storage's connections (the app's close). */
  close(): void;
}

/** A storage that could not be reached, or refused: the message names the operation and key. */
export class DocumentStorageError extends Error {
  override readonly name = 'DocumentStorageError';
}

/** Where uploads live on the local disk: DATA_DIR/uploads. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A key (`{player}/{document}.{ext}`) made only of what the server writes: no `..`, no root. */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9-]+\.[a-z]+$/.test(key)) {
    throw new DocumentStorageError(`document key ${key} is not {player}/{document}.{ext}`);
  }
  return key;
}

/** The default storage: DATA_DIR/uploads on this host's disk (today's layout). */
export class LocalDocumentStorage implements DocumentStorage {
  readonly kind = 'local';
  readonly #root: string;

  constructor(dataDir: string) {
    this.#root = uploadsDir(dataDir);
  }

  #pathOf(key: string): string {
    return path.join(this.#root, ...checkedKey(key).split('/'));
  }

  async put(key: string, file: KeptFile): Promise<void> {
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tempPath, target);
  }

  async get(key: string): Promise<Readable> {
    // Opened first, so that a missing file fails here and not in the reader's stream.
    const handle = await open(this.#pathOf(key), 'r').catch((error: unknown) => {
      throw new DocumentStorageError(`document ${key} cannot be read from the local disk`, {
        cause: error,
      });
    });
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  close(): void {
    // Nothing is held open between calls.
  }
}

declare module '../../http/app-types' {
  interface AppDeps {
    /** Where uploaded documents' bytes are kept (modules/payments/document-storage.ts). */
    readonly documentStorage: DocumentStorage;
  }
}
