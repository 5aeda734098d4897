import { eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { usersSetBioInput } from './inputs';

export { usersSetBioInput };

export async function setBio(db: Db, caller: Caller, body: unknown): Promise<{ sub: string; bio: string }> {
  const input = validateInput(usersSetBioInput, body, caller.lang);
  await db
    .update(users)
    .set({ bio: input.bio, version: sql`${users.version} + 1`, dateUpdated: new Date() })
    .where(eq(users.sub, caller.sub));
  return { sub: caller.sub, bio: input.bio };
}
