import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licensees } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { designerForPrivateRead } from './designer-access';
import { nameableLicensees } from './nameable-licensees';

/**
 * GET /api/v1/Designer/licensees/{id}: the licensee organisations the designer may name in a
 * license application, as {key, name}: the ones its owner belongs to or has been invited by
 * (holder staff reading it see the same list, the designer's, not every organisation).
 */
export async function listLicenseeOptions(db: Db, viewer: Viewer, designerKey: string) {
  const designer = await designerForPrivateRead(db, viewer, designerKey);
  if (!designer.owner) return [];
  const own = designer.owner === viewer.sub ? viewer.access : undefined;
  const keys = await nameableLicensees(db, designer.owner, own);
  if (keys.length === 0) return [];
  return db
    .select({ key: licensees.key, name: licensees.name })
    .from(licensees)
    .where(inArray(licensees.key, keys))
    .orderBy(asc(licensees.name))
    .limit(1000);
}
