import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config';
import type { BlobKey } from './blob-keys';
import { BlobNotFoundError, StorageUnavailableError } from './blob-errors';
import type { BlobStore } from './blob-store';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

interface SdkFailure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * What an SDK error means here: a missing object is not found; no answer at all (network,
 * timeout), a server error, refused credentials or a missing bucket make the store unavailable;
 * anything else (a malformed request: our bug) stays as it is. Only the error's name and HTTP
 * status go into the message, never request headers or keys.
 */
export function s3Failure(operation: string, key: BlobKey, err: unknown): Error {
  const failure = (err ?? {}) as SdkFailure;
  const status = failure.$metadata?.httpStatusCode;
  // Network failures carry a code (ECONNREFUSED, ETIMEDOUT) and the generic name Error.
  const name = failure.name && failure.name !== 'Error' ? failure.name : (failure.code ?? failure.name ?? 'Error');
  if (name !== 'NoSuchBucket' && (name === 'NotFound' || name === 'NoSuchKey' || status === 404)) {
    return new BlobNotFoundError(key);
  }
  if (status === undefined || status >= 500 || status === 401 || status === 403 || status === 429 || name === 'NoSuchBucket') {
    return new StorageUnavailableError(`S3 ${operation} failed: ${name}${status ? ` (HTTP ${status})` : ''}`, { cause: err });
  }
  return err instanceof Error ? err : new Error(`S3 ${operation} failed: ${name}`);
}

/** The blob store in an S3-compatible bucket: AWS S3, MinIO, Cloudflare R2, Ceph, … */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Unset: the SDK's default chain (environment, shared files, instance or task role).
      credentials: settings.credentials,
      // A dead endpoint must fail requests in seconds, not hang them; idle sockets are dropped after 30 s.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
      maxAttempts: 3,
      // Several S3-compatible services refuse the SDK's newer default checksum headers; AWS keeps them.
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  private objectKey(key: BlobKey): string {
    return `${this.prefix}${key}`;
  }

  async put(key: BlobKey, bytes: Buffer, contentType?: string): Promise<void> {
    // Content-addressed: an object of this size under this key already holds these bytes.
    if ((await this.size(key)) === bytes.length) return;
    try {
      // A PUT is atomic: readers see the old object (none) or the whole new one.
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    } catch (err) {
      throw s3Failure('PutObject', key, err);
    }
  }

  async size(key: BlobKey): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? null;
    } catch (err) {
      const failure = s3Failure('HeadObject', key, err);
      if (failure instanceof BlobNotFoundError) return null;
      throw failure;
    }
  }

  async openRead(key: BlobKey): Promise<Readable> {
    let body: unknown;
    try {
      // The answer's headers are in; the body streams as it is read (backpressure reaches the socket).
      body = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }))).Body;
    } catch (err) {
      throw s3Failure('GetObject', key, err);
    }
    if (!(body instanceof Readable)) throw new Error('S3 GetObject answered no stream');
    return body;
  }

  async read(key: BlobKey): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const stream = await this.openRead(key);
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (err) {
      throw s3Failure('GetObject', key, err);
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.client.destroy();
  }
}
