import { asc, count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liquidApplications } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { nameRows } from '../naming/load-names';
import { HOME_ITEMS, type HomeSection } from './types';

/** Application states in which product staff still have a step to take (review, approve or reject, issue). */
const WAITING = ['applied', 'reviewing', 'approved'];

/**
 * Product staff and administrators: applications to become a designer that wait for their next
 * step on holder/applications, oldest first.
 */
export async function designerApplicationsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.product) return null;
  const waiting = inArray(liquidApplications.state, WAITING);
  const [row] = await db.select({ n: count() }).from(liquidApplications).where(waiting);
  const rows = await db
    .select()
    .from(liquidApplications)
    .where(waiting)
    .orderBy(asc(liquidApplications.dateCreated))
    .limit(HOME_ITEMS);
  const names = await nameRows(db, 'liquid', rows, viewer.lang);
  return {
    id: 'designerApplications',
    count: Number(row?.n ?? 0),
    items: rows.map((r, i) => ({ label: names[i]!.label, href: '/holder/applications', kind: 'liquid', state: r.state })),
    href: '/holder/applications',
  };
}
