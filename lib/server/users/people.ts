import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import { users } from '../db/schema';

/** A person as role lists show them (SPEC §3 holder roles). */
export interface Person {
  sub: string;
  nickname: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The people behind a list of subs, in the list's order. A sub whose account is gone stays in
 * the answer with empty names, so that it can still be seen and removed.
 */
export async function peopleOf(db: DbOrTx, subs: readonly string[]): Promise<Person[]> {
  if (subs.length === 0) return [];
  const rows = await db
    .select({
      sub: users.sub,
      nickname: users.nickname,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.sub, [...new Set(subs)]));
  const bySub = new Map(rows.map((r) => [r.sub, r]));
  return subs.map((sub) => {
    const row = bySub.get(sub);
    return {
      sub,
      nickname: row?.nickname ?? '',
      first_name: row?.firstName ?? '',
      last_name: row?.lastName ?? '',
      email: row?.email ?? '',
    };
  });
}
