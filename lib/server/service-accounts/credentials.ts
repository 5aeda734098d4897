import { createHash, randomBytes } from 'node:crypto';
import { newKey } from '../keys';

/** Client ids of service accounts carry this prefix, so the token endpoint knows whose secret to digest. */
export const SERVICE_CLIENT_PREFIX = 'svc-';

export function newClientId(): string {
  return `${SERVICE_CLIENT_PREFIX}${newKey(24)}`;
}

/** 256 random bits, base64url: shown once, never stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret, and what the provider compares against. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function isServiceClientId(clientId: string): boolean {
  return clientId.startsWith(SERVICE_CLIENT_PREFIX);
}
