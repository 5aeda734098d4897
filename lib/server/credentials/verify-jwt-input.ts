import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { verifyInput } from './inputs';
import { verifyCredentialJwt, type Verification } from './verify-credential';

/** POST /api/vc/verify: a credential JWT from anywhere, verified now. */
export async function verifyJwtInput(db: Db, lang: 'jp' | 'en', body: unknown): Promise<Verification> {
  const input = validateInput(verifyInput, body, lang);
  return verifyCredentialJwt(db, input.jwt);
}
