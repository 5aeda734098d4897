/**
 * The file-storage service of SPEC §7 as a whole: /api/ipfs (CIDv1 of stored content), MIME
 * sniffing against renamed executables, immutable caching by content hash, the image path's
 * w/q rules and its refusal to fetch anything but the site's own files, and the public-file
 * list of data maintenance.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { cidOf } from '@/lib/server/storage/cid';
import { DEVICE_SIZES, IMAGE_WIDTHS } from '@/lib/storage/image-widths';
import * as publicList from '@/pages/api/core/storage/public/list';
import * as publicSave from '@/pages/api/core/public/save';
import * as storageSave from '@/pages/api/core/storage/save';
import * as filesRoute from '@/pages/api/files/[hash]';
import * as imageRoute from '@/pages/api/image';
import * as ipfsRoute from '@/pages/api/ipfs';
import { serveRoute, type RouteModule, type RouteServer, type TestResponse } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Info {
  hash: string;
  cid: string;
  mime: string;
  size: number;
  name: string;
  public: boolean;
}
interface ListRow extends Info {
  owner: string;
  ownerEmail: string | null;
  width: number | null;
  height: number | null;
  dateCreated: string;
}
interface List {
  items: ListRow[];
  total: number;
  page: number;
  size: number;
  mimes: string[];
}
type Errors = { errors: Record<string, string> };

const ROUTES: [string, RouteModule][] = [
  ['/api/ipfs', ipfsRoute],
  ['/api/core/storage/save', storageSave],
  ['/api/core/public/save', publicSave],
  ['/api/core/storage/public/list', publicList],
  ['/api/files/[hash]', filesRoute],
  ['/api/image', imageRoute],
];
const servers = new Map<string, RouteServer>();
const tokens: Record<string, string> = {};

function serverFor(pathname: string): RouteServer {
  const bare = pathname.split('?')[0]!;
  for (const [pattern, server] of servers) {
    if (new RegExp(`^${pattern.replace(/\[\w+\]/g, '[^/]+')}$`).test(bare)) return server;
  }
  throw new Error(`no server for ${pathname}`);
}

function call<T = unknown>(method: string, pathname: string, as?: string, body?: unknown): Promise<TestResponse<Envelope<T>>> {
  const headers: Record<string, string> = as ? { authorization: `Bearer ${tokens[as]}` } : {};
  return serverFor(pathname).request<Envelope<T>>(method, pathname, { headers, body });
}

async function getBytes(pathname: string, as?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${serverFor(pathname).url}${pathname}`, {
    headers: { ...headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const png = (w: number, h: number, r: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const b64 = (bytes: Buffer) => bytes.toString('base64');

/** An x86-64 ELF header followed by zeros. */
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(8),
  Buffer.from([0x02, 0x00, 0x3e, 0x00]),
  Buffer.alloc(300),
]);
/** A Windows PE: MZ header pointing at a PE signature. */
function windowsExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
}

let publicPng: Buffer;
let privatePng: Buffer;

describe('file-storage service', () => {
  beforeAll(async () => {
    resetConfigForTests();
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.set(pattern, await serveRoute(mod, pattern));
    for (const [id, email] of [
      ['admin', 'admin@example.com'],
      ['holder', 'holder@example.com'],
      ['designer', 'designer@example.com'],
      ['studio', 'studio@example.com'],
    ] as const) {
      tokens[id] = await issueAccessToken(await subOf(email));
    }
    publicPng = await png(1000, 500, 10);
    privatePng = await png(300, 200, 220);
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });

  it('refuses an executable renamed .png, with a message on the file field', async () => {
    for (const [bytes, label] of [
      [ELF, 'ELF'],
      [windowsExe(), 'PE'],
    ] as const) {
      for (const route of ['/api/core/storage/save', '/api/ipfs']) {
        const res = await call<Errors>('POST', route, 'designer', { name: 'cute-cat.png', data: b64(bytes) });
        expect(res.status, `${label} ${route}`).toBe(400);
        expect(res.json.status).toBe(5);
        expect(res.json.data.errors.file).toMatch(/PNG/);
      }
    }
    // Not stored: its hash does not exist.
    expect((await call('GET', `/api/ipfs?hash=${sha256(ELF)}`, 'admin')).status).toBe(404);
  });

  it('answers a stable CIDv1 for stored content, by hash or by CID', async () => {
    const first = await call<Info>('POST', '/api/ipfs', 'designer', { name: 'private.png', data: b64(privatePng) });
    expect(first.json.status, JSON.stringify(first.json)).toBe(0);
    const { cid, hash } = first.json.data;
    expect(hash).toBe(sha256(privatePng));
    expect(cid).toBe(cidOf(privatePng));
    expect(cid).toMatch(/^bafkrei[a-z2-7]{52}$/);
    // The same bytes under another name: the same CID.
    const again = await call<Info>('POST', '/api/ipfs', 'designer', { name: 'other-name.png', data: b64(privatePng) });
    expect(again.json.data.cid).toBe(cid);
    for (const id of [hash, cid, hash.toUpperCase()]) {
      const stat = await call<Info>('GET', `/api/ipfs?hash=${id}`, 'designer');
      expect(stat.json.data, id).toMatchObject({ cid, hash, mime: 'image/png', size: privatePng.length, public: false });
    }
    // A private file is not found for another designer nor anonymously.
    expect((await call('GET', `/api/ipfs?hash=${cid}`, 'studio')).status).toBe(404);
    expect((await call('GET', `/api/ipfs?hash=${cid}`)).status).toBe(404);
    expect((await call<Errors>('GET', '/api/ipfs?hash=not-a-hash', 'designer')).json.data.errors.hash).toBeTruthy();
    expect((await call('GET', '/api/ipfs', 'designer')).json.status).toBe(5);
    // Storing needs a session; only holder roles store public files.
    expect((await call('POST', '/api/ipfs', undefined, { name: 'a.png', data: b64(privatePng) })).status).toBe(401);
    expect((await call('POST', '/api/ipfs', 'designer', { name: 'a.png', data: b64(privatePng), public: true })).status).toBe(
      403,
    );

    const pub = await call<Info>('POST', '/api/core/public/save', 'holder', {
      name: 'storage-service-public.png',
      data: b64(publicPng),
    });
    expect(pub.json.status).toBe(0);
    const anonymous = await call<Info>('GET', `/api/ipfs?hash=${pub.json.data.cid}`);
    expect(anonymous.json.data).toMatchObject({ cid: cidOf(publicPng), public: true });
  });

  it('serves files with immutable cache headers keyed by the content hash', async () => {
    const hash = sha256(publicPng);
    const res = await getBytes(`/api/files/${hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.bytes.equals(publicPng)).toBe(true);
    const revalidated = await getBytes(`/api/files/${hash}`, undefined, { 'if-none-match': `"${hash}"` });
    expect(revalidated.status).toBe(304);
    // By CID as well.
    expect((await getBytes(`/api/files/${cidOf(publicPng)}`)).headers.get('etag')).toBe(`"${hash}"`);

    const own = await getBytes(`/api/files/${sha256(privatePng)}`, 'designer');
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(own.headers.get('etag')).toBe(`"${sha256(privatePng)}"`);
  });

  describe('SPEC §7/§9 image path: url, w and q; quality 75, device sizes 640 to 3840', () => {
    const image = (url: string, w?: string | number, q?: string | number) =>
      `/api/image?url=${encodeURIComponent(url)}${w === undefined ? '' : `&w=${w}`}${q === undefined ? '' : `&q=${q}`}`;

    it('renders the allowed widths only, quality 75 by default', async () => {
      expect(DEVICE_SIZES[0]).toBe(640);
      expect(DEVICE_SIZES[DEVICE_SIZES.length - 1]).toBe(3840);
      const url = `/api/core/public/fetch/${sha256(publicPng)}`;
      const res = await getBytes(image(url, 640));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('etag')).toBe(`"${sha256(publicPng)}-640-75"`);
      expect((await sharp(res.bytes).metadata()).width).toBe(640);
      const q50 = await getBytes(image(url, 750, 50));
      expect(q50.headers.get('etag')).toBe(`"${sha256(publicPng)}-750-50"`);
      for (const w of IMAGE_WIDTHS) expect((await getBytes(image(url, w))).status, `w=${w}`).toBe(200);

      for (const [w, q] of [
        [undefined, undefined],
        [641, undefined],
        [300, undefined],
        [4000, undefined],
        [0, undefined],
        ['640px', undefined],
        [640, 0],
        [640, 101],
        [640, 'high'],
      ] as const) {
        const bad = await call<Errors>('GET', image(url, w, q));
        expect(bad.status, `w=${w} q=${q}`).toBe(400);
        expect(bad.json.status).toBe(5);
        expect(Object.keys(bad.json.data.errors)).toEqual([q === undefined ? 'w' : 'q']);
      }
    });

    it('never fetches another origin (SSRF): metadata, loopback and other hosts are refused without a request', async () => {
      let connections = 0;
      const trap = net.createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => trap.listen(3469, '127.0.0.1', resolve));
      try {
        for (const url of [
          'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
          'http://localhost:22/',
          'http://127.0.0.1:3469/x.png',
          'http://localhost:3469/api/files/' + sha256(publicPng),
          '//127.0.0.1:3469/api/files/' + sha256(publicPng),
          'http:/\\127.0.0.1:3469/x.png',
          'file:///etc/passwd',
          'gopher://127.0.0.1:3469/_x',
        ]) {
          const res = await call<Errors>('GET', image(url, 640));
          expect(res.status, url).toBe(400);
          expect(res.json.status, url).toBe(5);
          expect(res.json.data.errors.url, url).toBeTruthy();
        }
        expect(connections).toBe(0);
      } finally {
        await new Promise<void>((resolve) => trap.close(() => resolve()));
      }
    });
  });

  describe('public file list (data maintenance)', () => {
    it('lists public files with CID, owner and dimensions, to administrators only', async () => {
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      );
      expect(
        (await call('POST', '/api/core/public/save', 'holder', { name: 'storage-service-guide.pdf', data: b64(pdf) })).json
          .status,
      ).toBe(0);

      const all = await call<List>('GET', '/api/core/storage/public/list', 'admin');
      expect(all.status).toBe(200);
      const row = all.json.data.items.find((r) => r.hash === sha256(publicPng));
      expect(row).toMatchObject({
        cid: cidOf(publicPng),
        name: 'storage-service-public.png',
        mime: 'image/png',
        width: 1000,
        height: 500,
        ownerEmail: 'holder@example.com',
      });
      // Private files are not listed.
      expect(all.json.data.items.some((r) => r.hash === sha256(privatePng))).toBe(false);
      expect(all.json.data.mimes).toEqual(expect.arrayContaining(['image/png', 'application/pdf']));

      const images = await call<List>('GET', '/api/core/storage/public/list?mime=image/', 'admin');
      expect(images.json.data.items.every((r) => r.mime.startsWith('image/'))).toBe(true);
      const pdfs = await call<List>('GET', '/api/core/storage/public/list?mime=application/pdf', 'admin');
      expect(pdfs.json.data.items.map((r) => r.name)).toContain('storage-service-guide.pdf');
      expect(pdfs.json.data.items.every((r) => r.mime === 'application/pdf')).toBe(true);
      const named = await call<List>('GET', '/api/core/storage/public/list?q=SERVICE-PUBLIC', 'admin');
      expect(named.json.data.items.map((r) => r.hash)).toEqual([sha256(publicPng)]);

      const page1 = await call<List>('GET', '/api/core/storage/public/list?size=1&page=1', 'admin');
      const page2 = await call<List>('GET', '/api/core/storage/public/list?size=1&page=2', 'admin');
      expect(page1.json.data.total).toBeGreaterThanOrEqual(2);
      expect(page1.json.data.items).toHaveLength(1);
      expect(page2.json.data.items[0]?.hash).not.toBe(page1.json.data.items[0]?.hash);

      expect((await call<Errors>('GET', '/api/core/storage/public/list?size=1000', 'admin')).json.status).toBe(5);
      expect((await call<Errors>('GET', '/api/core/storage/public/list?mime=<script>', 'admin')).json.status).toBe(5);
      for (const who of ['holder', 'designer']) {
        expect((await call('GET', '/api/core/storage/public/list', who)).status, who).toBe(403);
      }
      expect((await call('GET', '/api/core/storage/public/list')).status).toBe(401);
    });
  });
});
