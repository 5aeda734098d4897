import { desc, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { aclRequests } from '../db/schema';
import { callerIn } from '../roles/role-lists';
import type { AclRequest } from './request-acl';

/** GET /api/core/users/acl/request: the caller's own requests; administrators see every pending one. */
export async function listAclRequests(db: Db, caller: Caller, limit = 100): Promise<{ items: AclRequest[] }> {
  const where = callerIn(caller, 'system') ? eq(aclRequests.state, 'pending') : eq(aclRequests.sub, caller.sub);
  const items = await db.select().from(aclRequests).where(where).orderBy(desc(aclRequests.dateCreated)).limit(limit);
  return { items };
}
