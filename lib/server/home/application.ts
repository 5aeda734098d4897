import { eq } from 'drizzle-orm';
import { liquidApplications } from '../db/entities-schema';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import type { HomePart } from './types';

const OPEN = new Set(['applied', 'reviewing', 'approved']);

/** The caller's latest designer application (liquid): counted while it is still open. */
export function applicationPart(ctx: HomeContext): HomePart<Listed> {
  const { viewer } = ctx;
  return {
    id: 'application',
    json: listedJson({
      table: liquidApplications,
      where: eq(liquidApplications.applicant, viewer.sub),
      orderBy: [{ column: liquidApplications.dateCreated, desc: true }],
      limit: 1,
      kind: 'liquid',
    }),
    finish: (listed) => {
      const latest = listed.items[0];
      if (!latest) return null;
      const state = String(latest.row.state);
      return {
        id: 'application',
        count: OPEN.has(state) ? 1 : 0,
        href: '/apply',
        items: [{ label: nameListed(listed, 'liquid', viewer.lang)[0]!.label, href: '/apply', kind: 'liquid', state }],
      };
    },
  };
}
