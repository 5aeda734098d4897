import { hasAccess } from '@/lib/acl/match';

/**
 * The section a viewer works in, for the IP links of the designer view page: holder roles
 * (admin, boss, product) open IPs in the holder section, everyone else in the designer section.
 */
export function viewerSection(access: readonly string[], holderList: readonly string[]): 'holder' | 'designer' {
  return hasAccess(holderList, access) ? 'holder' : 'designer';
}

/**
 * SPEC §2 "Designer view page": each IP row opens at /{role}/ip/{third path segment of the
 * current URL}/{ip key}. Segments are counted without the empty one before the first slash, so
 * for /jp/designer/<id> they are jp, designer, <id> and the third is the designer's key. `role` is
 * the viewer's section (viewerSection). The language prefix is not part of the rule and is not added.
 */
export function ipRowHref(role: string, pathname: string, ipKey: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const third = path.split('/').filter(Boolean)[2] ?? '';
  return `/${role}/ip/${encodeURIComponent(third)}/${encodeURIComponent(ipKey)}`;
}
