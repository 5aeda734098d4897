/**
 * Verifiable license credentials: a license reaching `active` puts a LicenseCredential (vc+jwt,
 * signed with the holder key) in the licensee's wallet; it verifies with the published JWK, fails
 * when tampered with, is revoked when the license ends, and can be presented once per nonce.
 */
import { eq } from 'drizzle-orm';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees } from '@/lib/server/db/entities-schema';
import { credentials } from '@/lib/server/db/platform-schema';
import * as issueCred from '@/pages/api/core/issue/cred';
import * as issueData0 from '@/pages/api/core/issue/data/0';
import * as issueData1 from '@/pages/api/core/issue/data/1';
import * as issueId from '@/pages/api/core/issue/id';
import * as issuePref from '@/pages/api/core/issue/pref';
import * as proofPresent from '@/pages/api/core/proof/present';
import * as proofRequest from '@/pages/api/core/proof/request';
import * as queryGet from '@/pages/api/core/query/get/[id]';
import * as queryProof from '@/pages/api/core/query/proof/[id]';
import * as queryRequest from '@/pages/api/core/query/request';
import * as walletOf from '@/pages/api/core/query/wallet/of/[sub]';
import * as schemaDisable from '@/pages/api/core/schema/disable/[id]';
import * as schemaEnable from '@/pages/api/core/schema/enable/[id]';
import * as schemaGet from '@/pages/api/core/schema/get/[id]';
import * as schemaList from '@/pages/api/core/schema/list';
import * as schemaMeta from '@/pages/api/core/schema/meta/[id]';
import * as schemaPublish from '@/pages/api/core/schema/publish/[id]';
import * as credGet from '@/pages/api/core/wallet/cred/get/[id]';
import * as credList from '@/pages/api/core/wallet/cred/list';
import * as credQuery from '@/pages/api/core/wallet/cred/query';
import * as issuedGet from '@/pages/api/core/wallet/issue/get/[id]';
import * as issuedList from '@/pages/api/core/wallet/issue/list';
import * as proofGet from '@/pages/api/core/wallet/proof/get/[id]';
import * as proofList from '@/pages/api/core/wallet/proof/list';
import * as proofMatches from '@/pages/api/core/wallet/proof/matches/[id]';
import * as proof2Get from '@/pages/api/core/wallet/proof2/get/[id]';
import * as proof2Matches from '@/pages/api/core/wallet/proof2/matches/[id]';
import * as proof2Present from '@/pages/api/core/wallet/proof2/present';
import * as roleLicensee from '@/pages/api/role/licensee/[x]';
import * as vcIssue from '@/pages/api/vc/issue';
import * as jwks from '@/pages/api/vc/jwks';
import * as verifyJwt from '@/pages/api/vc/verify/index';
import * as verifyPublic from '@/pages/api/vc/verify/[id]';
import { eSign } from './e-sign';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
interface Summary {
  key: string;
  type: string;
  state: string;
  status: string;
  subject: string;
  claims: Rec;
}

const PEOPLE = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
  brand: 'brand@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
};
type Who = keyof typeof PEOPLE;

const ROUTES: [string, RouteModule][] = [
  ['/api/core/issue/cred', issueCred],
  ['/api/core/issue/data/0', issueData0],
  ['/api/core/issue/data/1', issueData1],
  ['/api/core/issue/id', issueId],
  ['/api/core/issue/pref', issuePref],
  ['/api/core/proof/present', proofPresent],
  ['/api/core/proof/request', proofRequest],
  ['/api/core/query/get/[id]', queryGet],
  ['/api/core/query/proof/[id]', queryProof],
  ['/api/core/query/request', queryRequest],
  ['/api/core/query/wallet/of/[sub]', walletOf],
  ['/api/core/schema/disable/[id]', schemaDisable],
  ['/api/core/schema/enable/[id]', schemaEnable],
  ['/api/core/schema/get/[id]', schemaGet],
  ['/api/core/schema/list', schemaList],
  ['/api/core/schema/meta/[id]', schemaMeta],
  ['/api/core/schema/publish/[id]', schemaPublish],
  ['/api/core/wallet/cred/get/[id]', credGet],
  ['/api/core/wallet/cred/list', credList],
  ['/api/core/wallet/cred/query', credQuery],
  ['/api/core/wallet/issue/get/[id]', issuedGet],
  ['/api/core/wallet/issue/list', issuedList],
  ['/api/core/wallet/proof/get/[id]', proofGet],
  ['/api/core/wallet/proof/list', proofList],
  ['/api/core/wallet/proof/matches/[id]', proofMatches],
  ['/api/core/wallet/proof2/get/[id]', proof2Get],
  ['/api/core/wallet/proof2/matches/[id]', proof2Matches],
  ['/api/core/wallet/proof2/present', proof2Present],
  ['/api/role/licensee/[x]', roleLicensee],
  ['/api/vc/issue', vcIssue],
  ['/api/vc/jwks', jwks],
  ['/api/vc/verify', verifyJwt],
  ['/api/vc/verify/[id]', verifyPublic],
];

let flow: FlowApi;
const servers: { pattern: RegExp; server: RouteServer }[] = [];
const token = {} as Record<Who, string>;
const sub = {} as Record<Who, string>;
let orgA = '';
let orgB = '';
let ip = '';

async function call<T = Rec>(method: string, path: string, who: Who | null, body?: unknown) {
  const pathname = path.split('?')[0]!;
  const found = servers.find((s) => s.pattern.test(pathname));
  if (!found) return flow.call<Envelope<T>>(method, path, who ? token[who] : undefined, body);
  return found.server.request<Envelope<T>>(method, path, {
    headers: who ? { authorization: `Bearer ${token[who]}` } : {},
    body,
  });
}

async function ok<T = Rec>(method: string, path: string, who: Who | null, body?: unknown): Promise<T> {
  const res = await call<T>(method, path, who, body);
  expect(res.json.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(0);
  return res.json.data;
}

async function apply(options: { start?: string; end?: string; org?: string } = {}): Promise<string> {
  const license = await ok('POST', '/api/v1/License', 'owner', {
    ip,
    licensee: options.org ?? orgA,
    territory: ['JP', 'TW'],
    term_start: options.start ?? '2026-01-01',
    term_end: options.end ?? '2030-12-31',
    royalty_rate_bp: 1000,
    minimum_guarantee: 500000,
    currency: 'JPY',
  });
  return String(license.key);
}

/** Reviews, then whichever contract steps remain from the license's state, until it is active. */
async function activate(key: string): Promise<void> {
  await ok('POST', `/api/v1/License/${key}/start_review`, 'owner');
  for (const who of ['legal', 'cfl', 'boss'] as const) {
    await ok('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
  }
  // Each step that remains from the license's state: sending, then both e-signatures.
  const next: Record<string, () => Promise<unknown>> = {
    approved: () => ok('POST', `/api/v1/License/${key}/send_contract`, 'holder'),
    contract_sent: () => eSign(flow, key, token.owner, 'licensee'),
    signed: () => eSign(flow, key, token.holder, 'holder'),
  };
  for (let i = 0; i < 5; i++) {
    const { state } = await ok<{ state: string }>('GET', `/api/v1/License/${key}`, 'owner');
    if (state === 'active') return;
    const step = next[state];
    expect(step, `no step from ${state}`).toBeDefined();
    await step!();
  }
  throw new Error('license did not become active');
}

async function walletCredentialOf(license: string, who: Who = 'owner'): Promise<Summary | undefined> {
  const { items } = await ok<{ items: Summary[] }>('GET', '/api/core/wallet/cred/list', who);
  return items.find((c) => c.subject === license && c.state === 'active') ?? items.find((c) => c.subject === license);
}

async function jwtOf(key: string, who: Who = 'owner'): Promise<string> {
  return (await ok<{ jwt: string }>('GET', `/api/core/wallet/cred/get/${key}`, who)).jwt;
}

beforeAll(async () => {
  await ensureReady();
  flow = await serveFlowApi();
  for (const [pattern, mod] of ROUTES) {
    const regex = new RegExp(`^${pattern.replace(/\[\w+\]/g, '[^/]+')}$`);
    servers.push({ pattern: regex, server: await serveRoute(mod, pattern) });
  }
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) {
    sub[who] = await subOf(email);
    token[who] = await issueAccessToken(sub[who]);
  }
  const [org] = await (await getDb()).select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, sub.owner));
  orgA = org!.key;
  orgB = String((await ok('POST', '/api/v1/Licensee', 'holder', { name: 'Other Snacks Ltd.' })).key);
  await ok('POST', `/api/role/licensee/${orgB}`, 'holder', { sub: sub.user, role: 'owner' });
  token.user = await issueAccessToken(sub.user);
  ip = String((await ok('POST', '/api/v1/IP', 'holder', { name: 'Verified mascot', kind: 'primary' })).key);
  await ok('POST', `/api/v1/IP/${ip}/publish`, 'holder');
});

afterAll(async () => {
  await flow?.close();
  await Promise.all(servers.map((s) => s.server.close()));
});

describe('a license reaching active', () => {
  let license = '';
  let credential: Summary;
  let jwt = '';

  beforeAll(async () => {
    license = await apply();
    await activate(license);
    credential = (await walletCredentialOf(license))!;
    jwt = await jwtOf(credential.key);
  });

  it('issues a LicenseCredential into the owner’s wallet, readable by every member of the organisation', async () => {
    expect(credential).toMatchObject({ type: 'LicenseCredential', state: 'active', status: 'valid' });
    expect(credential.claims).toMatchObject({
      license: { key: license, state: 'active' },
      ip: { key: ip, name: 'Verified mascot' },
      licensee: { key: orgA },
      territory: ['JP', 'TW'],
    });
    const [row] = await (await getDb()).select().from(credentials).where(eq(credentials.key, credential.key));
    expect(row!.holder).toBe(sub.owner);
    expect((await walletCredentialOf(license, 'staff'))?.key).toBe(credential.key);
    const mine = await ok<{ items: Summary[] }>('POST', '/api/core/wallet/cred/query', 'staff', { license, state: 'valid' });
    expect(mine.items.map((c) => c.key)).toEqual([credential.key]);
  });

  it('verifies with the holder’s published public key and fails after one payload character changes', async () => {
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'vc+jwt' });
    const set = (await call<{ keys: JWK[] }>('GET', '/api/vc/jwks', null)).json as unknown as { keys: JWK[] };
    const header = decodeProtectedHeader(jwt);
    // The header names the key by its DID URL (did:web:…#kid); the JWK Set by the bare kid.
    expect(header.kid).toMatch(/^did:web:localhost%3A3999#holder-vc-/);
    const jwk = set.keys.find((k) => k.kid === header.kid!.split('#')[1])!;
    expect(jwk.d).toBeUndefined();
    const key = await importJWK(jwk, 'ES256');
    const { payload } = await compactVerify(jwt, key);
    const vc = JSON.parse(new TextDecoder().decode(payload)) as Rec;
    expect(vc['@context']).toEqual(['https://www.w3.org/ns/credentials/v2']);
    expect(vc.type).toEqual(['VerifiableCredential', 'LicenseCredential']);
    expect(vc.validFrom).toBe('2026-01-01T00:00:00.000Z');
    expect(vc.validUntil).toBe('2030-12-31T00:00:00.000Z');
    expect(JSON.stringify(vc)).not.toContain('500000');

    const [h, p, s] = jwt.split('.') as [string, string, string];
    const tamperedPayload = `${p.slice(0, 10)}${p[10] === 'A' ? 'B' : 'A'}${p.slice(11)}`;
    const tampered = `${h}.${tamperedPayload}.${s}`;
    await expect(compactVerify(tampered, key)).rejects.toThrow();

    expect((await ok('POST', '/api/vc/verify', null, { jwt })).valid).toBe(true);
    expect(await ok('POST', '/api/vc/verify', null, { jwt: tampered })).toMatchObject({
      valid: false,
      reason: 'invalid_signature',
    });
    expect((await call('POST', '/api/vc/verify', null, { jwt: 42 })).status).toBe(400);
  });

  it('another licensee cannot read the credential; holder staff see it among issued ones', async () => {
    expect((await call('GET', `/api/core/wallet/cred/get/${credential.key}`, 'user')).status).toBe(404);
    expect(await walletCredentialOf(license, 'user')).toBeUndefined();
    const issued = await ok<{ items: Summary[] }>('GET', '/api/core/wallet/issue/list', 'holder');
    expect(issued.items.map((c) => c.key)).toContain(credential.key);
    const one = await ok<{ key: string; holder: string; jwt: string }>(
      'GET',
      `/api/core/wallet/issue/get/${credential.key}`,
      'holder',
    );
    expect(one).toMatchObject({ key: credential.key, holder: sub.owner });
    expect((await call('GET', '/api/core/wallet/issue/list', 'owner')).status).toBe(403);
    const held = await ok<{ items: Summary[] }>('GET', `/api/core/query/wallet/of/${sub.owner}`, 'admin');
    expect(held.items.map((c) => c.key)).toContain(credential.key);
    expect((await call('GET', `/api/core/query/wallet/of/${sub.owner}`, 'owner')).status).toBe(403);
  });

  it('the public verify endpoint shows the license behind an approved product, without amounts', async () => {
    const product = await ok('POST', '/api/v1/Product', 'owner', { license, name: 'Verified chips', sku: 'VC-1', price: 350 });
    const key = String(product.key);
    expect((await ok<{ state: string }>('GET', `/api/vc/verify/${key}`, null)).state).toBe('not_licensed');
    await ok('POST', `/api/v1/Product/${key}/submit`, 'owner');
    // A product of a primary IP has no designer review: brand approves it straight away.
    await ok('POST', `/api/v1/Holder/approve/products/${key}`, 'brand', { decision: 'approved' });
    expect((await ok<{ state: string }>('GET', `/api/v1/Product/${key}`, 'owner')).state).toBe('approved');
    const shown = await ok<Rec>('GET', `/api/vc/verify/${key}`, null);
    expect(shown).toMatchObject({
      state: 'valid',
      kind: 'product',
      product: { key, name: 'Verified chips' },
      ip: { name: 'Verified mascot' },
      territory: ['JP', 'TW'],
      signature: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/500000|royalty|minimum|350/);
    expect((await ok<{ state: string }>('GET', `/api/vc/verify/${credential.key}`, null)).state).toBe('valid');
    expect((await ok<{ state: string }>('GET', '/api/vc/verify/nothing-here', null)).state).toBe('not_licensed');
  });

  it('holder staff reissue it (the earlier one is revoked); licensees may not', async () => {
    expect((await call('POST', '/api/vc/issue', 'owner', { license })).status).toBe(403);
    const fresh = await ok<{ key: string; verification: { valid: boolean } }>('POST', '/api/vc/issue', 'holder', { license });
    expect(fresh.key).not.toBe(credential.key);
    expect(fresh.verification.valid).toBe(true);
    expect(await ok('POST', '/api/vc/verify', null, { jwt })).toMatchObject({ valid: false, reason: 'revoked' });
    credential = (await walletCredentialOf(license))!;
    expect(credential.key).toBe(fresh.key);
    jwt = await jwtOf(credential.key);
    const bad = await call<{ errors: Rec }>('POST', '/api/vc/issue', 'holder', { license: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors.license).toBeTruthy();
  });

  it('a proof request is answered once with its nonce; a wrong or replayed nonce is refused', async () => {
    const request = await ok<{ key: string; nonce: string; state: string }>('POST', '/api/core/proof/request', 'holder', {
      type: 'LicenseCredential',
      ip,
    });
    expect(request.state).toBe('requested');
    const matches = await ok<{ items: Summary[] }>('GET', `/api/core/wallet/proof/matches/${request.nonce}`, 'staff');
    expect(matches.items.map((c) => c.key)).toEqual([credential.key]);
    const grouped = await ok<{ descriptors: { id: string; matches: Summary[] }[] }>(
      'GET',
      `/api/core/wallet/proof2/matches/${request.nonce}`,
      'staff',
    );
    expect(grouped.descriptors.map((d) => [d.id, d.matches.map((c) => c.key)])).toEqual([
      ['LicenseCredential', [credential.key]],
    ]);

    const wrong = await call<{ errors: Rec }>('POST', '/api/core/proof/present', 'staff', {
      nonce: 'not-the-nonce',
      credential: credential.key,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.data.errors.nonce).toBeTruthy();
    // Another organisation's member cannot present this credential.
    const foreign = await call('POST', '/api/core/proof/present', 'user', { nonce: request.nonce, credential: credential.key });
    expect(foreign.status).toBe(400);

    const presented = await ok<{ request: { state: string; result: Rec }; presentation: string }>(
      'POST',
      '/api/core/proof/present',
      'staff',
      { nonce: request.nonce, credential: credential.key },
    );
    expect(presented.request.state).toBe('presented');
    expect(presented.request.result).toMatchObject({ valid: true, reason: 'valid', credential: credential.key });
    expect(decodeProtectedHeader(presented.presentation).typ).toBe('vp+jwt');

    const replay = await call<{ errors: Rec }>('POST', '/api/core/proof/present', 'staff', {
      nonce: request.nonce,
      credential: credential.key,
    });
    expect(replay.status).toBe(409);
    expect(replay.json.data.errors.nonce).toBeTruthy();

    const proof = await ok<{ state: string; result: Rec }>('GET', `/api/core/query/proof/${request.key}`, 'holder');
    expect(proof.state).toBe('presented');
    expect((await call('GET', `/api/core/query/get/${request.key}`, 'owner')).status).toBe(404);
    const full = await ok<{ presentation: string }>('GET', `/api/core/query/get/${request.key}`, 'holder');
    expect(full.presentation).toBe(presented.presentation);
    const made = await ok<{ presentation: string }>('GET', `/api/core/wallet/proof/get/${request.key}`, 'staff');
    expect(made.presentation).toBe(presented.presentation);
    const mine = await ok<{ items: { key: string }[] }>('GET', '/api/core/wallet/proof/list', 'staff');
    expect(mine.items.map((r) => r.key)).toContain(request.key);
    const v2 = await ok<{ vp: Rec }>('GET', `/api/core/wallet/proof2/get/${request.key}`, 'staff');
    expect(v2.vp.nonce).toBe(request.nonce);

    // proof2/present answers a second request the same way.
    // /query/request opens it: the same request under the verifier's name.
    const second = await ok<{ nonce: string }>('POST', '/api/core/query/request', 'holder', {});
    const answered = await ok<{ vp: Rec; request: { state: string } }>('POST', '/api/core/wallet/proof2/present', 'owner', {
      nonce: second.nonce,
      credential: credential.key,
    });
    expect(answered.request.state).toBe('presented');
    expect(answered.vp.type).toEqual(['VerifiablePresentation']);
  });

  it('terminating the license revokes the credential at once; verify and the public endpoint say revoked', async () => {
    await ok('POST', `/api/v1/License/${license}/terminate`, 'admin', { comment: 'Breach of contract' });
    expect(await ok('POST', '/api/vc/verify', null, { jwt })).toMatchObject({ valid: false, reason: 'revoked' });
    const byCredential = await ok<{ state: string }>('GET', `/api/vc/verify/${credential.key}`, null);
    expect(byCredential.state).toBe('revoked');
    const held = (await walletCredentialOf(license))!;
    expect(held).toMatchObject({ state: 'revoked', status: 'revoked' });
    // A revoked credential presented for a request fails verification.
    const request = await ok<{ key: string; nonce: string }>('POST', '/api/core/proof/request', 'holder', {});
    const presented = await ok<{ request: { state: string; result: Rec } }>('POST', '/api/core/proof/present', 'owner', {
      nonce: request.nonce,
      credential: credential.key,
    });
    expect(presented.request).toMatchObject({ state: 'failed', result: { valid: false, reason: 'revoked' } });
  });
});

describe('expiry', () => {
  it('a term that has run out verifies as expired; an expired license revokes as expired', async () => {
    const past = await apply({ start: '2024-01-01', end: '2025-06-30' });
    await activate(past);
    const old = (await walletCredentialOf(past))!;
    expect(old.status).toBe('expired');
    expect(await ok('POST', '/api/vc/verify', null, { jwt: await jwtOf(old.key) })).toMatchObject({
      valid: false,
      reason: 'expired',
    });

    const current = await apply();
    await activate(current);
    const live = (await walletCredentialOf(current))!;
    await ok('POST', `/api/v1/License/${current}/expire`, 'admin', { comment: 'Term over' });
    expect(await ok('POST', '/api/vc/verify', null, { jwt: await jwtOf(live.key) })).toMatchObject({
      valid: false,
      reason: 'expired',
    });
    expect((await ok<{ state: string }>('GET', `/api/vc/verify/${live.key}`, null)).state).toBe('expired');
  });
});

describe('credential schemas', () => {
  it('lists, describes and serves the LicenseCredential schema', async () => {
    const list = await ok<{ items: { key: string; enabled: boolean; published: boolean }[] }>(
      'GET',
      '/api/core/schema/list',
      'owner',
    );
    expect(list.items.map((s) => s.key)).toContain('LicenseCredential');
    const meta = await ok<{ issued: number; meta: Rec }>('GET', '/api/core/schema/meta/LicenseCredential', 'admin');
    expect(meta.issued).toBeGreaterThan(0);
    const pref = await ok<{ schemas: string[]; revocation: string }>('GET', '/api/core/issue/pref', 'owner');
    expect(pref).toMatchObject({ schemas: ['LicenseCredential'], revocation: 'BitstringStatusList' });
    const schema = await ok<{ schema: Rec }>('GET', '/api/core/schema/get/LicenseCredential', 'owner');
    expect((schema.schema.required as string[]).sort()).toEqual(['ip', 'license', 'licensee', 'term', 'territory']);
    expect((await call('GET', '/api/core/schema/meta/Nope', 'admin')).status).toBe(404);
  });

  it('administrators enable, disable and publish; licensees get 403', async () => {
    for (const action of ['enable', 'disable', 'publish']) {
      expect((await call('POST', `/api/core/schema/${action}/LicenseCredential`, 'owner', {})).status, action).toBe(403);
    }
    expect((await ok<{ enabled: boolean }>('POST', '/api/core/schema/disable/LicenseCredential', 'admin')).enabled).toBe(false);
    // Disabled: hidden from non-administrators, nothing issued on activation or on request.
    expect((await ok<{ items: unknown[] }>('GET', '/api/core/schema/list', 'owner')).items).toEqual([]);
    const quiet = await apply();
    await activate(quiet);
    expect(await walletCredentialOf(quiet)).toBeUndefined();
    const refused = await call<{ errors: Rec }>('POST', '/api/core/issue/cred', 'admin', {
      schema: 'LicenseCredential',
      subject: quiet,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.data.errors.schema).toBeTruthy();

    expect((await ok<{ enabled: boolean }>('POST', '/api/core/schema/enable/LicenseCredential', 'admin', {})).enabled).toBe(true);
    const withdrawn = await ok<{ published: boolean }>('POST', '/api/core/schema/publish/LicenseCredential', 'admin', {
      published: false,
    });
    expect(withdrawn.published).toBe(false);
    expect((await ok<{ items: unknown[] }>('GET', '/api/core/schema/list', 'owner')).items).toEqual([]);
    expect((await ok<{ published: boolean }>('POST', '/api/core/schema/publish/LicenseCredential', 'admin', {})).published).toBe(
      true,
    );
    expect((await call('POST', '/api/core/schema/publish/LicenseCredential', 'admin', { published: 'yes' })).status).toBe(400);

    // Issued by request once enabled again; data/0 and data/1 preview it first.
    const data0 = await ok<{ claims: Rec; holder: string }>('POST', '/api/core/issue/data/0', 'admin', {
      schema: 'LicenseCredential',
      subject: quiet,
    });
    expect(data0).toMatchObject({ holder: sub.owner, claims: { license: { key: quiet } } });
    const data1 = await ok<{ header: Rec; payload: Rec }>('POST', '/api/core/issue/data/1', 'admin', {
      schema: 'LicenseCredential',
      subject: quiet,
    });
    expect(data1.header.typ).toBe('vc+jwt');
    expect(data1.payload.type).toEqual(['VerifiableCredential', 'LicenseCredential']);
    const issued = await ok<{ key: string; verification: { valid: boolean } }>('POST', '/api/core/issue/cred', 'admin', {
      schema: 'LicenseCredential',
      subject: quiet,
    });
    expect(issued.verification.valid).toBe(true);
    expect((await walletCredentialOf(quiet))?.key).toBe(issued.key);
    expect((await call('POST', '/api/core/issue/cred', 'owner', { schema: 'LicenseCredential', subject: quiet })).status).toBe(
      403,
    );
    const identity = await ok<{ publicKeyJwk: JWK; id: string }>('GET', '/api/core/issue/id', 'owner');
    expect(identity.publicKeyJwk.d).toBeUndefined();
    expect(identity.id).toBe('did:web:localhost%3A3999');
  });
});
