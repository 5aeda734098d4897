import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { aclRequests, users } from '../db/schema';
import { callerIn } from '../roles/role-lists';
import type { AclRequest } from './request-acl';

/** A request with who asked, so that an administrator sees a name rather than a sub. */
export type AclRequestItem = AclRequest & { email: string; nickname: string };

/** GET /api/core/users/acl/request: the caller's own requests; administrators see every pending one. */
export async function listAclRequests(db: Db, caller: Caller, limit = 100): Promise<{ items: AclRequestItem[] }> {
  const where = callerIn(caller, 'system') ? eq(aclRequests.state, 'pending') : eq(aclRequests.sub, caller.sub);
  const rows = await db
    .select({ ...getTableColumns(aclRequests), email: users.email, nickname: users.nickname })
    .from(aclRequests)
    .leftJoin(users, eq(users.sub, aclRequests.sub))
    .where(where)
    .orderBy(desc(aclRequests.dateCreated))
    .limit(limit);
  return { items: rows.map((r) => ({ ...r, email: r.email ?? '', nickname: r.nickname ?? '' })) };
}
