import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { BlobNotFoundError, StorageUnavailableError } from '@/lib/server/storage/blob-errors';
import { blobKey, thumbKey } from '@/lib/server/storage/blob-keys';
import { getBlobStore, resetBlobStoreForTests } from '@/lib/server/storage/blob-store';
import { s3Failure } from '@/lib/server/storage/s3-blob-store';

const NAMES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;
type S3Env = Partial<Record<(typeof NAMES)[number], string>>;

const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

function storageWith(env: S3Env) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, env);
  resetConfigForTests();
  resetBlobStoreForTests();
  return getConfig().storage;
}

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConfigForTests();
  resetBlobStoreForTests();
});

const HASH = 'ab'.repeat(32);

describe('blob store settings', () => {
  it('keeps files on local disk without S3_BUCKET, whatever else is set', async () => {
    expect(storageWith({})).toEqual({ kind: 'local' });
    expect(storageWith({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'x' })).toEqual({ kind: 'local' });
    expect((await getBlobStore()).kind).toBe('local');
  });

  it('chooses S3 when the bucket is set: AWS defaults, the default credential chain', async () => {
    expect(storageWith({ S3_BUCKET: 'ipl-files' })).toEqual({
      kind: 's3',
      bucket: 'ipl-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const store = await getBlobStore();
    expect(store.kind).toBe('s3');
    // Chosen once per process until reset.
    expect(await getBlobStore()).toBe(store);
  });

  it('uses path-style addressing with an endpoint unless told otherwise, and normalises the prefix', () => {
    const minio = storageWith({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/prod/ipl/',
    });
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      prefix: 'prod/ipl/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(storageWith({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      forcePathStyle: false,
    });
    expect(storageWith({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ forcePathStyle: true });
  });

  it('refuses half a key pair and an endpoint that is not a URL', () => {
    expect(() => storageWith({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set together/);
    expect(() => storageWith({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/set together/);
    expect(() => storageWith({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow();
  });
});

describe('blob keys', () => {
  it('lays files out as <2 hex>/<sha-256> and thumbnails under thumbs/', () => {
    expect(blobKey(HASH)).toBe(`ab/${HASH}`);
    expect(thumbKey(HASH, 256, 75)).toBe(`thumbs/${HASH}-256-75.webp`);
    expect(() => blobKey('../etc/passwd')).toThrow(TypeError);
    expect(() => blobKey(HASH.toUpperCase())).toThrow(TypeError);
    expect(() => thumbKey(HASH, 1.5, 75)).toThrow(TypeError);
  });
});

describe('S3 errors', () => {
  const key = blobKey(HASH);
  const sdkError = (name: string, status?: number, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(name), { name, ...extra, ...(status ? { $metadata: { httpStatusCode: status } } : {}) });

  it('reads a missing object as not found, but a missing bucket as unavailable', () => {
    expect(s3Failure('HeadObject', key, sdkError('NotFound', 404))).toBeInstanceOf(BlobNotFoundError);
    expect(s3Failure('GetObject', key, sdkError('NoSuchKey', 404))).toBeInstanceOf(BlobNotFoundError);
    expect(s3Failure('GetObject', key, sdkError('NoSuchBucket', 404))).toBeInstanceOf(StorageUnavailableError);
  });

  it('makes refusals, server errors and network failures unavailable, with no secrets in the message', () => {
    for (const err of [
      sdkError('InvalidAccessKeyId', 403, { AWSAccessKeyId: 'AKIASECRETISH' }),
      sdkError('SignatureDoesNotMatch', 403),
      sdkError('InternalError', 500),
      sdkError('SlowDown', 503),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    ]) {
      const failure = s3Failure('PutObject', key, err);
      expect(failure).toBeInstanceOf(StorageUnavailableError);
      expect(failure.message).not.toMatch(/AKIA|127\.0\.0\.1/);
    }
    expect(s3Failure('PutObject', key, Object.assign(new Error('x'), { code: 'ECONNREFUSED' })).message).toBe(
      'S3 PutObject failed: ECONNREFUSED',
    );
  });

  it('leaves a request the server calls malformed as an ordinary error (a bug, not an outage)', () => {
    const err = sdkError('InvalidArgument', 400);
    expect(s3Failure('PutObject', key, err)).toBe(err);
  });
});
