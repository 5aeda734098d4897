import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { changeAccess, lockExistingUser } from '../roles/change-access';
import { grantableEntry } from '../roles/entry-input';
import type { EntryChange } from '../roles/grant-role';
import { assertKeepsOwnAdmin } from '../roles/keep-own-admin';
import { requireRole } from '../roles/role-lists';
import { userIdOf } from './user-visibility';

const entries = () => z.array(grantableEntry()).max(100);

/** Body of /api/core/users/acl/set: the whole set of a user's entries. */
export const usersAclSetInput = z.object({ sub: sub(), entries: entries() }).strict();

/** Body of PUT /api/acl/{id}. */
export const aclPutInput = z.object({ entries: entries() }).strict();

async function replace(db: Db, caller: Caller, target: string, wanted: string[]): Promise<EntryChange> {
  return db.transaction(async (tx) => {
    await lockExistingUser(tx, target);
    const diff = await changeAccess(tx, { sub: target, grantedBy: caller.sub, replace: [...new Set(wanted)] });
    assertKeepsOwnAdmin(caller, target, diff.after, 'entries');
    if (diff.changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: 'acl.set',
        ref: target,
        data: { sub: target, before: diff.before, after: diff.after },
      });
    }
    return { sub: target, entries: diff.after, changed: diff.changed };
  });
}

/** Replaces a user's access entries (administrators); logged as `acl.set` with before and after. */
export async function replaceUserAcl(db: Db, caller: Caller, body: unknown): Promise<EntryChange> {
  requireRole(caller, 'system');
  const input = validateInput(usersAclSetInput, body, caller.lang);
  return replace(db, caller, input.sub, input.entries);
}

/** The same for PUT /api/acl/{id}, the user named by the path. */
export async function replaceUserAclById(db: Db, caller: Caller, id: unknown, body: unknown): Promise<EntryChange> {
  requireRole(caller, 'system');
  const target = userIdOf(id);
  const input = validateInput(aclPutInput, body, caller.lang);
  return replace(db, caller, target, input.entries);
}
