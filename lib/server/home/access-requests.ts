import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aclRequests } from '../db/schema';
import type { Viewer } from '../entities/viewer';
import { loadLogNames } from '../audit/readable';
import { entryInWords } from '../naming/access-entry';
import { HOME_ITEMS, type HomeSection } from './types';

/**
 * Administrators: access requests waiting for a decision on sys/acl, oldest first, each as who
 * asks for which role ("山田 太郎 — カルビー商事 のスタッフ").
 */
export async function accessRequestsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.admin) return null;
  const pending = eq(aclRequests.state, 'pending');
  const [row] = await db.select({ n: count() }).from(aclRequests).where(pending);
  const rows = await db
    .select({ sub: aclRequests.sub, entry: aclRequests.entry })
    .from(aclRequests)
    .where(pending)
    .orderBy(asc(aclRequests.dateCreated))
    .limit(HOME_ITEMS);
  const names = await loadLogNames(
    db,
    rows.map((r) => ({ action: 'acl.request', sub: r.sub, ref: null, data: { entry: r.entry } })),
    viewer.lang,
  );
  return {
    id: 'accessRequests',
    count: Number(row?.n ?? 0),
    items: rows.map((r) => ({
      label: `${names.person(r.sub)} — ${entryInWords(r.entry, { ...names.access, organisation: (k) => names.organisation(k) }, viewer.lang)}`,
      href: '/sys/acl',
    })),
    href: '/sys/acl',
  };
}
