import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { accessOf } from '../users/accounts';
import { assertMaySeeUser, userIdOf } from '../users/user-visibility';

/** Body of /api/core/roles/get, /api/core/users/acl. */
export const rolesGetInput = z.object({ sub: sub() }).strict();

export interface UserEntries {
  sub: string;
  entries: string[];
}

/** A user's access entries, by sub: known to administrators and to the user. */
export async function entriesOfUser(db: Db, caller: Caller, target: string): Promise<UserEntries> {
  assertMaySeeUser(caller, target);
  const [row] = await db.select({ sub: users.sub }).from(users).where(eq(users.sub, target)).limit(1);
  if (!row) throw new AppError('not_found', 'user not found');
  return { sub: target, entries: await accessOf(db, target) };
}

export async function getRoles(db: Db, caller: Caller, body: unknown): Promise<UserEntries> {
  const input = validateInput(rolesGetInput, body, caller.lang);
  return entriesOfUser(db, caller, input.sub);
}

/** GET /api/acl/{id}: the same, for the user named by the path. */
export async function getRolesById(db: Db, caller: Caller, id: unknown): Promise<UserEntries> {
  return entriesOfUser(db, caller, userIdOf(id));
}
