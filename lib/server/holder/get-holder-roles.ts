import type { Db } from '../db/client';
import { peopleOf, type Person } from '../users/people';
import { APPROVER_GROUPS, listOf, MANAGER_GROUPS, requireDefaultHolder, type ApproverGroup } from './default-holder';

export interface HolderRoles {
  holder: string;
  approver: Record<ApproverGroup, Person[]>;
  manager_legal: Person[];
  manager_brand: Person[];
  manager_cfl: Person[];
}

/** The default holder's approver groups and manager lists, each person with names and e-mail (/api/role/get). */
export async function getHolderRoles(db: Db): Promise<HolderRoles> {
  const holder = await requireDefaultHolder(db);
  const approver = {} as Record<ApproverGroup, Person[]>;
  for (const group of APPROVER_GROUPS) {
    approver[group] = await peopleOf(
      db,
      listOf(holder, `approver_${group}`).map((r) => r.sub),
    );
  }
  const [manager_legal, manager_brand, manager_cfl] = await Promise.all(
    MANAGER_GROUPS.map((group) =>
      peopleOf(
        db,
        listOf(holder, `manager_${group}`).map((r) => r.sub),
      ),
    ),
  );
  return {
    holder: holder.key,
    approver,
    manager_legal: manager_legal!,
    manager_brand: manager_brand!,
    manager_cfl: manager_cfl!,
  };
}
