import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liquidApplications } from '../db/entities-schema';
import type { HomeSection } from './types';
import { nameRow } from '../naming/load-names';

const OPEN = new Set(['applied', 'reviewing', 'approved']);

/** The caller's latest designer application (liquid): counted while it is still open. */
export async function applicationSection(db: Db, sub: string, lang: 'jp' | 'en'): Promise<HomeSection | null> {
  const [latest] = await db
    .select()
    .from(liquidApplications)
    .where(eq(liquidApplications.applicant, sub))
    .orderBy(desc(liquidApplications.dateCreated))
    .limit(1);
  if (!latest) return null;
  return {
    id: 'application',
    count: OPEN.has(latest.state) ? 1 : 0,
    href: '/apply',
    items: [{ label: (await nameRow(db, 'liquid', latest, lang)).label, href: '/apply', kind: 'liquid', state: latest.state }],
  };
}
