import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { serveEntityApi, type EntityApi } from './entity-api';
import { issueAccessToken, designerKeyOf, subOf } from './tokens';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };

let api: EntityApi;
const token: Record<string, string> = {};

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  for (const [name, email] of Object.entries({
    admin: 'admin@example.com',
    holder: 'holder@example.com',
    designer: 'designer@example.com',
    studio: 'studio@example.com',
    owner: 'licensee@example.com',
    staff: 'licensee-staff@example.com',
    user: 'user@example.com',
  })) {
    token[name] = await issueAccessToken(await subOf(email));
  }
});

afterAll(async () => {
  await api?.close();
});

describe('SPEC §5/§8/§9 entity routes: keys of 48 characters, status 5/15 per field, status 4, status 8', () => {
  it('creates, reads, patches with a version, queries, aggregates and deletes a tag', async () => {
    const created = await api.call<Envelope>('POST', '/api/v1/Tag', token.holder, {
      name_jp: '夏',
      name_en: 'Summer',
      color: '#ff8800',
    });
    expect(created.status).toBe(200);
    expect(created.json.status).toBe(0);
    const tag = created.json.data;
    expect(tag.key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(tag.version).toBe(1);

    const read = await api.call<Envelope>('GET', `/api/v1/Tag/${tag.key}`, token.designer);
    expect(read.json.data.name_en).toBe('Summer');

    const patched = await api.call<Envelope>('PATCH', `/api/v1/Tag/${tag.key}`, token.holder, {
      name_en: 'Summer 2026',
      version: 1,
    });
    expect(patched.json.data.version).toBe(2);
    const stale = await api.call<Envelope<{ errors: Record<string, string> }>>('PATCH', `/api/v1/Tag/${tag.key}`, token.holder, {
      name_en: 'Lost',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.status).toBe(5);
    expect(stale.json.data.errors.version).toBeTruthy();
    expect((await api.call<Envelope>('GET', `/api/v1/Tag/${tag.key}`, token.holder)).json.data.name_en).toBe('Summer 2026');

    const query = await api.call<Envelope<{ items: Record<string, unknown>[] }>>('POST', '/api/v1/Tag/query', token.user, {
      filter: { name_en: { $contains: 'summer' } },
    });
    expect(query.json.data.items.map((t) => t.key)).toEqual([tag.key]);

    const aggregate = await api.call<Envelope<Record<string, unknown>[]>>('POST', '/api/v1/Tag/aggregate', token.user, {
      pipeline: [{ $group: { _id: null, n: { $count: {} } } }],
    });
    expect(aggregate.json.status).toBe(0);
    expect(aggregate.json.data[0]!.n).toBeGreaterThanOrEqual(1);

    expect((await api.call('DELETE', `/api/v1/Tag/${tag.key}`, token.designer)).status).toBe(403);
    expect((await api.call('DELETE', `/api/v1/Tag/${tag.key}`, token.holder)).status).toBe(200);
    expect((await api.call('GET', `/api/v1/Tag/${tag.key}`, token.holder)).status).toBe(404);
  });

  it('refuses invalid bodies with per-field messages and stores nothing', async () => {
    const before = await api.call<Envelope<{ items: unknown[] }>>('GET', '/api/v1/Designer?limit=500', token.admin);
    const bad = await api.call<Envelope<{ errors: Record<string, string> }>>('POST', '/api/v1/Designer', token.designer, {
      email: 'not-an-email',
      role: 'robot',
      key: 'forged',
      owner: 'someone-else',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.status).toBe(5);
    expect(Object.keys(bad.json.data.errors).sort()).toEqual(['creator_name', 'email', 'key', 'owner', 'role']);
    const after = await api.call<Envelope<{ items: unknown[] }>>('GET', '/api/v1/Designer?limit=500', token.admin);
    expect(after.json.data.items.length).toBe(before.json.data.items.length);
  });

  it('a batch with one bad record is refused whole with status 15', async () => {
    const res = await api.call<Envelope<{ errors: Record<string, string> }>>('POST', '/api/v1/Tag', token.holder, [
      { name_jp: 'A', name_en: 'Batch A' },
      { name_jp: '', name_en: 'Batch B' },
    ]);
    expect(res.json.status).toBe(15);
    expect(Object.keys(res.json.data.errors)).toEqual(['1.name_jp']);
    const check = await api.call<Envelope<{ items: unknown[] }>>('POST', '/api/v1/Tag/query', token.holder, {
      filter: { name_en: 'Batch A' },
    });
    expect(check.json.data.items).toHaveLength(0);
  });

  it('a batch failing inside the transaction leaves nothing behind (status 4)', async () => {
    const res = await api.call<Envelope>('POST', '/api/v1/Tag', token.holder, [
      { name_jp: '重複', name_en: 'Duplicate in batch' },
      { name_jp: '重複', name_en: 'Duplicate in batch' },
    ]);
    expect(res.json.status).toBe(4);
    const check = await api.call<Envelope<{ items: unknown[] }>>('POST', '/api/v1/Tag/query', token.holder, {
      filter: { name_en: 'Duplicate in batch' },
    });
    expect(check.json.data.items).toHaveLength(0);
  });

  it("flags the designer's own record as mine; designers do not create designer records themselves", async () => {
    const own = await designerKeyOf('designer@example.com');
    const res = await api.call<Envelope>('GET', `/api/v1/Designer/${own}`, token.designer);
    expect(res.json.status).toBe(0);
    expect(res.json.data.owner).toBe(await subOf('designer@example.com'));
    expect(res.json.data.mine).toBe(true);
    const seenByOther = await api.call<Envelope>('GET', `/api/v1/Designer/${own}`, token.studio);
    expect(seenByOther.json.data.mine).toBe(false);
    const patchByOther = await api.call<Envelope>('PATCH', `/api/v1/Designer/${own}`, token.studio, {
      pr: 'hijack',
    });
    expect(patchByOther.status).toBe(403);
    // A second record for the same person (or a first one outside the designer application) is refused.
    const another = await api.call<Envelope>('POST', '/api/v1/Designer', token.designer, {
      email: 'designer@example.com',
      creator_name: 'Sho again',
    });
    expect([another.status, another.json.status]).toEqual([403, 3]);
  });

  it('answers 401 status 8 without credentials and 404 for unknown entities', async () => {
    const anon = await api.call<Envelope>('GET', '/api/v1/IP');
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ status: 8, data: 'invalid session' });
    expect((await api.call('GET', '/api/v1/Nope', token.admin)).status).toBe(404);
  });
});
