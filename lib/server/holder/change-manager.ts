import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { assertMayChangeList, changeHolderList, type HolderListChange } from './change-holder-list';
import { MANAGER_GROUPS, requireDefaultHolder, type ManagerGroup } from './default-holder';

/** Body of /api/role/manager/{x} (POST adds, DELETE removes). */
export const roleManagerInput = z.object({ sub: sub() }).strict();

export function managerGroupOf(value: unknown): ManagerGroup {
  if (!(MANAGER_GROUPS as readonly unknown[]).includes(value)) throw new AppError('not_found', 'unknown manager group');
  return value as ManagerGroup;
}

export async function changeManager(
  db: Db,
  caller: Caller,
  group: unknown,
  body: unknown,
  op: 'add' | 'remove',
): Promise<HolderListChange> {
  const x = managerGroupOf(group);
  // Who may is answered before what was sent: a refusal does not depend on the body.
  assertMayChangeList(caller, await requireDefaultHolder(db), `manager_${x}`);
  const input = validateInput(roleManagerInput, body, caller.lang);
  return changeHolderList(db, caller, { type: `manager_${x}`, sub: input.sub, op });
}
