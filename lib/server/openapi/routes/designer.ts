import type { RouteDoc } from '../route-docs';

const ownerOrHolder = "the designer's owner, or calbee:admin, calbee:boss, calbee:{product}";

function list(kind: string, summary: string, acl: string | undefined = ownerOrHolder): RouteDoc {
  return { path: `/api/v1/Designer/${kind}/{id}`, method: 'get', summary, tag: 'Designer', ...(acl ? { acl } : {}) };
}

/** Routes of the designer area, documented with the zod schemas their handlers validate with. */
export function designerRoutes(): RouteDoc[] {
  return [
    list('usages', "A designer's usage permits (applicant = the designer's owner, or designer = id), with IP name and reason"),
    list(
      'ips',
      "A designer's secondary IPs: every state for its owner and holder staff, approved ones for anyone else signed in",
      '',
    ),
    list('products', "Products made from a designer's IPs, each with its pending designer review key (designerReview)"),
    list('licenses', "A designer's license applications (designer = id or applicant = the owner), with IP and licensee names"),
    list('licensees', "Licensee organisations as {key, name} for the designer's license application form"),
  ];
}
