import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licensees } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { designerForPrivateRead } from './designer-access';

/**
 * GET /api/v1/Designer/licensees/{id}: every licensee organisation as {key, name}, for the
 * designer's license application form (a designer cannot query Licensee records themselves).
 */
export async function listLicenseeOptions(db: Db, viewer: Viewer, designerKey: string) {
  await designerForPrivateRead(db, viewer, designerKey);
  return db.select({ key: licensees.key, name: licensees.name }).from(licensees).orderBy(asc(licensees.name)).limit(1000);
}
