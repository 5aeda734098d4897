import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips, products } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { HOME_ITEMS, type HomeItem, type HomeSection } from './types';
import { nameRows } from '../naming/load-names';

/** Secondary IPs (designers) and products (licensee organisations) sent back with changes requested. */
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
    items.push(...names.map((n) => ({ label: n.label, href: '/designer/iplist', kind: 'ip', state: 'changes_requested' })));
  }
  if (licensee) {
    const where = and(eq(products.state, 'changes_requested'), inArray(products.licensee, viewer.licensees));
    const [n] = await db.select({ n: count() }).from(products).where(where);
    total += Number(n?.n ?? 0);
    const rows = await db.select().from(products).where(where).orderBy(asc(products.dateUpdated)).limit(HOME_ITEMS);
    const names = await nameRows(db, 'product', rows, viewer.lang);
    items.push(...names.map((n) => ({ label: n.label, href: '/licensee/product', kind: 'product', state: 'changes_requested' })));
  }
  return { id: 'changes', count: total, items: items.slice(0, HOME_ITEMS) };
}
