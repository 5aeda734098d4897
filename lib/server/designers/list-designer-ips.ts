import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { isOwnerOrHolder, loadDesigner } from './designer-access';

/**
 * GET /api/v1/Designer/ips/{id}: the designer's secondary IPs. Its owner and holder staff see
 * every state; anyone else signed in sees the approved ones (the designer view page lists them).
 */
export async function listDesignerIps(db: Db, viewer: Viewer, designerKey: string) {
  const designer = await loadDesigner(db, designerKey);
  const conditions: SQL[] = [eq(ips.kind, 'secondary'), eq(ips.designer, designer.key)];
  if (!isOwnerOrHolder(viewer, designer)) conditions.push(inArray(ips.state, ['approved']));
  return db
    .select()
    .from(ips)
    .where(and(...conditions))
    .orderBy(desc(ips.dateUpdated))
    .limit(500);
}
