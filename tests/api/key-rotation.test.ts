/**
 * Key rotation (OPERATIONS.md): a rotated credential key signs new credentials under a new kid,
 * while credentials and presentations signed before the rotation keep verifying, and the JWK Set
 * publishes both. A kid nobody issued verifies nothing. The embedded provider's rotation puts
 * the new key first and keeps exactly one previous key.
 */
import fs from 'node:fs';
import { SignJWT, decodeProtectedHeader, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { signCredential } from '@/lib/server/credentials/issue-license-credential';
import { VC_TYP } from '@/lib/server/credentials/license-document';
import { createPresentation, verifyPresentation } from '@/lib/server/credentials/presentation';
import { keyFile, rotateSigningKey, signingKey } from '@/lib/server/credentials/signing-keys';
import { verifySignature } from '@/lib/server/credentials/verify-credential';
import { loadOrCreateSigningKeys, rotateIdpSigningKeys } from '@/lib/server/idp/keys';
import * as jwks from '@/pages/api/vc/jwks';
import { serveRoute, type RouteServer } from './harness';

const payload = (n: number) => ({ id: `urn:test:credential:${n}`, type: ['VerifiableCredential'], credentialSubject: { n } });

describe('credential key rotation', () => {
  let server: RouteServer;

  beforeAll(async () => {
    await ensureReady();
    server = await serveRoute(jwks);
  });
  afterAll(() => server.close());

  it('keeps verifying what the old key signed and publishes both keys', async () => {
    const before = await signCredential(payload(1));
    // The header names the key by its DID URL in the issuer's DID document: did:web:…#<kid>.
    const [did, oldKid] = decodeProtectedHeader(before).kid!.split('#') as [string, string];
    expect(did).toBe('did:web:localhost%3A3999');
    expect(await verifySignature(before)).toMatchObject({ id: 'urn:test:credential:1' });

    const rotated = await rotateSigningKey('holder-vc');
    expect(rotated.kid).not.toBe(oldKid);
    expect(rotated.retired).toEqual([oldKid]);
    expect((fs.statSync(keyFile('holder-vc')).mode & 0o777).toString(8)).toBe('600');

    const after = await signCredential(payload(2));
    expect(decodeProtectedHeader(after).kid).toBe(`${did}#${rotated.kid}`);
    expect(await verifySignature(after)).toMatchObject({ id: 'urn:test:credential:2' });
    // Signed before the rotation, still valid after it.
    expect(await verifySignature(before)).toMatchObject({ id: 'urn:test:credential:1' });

    const res = await fetch(server.url);
    const set = (await res.json()) as { keys: JWK[] };
    const kids = set.keys.map((k) => k.kid);
    expect(kids).toContain(oldKid);
    expect(kids).toContain(rotated.kid);
    // Public halves only.
    expect(set.keys.every((k) => k.d === undefined)).toBe(true);
  });

  it('refuses a credential under a kid it never issued, even when the rest is well formed', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const { kid } = await signingKey('holder-vc');
    const forged = await new SignJWT(payload(3)).setProtectedHeader({ alg: 'ES256', typ: VC_TYP, kid }).sign(privateKey);
    expect(await verifySignature(forged)).toBeNull();
    const unknown = await new SignJWT(payload(3))
      .setProtectedHeader({ alg: 'ES256', typ: VC_TYP, kid: 'nobody' })
      .sign(privateKey);
    expect(await verifySignature(unknown)).toBeNull();
  });

  it('keeps a presentation made before a wallet key rotation verifiable', async () => {
    const presentation = await createPresentation({ presenter: 'alice', verifier: 'bob', nonce: 'n-1', credentials: [] });
    await rotateSigningKey('wallet-vp');
    const check = await verifyPresentation(presentation, { nonce: 'n-1', verifier: 'bob' });
    expect(check.ok).toBe(true);
    const fresh = await createPresentation({ presenter: 'alice', verifier: 'bob', nonce: 'n-2', credentials: [] });
    expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(presentation).kid);
    expect((await verifyPresentation(fresh, { nonce: 'n-2', verifier: 'bob' })).ok).toBe(true);
  });
});

describe('embedded provider key rotation', () => {
  it('signs with the new key first and keeps only the previous one', async () => {
    const first = (await loadOrCreateSigningKeys()).keys.map((k) => k.kid);
    const once = await rotateIdpSigningKeys();
    expect(once.kept).toEqual([first[0]]);
    const twice = await rotateIdpSigningKeys();
    expect(twice.kept).toEqual([once.kid]);
    const now = (await loadOrCreateSigningKeys()).keys;
    expect(now.map((k) => k.kid)).toEqual([twice.kid, once.kid]);
    expect(now[0]).toMatchObject({ alg: 'RS256', use: 'sig' });
  });
});
