import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import { users } from '../db/schema';

export interface UserAddress {
  sub: string;
  email: string;
  lang: 'jp' | 'en';
}

/** A user by sub or by e-mail (case-insensitive), with what a message to them needs. */
export async function resolveUser(db: DbOrTx, subOrEmail: string): Promise<UserAddress | undefined> {
  const value = subOrEmail.trim();
  const [row] = await db
    .select({ sub: users.sub, email: users.email, lang: users.lang })
    .from(users)
    .where(or(eq(users.sub, value), sql`lower(${users.email}) = ${value.toLowerCase()}`))
    .limit(1);
  if (!row) return undefined;
  return { sub: row.sub, email: row.email, lang: row.lang === 'en' ? 'en' : 'jp' };
}
