import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import { getConfig } from '../../config';
import { createFileOnce } from '../common/create-file-once';
import { writeAtomic } from '../storage/write-atomic';
import { didWebOf, kidOf, verificationMethodId } from './did-web';

/**
 * The two signing keys of the credential service (DESIGN §1 "credentials"): `holder-vc` signs the
 * license credentials the IP holder issues, `wallet-vp` signs presentations the platform's wallet
 * makes on behalf of a signed-in presenter. Each is an ES256 key pair generated once into
 * DATA_DIR/keys/<name>.json (mode 0600) and reused on restart; only the public halves are published.
 *
 * Rotation (`npm run keys:rotate -- holder-vc`) writes a new pair into the same file and keeps the
 * public halves of the earlier ones as `retired`: credentials signed before still verify, by kid,
 * and the JWK Set keeps publishing those keys for outside verifiers.
 */
export type KeyName = 'holder-vc' | 'wallet-vp';

export const ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
  publicJwk: JWK;
  /** Public keys of earlier pairs, newest first: they verify what they signed, they sign nothing. */
  retired: JWK[];
}

interface RetiredKey {
  kid: string;
  publicJwk: JWK;
  retiredAt: string;
}

interface StoredKey {
  kid: string;
  alg: string;
  privateJwk: JWK;
  publicJwk: JWK;
  created: string;
  retired?: RetiredKey[];
}

const loaded = new Map<string, Promise<SigningKey>>();

export function keyFile(name: KeyName): string {
  return path.join(getConfig().dataDir, 'keys', `${name}.json`);
}

async function newPair(name: KeyName): Promise<StoredKey> {
  const pair = await generateKeyPair(ALG, { extractable: true });
  return {
    kid: `${name}-${Date.now().toString(36)}`,
    alg: ALG,
    privateJwk: await exportJWK(pair.privateKey),
    publicJwk: await exportJWK(pair.publicKey),
    created: new Date().toISOString(),
  };
}

function publishedJwk(kid: string, jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: ALG, use: 'sig' };
}

function readStored(name: KeyName): StoredKey | undefined {
  const file = keyFile(name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey) : undefined;
}

async function loadOrCreate(name: KeyName): Promise<SigningKey> {
  const file = keyFile(name);
  let stored = readStored(name);
  // Two processes racing on a fresh data dir keep the first key; the loser reads it back.
  stored ??= JSON.parse(createFileOnce(file, JSON.stringify(await newPair(name), null, 2))) as StoredKey;
  const privateKey = await importJWK({ ...stored.privateJwk, alg: ALG }, ALG);
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: publishedJwk(stored.kid, stored.publicJwk),
    retired: (stored.retired ?? []).map((r) => publishedJwk(r.kid, r.publicJwk)),
  };
}

/** The key pair, created on first use; one load per process and data directory. */
export function signingKey(name: KeyName): Promise<SigningKey> {
  const id = `${getConfig().dataDir}:${name}`;
  let entry = loaded.get(id);
  if (!entry) {
    entry = loadOrCreate(name);
    entry.catch(() => loaded.delete(id));
    loaded.set(id, entry);
  }
  return entry;
}

function forget(name: KeyName): void {
  loaded.delete(`${getConfig().dataDir}:${name}`);
}

/**
 * The public key that verifies a signature made with `kid`: the current pair or a retired one.
 * A kid this process has not seen is looked up once more on disk, so a replica that loaded its
 * keys before another process rotated them still verifies what the new key signs.
 */
export async function verificationKey(name: KeyName, headerKid: unknown): Promise<JWK | null> {
  // Credentials name their key by DID URL (did:web:…#kid); earlier ones by the bare kid.
  const kid = kidOf(headerKid);
  if (!kid) return null;
  const find = (key: SigningKey) => [key.publicJwk, ...key.retired].find((jwk) => jwk.kid === kid) ?? null;
  const known = find(await signingKey(name));
  if (known) return known;
  forget(name);
  return find(await signingKey(name));
}

/**
 * A new pair for `name`; the current one's public half joins the retired keys. The file is
 * replaced atomically. Other processes sign with the old pair until they restart (its
 * signatures keep verifying everywhere), and verify the new one's as soon as they meet its kid.
 */
export async function rotateSigningKey(name: KeyName): Promise<{ kid: string; retired: string[] }> {
  const current = readStored(name);
  const next = await newPair(name);
  const retiredAt = new Date().toISOString();
  next.retired = current ? [{ kid: current.kid, publicJwk: current.publicJwk, retiredAt }, ...(current.retired ?? [])] : [];
  await writeAtomic(keyFile(name), Buffer.from(JSON.stringify(next, null, 2)), 0o600);
  forget(name);
  return { kid: next.kid, retired: next.retired.map((r) => r.kid) };
}

/** The public keys of both, current and retired, as a JWK Set (GET /api/vc/jwks). */
export async function publicJwks(): Promise<{ keys: JWK[] }> {
  const holder = await signingKey('holder-vc');
  const wallet = await signingKey('wallet-vp');
  return { keys: [holder.publicJwk, wallet.publicJwk, ...holder.retired, ...wallet.retired] };
}

/** The issuer identifier written into every credential: the did:web of the site's address. */
export function issuerId(): string {
  return didWebOf(getConfig().appUrl);
}

/** The `kid` a credential's JWT header carries: the DID URL of the key in the issuer's DID document. */
export function signingKid(key: SigningKey): string {
  return verificationMethodId(issuerId(), key.kid);
}

export function jwksUri(): string {
  return `${getConfig().appUrl}/api/vc/jwks`;
}

/**
 * The issuer's DID document (GET /.well-known/did.json): the holder key that signs credentials now
 * and every retired one, as JsonWebKey2020 verification methods, all of them assertion methods so
 * that credentials signed before a rotation keep verifying with any did:web resolver.
 */
export async function didDocument(): Promise<Record<string, unknown>> {
  const did = issuerId();
  const holder = await signingKey('holder-vc');
  const methods = [holder.publicJwk, ...holder.retired].map((jwk) => {
    const { kid, use: _use, ...publicKeyJwk } = jwk;
    return { id: verificationMethodId(did, kid!), type: 'JsonWebKey2020', controller: did, publicKeyJwk };
  });
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
