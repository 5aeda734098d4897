import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { getConfig } from '../../config';
import { createFileOnce } from '../common/create-file-once';
import { writeAtomic } from '../storage/write-atomic';

function keysFile(): string {
  return path.join(getConfig().dataDir, 'keys', 'idp-jwks.json');
}

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `k${Date.now().toString(36)}` };
}

/** The provider's signing keys: generated once into DATA_DIR/keys and reused on restart. */
export async function loadOrCreateSigningKeys(): Promise<{ keys: JWK[] }> {
  const file = keysFile();
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: JWK[] };
  // Replicas starting together on a fresh shared data dir must all sign with the same key.
  return JSON.parse(createFileOnce(file, JSON.stringify({ keys: [await newKey()] }))) as { keys: JWK[] };
}

/**
 * A new signing key in front (the provider signs with the first RS256 key) and the previous one
 * kept behind it, so ID tokens signed just before the rotation still verify against the published
 * JWKS; older keys are dropped. The provider reads the file when it starts: restart after rotating.
 */
export async function rotateIdpSigningKeys(): Promise<{ kid: string; kept: string[] }> {
  const current = fs.existsSync(keysFile()) ? (JSON.parse(fs.readFileSync(keysFile(), 'utf8')) as { keys: JWK[] }).keys : [];
  const keys = [await newKey(), ...current.slice(0, 1)];
  await writeAtomic(keysFile(), Buffer.from(JSON.stringify({ keys })), 0o600);
  return { kid: String(keys[0]!.kid), kept: keys.slice(1).map((k) => String(k.kid)) };
}
