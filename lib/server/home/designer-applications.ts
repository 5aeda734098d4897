import { inArray } from 'drizzle-orm';
import { liquidApplications } from '../db/entities-schema';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

/** Application states in which product staff still have a step to take (review, approve or reject, issue). */
const WAITING = ['applied', 'reviewing', 'approved'];

/**
 * Product staff and administrators: applications to become a designer that wait for their next
 * step on holder/applications, oldest first.
 */
export function designerApplicationsPart(ctx: HomeContext): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.product) return null;
  return {
    id: 'designerApplications',
    json: listedJson({
      table: liquidApplications,
      where: inArray(liquidApplications.state, WAITING),
      orderBy: [{ column: liquidApplications.dateCreated }],
      limit: HOME_ITEMS,
      kind: 'liquid',
    }),
    finish: (listed) => {
      const names = nameListed(listed, 'liquid', viewer.lang);
      return {
        id: 'designerApplications',
        count: listed.count,
        items: listed.items.map((item, i) => ({
          label: names[i]!.label,
          href: '/holder/applications',
          kind: 'liquid',
          state: String(item.row.state),
        })),
        href: '/holder/applications',
      };
    },
  };
}
