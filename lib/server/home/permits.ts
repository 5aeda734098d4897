import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ips, usages } from '../db/entities-schema';
import { madeByReader, ownsDesigner, type HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

/**
 * A designer's usage permits that wait for it: granted permits of a primary IP it has not yet
 * made a secondary IP of (its next step is to create and submit that IP), oldest first.
 */
export function permitsPart(ctx: HomeContext): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.designerRole && !ctx.designers) return null;
  const made = alias(ips, '__made');
  const madeOne = sql`exists (select 1 from ${ips} as ${sql.identifier('__made')}
    where ${made.parent} = ${usages.ip} and ${madeByReader(ctx, made.owner, made.designer)})`;
  return {
    id: 'permits',
    json: listedJson({
      table: usages,
      where: and(eq(usages.state, 'approved'), madeByReader(ctx, usages.applicant, usages.designer), sql`not ${madeOne}`),
      orderBy: [{ column: usages.dateUpdated }],
      limit: HOME_ITEMS,
      kind: 'usage',
    }),
    present: viewer.designerRole ? undefined : ownsDesigner(ctx),
    finish: (listed) => {
      const names = nameListed(listed, 'usage', viewer.lang);
      return {
        id: 'permits',
        count: listed.count,
        items: listed.items.map((_, i) => ({
          label: names[i]!.label,
          // Secondary IPs are made from granted permits on the designer's IP list.
          href: '/designer/iplist',
          kind: 'usage',
          state: 'step_create_ip',
        })),
        href: '/designer/iplist',
      };
    },
  };
}
