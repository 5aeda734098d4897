import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, licensees, licenses } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import { saveFile } from '@/lib/server/storage/save-file';
import * as zipRoute from '@/pages/api/batch/license/[id]';
import * as listRoute from '@/pages/api/batch/licenses';
import { serveEntityApi, type EntityApi } from './entity-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { unzip } from './unzip';
import { fixtureReference } from './references';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };

let api: EntityApi;
let zip: RouteServer;
let list: RouteServer;
const token: Record<string, string> = {};
let org = '';
let active = '';
let pending = '';
let otherOrgLicense = '';
const images = new Map<string, Buffer>();

async function png(seed: number, size: number): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 } },
  })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  zip = await serveRoute(zipRoute, '/api/batch/license/[id]');
  list = await serveRoute(listRoute, '/api/batch/licenses');
  for (const [name, email] of Object.entries({
    owner: 'licensee@example.com',
    staff: 'licensee-staff@example.com',
    holder: 'holder@example.com',
    user: 'user@example.com',
  }))
    token[name] = await issueAccessToken(await subOf(email));
  const mine = await api.call<Envelope<{ items: { key: string }[] }>>('POST', '/api/v1/Licensee/query', token.owner, {});
  org = mine.json.data.items[0]!.key;
  const db = await getDb();
  const holderSub = await subOf('holder@example.com');
  const saved = [];
  for (let i = 0; i < 3; i++) {
    const bytes = await png(i + 1, 16 + i);
    const file = await saveFile(db, { bytes, name: i === 2 ? 'キャラクター.png' : `hero-${i}.png`, owner: holderSub });
    images.set(file.hash, bytes);
    saved.push(file);
  }
  const primary = newKey();
  await db.insert(ips).values({
    key: primary,
    reference: fixtureReference('IP'),
    name: 'Zip Primary',
    kind: 'primary',
    state: 'published',
    guidelines: 'Keep the colours.\n色を変えないこと。',
    images: saved.slice(0, 2).map((f) => ({ hash: f.hash, name: f.name })),
  });
  const secondary = newKey();
  await db.insert(ips).values({
    key: secondary,
    reference: fixtureReference('IP'),
    name: 'Zip Secondary',
    kind: 'secondary',
    parent: primary,
    state: 'approved',
    images: [{ hash: saved[2]!.hash, name: saved[2]!.name }],
  });
  const base = {
    ip: secondary,
    licensee: org,
    term_start: new Date('2026-01-01'),
    term_end: new Date('2027-12-31'),
    royalty_rate_bp: 800,
  };
  active = newKey();
  pending = newKey();
  otherOrgLicense = newKey();
  const other = newKey();
  await db.insert(licensees).values({ key: other, name: 'Other Zip Foods' });
  await db.insert(licenses).values([
    { ...base, key: active, reference: fixtureReference('LIC'), state: 'active' },
    { ...base, key: pending, reference: fixtureReference('LIC'), state: 'approved' },
    { ...base, key: otherOrgLicense, reference: fixtureReference('LIC'), licensee: other, state: 'active' },
  ]);
});

afterAll(async () => {
  await Promise.all([api?.close(), zip?.close(), list?.close()]);
});

describe('GET /api/batch/license/{id}', () => {
  it('streams a zip with every granted image byte-identical, the guidelines and a manifest', async () => {
    const res = await fetch(`${zip.url}/api/batch/license/${active}`, { headers: { authorization: `Bearer ${token.staff}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const total = Number(res.headers.get('x-total-bytes'));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const entries = await unzip(bytes);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      license: string;
      files: { path: string; sha256: string; size: number }[];
      ips: { role: string; guidelines: string | null }[];
    };
    expect(manifest.license).toBe(active);
    expect(manifest.files).toHaveLength(3);
    expect(manifest.ips.map((i) => i.role)).toEqual(['licensed', 'primary']);
    let sum = entries.get('manifest.json')!.length;
    for (const file of manifest.files) {
      const entry = entries.get(file.path);
      expect(entry, file.path).toBeDefined();
      expect(createHash('sha256').update(entry!).digest('hex')).toBe(file.sha256);
      expect(entry!.equals(images.get(file.sha256)!)).toBe(true);
      expect(entry!.length).toBe(file.size);
      sum += file.size;
    }
    expect(manifest.files.some((f) => f.path.endsWith('キャラクター.png'))).toBe(true);
    const guidelines = manifest.ips.find((i) => i.role === 'primary')!.guidelines!;
    expect(entries.get(guidelines)!.toString()).toContain('色を変えないこと');
    sum += entries.get(guidelines)!.length;
    expect(total).toBe(sum);
  });

  it('lets holder roles download any license', async () => {
    const res = await zip.request('GET', `/api/batch/license/${pending}`, {
      headers: { authorization: `Bearer ${token.holder}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuses people outside the organisation and licenses that are not active', async () => {
    const outsider = await zip.request('GET', `/api/batch/license/${active}`, {
      headers: { authorization: `Bearer ${token.user}` },
    });
    expect(outsider.status).toBe(404);
    const otherOrg = await zip.request('GET', `/api/batch/license/${otherOrgLicense}`, {
      headers: { authorization: `Bearer ${token.owner}` },
    });
    expect(otherOrg.status).toBe(404);
    const notActive = await zip.request<Envelope<{ errors: Record<string, string> }>>('GET', `/api/batch/license/${pending}`, {
      headers: { authorization: `Bearer ${token.owner}`, 'x-lang': 'en' },
    });
    expect(notActive.status).toBe(409);
    expect(notActive.json.data.errors.license).toMatch(/active/);
    expect((await zip.request('GET', `/api/batch/license/${active}`)).status).toBe(401);
  });
});

describe('GET /api/batch/licenses', () => {
  it("lists the organisation's active licenses with file counts and sizes", async () => {
    const res = await list.request<Envelope<{ license: string; files: number; bytes: number; parent_name: string }[]>>(
      'GET',
      '/api/batch/licenses',
      { headers: { authorization: `Bearer ${token.owner}` } },
    );
    expect(res.json.status).toBe(0);
    const keys = res.json.data.map((l) => l.license);
    expect(keys).toContain(active);
    expect(keys).not.toContain(pending);
    expect(keys).not.toContain(otherOrgLicense);
    const row = res.json.data.find((l) => l.license === active)!;
    expect(row.files).toBe(3);
    expect(row.bytes).toBe([...images.values()].reduce((s, b) => s + b.length, 0));
    expect(row.parent_name).toBe('Zip Primary');
    const outsider = await list.request<Envelope<unknown[]>>('GET', '/api/batch/licenses', {
      headers: { authorization: `Bearer ${token.user}` },
    });
    expect(outsider.json.data).toEqual([]);
  });
});
