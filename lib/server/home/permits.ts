import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips, usages } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { nameRows } from '../naming/load-names';
import { HOME_ITEMS, type HomeSection } from './types';

/**
 * A designer's usage permits that wait for it: granted permits of a primary IP it has not yet
 * made a secondary IP of (its next step is to create and submit that IP), oldest first.
 */
export async function permitsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.designerRole && viewer.designers.length === 0) return null;
  const mine = viewer.designers.length
    ? or(eq(usages.applicant, viewer.sub), inArray(usages.designer, viewer.designers))!
    : eq(usages.applicant, viewer.sub);
  const granted = await db
    .select()
    .from(usages)
    .where(and(eq(usages.state, 'approved'), mine))
    .orderBy(asc(usages.dateUpdated));
  const parents = [...new Set(granted.map((u) => u.ip))];
  const ownIps = viewer.designers.length
    ? or(eq(ips.owner, viewer.sub), inArray(ips.designer, viewer.designers))!
    : eq(ips.owner, viewer.sub);
  const made = parents.length
    ? await db
        .select({ parent: ips.parent })
        .from(ips)
        .where(and(inArray(ips.parent, parents), ownIps))
    : [];
  const used = new Set(made.map((m) => m.parent));
  const waiting = granted.filter((u) => !used.has(u.ip));
  const shown = waiting.slice(0, HOME_ITEMS);
  const names = await nameRows(db, 'usage', shown, viewer.lang);
  return {
    id: 'permits',
    count: waiting.length,
    items: shown.map((u, i) => ({
      label: names[i]!.label,
      // Secondary IPs are made from granted permits on the designer's IP list.
      href: '/designer/iplist',
      kind: 'usage',
      state: 'step_create_ip',
    })),
    href: '/designer/iplist',
  };
}
