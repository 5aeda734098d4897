/**
 * Standard credentials, judged by libraries this project did not write: the license credential's
 * issuer is a did:web whose DID document this site serves, so did-jwt-vc (with did-resolver and
 * web-did-resolver) verifies it; its revocation is a W3C Bitstring Status List entry, so the list
 * this site publishes, decoded by @digitalbazaar/vc-bitstring-status-list, shows the bit set once
 * the license is terminated.
 */
import { createRequire } from 'node:module';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { verifyCredential } from 'did-jwt-vc';
import type { Resolvable } from 'did-resolver';
import { decodeProtectedHeader } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { rotateSigningKey } from '@/lib/server/credentials/signing-keys';
import { getDb } from '@/lib/server/db/client';
import { licensees } from '@/lib/server/db/entities-schema';
import * as statusList from '@/pages/api/credentials/status/[list]';
import * as credGet from '@/pages/api/core/wallet/cred/get/[id]';
import * as credList from '@/pages/api/core/wallet/cred/list';
import * as did from '@/pages/api/vc/did';
import * as verifyPublic from '@/pages/api/vc/verify/[id]';
import { eSign } from './e-sign';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

const PEOPLE = {
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
  holder: 'holder@example.com',
  admin: 'admin@example.com',
  owner: 'licensee@example.com',
};
type Who = keyof typeof PEOPLE;

// APP_URL of the API tests is http://localhost:3999: its did:web encodes the port.
const ISSUER = 'did:web:localhost%3A3999';

let flow: FlowApi;
let didRoute: RouteServer;
let statusRoute: RouteServer;
let credListRoute: RouteServer;
let credGetRoute: RouteServer;
let verifyRoute: RouteServer;
const token = {} as Record<Who, string>;
let resolver: Resolvable;
const fetched: string[] = [];

async function ok<T = Rec>(method: string, path: string, who: Who, body?: unknown): Promise<T> {
  const res = await flow.call<Envelope<T>>(method, path, token[who], body);
  expect(res.json.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(0);
  return res.json.data;
}

/**
 * web-did-resolver fetches https://<host>/.well-known/did.json with cross-fetch. Here that fetch is
 * answered by our route handler (next.config.js rewrites /.well-known/did.json to /api/vc/did): a
 * stand-in for cross-fetch goes into Node's module cache before the resolver is first loaded.
 */
async function webDidResolver(): Promise<Resolvable> {
  const requireFromResolver = createRequire(require.resolve('web-did-resolver'));
  const crossFetch = requireFromResolver.resolve('cross-fetch');
  const fetch = async (url: string) => {
    fetched.push(url);
    const { pathname, host, protocol } = new URL(url);
    const served = protocol === 'https:' && host === 'localhost:3999' && pathname === '/.well-known/did.json';
    const res = served ? await didRoute.request<unknown>('GET', '/api/vc/did') : { status: 404, text: '', json: null };
    return { status: res.status, statusText: String(res.status), json: async () => JSON.parse(res.text) as unknown };
  };
  const stand = new (await import('node:module')).Module(crossFetch);
  stand.filename = crossFetch;
  stand.loaded = true;
  stand.exports = Object.assign(fetch, { default: fetch, fetch });
  requireFromResolver.cache[crossFetch] = stand;
  const { getResolver } = await import('web-did-resolver');
  const { Resolver } = await import('did-resolver');
  return new Resolver(getResolver());
}

async function activate(key: string): Promise<void> {
  await ok('POST', `/api/v1/License/${key}/start_review`, 'owner');
  for (const who of ['legal', 'cfl', 'boss'] as const) {
    await ok('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
  }
  await ok('POST', `/api/v1/License/${key}/send_contract`, 'holder');
  await eSign(flow, key, token.owner, 'licensee');
  const { state } = await ok<{ state: string }>('GET', `/api/v1/License/${key}`, 'owner');
  if (state !== 'active') await eSign(flow, key, token.holder, 'holder');
  expect((await ok<{ state: string }>('GET', `/api/v1/License/${key}`, 'owner')).state).toBe('active');
}

/** The published status list: its JWT, and the list decoded by the independent library. */
async function publishedList(url: string) {
  const { pathname } = new URL(url);
  const res = await statusRoute.request<unknown>('GET', pathname);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/vc\+jwt/);
  const verified = await verifyCredential(res.text, resolver, { policies: { format: false } });
  const subject = verified.payload.credentialSubject as Rec;
  expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
  return { verified, list: await decodeList({ encodedList: String(subject.encodedList) }) };
}

beforeAll(async () => {
  await ensureReady();
  flow = await serveFlowApi();
  didRoute = await serveRoute(did, '/api/vc/did');
  statusRoute = await serveRoute(statusList, '/api/credentials/status/[list]');
  credListRoute = await serveRoute(credList, '/api/core/wallet/cred/list');
  credGetRoute = await serveRoute(credGet, '/api/core/wallet/cred/get/[id]');
  verifyRoute = await serveRoute(verifyPublic, '/api/vc/verify/[id]');
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) {
    token[who] = await issueAccessToken(await subOf(email));
  }
  resolver = await webDidResolver();
});

afterAll(async () => {
  await flow?.close();
  await Promise.all([didRoute, statusRoute, credListRoute, credGetRoute, verifyRoute].map((s) => s?.close()));
});

describe('a license credential checked with standard tools', () => {
  let license = '';
  let credentialKey = '';
  let jwt = '';
  let entry: { statusListIndex: string; statusListCredential: string };

  beforeAll(async () => {
    const [org] = await (
      await getDb()
    )
      .select({ key: licensees.key })
      .from(licensees)
      .where(eq(licensees.owner, await subOf(PEOPLE.owner)));
    const ip = String((await ok('POST', '/api/v1/IP', 'holder', { name: 'Standard mascot', kind: 'primary' })).key);
    await ok('POST', `/api/v1/IP/${ip}/publish`, 'holder');
    license = String(
      (
        await ok('POST', '/api/v1/License', 'owner', {
          ip,
          licensee: org!.key,
          territory: ['JP'],
          term_start: '2026-01-01',
          term_end: '2030-12-31',
          royalty_rate_bp: 800,
          minimum_guarantee: 100000,
          currency: 'JPY',
        })
      ).key,
    );
    await activate(license);
    const auth = { headers: { authorization: `Bearer ${token.owner}` } };
    const listed = await credListRoute.request<Envelope<{ items: { key: string; subject: string }[] }>>(
      'GET',
      '/api/core/wallet/cred/list',
      auth,
    );
    credentialKey = listed.json.data.items.find((c) => c.subject === license)!.key;
    const got = await credGetRoute.request<Envelope<{ jwt: string }>>('GET', `/api/core/wallet/cred/get/${credentialKey}`, auth);
    jwt = got.json.data.jwt;
  });

  it('serves a did:web DID document whose assertion method verifies the credential (did-jwt-vc)', async () => {
    const doc = (await didRoute.request<Rec>('GET', '/api/vc/did')).json;
    expect(doc.id).toBe(ISSUER);
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'vc+jwt' });
    expect(doc.assertionMethod).toContain(header.kid);

    const verified = await verifyCredential(jwt, resolver, { policies: { format: false } });
    expect(fetched).toContain('https://localhost:3999/.well-known/did.json');
    expect(verified.issuer).toBe(ISSUER);
    expect(verified.signer.id).toBe(header.kid);
    expect(verified.payload.type).toEqual(['VerifiableCredential', 'LicenseCredential']);
    entry = verified.payload.credentialStatus as typeof entry;
    expect(entry).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: 'http://localhost:3999/api/credentials/status/1',
    });
    expect(Number(entry.statusListIndex)).toBeGreaterThanOrEqual(0);

    // One changed payload character, and the independent verifier refuses it.
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const tampered = `${h}.${p.slice(0, 20)}${p[20] === 'A' ? 'B' : 'A'}${p.slice(21)}.${s}`;
    await expect(verifyCredential(tampered, resolver, { policies: { format: false } })).rejects.toThrow();
  });

  it('publishes a signed status list of at least 131,072 bits in which the credential is not revoked', async () => {
    const { verified, list } = await publishedList(entry.statusListCredential);
    expect(verified.issuer).toBe(ISSUER);
    expect(verified.payload.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.length).toBeGreaterThanOrEqual(131_072);
    expect(list.getStatus(Number(entry.statusListIndex))).toBe(false);
    expect((await statusRoute.request('GET', '/api/credentials/status/999')).status).toBe(404);
    expect((await statusRoute.request('GET', '/api/credentials/status/abc')).status).toBe(404);
  });

  it('terminating the license sets the credential’s bit; the list and /verify say revoked', async () => {
    await ok('POST', `/api/v1/License/${license}/terminate`, 'admin', { comment: 'Breach of contract' });
    const { list } = await publishedList(entry.statusListCredential);
    expect(list.getStatus(Number(entry.statusListIndex))).toBe(true);
    const shown = await verifyRoute.request<Envelope<{ state: string; standard: Rec }>>('GET', `/api/vc/verify/${credentialKey}`);
    expect(shown.json.data.state).toBe('revoked');
    // The page tells people where to check it themselves: the same DID and the same list entry.
    expect(shown.json.data.standard).toEqual({
      issuer: ISSUER,
      didDocument: 'http://localhost:3999/.well-known/did.json',
      statusList: entry.statusListCredential,
      statusListIndex: entry.statusListIndex,
    });
  });

  it('after a key rotation the DID document keeps the retired key, so the credential still verifies', async () => {
    const before = decodeProtectedHeader(jwt).kid;
    const { kid } = await rotateSigningKey('holder-vc');
    const doc = (await didRoute.request<{ assertionMethod: string[] }>('GET', '/api/vc/did')).json;
    expect(doc.assertionMethod).toEqual([`${ISSUER}#${kid}`, before]);
    const verified = await verifyCredential(jwt, resolver, { policies: { format: false } });
    expect(verified.signer.id).toBe(before);
    // The status list is now signed with the new key, and verifies as well.
    const { verified: listVerified } = await publishedList(entry.statusListCredential);
    expect(listVerified.signer.id).toBe(`${ISSUER}#${kid}`);
  });
});
