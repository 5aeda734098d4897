import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { requireRole } from '../roles/role-lists';
import { peopleOf, type Person } from '../users/people';

/** Body of POST /api/sys/people. */
export const sysPeopleInput = z.object({ subs: z.array(sub()).max(200) }).strict();

/** Names and e-mails behind a list of subs, for the data maintenance lists (administrators). */
export async function peopleBySub(db: Db, caller: Caller, body: unknown): Promise<{ items: Person[] }> {
  requireRole(caller, 'dataMaintenance');
  const input = validateInput(sysPeopleInput, body, caller.lang);
  return { items: await peopleOf(db, input.subs) };
}
