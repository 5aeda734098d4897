/**
 * The file store on an S3-compatible bucket (s3rver in process): uploads, reads, thumbnails,
 * chain metadata, contract images and batch zips go to the bucket under S3_PREFIX, nothing to
 * DATA_DIR/files; a bucket that refuses us or is down answers 503 status 10 and records nothing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { storeMetadata } from '@/lib/server/chain/metadata';
import { ipImageFor } from '@/lib/server/contracts/store';
import { getDb } from '@/lib/server/db/client';
import { ips, licensees, licenses } from '@/lib/server/db/entities-schema';
import { files } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { cidFromSha256 } from '@/lib/server/storage/cid';
import { getBlobStore, resetBlobStoreForTests } from '@/lib/server/storage/blob-store';
import * as zipRoute from '@/pages/api/batch/license/[id]';
import * as publicFetch from '@/pages/api/core/public/fetch/[id]';
import * as storageSave from '@/pages/api/core/storage/save';
import * as filesRoute from '@/pages/api/files/[hash]';
import * as imageRoute from '@/pages/api/image';
import { serveRoute, type RouteServer } from './harness';
import { S3RVER_KEY, startS3, type TestS3 } from './s3-server';
import { issueAccessToken, subOf } from './tokens';
import { unzip } from './unzip';
import { fixtureReference } from './references';

type Envelope<T = unknown> = { status: number; data: T };
interface Saved {
  hash: string;
  size: number;
  mime: string;
}

const BUCKET = 'ipl-files';
const PREFIX = 'tenant-a';
const S3_ENV = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

let s3: TestS3;
let sdk: S3Client;
const servers: Record<string, RouteServer> = {};
const token: Record<string, string> = {};
let designerSub = '';
let image: Buffer;
let hash = '';
let zipLicense = '';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function png(seed: number, size: number): Promise<Buffer> {
  const background = { r: (seed * 37) % 256, g: (seed * 11) % 256, b: (seed * 53) % 256 };
  return sharp({ create: { width: size, height: Math.round(size * 0.75), channels: 3, background } })
    .png()
    .toBuffer();
}

/** Points the platform at a bucket (or back at local disk with null); the store is chosen again. */
function useStorage(env: Partial<Record<(typeof S3_ENV)[number], string>> | null): void {
  for (const name of S3_ENV) delete process.env[name];
  Object.assign(process.env, env ?? {});
  resetConfigForTests();
  resetBlobStoreForTests();
}

function bucketEnv(overrides: Partial<Record<(typeof S3_ENV)[number], string>> = {}) {
  return {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_PREFIX: `/${PREFIX}/`,
    ...overrides,
  };
}

async function bucketKeys(): Promise<string[]> {
  const listed = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function bucketObject(key: string): Promise<Buffer> {
  const object = await sdk.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function upload(bytes: Buffer, name: string) {
  return servers.save!.request<Envelope<Saved>>('POST', '/api/core/storage/save', {
    headers: { authorization: `Bearer ${token.designer}` },
    body: { name, data: bytes.toString('base64') },
  });
}

async function get(server: RouteServer, pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A port nothing listens on (taken from the kernel, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  s3 = await startS3(BUCKET);
  sdk = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  useStorage(bucketEnv());
  await ensureReady();
  servers.save = await serveRoute(storageSave, '/api/core/storage/save');
  servers.files = await serveRoute(filesRoute, '/api/files/[hash]');
  servers.fetch = await serveRoute(publicFetch, '/api/core/public/fetch/[id]');
  servers.image = await serveRoute(imageRoute, '/api/image');
  servers.zip = await serveRoute(zipRoute, '/api/batch/license/[id]');
  designerSub = await subOf('designer@example.com');
  token.designer = await issueAccessToken(designerSub);
  token.holder = await issueAccessToken(await subOf('holder@example.com'));
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
  useStorage(null);
  sdk?.destroy();
  await s3?.close();
});

describe('file store on S3', () => {
  it('chooses the S3 store from S3_BUCKET, with the prefix normalised', async () => {
    const config = getConfig().storage;
    expect(config).toMatchObject({
      kind: 's3',
      bucket: BUCKET,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      prefix: `${PREFIX}/`,
    });
    expect((await getBlobStore()).kind).toBe('s3');
  });

  it('stores an upload in the bucket under <prefix>/<2 hex>/<sha-256>, and reads it back', async () => {
    image = await png(1, 640);
    hash = sha256(image);
    const res = await upload(image, 'hero.png');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ hash, size: image.length, mime: 'image/png' });
    expect(await bucketKeys()).toEqual([`${PREFIX}/${hash.slice(0, 2)}/${hash}`]);
    expect((await bucketObject(`${PREFIX}/${hash.slice(0, 2)}/${hash}`)).equals(image)).toBe(true);

    const again = await upload(image, 'same-bytes.png');
    expect(again.json.data.hash).toBe(hash);
    expect(await bucketKeys()).toHaveLength(1);
  });

  it('streams the bytes with the hash as ETag, and 304 for a matching If-None-Match', async () => {
    const auth = { authorization: `Bearer ${token.designer}` };
    const back = await get(servers.files!, `/api/files/${hash}`, auth);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(image)).toBe(true);
    expect(back.headers.get('etag')).toBe(`"${hash}"`);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(back.headers.get('content-length')).toBe(String(image.length));
    expect(back.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');

    const cached = await get(servers.files!, `/api/files/${hash}`, { ...auth, 'if-none-match': `"${hash}"` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    expect(cached.headers.get('etag')).toBe(`"${hash}"`);
  });

  it('makes a thumbnail once and keeps it in the bucket', async () => {
    const url = `/api/image?url=${encodeURIComponent(`/api/files/${hash}`)}&w=256`;
    const auth = { authorization: `Bearer ${token.designer}` };
    const first = await get(servers.image!, url, auth);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(first.bytes).metadata()).width).toBe(256);
    const thumbKey = `${PREFIX}/thumbs/${hash}-256-75.webp`;
    expect(await bucketKeys()).toContain(thumbKey);
    expect((await bucketObject(thumbKey)).equals(first.bytes)).toBe(true);

    // With the original gone from the bucket the cached rendering still answers: it is not made again.
    const original = `${PREFIX}/${hash.slice(0, 2)}/${hash}`;
    await sdk.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: original }));
    try {
      const second = await get(servers.image!, url, auth);
      expect(second.status).toBe(200);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      const gone = await get(servers.files!, `/api/files/${hash}`, auth);
      expect(gone.status).toBe(404);
    } finally {
      expect((await upload(image, 'hero.png')).status).toBe(200);
    }
  });

  it('keeps chain metadata in the bucket and reads contract pictures from it', async () => {
    const db = await getDb();
    const metadata = { name: 'S3 IP', description: 'kept in a bucket', attributes: [{ trait_type: 'IP key', value: 'k1' }] };
    const cid = await storeMetadata(db, 'k1', metadata, designerSub);
    const bytes = Buffer.from(JSON.stringify(metadata), 'utf8');
    const metaHash = sha256(bytes);
    expect(cid).toBe(cidFromSha256(metaHash));
    expect((await bucketObject(`${PREFIX}/${metaHash.slice(0, 2)}/${metaHash}`)).equals(bytes)).toBe(true);
    const served = await get(servers.fetch!, `/api/core/public/fetch/${cid}`);
    expect(served.status).toBe(200);
    expect(JSON.parse(served.bytes.toString('utf8'))).toEqual(metadata);

    const picture = await ipImageFor(hash);
    expect(picture?.format).toBe('png');
    expect((await sharp(picture!.data).metadata()).width).toBe(384);
  });

  it('streams a batch zip of several files from the bucket, each entry byte-identical', async () => {
    const db = await getDb();
    const stored: { hash: string; name: string; bytes: Buffer }[] = [];
    for (let i = 0; i < 6; i++) {
      const bytes = await png(10 + i, 64 + i * 8);
      const res = await upload(bytes, `asset-${i}.png`);
      expect(res.status, res.text).toBe(200);
      stored.push({ hash: res.json.data.hash, name: `asset-${i}.png`, bytes });
    }
    const ip = newKey();
    await db.insert(ips).values({
      key: ip,
      reference: fixtureReference('IP'),
      name: 'Bucket IP',
      kind: 'primary',
      state: 'published',
      images: stored.map(({ hash: h, name }) => ({ hash: h, name })),
    });
    const org = newKey();
    await db.insert(licensees).values({ key: org, name: 'Bucket Foods' });
    const license = newKey();
    zipLicense = license;
    await db.insert(licenses).values({
      key: license,
      reference: fixtureReference('LIC'),
      ip,
      licensee: org,
      state: 'active',
      term_start: new Date('2026-01-01'),
      term_end: new Date('2027-12-31'),
      royalty_rate_bp: 800,
    });
    const res = await get(servers.zip!, `/api/batch/license/${license}`, { authorization: `Bearer ${token.holder}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(res.bytes);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as { files: { path: string; sha256: string }[] };
    expect(manifest.files).toHaveLength(stored.length);
    for (const file of manifest.files) {
      const entry = entries.get(file.path);
      expect(entry, file.path).toBeDefined();
      expect(entry!.equals(stored.find((s) => s.hash === file.sha256)!.bytes)).toBe(true);
    }
    expect(entries.size).toBe(stored.length + 1);
  });

  it('writes nothing under DATA_DIR/files', () => {
    const local = path.join(getConfig().dataDir, 'files');
    expect(fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }) : []).toEqual([]);
  });
});

describe('a bucket that cannot be used', () => {
  afterAll(() => useStorage(bucketEnv()));

  async function expectUnavailableUpload(seed: number): Promise<void> {
    const bytes = await png(seed, 32);
    const res = await upload(bytes, 'refused.png');
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.json.status).toBe(10);
    expect(res.json.data).toMatchObject({ message: 'file storage unavailable, retry shortly' });
    const rows = await (
      await getDb()
    )
      .select()
      .from(files)
      .where(eq(files.hash, sha256(bytes)));
    expect(rows).toEqual([]);
  }

  it('answers 503 status 10 when the server refuses the credentials, and records no file', async () => {
    // s3rver checks the access key id (it does not verify SigV4 signatures): an unknown key is refused with 403.
    useStorage(bucketEnv({ S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    const keysBefore = await bucketKeys();
    await expectUnavailableUpload(90);
    expect(await bucketKeys()).toEqual(keysBefore);
  });

  it('answers 503 status 10 when the server is down, for uploads, reads and zips', async () => {
    useStorage(bucketEnv({ S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }));
    await expectUnavailableUpload(91);
    const read = await servers.files!.request<Envelope>('GET', `/api/files/${hash}`, {
      headers: { authorization: `Bearer ${token.designer}` },
    });
    expect(read.status).toBe(503);
    expect(read.json.status).toBe(10);
    expect(read.headers.get('etag')).toBeNull();
    // The first file is opened before the zip starts, so the answer is a clean 503, not a cut-off zip.
    const zip = await servers.zip!.request<Envelope>('GET', `/api/batch/license/${zipLicense}`, {
      headers: { authorization: `Bearer ${token.holder}` },
    });
    expect(zip.status).toBe(503);
    expect(zip.json.status).toBe(10);
    expect(zip.headers.get('content-disposition')).toBeNull();
  });
});
