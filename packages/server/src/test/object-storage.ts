/**
 * A real S3-compatible object storage for the tests of documents kept in a bucket: s3rver in this
 * process on a free port of 127.0.0.1, its objects in a temporary directory, with one bucket.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The bucket every started storage holds. */
export const TEST_BUCKET = 'cashdesk-documents';

/** A started object storage. */
export interface TestObjectStorage {
  /** The UPLOADS_S3_* variables of a server that keeps its documents there. */
  readonly env: Readonly<Record<string, string>>;
  /** Every object key of the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver's default credentials (it checks the signature against them). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** The variables naming a storage at `endpoint`. */
export function objectStorageEnv(endpoint: string): Record<string, string> {
  return {
    UPLOADS_S3_BUCKET: TEST_BUCKET,
    UPLOADS_S3_ENDPOINT: endpoint,
    UPLOADS_S3_REGION: 'us-east-1',
    UPLOADS_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    UPLOADS_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    UPLOADS_S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Starts s3rver with {@link TEST_BUCKET} (see the module comment). */
export async function startObjectStorage(): Promise<TestObjectStorage> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cashdesk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const address = await server.run();
  const bucketDir = path.join(directory, TEST_BUCKET);
  return {
    env: objectStorageEnv(`http://127.0.0.1:${String(address.port)}`),
    keys: async () => {
      // s3rver keeps an object as `<key>._S3rver_object` beside its metadata files.
      const entries = await readdir(bucketDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
        .map((entry) =>
          path
            .relative(bucketDir, path.join(entry.parentPath, entry.name))
            .replace(/\._S3rver_object$/, '')
            .split(path.sep)
            .join('/'),
        )
        .sort();
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A port of 127.0.0.1 nothing listens on (taken, then given back). */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}
