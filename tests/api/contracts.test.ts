/**
 * Contracts and e-signature: approval generates the contract PDF; the licensee signs the exact
 * bytes they saw, the holder countersigns, the signed agreement gets a signature page and an
 * audit trail; a change of terms voids the signatures; outsiders neither read nor sign.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { der, fromDer, OID, signedData, toDer } from '@/lib/server/contracts/seal/cms';
import { generateSeal, readP12 } from '@/lib/server/contracts/seal/seal-certificate';
import { verifySignature } from '@/lib/server/contracts/verify';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees, licenses } from '@/lib/server/db/entities-schema';
import { contracts, contractSignatures } from '@/lib/server/db/platform-schema';
import { logWorkflow } from '@/lib/server/db/schema';
import * as attrRoute from '@/pages/api/pdf/attr/[id]';
import * as demoRoute from '@/pages/api/pdf/demo';
import * as pdfRoute from '@/pages/api/pdf/[id]';
import * as signRoute from '@/pages/api/pdf/sign/[id]';
import * as verifyRoute from '@/pages/api/pdf/verify/[id]';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { signaturePng } from './e-sign';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
interface Attr {
  key: string;
  revision: number;
  state: string;
  sha256: string;
  finalSha256: string | null;
  voided: boolean;
  licenseState: string | null;
  nextParty: string | null;
  canSign: boolean;
  termsChanged: boolean;
  termsVersions: { common: string | null; licensee: string | null };
  signatures: { party: string; signer: string; signerName: string; ip: string | null; sha256: string; voided: boolean }[];
}

const PEOPLE = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
  owner: 'licensee@example.com',
  user: 'user@example.com',
};
type Who = keyof typeof PEOPLE;

let api: FlowApi;
let pdf: RouteServer;
let attr: RouteServer;
let sign: RouteServer;
let verify: RouteServer;
let demo: RouteServer;
const token = {} as Record<Who, string>;
const sub = {} as Record<Who, string>;
let orgA = '';
let orgName = '';
let holderName = '';
let ip = '';
let png = '';

const auth = (who: Who) => ({ headers: { authorization: `Bearer ${token[who]}` } });

async function call<T = Rec>(method: string, path: string, who: Who, body?: unknown) {
  return api.call<Envelope<T>>(method, path, token[who], body);
}

async function attributes(id: string, who: Who) {
  return attr.request<Envelope<Attr>>('GET', `/api/pdf/attr/${id}`, auth(who));
}

async function signAs(id: string, who: Who, body: Rec, headers: Record<string, string> = {}) {
  return sign.request<Envelope<Attr & { errors?: Record<string, string> }>>('POST', `/api/pdf/sign/${id}`, {
    headers: { ...auth(who).headers, ...headers },
    body: { typedName: `${who} signer`, signature: png, consent: true, ...body },
  });
}

/** What poppler's pdfsig (an independent verifier) says of a PDF's signatures. */
function pdfsig(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
  const file = path.join(dir, 'contract.pdf');
  fs.writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return `${run.stdout}${run.stderr}`;
}

/** A license signed by both parties through the e-signature, with these headers on the licensee's request. */
async function signedLicense(headers: Record<string, string> = {}): Promise<{ license: string; attr: Attr }> {
  const license = await approvedLicense();
  await sendContract(license);
  const contract = (await attributes(license, 'owner')).json.data;
  const signed = await signAs(license, 'owner', { party: 'licensee', sha256: contract.sha256 }, headers);
  expect(signed.json.status, JSON.stringify(signed.json)).toBe(0);
  const done = await signAs(license, 'holder', { party: 'holder', sha256: contract.sha256 });
  expect(done.json.status, JSON.stringify(done.json)).toBe(0);
  return { license, attr: done.json.data };
}

async function pdfBytes(id: string, who: Who, final = false): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${pdf.url}/api/pdf/${id}${final ? '?final=1' : ''}`, auth(who));
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const result = await parser.getText();
  await parser.destroy();
  return { text: result.text, pages: result.total };
}

async function stateOf(license: string): Promise<string> {
  const [row] = await (await getDb()).select({ state: licenses.state }).from(licenses).where(eq(licenses.key, license));
  return row!.state;
}

/** A license of orgA, approved by legal, cfl and boss (the contract is generated on approval). */
async function approvedLicense(royalty = 1250): Promise<string> {
  const res = await call('POST', '/api/v1/License', 'owner', {
    ip,
    licensee: orgA,
    territory: ['JP'],
    channels: ['Online'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: royalty,
    minimum_guarantee: 100000,
    advance: 20000,
    currency: 'JPY',
  });
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  const key = String(res.json.data.key);
  expect((await call('POST', `/api/v1/License/${key}/start_review`, 'owner')).json.status).toBe(0);
  for (const who of ['legal', 'cfl', 'boss'] as const) {
    const decided = await call('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
    expect(decided.json.status, JSON.stringify(decided.json)).toBe(0);
  }
  expect(await stateOf(key)).toBe('approved');
  return key;
}

async function sendContract(key: string): Promise<void> {
  const res = await call('POST', `/api/v1/License/${key}/send_contract`, 'holder');
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  expect(await stateOf(key)).toBe('contract_sent');
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  pdf = await serveRoute(pdfRoute, '/api/pdf/[id]');
  attr = await serveRoute(attrRoute, '/api/pdf/attr/[id]');
  sign = await serveRoute(signRoute, '/api/pdf/sign/[id]');
  verify = await serveRoute(verifyRoute, '/api/pdf/verify/[id]');
  demo = await serveRoute(demoRoute, '/api/pdf/demo');
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) {
    sub[who] = await subOf(email);
    token[who] = await issueAccessToken(sub[who]);
  }
  const db = await getDb();
  const [org] = await db.select().from(licensees).where(eq(licensees.owner, sub.owner));
  orgA = org!.key;
  orgName = org!.name;
  const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
  holderName = holder!.name;
  // user@example.com is staff of another organisation only.
  const created = await call('POST', '/api/v1/Licensee', 'holder', { name: 'Other Snacks Ltd.' });
  const roles = await serveRoute(await import('@/pages/api/role/licensee/[x]'), '/api/role/licensee/[x]');
  const added = await roles.request<Envelope>('POST', `/api/role/licensee/${String(created.json.data.key)}`, {
    ...auth('holder'),
    body: { sub: sub.user, role: 'staff' },
  });
  expect(added.json.status).toBe(0);
  await roles.close();
  token.user = await issueAccessToken(sub.user);
  const primary = await call('POST', '/api/v1/IP', 'holder', { name: 'Contracted Character', kind: 'primary' });
  ip = String(primary.json.data.key);
  expect((await call('POST', `/api/v1/IP/${ip}/publish`, 'holder')).json.status).toBe(0);
  png = await signaturePng();
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.close(), pdf?.close(), attr?.close(), sign?.close(), verify?.close(), demo?.close()]);
});

describe('the contract of a license, from approval to the signed agreement', () => {
  let license = '';
  let contract: Attr;
  let original: Buffer;

  it('generates the contract PDF when the license is approved', async () => {
    license = await approvedLicense();
    const db = await getDb();
    const rows = await db.select().from(contracts).where(eq(contracts.license, license));
    expect(rows).toHaveLength(1);
    const [row] = await db.select({ contract: licenses.contract }).from(licenses).where(eq(licenses.key, license));
    expect(row!.contract).toBe(rows[0]!.key);
    const got = await pdfBytes(license, 'owner');
    expect(got.status).toBe(200);
    expect(got.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    original = got.bytes;
    const { text, pages } = await pdfText(got.bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(orgName);
    expect(text).toContain(holderName);
    expect(text).toContain('12.5%');
    expect(text).toContain('Contracted Character');
    // The other language is a reference translation of the same contract, not the bytes signed.
    const res0 = await fetch(`${pdf.url}/api/pdf/${license}?lang=en`, auth('owner'));
    expect(res0.headers.get('x-content-sha256')).toBeNull();
    const reference = await pdfText(Buffer.from(await res0.arrayBuffer()));
    expect(reference.text).toContain('License Agreement');
    expect(reference.text).toContain('Reference translation');
    const res = await attributes(license, 'holder');
    expect(res.json.status).toBe(0);
    contract = res.json.data;
    expect(contract.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(contract.revision).toBe(1);
    expect(contract.signatures).toEqual([]);
    expect(contract.termsVersions).toEqual({ common: null, licensee: null });
    // The licensee cannot sign before the contract is sent.
    const early = await signAs(license, 'owner', { party: 'licensee', sha256: contract.sha256 });
    expect(early.json.status).toBe(5);
  });

  it('keeps the contract from other organisations and unknown ids', async () => {
    await sendContract(license);
    expect((await pdfBytes(license, 'user')).status).toBe(404);
    expect((await attributes(license, 'user')).status).toBe(404);
    expect((await attributes(contract.key, 'user')).status).toBe(404);
    const outsider = await signAs(license, 'user', { party: 'licensee', sha256: contract.sha256 });
    expect(outsider.status).toBe(404);
    expect((await attributes('nope', 'owner')).status).toBe(404);
    // Holder staff read it; the organisation's owner is asked to sign it.
    expect((await pdfBytes(contract.key, 'holder')).status).toBe(200);
    const mine = await attributes(license, 'owner');
    expect(mine.json.data.nextParty).toBe('licensee');
    expect(mine.json.data.canSign).toBe(true);
  });

  it('refuses a signature over other bytes and changes nothing', async () => {
    const wrong = await signAs(license, 'owner', { party: 'licensee', sha256: 'a'.repeat(64) });
    expect(wrong.status).toBe(409);
    expect(wrong.json.status).toBe(5);
    expect(wrong.json.data.errors?.sha256).toBeTruthy();
    expect(await stateOf(license)).toBe('contract_sent');
    const db = await getDb();
    expect(await db.select().from(contractSignatures).where(eq(contractSignatures.contract, contract.key))).toHaveLength(0);
    const bad = await signAs(license, 'owner', { party: 'licensee', sha256: contract.sha256, consent: false });
    expect(bad.json.status).toBe(5);
    // The holder cannot sign for the licensee, nor countersign before the licensee signed.
    expect((await signAs(license, 'holder', { party: 'licensee', sha256: contract.sha256 })).status).toBe(403);
    expect((await signAs(license, 'holder', { party: 'holder', sha256: contract.sha256 })).json.status).toBe(5);
  });

  it('takes the licensee signature and moves the license to signed', async () => {
    const res = await signAs(license, 'owner', { party: 'licensee', sha256: contract.sha256, typedName: 'Hanako Licensee' });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
    expect(await stateOf(license)).toBe('signed');
    const signed = res.json.data.signatures;
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({
      party: 'licensee',
      signer: sub.owner,
      signerName: 'Hanako Licensee',
      sha256: contract.sha256,
    });
    expect(signed[0]!.ip).toBeTruthy();
    expect(res.json.data.nextParty).toBe('holder');
    const again = await signAs(license, 'owner', { party: 'licensee', sha256: contract.sha256 });
    expect(again.json.status).toBe(5);
    // The licensee cannot countersign for the holder.
    expect((await signAs(license, 'owner', { party: 'holder', sha256: contract.sha256 })).status).toBe(403);
  });

  it('takes the countersignature, activates the license and makes the signed agreement', async () => {
    const res = await signAs(license, 'holder', { party: 'holder', sha256: contract.sha256, typedName: 'Taro Holder' });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
    expect(await stateOf(license)).toBe('active');
    expect(res.json.data.state).toBe('countersigned');
    // The signed agreement is made by a job after the countersignature commits, not in its request.
    expect(res.json.data.finalSha256).toBeNull();
    expect((await attributes(license, 'holder')).json.data.finalSha256).toMatch(/^[0-9a-f]{64}$/);
    const final = await pdfBytes(license, 'owner', true);
    expect(final.status).toBe(200);
    const finalText = await pdfText(final.bytes);
    const originalText = await pdfText(original);
    expect(finalText.pages).toBeGreaterThan(originalText.pages);
    expect(finalText.text).toContain('Hanako Licensee');
    expect(finalText.text).toContain('Taro Holder');
    expect(finalText.text).toContain(contract.sha256);
    // The unsigned contract is unchanged: the signatures verify against its bytes, not against altered ones.
    const db = await getDb();
    const [row] = await db.select().from(contracts).where(eq(contracts.key, contract.key));
    const signatures = await db.select().from(contractSignatures).where(eq(contractSignatures.contract, contract.key));
    expect(signatures).toHaveLength(2);
    const again = await pdfBytes(license, 'owner');
    for (const s of signatures) {
      expect(verifySignature(row!, s, again.bytes)).toBe(true);
      const altered = Buffer.from(again.bytes);
      altered[altered.length - 10] = altered[altered.length - 10]! ^ 0x01;
      expect(verifySignature(row!, s, altered)).toBe(false);
      expect(verifySignature(row!, s, final.bytes)).toBe(false);
    }
    const checked = await verify.request<Envelope<{ verified: boolean }>>('POST', `/api/pdf/verify/${license}`, {
      ...auth('owner'),
      body: {},
    });
    expect(checked.json.data.verified).toBe(true);
    const tampered = await verify.request<Envelope<{ verified: boolean }>>('POST', `/api/pdf/verify/${license}`, {
      ...auth('owner'),
      body: { tamper: true },
    });
    expect(tampered.json.data.verified).toBe(false);
    // Nobody signs an active license's contract again.
    expect((await signAs(license, 'holder', { party: 'holder', sha256: contract.sha256 })).json.status).toBe(5);
  });
});

describe('the signed agreement, sealed for anyone to check', () => {
  const spoofed = { 'x-forwarded-for': '203.0.113.66, 10.0.0.1', 'user-agent': 'SpoofedAgent/1.0' };

  afterAll(() => {
    delete process.env.TRUST_PROXY;
    delete process.env.CONTRACT_SEAL_TSA_URL;
    resetConfigForTests();
  });

  it('carries a PAdES signature over the whole file that pdfsig shows valid; one byte changed breaks it', async () => {
    const { license } = await signedLicense();
    const final = await pdfBytes(license, 'owner', true);
    expect(final.status).toBe(200);
    const report = pdfsig(final.bytes);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('contract seal');
    // A byte of the agreement's text changed: the seal no longer holds.
    const altered = Buffer.from(final.bytes);
    const at = altered.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    altered[at + 2] = altered[at + 2]! ^ 0x01;
    expect(pdfsig(altered)).not.toContain('Signature is Valid.');
    // So does a byte in the middle of the document, wherever it falls outside the signature itself.
    const middle = Buffer.from(final.bytes);
    const contents = middle.indexOf('/Contents <');
    const target = contents > middle.length / 2 ? 100 : middle.length - 100;
    middle[target] = middle[target]! ^ 0x20;
    expect(pdfsig(middle)).not.toContain('Signature is Valid.');
  });

  it('records the socket address of the signer unless TRUST_PROXY names the proxy that forwarded it', async () => {
    const addressOf = async (headers: Record<string, string>) => {
      const { license } = await signedLicense(headers);
      const signatures = (await attributes(license, 'owner')).json.data.signatures;
      return signatures.find((s) => s.party === 'licensee')!;
    };
    // No TRUST_PROXY: X-Forwarded-For is the client's own claim and is not believed.
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
    const plain = await addressOf(spoofed);
    expect(plain.ip).toBe('127.0.0.1');
    // The socket is a trusted proxy: its hop (10.0.0.1) is believed, the claim beyond it is not.
    process.env.TRUST_PROXY = '127.0.0.1';
    resetConfigForTests();
    expect((await addressOf(spoofed)).ip).toBe('10.0.0.1');
    // Both proxies are named: the client behind them is recorded.
    process.env.TRUST_PROXY = '127.0.0.1, 10.0.0.0/8';
    resetConfigForTests();
    expect((await addressOf(spoofed)).ip).toBe('203.0.113.66');
    // The account and the exact bytes stand beside it in the audit trail.
    expect(plain.signer).toBe(sub.owner);
    expect(plain.sha256).toMatch(/^[0-9a-f]{64}$/);
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
  });

  it('adds an RFC 3161 timestamp (PAdES B-T) when a timestamp authority is configured', async () => {
    // A timestamp authority of our own, answering with a token signed by its own certificate.
    const generated = generateSeal({ commonName: 'Test TSA', organization: 'Test' });
    const tsa = readP12(Buffer.from(generated.p12, 'base64'), generated.passphrase);
    let asked = 0;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          asked += 1;
          const request = fromDer(Buffer.concat(chunks)).value as forge.asn1.Asn1[];
          const imprint = request[1]!;
          const nonce = request[2]!;
          const tstInfo = toDer(
            der.seq([
              der.small(1),
              der.oid('1.3.6.1.4.1.99999.1'),
              imprint,
              der.small(asked),
              forge.asn1.create(
                forge.asn1.Class.UNIVERSAL,
                forge.asn1.Type.GENERALIZEDTIME,
                false,
                forge.asn1.dateToGeneralizedTime(new Date()),
              ),
              nonce,
            ]),
          );
          const token = await signedData({
            digest: crypto.createHash('sha256').update(tstInfo).digest(),
            contentType: OID.tstInfo,
            content: tstInfo,
            signer: tsa,
          });
          const reply = toDer(der.seq([der.seq([der.small(0)]), fromDer(token)]));
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          res.end(reply);
        })();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.CONTRACT_SEAL_TSA_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
    resetConfigForTests();
    try {
      const { license } = await signedLicense();
      const final = (await pdfBytes(license, 'owner', true)).bytes;
      expect(asked).toBe(1);
      expect(pdfsig(final)).toContain('Signature Validation: Signature is Valid.');
      // The CMS in /Contents carries the token as the signature-time-stamp unsigned attribute.
      const hex = /\/Contents <([0-9a-f]+)>/.exec(final.toString('latin1'))![1]!;
      const cms = Buffer.from(hex, 'hex');
      expect(cms.includes(Buffer.from(forge.asn1.oidToDer(OID.signatureTimeStampToken).getBytes(), 'binary'))).toBe(true);
    } finally {
      delete process.env.CONTRACT_SEAL_TSA_URL;
      resetConfigForTests();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("the holder's own sealing certificate", () => {
  it('seals with the PKCS#12 file CONTRACT_SEAL_P12 names: pdfsig shows it valid and signed by that certificate', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seal-p12-'));
    const own = generateSeal({ commonName: 'Calbee Legal Department Seal', organization: 'Calbee Test' });
    const file = path.join(dir, 'holder-seal.p12');
    fs.writeFileSync(file, Buffer.from(own.p12, 'base64'));
    process.env.CONTRACT_SEAL_P12 = file;
    process.env.CONTRACT_SEAL_PASSPHRASE = own.passphrase;
    resetConfigForTests();
    try {
      const { license } = await signedLicense();
      const report = pdfsig((await pdfBytes(license, 'owner', true)).bytes);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Calbee Legal Department Seal');
      expect(report).not.toContain('contract seal');
    } finally {
      delete process.env.CONTRACT_SEAL_P12;
      delete process.env.CONTRACT_SEAL_PASSPHRASE;
      resetConfigForTests();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signing only through the e-signature', () => {
  it('refuses the plain sign and countersign steps without a signature and changes nothing', async () => {
    const license = await approvedLicense();
    await sendContract(license);
    const plain = await call<{ message: string; errors: { state: string } }>('POST', `/api/v1/License/${license}/sign`, 'owner');
    expect(plain.status).toBe(409);
    expect(plain.json.status).toBe(5);
    expect(plain.json.data.errors.state).toContain('/api/pdf/sign/');
    expect(await stateOf(license)).toBe('contract_sent');
    const db = await getDb();
    const history = await db.select().from(logWorkflow).where(eq(logWorkflow.key, license));
    expect(history.some((entry) => entry.action === 'sign')).toBe(false);

    const sha256 = (await attributes(license, 'owner')).json.data.sha256;
    expect((await signAs(license, 'owner', { party: 'licensee', sha256 })).json.status).toBe(0);
    expect(await stateOf(license)).toBe('signed');
    const counter = await call('POST', `/api/v1/License/${license}/countersign`, 'holder');
    expect(counter.status).toBe(409);
    expect(await stateOf(license)).toBe('signed');
  });
});

describe('a change of terms after signing', () => {
  it('voids the licensee signature and sends a new revision for signing', async () => {
    const license = await approvedLicense(1000);
    await sendContract(license);
    const first = (await attributes(license, 'owner')).json.data;
    const signed = await signAs(license, 'owner', { party: 'licensee', sha256: first.sha256 });
    expect(signed.json.status).toBe(0);
    expect(await stateOf(license)).toBe('signed');
    const current = await call('GET', `/api/v1/License/${license}`, 'holder');
    const patched = await call('PATCH', `/api/v1/License/${license}`, 'holder', {
      royalty_rate_bp: 1500,
      version: current.json.data.version,
    });
    expect(patched.json.status, JSON.stringify(patched.json)).toBe(0);
    expect((await attributes(license, 'holder')).json.data.termsChanged).toBe(true);
    const refused = await signAs(license, 'holder', { party: 'holder', sha256: first.sha256 });
    expect(refused.status).toBe(409);
    expect(refused.json.data.errors?.sha256).toBeTruthy();
    const old = (await attributes(first.key, 'owner')).json.data;
    expect(old.voided).toBe(true);
    expect(old.signatures[0]!.voided).toBe(true);
    expect(await stateOf(license)).toBe('contract_sent');
    const db = await getDb();
    const [oldRow] = await db.select().from(contracts).where(eq(contracts.key, first.key));
    const [oldSignature] = await db.select().from(contractSignatures).where(eq(contractSignatures.contract, first.key));
    const oldBytes = await pdfBytes(first.key, 'owner');
    expect(verifySignature(oldRow!, oldSignature!, oldBytes.bytes)).toBe(false);
    const next = (await attributes(license, 'owner')).json.data;
    expect(next.key).not.toBe(first.key);
    expect(next.revision).toBe(2);
    expect(next.nextParty).toBe('licensee');
    expect(next.signatures).toEqual([]);
    expect((await pdfText((await pdfBytes(license, 'owner')).bytes)).text).toContain('15%');
  });
});

describe('the demo contract and the sample PDF', () => {
  it('renders the sample contract in jp and en for administrators only', async () => {
    for (const lang of ['jp', 'en'] as const) {
      const res = await fetch(`${demo.url}/api/pdf/demo?lang=${lang}`, auth('admin'));
      expect(res.status).toBe(200);
      const { text } = await pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain(lang === 'jp' ? 'ライセンス契約書' : 'License Agreement');
    }
    expect((await demo.request('GET', '/api/pdf/demo', auth('owner'))).status).toBe(403);
  });

  it('walks through sign, countersign and verification without touching a license', async () => {
    const before = await (await getDb()).select({ key: licenses.key, state: licenses.state }).from(licenses);
    const created = await demo.request<Envelope<Attr>>('POST', '/api/pdf/demo', { ...auth('admin'), body: { lang: 'en' } });
    expect(created.json.status, JSON.stringify(created.json)).toBe(0);
    const key = created.json.data.key;
    expect(created.json.data.nextParty).toBe('licensee');
    expect((await attributes(key, 'owner')).status).toBe(404);
    expect((await signAs(key, 'admin', { party: 'licensee', sha256: created.json.data.sha256 })).json.status).toBe(0);
    const done = await signAs(key, 'admin', { party: 'holder', sha256: created.json.data.sha256 });
    expect(done.json.status).toBe(0);
    // The signed agreement follows from a job run after the countersignature's commit.
    expect(done.json.data.state).toBe('countersigned');
    expect((await attributes(key, 'admin')).json.data.finalSha256).toBeTruthy();
    const ok = await verify.request<Envelope<{ verified: boolean }>>('POST', `/api/pdf/verify/${key}`, {
      ...auth('admin'),
      body: {},
    });
    expect(ok.json.data.verified).toBe(true);
    const bad = await verify.request<Envelope<{ verified: boolean }>>('POST', `/api/pdf/verify/${key}`, {
      ...auth('admin'),
      body: { tamper: true },
    });
    expect(bad.json.data.verified).toBe(false);
    const after = await (await getDb()).select({ key: licenses.key, state: licenses.state }).from(licenses);
    expect(after).toEqual(before);
  });
});
