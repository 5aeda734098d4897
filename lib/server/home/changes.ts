import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips, licenses, products, usages } from '../db/entities-schema';
import { recordLink } from '../notify/record-link';
import type { Viewer } from '../entities/viewer';
import { HOME_ITEMS, type HomeItem, type HomeSection } from './types';
import { nameRows } from '../naming/load-names';

/**
 * Usage permits and secondary IPs (designers), license applications and products (licensee
 * organisations) sent back with changes requested, each linking to the record's own panel.
 */
export async function changesSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  const designer = viewer.designerRole || viewer.designers.length > 0;
  const licensee = viewer.licensees.length > 0;
  if (!designer && !licensee) return null;
  let total = 0;
  const items: HomeItem[] = [];
  if (designer) {
    const mine = viewer.designers.length
      ? or(eq(ips.owner, viewer.sub), inArray(ips.designer, viewer.designers))!
      : eq(ips.owner, viewer.sub);
    const where = and(eq(ips.state, 'changes_requested'), mine);
    const [n] = await db.select({ n: count() }).from(ips).where(where);
    total += Number(n?.n ?? 0);
    const rows = await db.select().from(ips).where(where).orderBy(asc(ips.dateUpdated)).limit(HOME_ITEMS);
    const names = await nameRows(db, 'ip', rows, viewer.lang);
    items.push(
      ...rows.map((row, i) => ({
        label: names[i]!.label,
        href: recordLink('ip', row, 'applicant'),
        kind: 'ip',
        state: 'changes_requested',
      })),
    );
    // Permit applications the brand sent back: only their applicant answers them.
    const permits = and(eq(usages.state, 'changes_requested'), eq(usages.applicant, viewer.sub));
    const [p] = await db.select({ n: count() }).from(usages).where(permits);
    total += Number(p?.n ?? 0);
    const permitRows = await db.select().from(usages).where(permits).orderBy(asc(usages.dateUpdated)).limit(HOME_ITEMS);
    const permitNames = await nameRows(db, 'usage', permitRows, viewer.lang);
    items.push(
      ...permitRows.map((row, i) => ({
        label: permitNames[i]!.label,
        href: recordLink('usage', row, 'applicant'),
        kind: 'usage',
        state: 'changes_requested',
      })),
    );
  }
  if (viewer.licenseeStaff.length > 0) {
    // License applications sent back: the applicant's organisation corrects and resubmits them.
    const where = and(eq(licenses.state, 'changes_requested'), inArray(licenses.licensee, viewer.licenseeStaff));
    const [n] = await db.select({ n: count() }).from(licenses).where(where);
    total += Number(n?.n ?? 0);
    const rows = await db.select().from(licenses).where(where).orderBy(asc(licenses.dateUpdated)).limit(HOME_ITEMS);
    const names = await nameRows(db, 'license', rows, viewer.lang);
    items.push(
      ...rows.map((row, i) => ({
        label: names[i]!.label,
        href: recordLink('license', row, 'applicant'),
        kind: 'license',
        state: 'changes_requested',
      })),
    );
  }
  if (licensee) {
    const where = and(eq(products.state, 'changes_requested'), inArray(products.licensee, viewer.licensees));
    const [n] = await db.select({ n: count() }).from(products).where(where);
    total += Number(n?.n ?? 0);
    const rows = await db.select().from(products).where(where).orderBy(asc(products.dateUpdated)).limit(HOME_ITEMS);
    const names = await nameRows(db, 'product', rows, viewer.lang);
    items.push(
      ...rows.map((row, i) => ({
        label: names[i]!.label,
        href: recordLink('product', row, 'applicant'),
        kind: 'product',
        state: 'changes_requested',
      })),
    );
  }
  return { id: 'changes', count: total, items: items.slice(0, HOME_ITEMS) };
}
