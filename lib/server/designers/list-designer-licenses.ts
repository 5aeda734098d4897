import { desc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { designerForPrivateRead } from './designer-access';
import { ipNames, licenseeNames } from './names';

/**
 * GET /api/v1/Designer/licenses/{id}: license applications filed under the designer or made by
 * its owner, newest first, with the IP's and the organisation's names.
 */
export async function listDesignerLicenses(db: Db, viewer: Viewer, designerKey: string) {
  const designer = await designerForPrivateRead(db, viewer, designerKey);
  const mine = designer.owner
    ? or(eq(licenses.designer, designer.key), eq(licenses.applicant, designer.owner))
    : eq(licenses.designer, designer.key);
  const rows = await db.select().from(licenses).where(mine).orderBy(desc(licenses.dateCreated)).limit(500);
  const [ipName, orgName] = await Promise.all([
    ipNames(
      db,
      rows.map((r) => r.ip),
    ),
    licenseeNames(
      db,
      rows.map((r) => r.licensee),
    ),
  ]);
  return rows.map((r) => ({ ...r, ipName: ipName.get(r.ip) ?? null, licenseeName: orgName.get(r.licensee) ?? null }));
}
