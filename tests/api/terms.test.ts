import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { designers, holders, licensees } from '@/lib/server/db/entities-schema';
import { termsAcceptances } from '@/lib/server/db/platform-schema';
import { adminLog, files, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import type { TermsVersion } from '@/lib/terms/kinds';
import { acceptedAfter } from '@/lib/terms/wall';
import * as termsByType from '@/pages/api/terms/[type]';
import * as termsIndex from '@/pages/api/terms/index';
import * as profileUpdate from '@/pages/api/core/users/profile/update';
import * as profileRead from '@/pages/api/core/users/profile/index';
import * as liquidApply from '@/pages/api/liquid/apply';
import * as liquidIssue from '@/pages/api/liquid/issue/[id]';
import * as liquidState from '@/pages/api/liquid/state/[id]';
import { serveEntityApi, type EntityApi } from './entity-api';
import { matchRoute, serveRoute, type RouteServer } from './harness';
import { issueAccessToken, designerKeyOf, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface TermsDocument {
  type: string;
  entity: string;
  versions: TermsVersion[];
  latest: TermsVersion | null;
  acceptances?: Record<string, number>;
}
interface Invalid {
  errors: Record<string, string>;
}

const servers: [string, RouteServer][] = [];
const tokens: Record<string, string> = {};
let entityApi: EntityApi;

async function call<T = unknown>(
  method: string,
  path: string,
  options: { as?: string; body?: unknown; lang?: 'jp' | 'en' } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = options.as ? { authorization: `Bearer ${tokens[options.as]}` } : {};
  if (options.lang) headers['x-lang'] = options.lang;
  const res = await server.request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

function publish(type: string, termsData: Record<string, unknown>, as = 'admin', query = '') {
  return call<TermsDocument>('PUT', `/api/terms/${type}${query}`, { as, body: { termsData } });
}

describe('SPEC §7/§8 terms API: /api/terms and /api/terms/{type}', () => {
  let defaultHolder = '';
  let otherHolder = '';

  beforeAll(async () => {
    await ensureReady();
    servers.push(['/api/terms/[type]', await serveRoute(termsByType, '/api/terms/[type]')]);
    servers.push(['/api/terms', await serveRoute(termsIndex, '/api/terms')]);
    servers.push(['/api/core/users/profile/update', await serveRoute(profileUpdate, '/api/core/users/profile/update')]);
    servers.push(['/api/core/users/profile', await serveRoute(profileRead, '/api/core/users/profile')]);
    servers.push(['/api/liquid/apply', await serveRoute(liquidApply, '/api/liquid/apply')]);
    servers.push(['/api/liquid/state/[id]', await serveRoute(liquidState, '/api/liquid/state/[id]')]);
    servers.push(['/api/liquid/issue/[id]', await serveRoute(liquidIssue, '/api/liquid/issue/[id]')]);
    entityApi = await serveEntityApi();
    for (const account of demoAccounts) tokens[account.id] = await issueAccessToken(await subOf(account.email));
    const db = await getDb();
    const [holder] = await db.select({ key: holders.key }).from(holders).where(eq(holders.is_default, true));
    defaultHolder = holder!.key;
    otherHolder = newKey();
    await db.insert(holders).values({ key: otherHolder, name: 'Other holder' });
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
    await entityApi.close();
  });

  it('reading is public: no versions yet gives an empty list and null latest', async () => {
    const res = await call<TermsDocument>('GET', '/api/terms/terms-common');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 0,
      data: { type: 'terms-common', entity: defaultHolder, versions: [], latest: null },
    });
    const all = await call<{ latest: Record<string, unknown> }>('GET', '/api/terms');
    expect(all.json.status).toBe(0);
    expect(all.json.data.latest).toEqual({ 'terms-common': null, 'terms-designer-personal': null, 'terms-licensee': null });
  });

  it('missing type or termsData answers status -1 with the messages of SPEC §8', async () => {
    const noData = await call('PUT', '/api/terms/terms-common', { as: 'admin', body: {} });
    expect(noData.json).toEqual({ status: -1, data: 'Missing type or termsData' });
    const emptyData = await call('PUT', '/api/terms/terms-common', { as: 'admin', body: { termsData: {} } });
    expect(emptyData.json).toEqual({ status: -1, data: 'Missing type or termsData' });
    const noBody = await call('PUT', '/api/terms/terms-common', { as: 'admin' });
    expect(noBody.json).toEqual({ status: -1, data: 'Missing type or termsData' });
    const noTypePut = await call('PUT', '/api/terms', { as: 'holder', body: { termsData: { version: '1', content: 'x' } } });
    expect(noTypePut.json).toEqual({ status: -1, data: 'Missing type or termsData' });
    const noTypeDelete = await call('DELETE', '/api/terms', { as: 'admin' });
    expect(noTypeDelete.json).toEqual({ status: -1, data: 'Missing type' });
  });

  it('refuses writers who are neither admin nor product staff (403) and callers without credentials (401)', async () => {
    for (const as of ['boss', 'designer', 'corporate-designer', 'licensee-owner', 'licensee-staff', 'user']) {
      const put = await publish('terms-common', { version: 'x1', content: 'no' }, as);
      expect(put.status, as).toBe(403);
      expect(put.json.status).toBe(3);
      const del = await call('DELETE', '/api/terms/terms-common', { as });
      expect(del.status, as).toBe(403);
    }
    const anonymous = await call('PUT', '/api/terms/terms-common', { body: { termsData: { version: '1', content: 'x' } } });
    expect(anonymous.status).toBe(401);
    expect([7, 8]).toContain(anonymous.json.status);
    const anonymousDelete = await call('DELETE', '/api/terms/terms-common');
    expect(anonymousDelete.status).toBe(401);
    const still = await call<TermsDocument>('GET', '/api/terms/terms-common');
    expect(still.json.data.versions).toHaveLength(0);
  });

  it('an unknown kind is not found; bad fields are status 5 under termsData.*', async () => {
    const unknown = await publish('terms-other', { version: '1', content: 'x' });
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/api/terms/terms-other')).status).toBe(404);
    const bad = await publish('terms-common', { version: '', content: 'x', format: 'pdf' });
    expect(bad.status).toBe(400);
    expect(bad.json.status).toBe(5);
    const errors = (bad.json.data as unknown as Invalid).errors;
    expect(Object.keys(errors).sort()).toEqual(['termsData.format', 'termsData.version']);
    const extra = await publish('terms-common', { version: '1', content: 'x', author: 'me' });
    expect(extra.json.status).toBe(5);
    const noPdf = await publish('terms-common', { version: '1', content: 'x', document: 'a'.repeat(64) });
    expect(noPdf.json.status).toBe(5);
    expect(Object.keys((noPdf.json.data as unknown as Invalid).errors)).toEqual(['termsData.document']);
  });

  it('PUT appends versions (admin and product staff), sanitizing HTML; GET returns them oldest first', async () => {
    const xss =
      '<h2>Article 1</h2><p onclick="steal()">Be nice.</p><img src=x onerror=alert(1)><script>alert(document.cookie)</script><a href="javascript:alert(1)">x</a>';
    const first = await publish('terms-common', { version: '2026.1', content: xss });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.status).toBe(0);
    const stored = first.json.data.latest!;
    expect(stored.metadata.version).toBe('2026.1');
    expect(stored.metadata.format).toBe('html');
    expect(stored.metadata.published).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(stored.content).toContain('<h2>Article 1</h2>');
    expect(stored.content).toContain('<p>Be nice.</p>');
    for (const bad of ['<img', 'onerror', '<script', 'alert(', 'onclick', 'javascript:'])
      expect(stored.content).not.toContain(bad);

    const db = await getDb();
    const hash = 'b'.repeat(64);
    await db.insert(files).values({ hash, mime: 'application/pdf', size: 10, name: 'terms.pdf', owner: 'seed', public: true });
    const text = 'Plain <b>text</b> & more';
    const second = await publish('terms-common', { version: '2026.2', content: text, format: 'text', document: hash }, 'holder');
    expect(second.json.status).toBe(0);
    expect(second.json.data.latest).toMatchObject({
      metadata: { version: '2026.2', format: 'text', document: hash },
      content: text,
    });

    const duplicate = await publish('terms-common', { version: '2026.2', content: 'again' });
    expect(duplicate.status).toBe(409);
    expect(Object.keys((duplicate.json.data as unknown as Invalid).errors)).toEqual(['termsData.version']);
    const onlyScript = await publish('terms-common', { version: '2026.3', content: '<script>alert(1)</script>' });
    expect(onlyScript.json.status).toBe(5);

    const read = await call<TermsDocument>('GET', '/api/terms/terms-common');
    expect(read.json.data.versions.map((v) => v.metadata.version)).toEqual(['2026.1', '2026.2']);
    expect(read.json.data.latest?.metadata.version).toBe('2026.2');
    const all = await call<{ latest: Record<string, TermsVersion | null> }>('GET', '/api/terms');
    expect(all.json.data.latest['terms-common']?.metadata.version).toBe('2026.2');
    expect(all.json.data.latest['terms-licensee']).toBeNull();

    const log = await db.select().from(adminLog).where(eq(adminLog.action, 'terms.publish'));
    expect(log.length).toBe(2);
  });

  it('entity= names the holder; versions of one holder do not show on another; an unknown holder is not found', async () => {
    const put = await publish(
      'terms-licensee',
      { version: 'L1', content: 'Other holder terms' },
      'admin',
      `?entity=${otherHolder}`,
    );
    expect(put.json.status).toBe(0);
    expect(put.json.data.entity).toBe(otherHolder);
    const own = await call<TermsDocument>('GET', `/api/terms/terms-licensee?entity=${otherHolder}`);
    expect(own.json.data.versions).toHaveLength(1);
    const fallback = await call<TermsDocument>('GET', '/api/terms/terms-licensee');
    expect(fallback.json.data.versions).toHaveLength(0);
    const missing = await call('GET', `/api/terms/terms-licensee?entity=${newKey()}`);
    expect(missing.status).toBe(404);
    const bad = await call('GET', '/api/terms/terms-licensee?entity=not-a-key!');
    expect(bad.json.status).toBe(5);
  });

  it('DELETE withdraws the version in force: nothing is removed, the one before is in force again', async () => {
    await publish('terms-designer-personal', { version: 'D1', content: 'one' });
    await publish('terms-designer-personal', { version: 'D2', content: 'two' });
    await publish('terms-designer-personal', { version: 'D3', content: 'three' });
    const latest = await call<TermsDocument>('DELETE', '/api/terms/terms-designer-personal', { as: 'holder' });
    expect(latest.json.status).toBe(0);
    expect(latest.json.data.versions.map((v) => v.metadata.version)).toEqual(['D1', 'D2', 'D3']);
    expect(latest.json.data.versions[2]!.metadata.withdrawn).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(latest.json.data.versions[2]!.content).toBe('three');
    expect(latest.json.data.latest?.metadata.version).toBe('D2');
    const wall = await call<{ latest: Record<string, TermsVersion | null> }>('GET', '/api/terms');
    expect(wall.json.data.latest['terms-designer-personal']?.metadata.version).toBe('D2');

    // Only the version in force can be withdrawn; a withdrawn one stays withdrawn; an unknown one is not found.
    const older = await call<Invalid>('DELETE', '/api/terms/terms-designer-personal?version=D1', { as: 'admin', lang: 'en' });
    expect(older.status).toBe(409);
    expect(older.json.data.errors.version).toContain('Only the version in force');
    const again = await call<Invalid>('DELETE', '/api/terms/terms-designer-personal?version=D3', { as: 'admin' });
    expect(again.status).toBe(409);
    expect(again.json.data.errors.version).toBe('この版はすでに取り下げられています。');
    expect((await call('DELETE', '/api/terms/terms-designer-personal?version=D9', { as: 'admin' })).status).toBe(404);

    const named = await call<TermsDocument>('DELETE', '/api/terms/terms-designer-personal?version=D2', { as: 'admin' });
    expect(named.json.data.latest?.metadata.version).toBe('D1');
    await call('DELETE', '/api/terms/terms-designer-personal', { as: 'admin' });
    const none = await call<TermsDocument>('GET', '/api/terms/terms-designer-personal');
    expect(none.json.data.latest).toBeNull();
    expect(none.json.data.versions.map((v) => v.metadata.version)).toEqual(['D1', 'D2', 'D3']);
    const empty = await call('DELETE', '/api/terms/terms-designer-personal', { as: 'admin' });
    expect(empty.status).toBe(404);

    const db = await getDb();
    const log = await db.select().from(adminLog).where(eq(adminLog.action, 'terms.withdraw'));
    expect(log.map((l) => (l.data as { version: string }).version)).toEqual(expect.arrayContaining(['D3', 'D2', 'D1']));
    expect(log.find((l) => (l.data as { version: string }).version === 'D3')?.data).toMatchObject({
      type: 'terms-designer-personal',
      restored: 'D2',
    });
  });

  it('accepting patches the designer and licensee records with a +00:00 timestamp', async () => {
    const db = await getDb();
    const designerKey = await designerKeyOf('designer@example.com');
    const accepted = acceptedAfter({}, [{ field: 'ipl_version', version: '2026.2' }], new Date('2026-11-22T10:00:00Z'));
    expect(accepted).toEqual({ ipl_version: '2026.2', updated: '2026-11-22T10:00:00.000+00:00' });
    const patched = await entityApi.call<Envelope<{ accepted_terms_version: Record<string, string> }>>(
      'PATCH',
      `/api/v1/Designer/${designerKey}`,
      tokens.designer,
      { accepted_terms_version: accepted },
    );
    expect(patched.json.status, JSON.stringify(patched.json)).toBe(0);
    expect(patched.json.data.accepted_terms_version).toEqual(accepted);

    const [org] = await db
      .select({ key: licensees.key })
      .from(licensees)
      .where(eq(licensees.owner, await subOf('licensee@example.com')));
    const forLicensee = acceptedAfter({}, [
      { field: 'ipl_version', version: '2026.2' },
      { field: 'licensee_version', version: 'L1' },
    ]);
    const orgPatch = await entityApi.call<Envelope>('PATCH', `/api/v1/Licensee/${org!.key}`, tokens['licensee-owner'], {
      accepted_terms_version: forLicensee,
    });
    expect(orgPatch.json.status, JSON.stringify(orgPatch.json)).toBe(0);
    expect(forLicensee.updated).toMatch(/\+00:00$/);
  });

  it('every acceptance is kept as evidence: who, which version, on which record, when; withdrawing keeps it', async () => {
    const db = await getDb();
    await publish('terms-licensee', { version: 'EV1', content: 'evidence one' });
    const designerSub = await subOf('designer@example.com');
    const rows = await db.select().from(termsAcceptances).where(eq(termsAcceptances.sub, designerSub));
    expect(rows.map((r) => [r.kind, r.version, r.recordType])).toContainEqual(['terms-common', '2026.2', 'Designer']);

    const ownerSub = await subOf('licensee@example.com');
    await entityApi.call<Envelope>(
      'PATCH',
      `/api/v1/Licensee/${(await db.select().from(licensees).where(eq(licensees.owner, ownerSub)))[0]!.key}`,
      tokens['licensee-owner'],
      {
        accepted_terms_version: acceptedAfter({ ipl_version: '2026.2', licensee_version: 'L1' }, [
          { field: 'licensee_version', version: 'EV1' },
        ]),
      },
    );
    const evidence = await db.select().from(termsAcceptances).where(eq(termsAcceptances.version, 'EV1'));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ sub: ownerSub, kind: 'terms-licensee', recordType: 'Licensee' });
    expect(evidence[0]!.acceptedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Staff see the counts; others do not.
    const staff = await call<TermsDocument>('GET', '/api/terms/terms-licensee', { as: 'holder' });
    expect(staff.json.data.acceptances).toMatchObject({ EV1: 1 });
    const visitor = await call<TermsDocument>('GET', '/api/terms/terms-licensee', { as: 'licensee-owner' });
    expect(visitor.json.data.acceptances).toBeUndefined();

    const withdrawn = await call<TermsDocument>('DELETE', '/api/terms/terms-licensee?version=EV1', { as: 'admin' });
    expect(withdrawn.json.status).toBe(0);
    expect(withdrawn.json.data.versions.find((v) => v.metadata.version === 'EV1')?.content).toBe('evidence one');
    expect(withdrawn.json.data.acceptances).toMatchObject({ EV1: 1 });
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.version, 'EV1'))).toHaveLength(1);
  });

  it('a user with neither role accepts on their own record (core /users/profile/update), kept as evidence', async () => {
    const db = await getDb();
    const sub = await subOf('user@example.com');
    const accepted = acceptedAfter({}, [{ field: 'ipl_version', version: '2026.2' }]);
    const res = await call<{ accepted_terms_version: Record<string, string> }>('POST', '/api/core/users/profile/update', {
      as: 'user',
      body: { accepted_terms_version: accepted },
    });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data.accepted_terms_version).toEqual(accepted);
    const read = await call<{ accepted_terms_version: Record<string, string> }>('GET', '/api/core/users/profile', { as: 'user' });
    expect(read.json.data.accepted_terms_version.ipl_version).toBe('2026.2');
    const rows = await db.select().from(termsAcceptances).where(eq(termsAcceptances.sub, sub));
    expect(rows.map((r) => [r.kind, r.version, r.recordType, r.recordKey])).toEqual([['terms-common', '2026.2', 'User', sub]]);
    // The same value again is no new acceptance.
    await call('POST', '/api/core/users/profile/update', { as: 'user', body: { accepted_terms_version: accepted } });
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.sub, sub))).toHaveLength(1);
    const bad = await call<Invalid>('POST', '/api/core/users/profile/update', {
      as: 'user',
      body: { accepted_terms_version: 'yes' },
    });
    expect(bad.json.status).toBe(5);
  });

  it('a person who accepted before having a Designer record keeps it on the record its application issues', async () => {
    const db = await getDb();
    const sub = await subOf('user@example.com');
    await db
      .update(users)
      .set({ accepted_terms_version: { ipl_version: '2026.2', designer_version: 'D1' } })
      .where(eq(users.sub, sub));
    // A person's Designer record comes from the designer application (issue #23), not from POST.
    const applied = await call<{ key: string }>('POST', '/api/liquid/apply', {
      as: 'user',
      body: {
        applicant_id: sub,
        role: 'personal',
        profile: { creator_name: 'Carry Over', email: 'user@example.com' },
        documents: [{ image: 'a'.repeat(64), desc: 'portfolio' }],
      },
    });
    expect(applied.json.status, JSON.stringify(applied.json)).toBe(0);
    const key = applied.json.data.key;
    for (const [as, state] of [
      ['holder', 'reviewing'],
      ['admin', 'approved'],
    ] as const) {
      const moved = await call('POST', `/api/liquid/state/${key}`, { as, body: { state } });
      expect(moved.json.status, JSON.stringify(moved.json)).toBe(0);
    }
    const issued = await call<{ designer: string }>('POST', `/api/liquid/issue/${key}`, { as: 'admin', body: {} });
    expect(issued.json.status, JSON.stringify(issued.json)).toBe(0);
    const [made] = await db.select().from(designers).where(eq(designers.key, issued.json.data.designer));
    expect(made!.accepted_terms_version).toMatchObject({ ipl_version: '2026.2', designer_version: 'D1' });
    // Carried over, not accepted anew: no second evidence row with a new time.
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.recordKey, made!.key))).toHaveLength(0);
  });

  it('versions and acceptances cannot be removed another way: a Holder PATCH dropping a version is refused, evidence rows refuse changes', async () => {
    const db = await getDb();
    const [holder] = await db.select().from(holders).where(eq(holders.key, defaultHolder));
    const dropped = { ...holder!.terms, 'terms-common': [] };
    const res = await entityApi.call<Envelope<Invalid>>('PATCH', `/api/v1/Holder/${defaultHolder}`, tokens.admin, {
      terms: dropped,
    });
    expect(res.json.status).toBe(5);
    expect(Object.keys(res.json.data.errors)).toEqual(['terms']);
    const still = await call<TermsDocument>('GET', '/api/terms/terms-common');
    expect(still.json.data.versions.length).toBeGreaterThan(0);
    await expect(db.delete(termsAcceptances)).rejects.toThrow();
    await expect(db.update(termsAcceptances).set({ version: 'forged' })).rejects.toThrow();
    expect((await db.select().from(termsAcceptances)).every((r) => r.version !== 'forged')).toBe(true);
  });
});
