import { and, eq, gt, sql } from 'drizzle-orm';
import { invitations } from '../db/platform-schema';
import { users } from '../db/schema';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

/** Invitations still open for the caller's e-mail address. */
export function invitationsPart(ctx: HomeContext): HomePart<Listed> {
  const { viewer } = ctx;
  const email = sql`(select lower(${users.email}) from ${users} where ${eq(users.sub, viewer.sub)})`;
  return {
    id: 'invitations',
    json: listedJson({
      table: invitations,
      where: and(
        sql`lower(${invitations.email}) = ${email}`,
        eq(invitations.state, 'pending'),
        gt(invitations.expiresAt, ctx.now),
      ),
      orderBy: [{ column: invitations.dateCreated }],
      limit: HOME_ITEMS,
      kind: 'invitation',
    }),
    finish: (listed) => {
      const names = nameListed(listed, 'invitation', viewer.lang);
      return {
        id: 'invitations',
        count: listed.count,
        href: '/invite',
        items: listed.items.map((item, i) => ({ label: names[i]!.label, href: '/invite', kind: String(item.row.kind) })),
      };
    },
  };
}
