import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations } from '../db/platform-schema';
import { users } from '../db/schema';
import { HOME_ITEMS, type HomeSection } from './types';
import { nameRows } from '../naming/load-names';

/** Invitations still open for the caller's e-mail address. */
export async function invitationsSection(db: Db, sub: string, lang: 'jp' | 'en', now = new Date()): Promise<HomeSection> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.sub, sub)).limit(1);
  if (!user) return { id: 'invitations', count: 0, items: [] };
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${user.email.toLowerCase()}`,
        eq(invitations.state, 'pending'),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(asc(invitations.dateCreated))
    .limit(50);
  const names = await nameRows(db, 'invitation', rows.slice(0, HOME_ITEMS), lang);
  return {
    id: 'invitations',
    count: rows.length,
    href: '/invite',
    items: rows.slice(0, HOME_ITEMS).map((r, i) => ({ label: names[i]!.label, href: '/invite', kind: r.kind })),
  };
}
