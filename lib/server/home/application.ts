import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liquidApplications } from '../db/entities-schema';
import type { HomeSection } from './types';

const OPEN = new Set(['applied', 'reviewing', 'approved']);

/** The caller's latest designer application (liquid): counted while it is still open. */
export async function applicationSection(db: Db, sub: string): Promise<HomeSection | null> {
  const [latest] = await db
    .select({ key: liquidApplications.key, state: liquidApplications.state, kind: liquidApplications.kind })
    .from(liquidApplications)
    .where(eq(liquidApplications.applicant, sub))
    .orderBy(desc(liquidApplications.dateCreated))
    .limit(1);
  if (!latest) return null;
  return {
    id: 'application',
    count: OPEN.has(latest.state) ? 1 : 0,
    href: '/apply',
    items: [{ label: latest.key, href: '/apply', kind: 'liquid', state: latest.state }],
  };
}
