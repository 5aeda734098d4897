import { hasAccess } from '../acl/match';

/** The profile badges of SPEC §6, in the order they are shown. */
export const BADGES = [
  'productUser',
  'productAdmin',
  'woolletAdmin',
  'holder',
  'personalDesigner',
  'corporateDesigner',
  'licensee',
] as const;

export type Badge = (typeof BADGES)[number];

export interface BadgeFacts {
  /** The session's access entries (`client:role[:access:entity]`). */
  access: readonly string[];
  /** The ACL client id (`calbee`) and the product key (`{product}`). */
  client: string;
  product: string;
  /** True when the user sits in one of the holder's approver groups (computed from the sub). */
  approver?: boolean;
  /** `role` of the user's own Designer record, when there is one. */
  designerRole?: string | null;
}

/**
 * The badges a user earns: `<product> user` (client:user), `<product> admin` (client:admin),
 * `Woollet admin` (woollet:admin), holder (boss, the product role or an approver group),
 * personal or corporate designer (the Designer record's role; the designer entry alone counts as
 * personal), licensee (the licensee role or any role inside a licensee organisation).
 */
export function badgesOf(facts: BadgeFacts): Badge[] {
  const { access, client, product } = facts;
  const has = (patterns: string[]) => hasAccess(patterns, access);
  const earned = new Set<Badge>();
  if (has([`${client}:user`])) earned.add('productUser');
  if (has([`${client}:admin`])) earned.add('productAdmin');
  if (has(['woollet:admin'])) earned.add('woolletAdmin');
  if (has([`${client}:boss`, `${client}:${product}`]) || facts.approver) earned.add('holder');
  if (facts.designerRole === 'corporate') earned.add('corporateDesigner');
  else if (facts.designerRole || has([`${client}:designer`])) earned.add('personalDesigner');
  if (has([`${client}:licensee`, `${client}:*:licensee:*`])) earned.add('licensee');
  return BADGES.filter((b) => earned.has(b));
}
