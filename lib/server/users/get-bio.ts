import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { findUserBySub } from './accounts';

/** Body of /api/core/users/getbio. */
export const usersGetBioInput = z.object({ sub: sub() }).strict();

/** Anyone's bio, like the public profile: for any signed-in caller. */
export async function getBio(db: Db, caller: Caller, body: unknown): Promise<{ sub: string; bio: string | null }> {
  const input = validateInput(usersGetBioInput, body, caller.lang);
  const row = await findUserBySub(db, input.sub);
  if (!row || (row.status !== 0 && row.sub !== caller.sub)) throw new AppError('not_found', 'user not found');
  return { sub: row.sub, bio: row.bio };
}
