import type { Caller } from '../api/authenticate';
import { callerIn } from '../roles/role-lists';
import { groupsOf, type ApproverGroup, type HolderRow } from './default-holder';

export interface HolderAuthority {
  /** Approver groups the caller may add people to or remove them from. */
  approverGroups: readonly ApproverGroup[];
  /** Manager lists, the boss group with its access entry, and contract signers. */
  holderLists: boolean;
}

const ALL_APPROVER_GROUPS: readonly ApproverGroup[] = ['legal', 'brand', 'cfl', 'boss'];

/**
 * Who may change the default holder's approver and manager lists:
 * - an administrator: everything;
 * - a manager of one or more groups: the approvers of those groups only, even when the person
 *   also holds the product role, so that a legal manager cannot assign brand approvers (nor make
 *   themselves a brand manager to get round that);
 * - the product role: everything;
 * - anyone else: nothing.
 */
export function holderAuthority(caller: Caller, holder: HolderRow): HolderAuthority {
  if (callerIn(caller, 'system')) return { approverGroups: ALL_APPROVER_GROUPS, holderLists: true };
  const managed = groupsOf(holder, caller.sub).manager;
  if (managed.length) return { approverGroups: managed, holderLists: false };
  if (callerIn(caller, 'holderProductOnly')) return { approverGroups: ALL_APPROVER_GROUPS, holderLists: true };
  return { approverGroups: [], holderLists: false };
}
