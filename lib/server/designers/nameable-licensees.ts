import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { entitiesOf } from '../../acl/match';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { invitations } from '../db/platform-schema';
import { users } from '../db/schema';
import { accessOf } from '../users/accounts';
import { roleNames } from '../roles/role-lists';

/**
 * The licensee organisations a person may name in a license application (issue #17): those it
 * belongs to, in any sub-role (a designer member included), and those that have invited it and are
 * waiting for an answer (a pending, unexpired invitation to its account's e-mail). Any other
 * organisation does not exist for it.
 */
export async function nameableLicensees(db: DbOrTx, sub: string, access?: readonly string[]): Promise<string[]> {
  const granted = access ?? (await accessOf(db as Db, sub));
  const member = entitiesOf(granted, 'licensee', roleNames().client);
  const invited = await db
    .selectDistinct({ entity: invitations.entity })
    .from(invitations)
    .innerJoin(users, sql`lower(${users.email}) = lower(${invitations.email})`)
    .where(
      and(
        eq(users.sub, sub),
        eq(invitations.state, 'pending'),
        gt(invitations.expiresAt, new Date()),
        isNotNull(invitations.entity),
      ),
    );
  return [...new Set([...member, ...invited.map((row) => row.entity!)])];
}
