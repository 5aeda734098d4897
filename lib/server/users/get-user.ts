import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { accessOf, findUserBySub } from './accounts';
import { assertMaySeeUser } from './user-visibility';
import { summaryOf, type UserSummary } from './user-view';

/** Body of /api/core/users/get. */
export const usersGetInput = z.object({ sub: sub() }).strict();

export interface UserWithAccess extends UserSummary {
  wallet: string | null;
  dateCreated: Date;
  access: string[];
}

/** One user with their access entries: to themselves, administrators and holder roles. */
export async function getUser(db: Db, caller: Caller, body: unknown): Promise<UserWithAccess> {
  const input = validateInput(usersGetInput, body, caller.lang);
  assertMaySeeUser(caller, input.sub, { holders: true });
  const row = await findUserBySub(db, input.sub);
  if (!row) throw new AppError('not_found', 'user not found');
  return { ...summaryOf(row), wallet: row.wallet, dateCreated: row.dateCreated, access: await accessOf(db, input.sub) };
}
