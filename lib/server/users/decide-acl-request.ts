import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { aclRequests } from '../db/schema';
import { changeAccess, entriesOf, lockExistingUser } from '../roles/change-access';
import { requireRole } from '../roles/role-lists';
import type { AclRequest } from './request-acl';

/** Body of POST /api/core/users/acl/request/{key}. */
export const usersAclDecideInput = z
  .object({ decision: z.enum(['approve', 'deny']), comment: z.string().trim().max(1000).optional() })
  .strict();

export interface AclRequestDecision {
  request: AclRequest;
  /** The requester's entries after the decision. */
  entries: string[];
}

function requestKeyOf(value: unknown): string {
  const key = Array.isArray(value) ? undefined : value;
  if (typeof key !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(key)) throw new AppError('not_found', 'request not found');
  return key;
}

/**
 * An administrator approves (the entry is granted) or denies a pending access request. The request,
 * the grant and the admin log entry (`acl.request.approve` / `acl.request.deny`) land in one transaction.
 */
export async function decideAclRequest(db: Db, caller: Caller, id: unknown, body: unknown): Promise<AclRequestDecision> {
  requireRole(caller, 'system');
  const key = requestKeyOf(id);
  const input = validateInput(usersAclDecideInput, body, caller.lang);
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(aclRequests).where(eq(aclRequests.key, key)).for('update');
    if (!request) throw new AppError('not_found', 'request not found');
    if (request.state !== 'pending') {
      throw fieldError(
        caller.lang,
        { decision: { message: { jp: 'この申請はすでに処理済みです。', en: 'This request has already been decided.' } } },
        { conflict: true },
      );
    }
    await lockExistingUser(tx, request.sub);
    const approve = input.decision === 'approve';
    const diff = approve ? await changeAccess(tx, { sub: request.sub, grantedBy: caller.sub, add: [request.entry] }) : null;
    const [decided] = await tx
      .update(aclRequests)
      .set({ state: approve ? 'approved' : 'denied', decidedBy: caller.sub, dateDecided: new Date() })
      .where(eq(aclRequests.key, key))
      .returning();
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: approve ? 'acl.request.approve' : 'acl.request.deny',
      ref: request.sub,
      data: {
        sub: request.sub,
        entry: request.entry,
        request: request.key,
        ...(input.comment ? { comment: input.comment } : {}),
        ...(diff ? { before: diff.before, after: diff.after } : {}),
      },
    });
    return { request: decided!, entries: diff ? diff.after : await entriesOf(tx, request.sub) };
  });
}
