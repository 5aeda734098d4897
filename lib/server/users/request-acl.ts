import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { aclRequests } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { newKey } from '../keys';
import { entriesOf, lockExistingUser } from '../roles/change-access';
import { grantableEntry } from '../roles/entry-input';

/** Body of POST /api/core/users/acl/request. */
export const usersAclRequestInput = z
  .object({ entry: grantableEntry(), reason: z.string().trim().max(1000).optional() })
  .strict();

export type AclRequest = typeof aclRequests.$inferSelect;

/**
 * The caller asks for an access entry; an administrator decides later. A second request for an
 * entry already pending, or for one the caller holds, is refused (status 5).
 */
export async function requestAcl(db: Db, caller: Caller, body: unknown): Promise<AclRequest> {
  const input = validateInput(usersAclRequestInput, body, caller.lang);
  return db.transaction(async (tx) => {
    // Serialises one person's requests, so two at once cannot both pass the duplicate check.
    await lockExistingUser(tx, caller.sub);
    if ((await entriesOf(tx, caller.sub)).includes(input.entry)) {
      throw fieldError(caller.lang, {
        entry: { message: { jp: 'この権限はすでに付与されています。', en: 'You already hold this entry.' } },
      });
    }
    const [pending] = await tx
      .select({ key: aclRequests.key })
      .from(aclRequests)
      .where(and(eq(aclRequests.sub, caller.sub), eq(aclRequests.entry, input.entry), eq(aclRequests.state, 'pending')))
      .limit(1);
    if (pending) {
      throw fieldError(caller.lang, {
        entry: {
          message: { jp: 'この権限の申請はすでに審査待ちです。', en: 'A request for this entry is already pending.' },
        },
      });
    }
    const [row] = await tx
      .insert(aclRequests)
      .values({ key: newKey(), sub: caller.sub, entry: input.entry, reason: input.reason || null, state: 'pending' })
      .returning();
    return row!;
  });
}
