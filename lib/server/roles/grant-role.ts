import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { changeAccess, lockExistingUser } from './change-access';
import { grantableEntry } from './entry-input';
import { requireRole } from './role-lists';

/** Body of /api/core/roles/set. */
export const rolesSetInput = z.object({ sub: sub(), entry: grantableEntry() }).strict();

export interface EntryChange {
  sub: string;
  entries: string[];
  changed: boolean;
}

/** Grants one access entry (administrators only); logged as `acl.grant` when it is new. */
export async function grantRole(db: Db, caller: Caller, body: unknown): Promise<EntryChange> {
  requireRole(caller, 'system');
  const input = validateInput(rolesSetInput, body, caller.lang);
  return db.transaction(async (tx) => {
    await lockExistingUser(tx, input.sub);
    const diff = await changeAccess(tx, { sub: input.sub, grantedBy: caller.sub, add: [input.entry] });
    if (diff.changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: 'acl.grant',
        ref: input.sub,
        data: { sub: input.sub, entry: input.entry, before: diff.before, after: diff.after },
      });
    }
    return { sub: input.sub, entries: diff.after, changed: diff.changed };
  });
}
