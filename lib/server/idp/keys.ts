import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { getConfig } from '../../config';

/** The provider's signing keys: generated once into DATA_DIR/keys and reused on restart. */
export async function loadOrCreateSigningKeys(): Promise<{ keys: JWK[] }> {
  const file = path.join(getConfig().dataDir, 'keys', 'idp-jwks.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: JWK[] };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `k${Date.now().toString(36)}` };
  const jwks = { keys: [jwk] };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(jwks), { mode: 0o600 });
  return jwks;
}
