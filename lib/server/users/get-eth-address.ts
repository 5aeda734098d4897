import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { findUserBySub } from './accounts';
import { assertMaySeeUser } from './user-visibility';

/** Body of /api/core/users/get/eth. */
export const usersGetEthInput = z.object({ sub: sub() }).strict();

/** A user's wallet address: to themselves, administrators and holder roles. */
export async function getEthAddress(db: Db, caller: Caller, body: unknown): Promise<{ sub: string; address: string | null }> {
  const input = validateInput(usersGetEthInput, body, caller.lang);
  assertMaySeeUser(caller, input.sub, { holders: true });
  const row = await findUserBySub(db, input.sub);
  if (!row) throw new AppError('not_found', 'user not found');
  return { sub: row.sub, address: row.wallet };
}
