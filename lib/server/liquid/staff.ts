import { hasAccess } from '../../acl/match';
import type { Caller } from '../api/authenticate';
import { roleNames } from '../roles/role-lists';
import type { ActorFacts } from '../flow/types';

/** Admin or the product role: the people who move applications (DESIGN §6). */
export function liquidFacts(caller: Pick<Caller, 'sub' | 'access'>, applicant: string): ActorFacts {
  const { client, product } = roleNames();
  const isAdmin = hasAccess([`${client}:admin`], caller.access);
  const isProduct = hasAccess([`${client}:${product}`], caller.access);
  return {
    sub: caller.sub,
    isOwner: caller.sub === applicant,
    isAdmin,
    isProduct,
    isHolder: isAdmin || isProduct,
    groups: [],
    isDesignerOfSubject: false,
    isLicenseeOfSubject: false,
  };
}

export function isLiquidStaff(caller: Pick<Caller, 'sub' | 'access'>): boolean {
  const facts = liquidFacts(caller, '');
  return facts.isAdmin || facts.isProduct;
}
