import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { files, users } from '@/lib/server/db/schema';
import { cidFromSha256 } from '@/lib/server/storage/cid';
import * as publicAvatar from '@/pages/api/core/public/avatar/[id]';
import * as publicFetch from '@/pages/api/core/public/fetch/[id]';
import * as publicMime from '@/pages/api/core/public/mime/[id]';
import * as publicSave from '@/pages/api/core/public/save';
import * as storageMime from '@/pages/api/core/storage/mime';
import * as storageSave from '@/pages/api/core/storage/save';
import * as filesRoute from '@/pages/api/files/[hash]';
import * as imageRoute from '@/pages/api/image';
import { serveRoute, type RouteModule, type RouteServer, type TestResponse } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Saved {
  hash: string;
  cid: string;
  mime: string;
  size: number;
  name: string;
  width: number | null;
  height: number | null;
  public: boolean;
}

const UPLOAD_MAX = 1024 * 1024;

const ROUTES: [string, RouteModule][] = [
  ['/api/core/storage/save', storageSave],
  ['/api/core/storage/mime', storageMime],
  ['/api/core/public/save', publicSave],
  ['/api/core/public/fetch/[id]', publicFetch],
  ['/api/core/public/mime/[id]', publicMime],
  ['/api/core/public/avatar/[id]', publicAvatar],
  ['/api/files/[hash]', filesRoute],
  ['/api/image', imageRoute],
];

const servers = new Map<string, RouteServer>();
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};

function serverFor(pathname: string): RouteServer {
  const bare = pathname.split('?')[0]!;
  for (const [pattern, server] of servers) {
    const regex = new RegExp(`^${pattern.replace(/\[\w+\]/g, '[^/]+')}$`);
    if (regex.test(bare)) return server;
  }
  throw new Error(`no server for ${pathname}`);
}

async function call<T = unknown>(
  method: string,
  pathname: string,
  options: { as?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse<Envelope<T>>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) headers.authorization = `Bearer ${tokens[options.as]}`;
  return serverFor(pathname).request<Envelope<T>>(method, pathname, { headers, body: options.body });
}

/** The raw bytes of a GET (the harness reads answers as text, which would mangle binary). */
async function getBytes(pathname: string, as?: string, headers: Record<string, string> = {}) {
  const server = serverFor(pathname);
  const response = await fetch(`${server.url}${pathname}`, {
    headers: { ...headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function upload(as: string, bytes: Buffer, name: string, extra: Record<string, unknown> = {}, route = 'storage') {
  return call<Saved>('POST', `/api/core/${route}/save`, { as, body: { name, data: bytes.toString('base64'), ...extra } });
}

function expectInvalid(res: TestResponse<Envelope<unknown>>, field: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.status).toBe(5);
  const errors = (res.json.data as { errors: Record<string, string> }).errors;
  expect(typeof errors[field], JSON.stringify(errors)).toBe('string');
  expect(errors[field]!.length).toBeGreaterThan(0);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function makePng(width: number, height: number, colour = { r: 200, g: 30, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
/** An ELF header (x86-64 executable) followed by zeros. */
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(8),
  Buffer.from([0x02, 0x00, 0x3e, 0x00]),
  Buffer.alloc(300),
]);
/** A DOS/Windows executable: MZ header with the PE offset pointing at a PE signature. */
function windowsExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
}
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let png: Buffer;
let pngHash: string;

describe('file store', () => {
  beforeAll(async () => {
    process.env.UPLOAD_MAX_BYTES = String(UPLOAD_MAX);
    resetConfigForTests();
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.set(pattern, await serveRoute(mod, pattern));
    for (const [id, email] of [
      ['designer', 'designer@example.com'],
      ['admin', 'admin@example.com'],
      ['holder', 'holder@example.com'],
      ['user', 'user@example.com'],
      ['studio', 'studio@example.com'],
    ] as const) {
      subs[id] = await subOf(email);
      tokens[id] = await issueAccessToken(subs[id]!);
    }
    png = await makePng(800, 600);
    pngHash = sha256(png);
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
    delete process.env.UPLOAD_MAX_BYTES;
    resetConfigForTests();
  });

  describe('saving', () => {
    it('stores a PNG under its sha-256 and reads it back byte-identical', async () => {
      const res = await upload('designer', png, 'C:\\Users\\me\\ロゴ.png');
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.status).toBe(0);
      expect(res.json.data).toMatchObject({
        hash: pngHash,
        cid: cidFromSha256(pngHash),
        mime: 'image/png',
        size: png.length,
        name: 'ロゴ.png',
        width: 800,
        height: 600,
        public: false,
      });
      const blob = path.join(getConfig().dataDir, 'files', pngHash.slice(0, 2), pngHash);
      expect(fs.readFileSync(blob).equals(png)).toBe(true);
      expect(fs.readdirSync(path.dirname(blob)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

      const back = await getBytes(`/api/files/${pngHash}`, 'designer');
      expect(back.status).toBe(200);
      expect(back.bytes.equals(png)).toBe(true);
      expect(back.headers.get('content-type')).toBe('image/png');
      expect(back.headers.get('x-content-type-options')).toBe('nosniff');
      expect(back.headers.get('etag')).toBe(`"${pngHash}"`);
      expect(back.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(back.headers.get('content-disposition')).toMatch(
        /^inline; filename="__.png"; filename\*=UTF-8''%E3%83%AD%E3%82%B4\.png$/,
      );
    });

    it('keeps one row for the same bytes saved twice', async () => {
      const again = await upload('designer', png, 'copy.png');
      expect(again.json.status).toBe(0);
      expect(again.json.data.hash).toBe(pngHash);
      const rows = await (await getDb()).select().from(files).where(eq(files.hash, pngHash));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.owner).toBe(subs.designer);
    });

    it('refuses executables and HTML named .png, whatever the name says', async () => {
      for (const [bytes, name] of [
        [ELF, 'photo.png'],
        [windowsExe(), 'photo.png'],
        [HTML, 'photo.png'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png'],
        [Buffer.alloc(0), 'empty.png'],
      ] as const) {
        expectInvalid(await upload('designer', bytes, name), 'file');
      }
      // A truncated PNG: the signature is right but the image cannot be read.
      expectInvalid(await upload('designer', png.subarray(0, 40), 'broken.png'), 'file');
    });

    it('refuses files above UPLOAD_MAX_BYTES', async () => {
      const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX + 1 - png.length)]);
      expectInvalid(await upload('designer', big, 'big.png'), 'file');
    });

    it('refuses images of more than 40 megapixels (decompression bombs)', async () => {
      const bomb = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(UPLOAD_MAX);
      expectInvalid(await upload('designer', bomb, 'bomb.png'), 'file');
    });

    it('refuses bad names and data that is not base64', async () => {
      expectInvalid(
        await call('POST', '/api/core/storage/save', { as: 'designer', body: { name: 'x.png', data: '***' } }),
        'data',
      );
      expectInvalid(await upload('designer', png, 'a'.repeat(256)), 'name');
      expectInvalid(await upload('designer', png, 'bad\u0001name.png'), 'name');
      expectInvalid(await call('POST', '/api/core/storage/save', { as: 'designer', body: { name: 'x.png' } }), 'data');
    });

    it('accepts a PDF and serves it as an attachment', async () => {
      const res = await upload('designer', PDF, 'contract.pdf');
      expect(res.json.status).toBe(0);
      expect(res.json.data).toMatchObject({ mime: 'application/pdf', width: null, height: null, size: PDF.length });
      const back = await getBytes(`/api/files/${res.json.data.hash}`, 'designer');
      expect(back.status).toBe(200);
      expect(back.bytes.equals(PDF)).toBe(true);
      expect(back.headers.get('content-type')).toBe('application/pdf');
      expect(back.headers.get('content-disposition')).toMatch(/^attachment; filename="contract.pdf"/);
    });

    it('needs sign-in, and holder roles to store public files', async () => {
      const anonymous = await call('POST', '/api/core/storage/save', { body: { name: 'x.png', data: png.toString('base64') } });
      expect(anonymous.status).toBe(401);
      expect((await upload('designer', png, 'x.png', {}, 'public')).status).toBe(403);
      expect((await upload('designer', png, 'x.png', { public: true })).status).toBe(403);
    });
  });

  describe('reading', () => {
    it('serves a private file to its owner and to an administrator, and to nobody else', async () => {
      expect((await getBytes(`/api/files/${pngHash}`, 'admin')).status).toBe(200);
      expect((await getBytes(`/api/files/${pngHash}`, 'holder')).status).toBe(200);
      // The CID names the same file.
      expect((await getBytes(`/api/files/${cidFromSha256(pngHash)}`, 'designer')).status).toBe(200);
      const other = await call('GET', `/api/files/${pngHash}`, { as: 'user' });
      expect(other.status).toBe(404);
      expect(other.json.status).toBe(2);
      expect((await call('GET', `/api/files/${pngHash}`, { as: 'studio' })).status).toBe(404);
      const anonymous = await call('GET', `/api/files/${pngHash}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.status).toBe(8);
      // Anonymous callers cannot tell a private file from a missing one.
      expect((await call('GET', `/api/files/${'0'.repeat(64)}`)).status).toBe(401);
      expect((await call('GET', `/api/files/${'0'.repeat(64)}`, { as: 'designer' })).status).toBe(404);
      expect((await call('GET', '/api/files/..%2F..%2Fetc%2Fpasswd', { as: 'admin' })).status).toBe(404);
      // A private file is never served by the public route, not even to its owner.
      expect((await call('GET', `/api/core/public/fetch/${pngHash}`, { as: 'designer' })).status).toBe(404);
      expect((await call('GET', `/api/core/public/mime/${pngHash}`)).status).toBe(404);
    });

    it('answers type, size and name through /storage/mime to those who may read the file', async () => {
      const own = await call<{ mime: string; size: number; name: string }>('POST', '/api/core/storage/mime', {
        as: 'designer',
        body: { hash: pngHash },
      });
      expect(own.json.status).toBe(0);
      expect(own.json.data).toMatchObject({ mime: 'image/png', size: png.length, name: 'ロゴ.png' });
      expect((await call('POST', '/api/core/storage/mime', { as: 'user', body: { hash: pngHash } })).status).toBe(404);
      expect((await call('POST', '/api/core/storage/mime', { as: 'user', body: { hash: 'nope' } })).status).toBe(404);
      expectInvalid(await call('POST', '/api/core/storage/mime', { as: 'user', body: {} }), 'hash');
    });

    it('serves public files to anyone with immutable cache headers', async () => {
      const logo = await makePng(1200, 400, { r: 10, g: 120, b: 240 });
      const saved = await upload('holder', logo, 'logo.png', {}, 'public');
      expect(saved.json.status, JSON.stringify(saved.json)).toBe(0);
      expect(saved.json.data.public).toBe(true);
      const hash = saved.json.data.hash;

      const fetched = await getBytes(`/api/core/public/fetch/${hash}`);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(logo)).toBe(true);
      expect(fetched.headers.get('content-type')).toBe('image/png');
      expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(fetched.headers.get('etag')).toBe(`"${hash}"`);
      expect(fetched.headers.get('x-content-type-options')).toBe('nosniff');
      expect(fetched.headers.get('content-disposition')).toMatch(/^inline/);
      const revalidated = await getBytes(`/api/core/public/fetch/${hash}`, undefined, { 'if-none-match': `"${hash}"` });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);

      const meta = await call<Saved>('GET', `/api/core/public/mime/${hash}`);
      expect(meta.json.data).toMatchObject({ mime: 'image/png', size: logo.length, name: 'logo.png', width: 1200, height: 400 });
      // Public files are readable through the private route too, without sign-in.
      expect((await getBytes(`/api/files/${hash}`)).status).toBe(200);
      expect((await call('GET', `/api/core/public/fetch/${'f'.repeat(64)}`)).status).toBe(404);
    });
  });

  describe('thumbnails', () => {
    const image = (url: string, w: string | number = 256, q?: number) =>
      `/api/image?url=${encodeURIComponent(url)}&w=${w}${q === undefined ? '' : `&q=${q}`}`;

    it('answers a WebP of the requested width, one of the allowed sizes', async () => {
      const logo = await makePng(1200, 400, { r: 10, g: 120, b: 240 });
      const hash = sha256(logo);
      const res = await getBytes(image(`/api/core/public/fetch/${hash}`, 256));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(res.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(256);
      expect(fs.existsSync(path.join(getConfig().dataDir, 'files', 'thumbs', `${hash}-256-75.webp`))).toBe(true);

      const other = await getBytes(image(`/api/core/public/fetch/${hash}`, 384, 50));
      expect((await sharp(other.bytes).metadata()).width).toBe(384);
      // Only the allowed widths are rendered (status 5 for any other).
      expect((await getBytes(image(`/api/core/public/fetch/${hash}`, 300, 50))).status).toBe(400);
      // Never enlarged beyond the original.
      const wide = await getBytes(image(`/api/core/public/fetch/${hash}`, 3840));
      expect((await sharp(wide.bytes).metadata()).width).toBe(1200);
    });

    it('refuses addresses that are not this site’s file routes', async () => {
      for (const url of [
        'http://evil.example/x.png',
        '/etc/passwd',
        '//evil.example/api/files/' + pngHash,
        'https://localhost:3999/api/files/' + pngHash,
        '/api/files/../../etc/passwd',
        '/api/files/%2e%2e%2fetc%2fpasswd',
        `/api/files/${pngHash}?x=1`,
        '/api/oidc/jwks',
        'file:///etc/passwd',
      ]) {
        const res = await call('GET', image(url), { as: 'admin' });
        expect(res.status, url).toBe(400);
        expect(res.json.status, url).toBe(5);
      }
      const noUrl = await call('GET', '/api/image?w=64');
      expect(noUrl.status).toBe(400);
      for (const [w, q] of [
        ['0', undefined],
        ['abc', undefined],
        ['64', 0],
        ['64', 101],
      ] as const) {
        expect((await call('GET', image(`/api/core/public/fetch/${pngHash}`, w, q))).status, `w=${w} q=${q}`).toBe(400);
      }
    });

    it('resizes private images only for callers who may read them', async () => {
      const url = `/api/files/${pngHash}`;
      const own = await getBytes(image(url, 128), 'designer');
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect((await sharp(own.bytes).metadata()).width).toBe(128);
      expect((await call('GET', image(url, 128), { as: 'user' })).status).toBe(404);
      expect((await call('GET', image(url, 128))).status).toBe(401);
      // Through the public route, a private image does not exist.
      expect((await call('GET', image(`/api/core/public/fetch/${pngHash}`, 128), { as: 'designer' })).status).toBe(404);
    });

    it('refuses to resize a PDF', async () => {
      const res = await call('GET', image(`/api/files/${sha256(PDF)}`, 128), { as: 'designer' });
      expect(res.status).toBe(400);
      expect(res.json.status).toBe(5);
    });
  });

  describe('avatars', () => {
    it('draws the initials of a user without a picture as SVG', async () => {
      const res = await call('GET', `/api/core/public/avatar/${subs.studio}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.text).toMatch(/^<svg /);
      expect(res.text).toContain('>SK</text>');
      const japanese = await call('GET', `/api/core/public/avatar/${subs.user}`);
      expect(japanese.text).toContain('>一</text>');
      const unknown = await call('GET', '/api/core/public/avatar/no-such-user');
      expect(unknown.status).toBe(200);
      expect(unknown.text).toContain('>?</text>');
    });

    it('answers a 128-px WebP when the picture names a stored image of the user', async () => {
      const db = await getDb();
      await db
        .update(users)
        .set({ picture: `/api/files/${pngHash}` })
        .where(eq(users.sub, subs.designer!));
      const res = await getBytes(`/api/core/public/avatar/${subs.designer}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(res.bytes).metadata()).width).toBe(128);
      // Someone else's private image is never shown as an avatar.
      await db
        .update(users)
        .set({ picture: `/api/files/${pngHash}` })
        .where(eq(users.sub, subs.user!));
      const other = await call('GET', `/api/core/public/avatar/${subs.user}`);
      expect(other.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    });
  });
});
