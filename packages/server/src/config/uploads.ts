/**
 * Where uploaded documents' bytes are kept (UPLOADS_S3_*, modules/payments/document-storage.ts):
 * under DATA_DIR/uploads on this host's disk by default, or in a bucket of an S3-compatible
 * object storage when UPLOADS_S3_BUCKET is set, so that several hosts share them without a
 * shared volume (docs/scaling.md).
 *
 * A half-configured bucket is refused at start in every mode: an UPLOADS_S3_* variable without
 * UPLOADS_S3_BUCKET would leave the documents on the local disk without a word, and an access key
 * id without its secret (or the reverse) would fail at the first upload instead. Without both
 * keys the AWS SDK's own credential chain is used (AWS_* variables, an instance or task role).
 * The secret access key is never logged.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { flagText, optionalText, urlText } from './env';
import type { ValuesOf } from './env';

/** The variables of the documents' storage. */
export const UPLOAD_STORAGE_VARIABLES = {
  UPLOADS_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'UPLOADS_S3_BUCKET must be a bucket name: 3-63 of [a-z0-9.-], starting and ending with a letter or digit',
      )
      .optional(),
  ),
  UPLOADS_S3_ENDPOINT: urlText.optional(),
  UPLOADS_S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'UPLOADS_S3_REGION must be a region name such as eu-west-1')
      .optional(),
  ),
  UPLOADS_S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/,
        "UPLOADS_S3_PREFIX must be key segments of [A-Za-z0-9!_.*'()-] separated by /",
      )
      .optional(),
  ),
  UPLOADS_S3_ACCESS_KEY_ID: optionalText,
  UPLOADS_S3_SECRET_ACCESS_KEY: optionalText,
  UPLOADS_S3_FORCE_PATH_STYLE: flagText,
};

/** A bucket of an S3-compatible object storage. */
export interface S3UploadStorage {
  readonly kind: 's3';
  readonly bucket: string;
  /** UPLOADS_S3_ENDPOINT: the storage's address; `undefined`: AWS S3 of the region. */
  readonly endpoint: string | undefined;
  /** UPLOADS_S3_REGION, default `us-east-1` (what most S3-compatible servers accept). */
  readonly region: string;
  /** UPLOADS_S3_PREFIX: keys start with `<prefix>/`; `undefined`: at the bucket's root. */
  readonly prefix: string | undefined;
  /** Both keys, or `undefined` for the SDK's default credential chain. */
  readonly credentials:
    { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  /** UPLOADS_S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` instead of a bucket host name. */
  readonly forcePathStyle: boolean;
}

/** Where documents are kept: this host's DATA_DIR/uploads, or a bucket. */
export type UploadStorageSettings = { readonly kind: 'local' } | S3UploadStorage;

/** The default region of an S3-compatible storage. */
const DEFAULT_REGION = 'us-east-1';

/**
 * The documents' storage (see the module comment); the problems of a half-configured bucket are
 * pushed onto `problems`, naming the variables, never their values.
 */
export function readUploadStorage(
  values: ValuesOf<typeof UPLOAD_STORAGE_VARIABLES>,
  problems: string[],
): UploadStorageSettings {
  const bucket = values.UPLOADS_S3_BUCKET;
  if (bucket === undefined) {
    // `values` holds the whole environment's values: only this section's names count here.
    const given = new Map<string, unknown>(Object.entries(values));
    const set = Object.keys(UPLOAD_STORAGE_VARIABLES).filter(
      (name) => name !== 'UPLOADS_S3_BUCKET' && given.get(name) !== undefined,
    );
    if (set.length > 0) {
      problems.push(
        `UPLOADS_S3_BUCKET: required with ${set.join(', ')}; without a bucket uploaded documents stay on this host's disk (DATA_DIR/uploads)`,
      );
    }
    return { kind: 'local' };
  }
  const accessKeyId = values.UPLOADS_S3_ACCESS_KEY_ID;
  const secretAccessKey = values.UPLOADS_S3_SECRET_ACCESS_KEY;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(
      'UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY: set both, or neither for the default AWS credential chain',
    );
  }
  return {
    kind: 's3',
    bucket,
    endpoint: values.UPLOADS_S3_ENDPOINT,
    region: values.UPLOADS_S3_REGION ?? DEFAULT_REGION,
    prefix: values.UPLOADS_S3_PREFIX,
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
    forcePathStyle: values.UPLOADS_S3_FORCE_PATH_STYLE === 'true',
  };
}
