import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';
import { PRODUCTION_CORE, problemsOf } from './test-support';

/** A production environment that starts, with its documents in a bucket. */
const PRODUCTION = {
  ...PRODUCTION_CORE,
  UPLOADS_S3_BUCKET: 'cashdesk-documents',
  UPLOADS_S3_ENDPOINT: 'https://objects.example.com',
  UPLOADS_S3_REGION: 'eu-central-1',
  UPLOADS_S3_ACCESS_KEY_ID: 'AKIAOPERATOROWN',
  UPLOADS_S3_SECRET_ACCESS_KEY: 'an-operator-own-object-storage-secret',
} as const;

describe('where uploaded documents are kept (UPLOADS_S3_*)', () => {
  it('keeps them on the local disk (DATA_DIR/uploads) when no bucket is configured', () => {
    expect(loadConfig({}).uploads).toEqual({ kind: 'local' });
  });

  it('reads a bucket with its endpoint, region, prefix, keys and path style', () => {
    expect(loadConfig({ ...PRODUCTION, UPLOADS_S3_PREFIX: 'cashier/documents' }).uploads).toEqual({
      kind: 's3',
      bucket: 'cashdesk-documents',
      endpoint: 'https://objects.example.com',
      region: 'eu-central-1',
      prefix: 'cashier/documents',
      credentials: {
        accessKeyId: 'AKIAOPERATOROWN',
        secretAccessKey: 'an-operator-own-object-storage-secret',
      },
      forcePathStyle: false,
    });
    // Without keys the SDK's own credential chain is used (an instance or task role); AWS S3
    // of the region without an endpoint; us-east-1 without a region.
    expect(
      loadConfig({ UPLOADS_S3_BUCKET: 'documents', UPLOADS_S3_FORCE_PATH_STYLE: 'true' }).uploads,
    ).toEqual({
      kind: 's3',
      bucket: 'documents',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: undefined,
      credentials: undefined,
      forcePathStyle: true,
    });
  });

  it('refuses a half-configured bucket in every mode, naming the variables and never a value', () => {
    const noBucket: Record<string, string> = { ...PRODUCTION };
    delete noBucket.UPLOADS_S3_BUCKET;
    const problems = problemsOf(noBucket);
    expect(problems).toEqual([
      "UPLOADS_S3_BUCKET: required with UPLOADS_S3_ENDPOINT, UPLOADS_S3_REGION, UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY; without a bucket uploaded documents stay on this host's disk (DATA_DIR/uploads)",
    ]);
    expect(problems.join('\n')).not.toContain(PRODUCTION.UPLOADS_S3_SECRET_ACCESS_KEY);
    expect(problemsOf({ UPLOADS_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      "UPLOADS_S3_BUCKET: required with UPLOADS_S3_ENDPOINT; without a bucket uploaded documents stay on this host's disk (DATA_DIR/uploads)",
    ]);
    const keyWithoutSecret: Record<string, string> = { ...PRODUCTION };
    delete keyWithoutSecret.UPLOADS_S3_SECRET_ACCESS_KEY;
    const secretWithoutKey: Record<string, string> = { ...PRODUCTION };
    delete secretWithoutKey.UPLOADS_S3_ACCESS_KEY_ID;
    for (const env of [
      keyWithoutSecret,
      secretWithoutKey,
      { ...secretWithoutKey, CASHDESK_MODE: 'sandbox' },
    ]) {
      expect(problemsOf(env)).toEqual([
        'UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY: set both, or neither for the default AWS credential chain',
      ]);
    }
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses a bucket name, endpoint or region that cannot be one', () => {
    const problems = problemsOf({
      UPLOADS_S3_BUCKET: 'Not_A_Bucket',
      UPLOADS_S3_ENDPOINT: 'ftp://objects.example.com',
      UPLOADS_S3_REGION: 'EU Central',
      UPLOADS_S3_PREFIX: '/absolute/../up',
      UPLOADS_S3_FORCE_PATH_STYLE: 'yes',
    }).join('\n');
    for (const name of [
      'UPLOADS_S3_BUCKET',
      'UPLOADS_S3_ENDPOINT',
      'UPLOADS_S3_REGION',
      'UPLOADS_S3_PREFIX',
      'UPLOADS_S3_FORCE_PATH_STYLE',
    ]) {
      expect(problems).toMatch(new RegExp(`^${name}: `, 'm'));
    }
  });

  it('refuses plain http to an object storage on another host in production (the documents would cross the network readable)', () => {
    expect(
      problemsOf({ ...PRODUCTION, UPLOADS_S3_ENDPOINT: 'http://objects.internal:9000' }),
    ).toEqual([
      'UPLOADS_S3_ENDPOINT: plain http to another host (objects.internal:9000) is refused in production mode; use https, or set CASHDESK_ALLOW_PLAIN_HTTP=true for a private network you trust',
    ]);
    expect(problemsOf({ ...PRODUCTION, UPLOADS_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([]);
  });

  it('warns about a misspelled UPLOADS_ variable', () => {
    expect(loadConfig({ UPLOADS_S3_BUKET: 'documents' }).unknownVariables).toEqual([
      'UPLOADS_S3_BUKET',
    ]);
  });
});
