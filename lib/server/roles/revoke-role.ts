import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { changeAccess, lockExistingUser } from './change-access';
import type { EntryChange } from './grant-role';
import { assertKeepsOwnAdmin } from './keep-own-admin';
import { requireRole } from './role-lists';

/** Body of /api/core/roles/revoke and /api/core/users/acl/revoke. */
export const rolesRevokeInput = z.object({ sub: sub(), entry: z.string().trim().min(1).max(200) }).strict();

/** Revokes one access entry (administrators only); logged as `acl.revoke` when it was held. */
export async function revokeRole(db: Db, caller: Caller, body: unknown): Promise<EntryChange> {
  requireRole(caller, 'system');
  const input = validateInput(rolesRevokeInput, body, caller.lang);
  return db.transaction(async (tx) => {
    await lockExistingUser(tx, input.sub);
    const diff = await changeAccess(tx, { sub: input.sub, grantedBy: caller.sub, remove: [input.entry] });
    assertKeepsOwnAdmin(caller, input.sub, diff.after, 'entry');
    if (diff.changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: 'acl.revoke',
        ref: input.sub,
        data: { sub: input.sub, entry: input.entry, before: diff.before, after: diff.after },
      });
    }
    return { sub: input.sub, entries: diff.after, changed: diff.changed };
  });
}
