import type { MenuGroup } from './types';

/** The left menu. Entry names are keys of the `menu` namespace, shared with screen titles. */
export const menuGroups: MenuGroup[] = [
  {
    title: 'section.holder',
    acl: 'holder',
    entries: [
      { name: 'holder.ip', path: '/holder/ip', children: ['/holder/ip/**'], acl: 'holder' },
      { name: 'holder.primary', path: '/holder/primary', acl: 'holderProductOnly' },
      { name: 'holder.approveIp', path: '/holder/approve/ip', children: ['/holder/approve/ip/**'], acl: 'holder' },
      { name: 'holder.approveLicense', path: '/holder/approve/license', children: ['/holder/approve/license/**'], acl: 'holder' },
      { name: 'holder.approveProduct', path: '/holder/approve/product', children: ['/holder/approve/product/**'], acl: 'holder' },
      { name: 'holder.sales', path: '/holder/sales', acl: 'holder' },
      { name: 'holder.invoice', path: '/holder/invoice', acl: 'holder' },
      { name: 'holder.list', path: '/holder/list', children: ['/holder/profile', '/holder/profile/**'], acl: 'holder' },
      { name: 'holder.stats', path: '/holder/stats', acl: 'holderProductOnly' },
      { name: 'holder.inviteLicensee', path: '/holder/invite/licensee', acl: 'holderProductOnly' },
      { name: 'holder.tagsAdmin', path: '/holder/tags-admin', acl: 'holder' },
      { name: 'holder.applications', path: '/holder/applications', acl: 'holderProductOnly' },
    ],
  },
  {
    title: 'section.designer',
    acl: 'designer',
    entries: [
      { name: 'designer.gallery', path: '/designer/gallery', children: ['/designer/gallery/**'], acl: 'designer' },
      { name: 'designer.usage', path: '/designer/usage', acl: 'designer' },
      { name: 'designer.iplist', path: '/designer/iplist', alt: '/designer/ip', children: ['/designer/ip/**'], acl: 'designer' },
      { name: 'designer.gallery2', path: '/designer/gallery2', acl: 'designer' },
      { name: 'designer.license', path: '/designer/license', acl: 'designer' },
      { name: 'designer.product', path: '/designer/product', acl: 'designer' },
      { name: 'designer.profile', path: '/designer/profile', acl: 'designer' },
    ],
  },
  {
    title: 'section.licensee',
    acl: 'licensee',
    entries: [
      { name: 'licensee.gallery', path: '/licensee/gallery', acl: 'licensee' },
      { name: 'licensee.list', path: '/licensee/list', acl: 'licensee' },
      { name: 'licensee.product', path: '/licensee/product', acl: 'licensee' },
      { name: 'licensee.sales', path: '/licensee/sales', acl: 'licenseeBusiness' },
      { name: 'licensee.invoice', path: '/licensee/invoice', acl: 'licenseeBusiness' },
      {
        name: 'licensee.adminProfile',
        path: '/licensee/admin/profile',
        children: ['/licensee/admin/**'],
        acl: 'licenseeAdmin',
      },
      { name: 'licensee.ip', path: '/licensee/ip', acl: 'licensee' },
      { name: 'licensee.wallet', path: '/licensee/wallet', acl: 'licensee' },
    ],
  },
  {
    title: 'section.system',
    acl: 'system',
    entries: [
      { name: 'sys.acl', path: '/sys/acl', acl: 'system' },
      { name: 'sys.swagger', path: '/sys/swagger', acl: 'system' },
      { name: 'sys.redoc', path: '/sys/redoc', acl: 'system' },
      { name: 'sys.contractDemo', path: '/sys/contract/demo', acl: 'system' },
      { name: 'sys.pdfDemo', path: '/sys/pdf/demo', acl: 'system' },
      { name: 'sys.mail', path: '/sys/mail', acl: 'system' },
      { name: 'sys.throttles', path: '/sys/throttles', acl: 'system' },
      { name: 'sys.serviceAccounts', path: '/sys/service-accounts', acl: 'system' },
      { name: 'sys.webhooks', path: '/sys/webhooks', acl: 'system' },
      { name: 'sys.jobs', path: '/sys/jobs', acl: 'system' },
      { name: 'sys.analytics', path: '/sys/analytics', acl: 'system' },
    ],
  },
  {
    title: 'section.data',
    acl: 'dataMaintenance',
    collapsed: true,
    entries: [
      { name: 'data.designers', path: '/designer/list', acl: 'dataMaintenance' },
      { name: 'data.licensees', path: '/sys/licensees', acl: 'dataMaintenance' },
      { name: 'data.schema', path: '/sys/schema', acl: 'dataMaintenance' },
      { name: 'data.storagePublic', path: '/sys/storage/public', acl: 'dataMaintenance' },
    ],
  },
  {
    title: 'section.general',
    acl: 'signedIn',
    entries: [
      { name: 'home', path: '/', acl: 'signedIn' },
      { name: 'profile', path: '/profile', acl: 'signedIn' },
      { name: 'apply', path: '/apply', acl: 'signedIn', hiddenFor: 'designer' },
      { name: 'invite', path: '/invite', children: ['/invite/**'], acl: 'signedIn' },
      { name: 'help', path: '/help', acl: 'signedIn' },
    ],
  },
];
