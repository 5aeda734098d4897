import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { assertMayChangeList, changeHolderList, type HolderListChange } from './change-holder-list';
import { APPROVER_GROUPS, requireDefaultHolder, type ApproverGroup } from './default-holder';

/** Body of /api/role/approver/{x} (POST adds, DELETE removes). */
export const roleApproverInput = z.object({ sub: sub() }).strict();

export function approverGroupOf(value: unknown): ApproverGroup {
  if (!(APPROVER_GROUPS as readonly unknown[]).includes(value)) throw new AppError('not_found', 'unknown approver group');
  return value as ApproverGroup;
}

/** Administrators, the product role, and managers of group x for x's approvers (see holderAuthority). */
export async function changeApprover(
  db: Db,
  caller: Caller,
  group: unknown,
  body: unknown,
  op: 'add' | 'remove',
): Promise<HolderListChange> {
  const x = approverGroupOf(group);
  // Who may is answered before what was sent: a refusal does not depend on the body.
  assertMayChangeList(caller, await requireDefaultHolder(db), `approver_${x}`);
  const input = validateInput(roleApproverInput, body, caller.lang);
  return changeHolderList(db, caller, { type: `approver_${x}`, sub: input.sub, op });
}
