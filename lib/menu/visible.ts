import { hasAccess } from '../acl/match';
import { accessLists, type RoleNames } from '../acl/roles';
import type { MenuGroup } from './types';

/** The groups and entries a user's access entries allow, in menu order; empty groups drop out. */
export function visibleMenu(groups: readonly MenuGroup[], granted: readonly string[], names: RoleNames): MenuGroup[] {
  const lists = accessLists(names);
  return groups
    .filter((g) => hasAccess(lists[g.acl], granted))
    .map((g) => ({
      ...g,
      entries: g.entries.filter(
        (e) => hasAccess(lists[e.acl], granted) && !(e.hiddenFor && hasAccess(lists[e.hiddenFor], granted)),
      ),
    }))
    .filter((g) => g.entries.length > 0);
}
