import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { findUserBySub } from './accounts';
import { publicProfileOf, type PublicProfile } from './user-view';

/** Body of /api/core/users/get/profile. */
export const usersGetProfileInput = z.object({ sub: sub() }).strict();

/** Anyone's public profile fields, for any signed-in caller. Suspended accounts are not found. */
export async function getPublicProfile(db: Db, caller: Caller, body: unknown): Promise<PublicProfile> {
  const input = validateInput(usersGetProfileInput, body, caller.lang);
  const row = await findUserBySub(db, input.sub);
  if (!row || row.status !== 0) throw new AppError('not_found', 'user not found');
  return publicProfileOf(row);
}
