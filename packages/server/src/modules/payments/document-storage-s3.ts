/**
 * Documents in a bucket of an S3-compatible object storage (UPLOADS_S3_*, config/uploads.ts),
 * through the AWS SDK's S3 client (docs/decisions/0114-uploads-in-object-storage.md says why the
 * SDK and not requests signed here).
 *
 * - put: one PutObject whose body streams from the temporary file with its length given, so no
 *   file is held in memory (a document is at most 20 MB: below S3's 5 GB single-request limit,
 *   so no multipart upload is needed); the temporary file is removed once the object is written.
 * - Checksums are sent and checked only where the operation requires them: the SDK's default
 *   (a trailing checksum in aws-chunked encoding) is not understood by every S3-compatible
 *   server. The object's integrity is the store's own (Content-MD5 is not sent either: it would
 *   need the file read twice); the row keeps the SHA-256 of the bytes that arrived.
 * - Time-outs: a connection not made in 5 s, or a request silent for 30 s, fails; the SDK tries
 *   a failed request up to 3 times in all. Every failure becomes a {@link DocumentStorageError}
 *   naming the operation, the key and the SDK's error name, never a credential.
 *
 * @packageDocumentation
 */
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3UploadStorage } from '../../config';
import { DocumentStorageError, checkedKey } from './document-storage';
import type { DocumentStorage, KeptFile } from './document-storage';

/** A connection to the storage not made by then fails. */
const CONNECTION_TIMEOUT_MS = 5_000;
/** A request that sends or receives nothing for this long fails. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Attempts of one request (the first and two retries). */
const MAX_ATTEMPTS = 3;

/** The SDK's name of an error (`NoSuchBucket`, `TimeoutError`, …), never its message. */
function errorName(error: unknown): string {
  if (error instanceof Error) {
    // A socket's failure is a plain Error whose code says what happened (ECONNREFUSED, …).
    return error.name === 'Error' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : error.name;
  }
  return typeof error;
}

/** Where the SDK's warnings go (the app's logger). */
export interface StorageLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * The SDK's logger: its warnings (text only) go to the app's log; its info and debug lines, which
 * describe requests, are dropped. Without one the SDK writes some warnings to the console.
 */
function sdkLogger(log: StorageLog) {
  const warn = (...content: unknown[]): void => {
    const text = content.filter((part) => typeof part === 'string').join(' ');
    if (text !== '') log.warn({ storage: 's3' }, text);
  };
  const drop = (): void => undefined;
  return { trace: drop, debug: drop, info: drop, warn, error: warn };
}

/** Documents in a bucket (see the module comment). */
export class S3DocumentStorage implements DocumentStorage {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(settings: S3UploadStorage, log: StorageLog) {
    this.#bucket = settings.bucket;
    this.#prefix = settings.prefix === undefined ? '' : `${settings.prefix}/`;
    this.#client = new S3Client({
      region: settings.region,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
      forcePathStyle: settings.forcePathStyle,
      maxAttempts: MAX_ATTEMPTS,
      logger: sdkLogger(log),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
      },
    });
  }

  #objectKey(key: string): string {
    return `${this.#prefix}${checkedKey(key)}`;
  }

  #failure(operation: string, key: string, error: unknown): DocumentStorageError {
    return new DocumentStorageError(
      `${operation} of document ${key} in bucket ${this.#bucket} failed: ${errorName(error)}`,
      { cause: error },
    );
  }

  async put(key: string, file: KeptFile): Promise<void> {
    const body = createReadStream(file.tempPath);
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: this.#objectKey(key),
          Body: body,
          ContentLength: file.size,
          ContentType: file.mimeType,
        }),
      );
    } catch (error) {
      throw this.#failure('put', key, error);
    } finally {
      body.destroy();
    }
    await rm(file.tempPath, { force: true });
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('the answer has no body stream');
      return answer.Body;
    } catch (error) {
      throw this.#failure('get', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.#client.send(
        new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }),
      );
    } catch (error) {
      throw this.#failure('delete', key, error);
    }
  }

  /** Closes the client's connections (the app's close). */
  close(): void {
    this.#client.destroy();
  }
}
