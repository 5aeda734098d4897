import type { AccessListName } from './acl/roles';

/**
 * Every screen of SPEC §2 in one place: its path under /[lang], the access list it needs, its
 * title key (namespace `menu`) and its parent for the breadcrumb. Pages, the menu, the
 * breadcrumb and the ACL tests all read this table.
 */
export interface Screen {
  path: string;
  title: string;
  acl: AccessListName | 'public';
  parent?: string;
  section: 'home' | 'holder' | 'designer' | 'licensee' | 'system' | 'data' | 'other';
  /**
   * false on the pages that show the terms themselves: the wall's "read the full terms" link
   * lands there, and an admin publishes the next version there, so the wall must not cover them.
   */
  termsWall?: false;
}

const list: Screen[] = [
  { path: '/', title: 'home', acl: 'public', section: 'home' },
  // Holder section
  { path: '/holder/ip', title: 'holder.ip', acl: 'holder', section: 'holder' },
  // One IP, opened from a designer's page: /{role}/ip/{designer key}/{ip key} (SPEC §2 Designer view page).
  { path: '/holder/ip/[designer]/[ip]', title: 'holder.ipPage', acl: 'holder', parent: '/holder/ip', section: 'holder' },
  { path: '/holder/primary', title: 'holder.primary', acl: 'holderProductOnly', section: 'holder' },
  { path: '/holder/approve/ip', title: 'holder.approveIp', acl: 'holder', section: 'holder' },
  { path: '/holder/approve/license', title: 'holder.approveLicense', acl: 'holder', section: 'holder' },
  { path: '/holder/approve/product', title: 'holder.approveProduct', acl: 'holder', section: 'holder' },
  { path: '/holder/sales', title: 'holder.sales', acl: 'holder', section: 'holder' },
  { path: '/holder/invoice', title: 'holder.invoice', acl: 'holder', section: 'holder' },
  { path: '/holder/list', title: 'holder.list', acl: 'holder', section: 'holder' },
  { path: '/holder/profile', title: 'holder.profile', acl: 'holder', parent: '/holder/list', section: 'holder' },
  { path: '/holder/stats', title: 'holder.stats', acl: 'holderProductOnly', section: 'holder' },
  { path: '/holder/invite/licensee', title: 'holder.inviteLicensee', acl: 'holderProductOnly', section: 'holder' },
  { path: '/holder/tags-admin', title: 'holder.tagsAdmin', acl: 'holder', section: 'holder' },
  // Applications to become a designer (SPEC §7 /liquid), moved on by product staff or admins.
  { path: '/holder/applications', title: 'holder.applications', acl: 'holderProductOnly', section: 'holder' },
  { path: '/holder/settings', title: 'holder.settings', acl: 'holderProductOnly', section: 'holder' },
  // Designer section
  { path: '/designer/gallery', title: 'designer.gallery', acl: 'designer', section: 'designer' },
  {
    path: '/designer/ip/[designer]/[ip]',
    title: 'designer.ipPage',
    acl: 'designer',
    parent: '/designer/iplist',
    section: 'designer',
  },
  { path: '/designer/usage', title: 'designer.usage', acl: 'designer', section: 'designer' },
  { path: '/designer/iplist', title: 'designer.iplist', acl: 'designer', section: 'designer' },
  { path: '/designer/gallery2', title: 'designer.gallery2', acl: 'designer', section: 'designer' },
  { path: '/designer/license', title: 'designer.license', acl: 'designer', section: 'designer' },
  { path: '/designer/product', title: 'designer.product', acl: 'designer', section: 'designer' },
  { path: '/designer/profile', title: 'designer.profile', acl: 'designer', section: 'designer' },
  // The designer view page (SPEC §2): /[lang]/designer/<designer key>.
  { path: '/designer/[id]', title: 'designer.view', acl: 'signedIn', section: 'other' },
  // Licensee section
  { path: '/licensee/gallery', title: 'licensee.gallery', acl: 'licensee', section: 'licensee' },
  { path: '/licensee/list', title: 'licensee.list', acl: 'licensee', section: 'licensee' },
  { path: '/licensee/product', title: 'licensee.product', acl: 'licensee', section: 'licensee' },
  { path: '/licensee/sales', title: 'licensee.sales', acl: 'licenseeBusiness', section: 'licensee' },
  { path: '/licensee/invoice', title: 'licensee.invoice', acl: 'licenseeBusiness', section: 'licensee' },
  { path: '/licensee/admin/profile', title: 'licensee.adminProfile', acl: 'licenseeAdmin', section: 'licensee' },
  {
    path: '/licensee/admin/administrator',
    title: 'licensee.adminAdministrator',
    acl: 'licenseeAdmin',
    parent: '/licensee/admin/profile',
    section: 'licensee',
  },
  {
    path: '/licensee/admin/staff',
    title: 'licensee.adminStaff',
    acl: 'licenseeAdmin',
    parent: '/licensee/admin/profile',
    section: 'licensee',
  },
  {
    path: '/licensee/admin/designer',
    title: 'licensee.adminDesigner',
    acl: 'licenseeAdmin',
    parent: '/licensee/admin/profile',
    section: 'licensee',
  },
  { path: '/licensee/ip', title: 'licensee.ip', acl: 'licensee', section: 'licensee' },
  // The organisation's verifiable license credentials.
  { path: '/licensee/wallet', title: 'licensee.wallet', acl: 'licensee', section: 'licensee' },
  // System section
  { path: '/sys/acl', title: 'sys.acl', acl: 'system', section: 'system' },
  { path: '/sys/swagger', title: 'sys.swagger', acl: 'system', section: 'system' },
  { path: '/sys/redoc', title: 'sys.redoc', acl: 'system', section: 'system' },
  { path: '/sys/contract/demo', title: 'sys.contractDemo', acl: 'system', section: 'system' },
  { path: '/sys/pdf/demo', title: 'sys.pdfDemo', acl: 'system', section: 'system' },
  // The e-mail outbox: every message the platform sent or keeps (the embedded default has no SMTP).
  { path: '/sys/mail', title: 'sys.mail', acl: 'system', section: 'system' },
  // Sign-in throttles: failing sources being slowed down, and accounts whose owner was told; admins clear them.
  { path: '/sys/throttles', title: 'sys.throttles', acl: 'system', section: 'system' },
  // Service accounts: machine access by OAuth 2.0 client credentials, each bound to access entries (#25).
  { path: '/sys/service-accounts', title: 'sys.serviceAccounts', acl: 'system', section: 'system' },
  // Webhooks: outside systems told of business state changes, with their delivery log (#25).
  { path: '/sys/webhooks', title: 'sys.webhooks', acl: 'system', section: 'system' },
  // Durable jobs (mail, contract PDFs, credentials, mints): dead letters are run again from here.
  { path: '/sys/jobs', title: 'sys.jobs', acl: 'system', section: 'system' },
  // The platform's own page-view counts (SPEC §9 analytics; no cookies, no personal data).
  { path: '/sys/analytics', title: 'sys.analytics', acl: 'system', section: 'system' },
  { path: '/help', title: 'help', acl: 'public', section: 'other' },
  // Data maintenance
  { path: '/designer/list', title: 'data.designers', acl: 'dataMaintenance', section: 'data' },
  { path: '/sys/licensees', title: 'data.licensees', acl: 'dataMaintenance', section: 'data' },
  { path: '/sys/schema', title: 'data.schema', acl: 'dataMaintenance', section: 'data' },
  { path: '/sys/storage/public', title: 'data.storagePublic', acl: 'dataMaintenance', section: 'data' },
  // Other pages
  { path: '/profile', title: 'profile', acl: 'signedIn', section: 'other' },
  // Where a signed-in user applies to become a designer and follows the application.
  { path: '/apply', title: 'apply', acl: 'signedIn', section: 'other' },
  { path: '/terms', title: 'terms', acl: 'public', section: 'other', termsWall: false },
  { path: '/terms-designer', title: 'termsDesigner', acl: 'public', section: 'other', termsWall: false },
  { path: '/terms-licensee', title: 'termsLicensee', acl: 'public', section: 'other', termsWall: false },
  // Invitations: the link in the e-mail lands here; the signed-in user's own invitations.
  // Public: the invitation says who invited whom to what before the invitee signs in.
  { path: '/invite/accept', title: 'inviteAccept', acl: 'public', section: 'other' },
  { path: '/invite', title: 'invite', acl: 'signedIn', section: 'other' },
  // The link of a contact e-mail confirmation mail lands here (signed in as the person who asked).
  { path: '/verify-contact', title: 'verifyContact', acl: 'signedIn', section: 'other' },
  // Public check that a product is licensed (the QR code on each approved product points here).
  { path: '/verify/[id]', title: 'verify', acl: 'public', section: 'other' },
];

export const screens: ReadonlyMap<string, Screen> = new Map(list.map((s) => [s.path, s]));

export function screenOf(path: string): Screen {
  const screen = screens.get(path);
  if (!screen) throw new Error(`unknown screen ${path}`);
  return screen;
}

/** Home, then each ancestor, then the screen itself. */
export function breadcrumbOf(path: string): Screen[] {
  const trail: Screen[] = [];
  let current: Screen | undefined = screens.get(path);
  while (current) {
    trail.unshift(current);
    current = current.parent ? screens.get(current.parent) : undefined;
  }
  if (path !== '/') trail.unshift(screenOf('/'));
  return trail;
}

export const allScreens = list;

/** Whether the terms wall may cover the page of a Next.js route (`/[lang]/…`). */
export function wallCovers(route: string): boolean {
  return screens.get(route.replace(/^\/\[lang\]/, '') || '/')?.termsWall !== false;
}
