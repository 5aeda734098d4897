import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import { getConfig } from '../../config';

/**
 * The two signing keys of the credential service (DESIGN §1 "credentials"): `holder-vc` signs the
 * license credentials the IP holder issues, `wallet-vp` signs presentations the platform's wallet
 * makes on behalf of a signed-in presenter. Each is an ES256 key pair generated once into
 * DATA_DIR/keys/<name>.json (mode 0600) and reused on restart; only the public halves are published.
 */
export type KeyName = 'holder-vc' | 'wallet-vp';

export const ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  alg: string;
  privateJwk: JWK;
  publicJwk: JWK;
  created: string;
}

const loaded = new Map<string, Promise<SigningKey>>();

export function keyFile(name: KeyName): string {
  return path.join(getConfig().dataDir, 'keys', `${name}.json`);
}

async function loadOrCreate(name: KeyName): Promise<SigningKey> {
  const file = keyFile(name);
  let stored: StoredKey | undefined;
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
  if (!stored) {
    const pair = await generateKeyPair(ALG, { extractable: true });
    const privateJwk = await exportJWK(pair.privateKey);
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = `${name}-${Date.now().toString(36)}`;
    stored = { kid, alg: ALG, privateJwk, publicJwk, created: new Date().toISOString() };
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // `wx`: two processes racing on a fresh data dir keep the first key, the loser reads it back.
    try {
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    } catch {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
    }
  }
  const privateKey = await importJWK({ ...stored.privateJwk, alg: ALG }, ALG);
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: {
      kty: stored.publicJwk.kty,
      crv: stored.publicJwk.crv,
      x: stored.publicJwk.x,
      y: stored.publicJwk.y,
      kid: stored.kid,
      alg: ALG,
      use: 'sig',
    },
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

/** The public keys of both, as a JWK Set (GET /api/vc/jwks). */
export async function publicJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey('holder-vc')).publicJwk, (await signingKey('wallet-vp')).publicJwk] };
}

/** The issuer identifier written into every credential: the site's own address. */
export function issuerId(): string {
  return getConfig().appUrl;
}

export function jwksUri(): string {
  return `${getConfig().appUrl}/api/vc/jwks`;
}
