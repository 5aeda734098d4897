import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aclRequests } from '../db/schema';
import type { Viewer } from '../entities/viewer';
import type { HomeSection } from './types';

/** Administrators: access requests waiting for a decision on sys/acl. */
export async function accessRequestsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.admin) return null;
  const [row] = await db.select({ n: count() }).from(aclRequests).where(eq(aclRequests.state, 'pending'));
  return { id: 'accessRequests', count: Number(row?.n ?? 0), items: [], href: '/sys/acl' };
}
