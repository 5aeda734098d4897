import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses, products, reviews } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { designerForPrivateRead } from './designer-access';
import { ipNames, licenseeNames } from './names';

/**
 * GET /api/v1/Designer/products/{id}: products licensees made from the designer's IPs, newest
 * first, each with the key of its pending designer review (null when nothing waits for the
 * designer), the licensee's and the IP's names and the license's term.
 */
export async function listDesignerProducts(db: Db, viewer: Viewer, designerKey: string) {
  const designer = await designerForPrivateRead(db, viewer, designerKey);
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.designer, designer.key))
    .orderBy(desc(products.dateUpdated))
    .limit(500);
  if (!rows.length) return [];
  const keys = rows.map((r) => r.key);
  const pending = await db
    .select({ key: reviews.key, subject: reviews.subject_key, step: reviews.step })
    .from(reviews)
    .where(
      and(
        eq(reviews.subject_type, 'product'),
        inArray(reviews.subject_key, keys),
        eq(reviews.group, 'designer'),
        eq(reviews.state, 'pending'),
      ),
    );
  const licenseRows = await db
    .select({ key: licenses.key, term_start: licenses.term_start, term_end: licenses.term_end })
    .from(licenses)
    .where(inArray(licenses.key, [...new Set(rows.map((r) => r.license))]));
  const terms = new Map(licenseRows.map((l) => [l.key, l]));
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
  return rows.map((r) => {
    const review = pending.find((p) => p.subject === r.key && p.step === r.state);
    const license = terms.get(r.license);
    return {
      ...r,
      designerReview: review?.key ?? null,
      ipName: r.ip ? (ipName.get(r.ip) ?? null) : null,
      licenseeName: r.licensee ? (orgName.get(r.licensee) ?? null) : null,
      licenseTerm: license ? { start: license.term_start, end: license.term_end } : null,
    };
  });
}
