import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileOnce } from './common/create-file-once';
import { getConfig } from '../config';

/** Secrets the embedded defaults need, generated once into DATA_DIR and reused on restart. */
export interface GeneratedSecrets {
  nextAuthSecret: string;
  cookieKeys: string[];
  oidcClientSecret: string;
  demoPassword: string;
  csrfKey: string;
}

let cached: GeneratedSecrets | undefined;

function random(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function secretsFile(): string {
  return path.join(getConfig().dataDir, 'secrets.json');
}

export function getSecrets(): GeneratedSecrets {
  if (cached) return cached;
  const file = secretsFile();
  let stored: Partial<GeneratedSecrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>;
  const complete: GeneratedSecrets = {
    nextAuthSecret: stored.nextAuthSecret ?? random(),
    cookieKeys: stored.cookieKeys?.length ? stored.cookieKeys : [random(), random()],
    oidcClientSecret: stored.oidcClientSecret ?? random(),
    demoPassword: stored.demoPassword ?? `demo-${random(6)}`,
    csrfKey: stored.csrfKey ?? random(),
  };
  if (!fs.existsSync(file)) {
    // Replicas starting together on a fresh shared data dir must agree on one set of secrets.
    cached = JSON.parse(createFileOnce(file, JSON.stringify(complete, null, 2))) as GeneratedSecrets;
    return cached;
  }
  if (JSON.stringify(complete) !== JSON.stringify(stored)) {
    // A file from an older version lacks a newer secret: add it, keeping the others.
    fs.writeFileSync(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
  }
  cached = complete;
  return complete;
}

export function resetSecretsForTests(): void {
  cached = undefined;
}
