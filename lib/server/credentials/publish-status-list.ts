import type { Db } from '../db/client';
import { signCredential } from './issue-license-credential';
import { issuerId } from './signing-keys';
import { statusListBits, statusListCredentialPayload } from './status-list';

/**
 * GET /api/credentials/status/{list}: the status list as a BitstringStatusListCredential signed by
 * the issuer like the license credentials (`vc+jwt`), built now so that a revocation shows on the
 * next request. Null when there is no such list.
 */
export async function publishedStatusList(db: Db, list: unknown, now = new Date()): Promise<string | null> {
  const id = typeof list === 'string' && /^[1-9][0-9]{0,8}$/.test(list) ? Number(list) : null;
  if (id === null) return null;
  const bits = await statusListBits(db, id);
  if (!bits) return null;
  return signCredential(statusListCredentialPayload({ list: id, issuer: issuerId(), bits, now }));
}
