import { hasAccess } from '../../acl/match';
import { accessLists, type AccessListName, type RoleNames } from '../../acl/roles';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';

export function roleNames(): RoleNames {
  const config = getConfig();
  return { client: config.aclClient, product: config.productKey };
}

export function roleLists() {
  return accessLists(roleNames());
}

/** For apiRoute's `acl`: the list is read per request, after the settings are loaded. */
export function aclOf(name: AccessListName): () => readonly string[] {
  return () => roleLists()[name];
}

export function callerIn(caller: Pick<Caller, 'access'>, name: AccessListName): boolean {
  return hasAccess(roleLists()[name], caller.access);
}

export function forbidden(): never {
  throw new AppError('forbidden', 'permission denied');
}

export function requireRole(caller: Pick<Caller, 'access'>, name: AccessListName): void {
  if (!callerIn(caller, name)) forbidden();
}
