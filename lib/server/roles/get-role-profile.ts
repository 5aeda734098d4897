import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import {
  APPROVER_GROUPS,
  findDefaultHolder,
  groupsOf,
  MANAGER_GROUPS,
  type ApproverGroup,
  type ManagerGroup,
} from '../holder/default-holder';

export interface RoleProfile {
  sub: string;
  access: string[];
  /** Approver flags of the default holder, computed from the caller's sub (SPEC §6). */
  approver: Record<ApproverGroup, boolean>;
  manager: Record<ManagerGroup, boolean>;
  approverGroups: ApproverGroup[];
  managerGroups: ManagerGroup[];
}

/** /api/core/roles/profile: the caller's access entries and holder flags. */
export async function getRoleProfile(db: Db, caller: Caller): Promise<RoleProfile> {
  const groups = groupsOf(await findDefaultHolder(db), caller.sub);
  return {
    sub: caller.sub,
    access: caller.access,
    approver: Object.fromEntries(APPROVER_GROUPS.map((g) => [g, groups.approver.includes(g)])) as Record<ApproverGroup, boolean>,
    manager: Object.fromEntries(MANAGER_GROUPS.map((g) => [g, groups.manager.includes(g)])) as Record<ManagerGroup, boolean>,
    approverGroups: groups.approver,
    managerGroups: groups.manager,
  };
}
