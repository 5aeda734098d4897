import { sysPeopleInput } from '../../maintenance/people-by-sub';
import { usersAclDecideInput } from '../../users/decide-acl-request';
import { jobListInput, jobRetryInput } from '../../jobs/inputs';
import { pageViewInput } from '../../analytics/page-views';
import type { RouteDoc } from '../route-docs';

/** Routes of the system area, documented with the zod schemas their handlers validate with. */
export function systemRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/analytics/view',
      method: 'post',
      summary:
        'Counts one view of a screen (its route pattern from the screen table, e.g. `/holder/ip`) in a language for today (Japan date): `{counted}`. Public, no cookie needed; nothing about the viewer is stored. `counted: false` when ANALYTICS_FIRST_PARTY=false',
      tag: 'system',
      input: pageViewInput,
      public: true,
    },
    {
      path: '/api/sys/analytics',
      method: 'get',
      summary:
        'First-party page-view counts of the last `days` days (default 30, at most 366): `{from, to, total, days: [{day, views}], pages: [{page, title, views, jp, en}]}`',
      tag: 'system',
      acl: 'calbee:admin',
    },
    {
      path: '/api/core/jobs/list',
      method: 'get',
      summary:
        'Durable jobs (mail, contract PDFs, signed agreements, credentials, mints) newest first: `state` (queued, running, done, dead), `kind`, `subject`, `limit`, `cursor` (the last key seen); with the counts by state and the known kinds',
      tag: 'system',
      input: jobListInput,
      acl: 'calbee:admin',
    },
    {
      path: '/api/core/jobs/{key}',
      method: 'get',
      summary: 'One job with its payload, attempts, last error and result',
      tag: 'system',
      acl: 'calbee:admin',
    },
    {
      path: '/api/core/jobs/{key}/retry',
      method: 'post',
      summary:
        'Make a dead job (or one waiting for its next attempt) due now; a mail job queues its message again. A job that is done or running answers status 5 (409)',
      tag: 'system',
      input: jobRetryInput,
      acl: 'calbee:admin',
    },
    {
      path: '/api/core/audit/log',
      method: 'get',
      summary:
        'The admin log, newest first: `actor` (sub, e-mail or nickname), `action` (exact, or a prefix ending with a dot), `ref` (the person concerned), `from`/`to` (a day or an ISO time), `q` (free text), `limit`, `cursor`',
      tag: 'system',
      acl: 'calbee:admin',
    },
    {
      path: '/api/core/users/acl/request/{key}',
      method: 'post',
      summary:
        'Approve (grants the entry) or deny a pending access request; one transaction with its admin log entry (acl.request.approve / acl.request.deny)',
      tag: 'system',
      input: usersAclDecideInput,
      acl: 'calbee:admin',
    },
    {
      path: '/api/home',
      method: 'get',
      summary:
        "What waits for the caller: `{sections: [{id, count, items: [{label, href, kind?, state?}], href?}]}` for pending reviews, changes requested, royalty reports late or due, invitations, unread notifications and the caller's open application",
      tag: 'system',
    },
    {
      path: '/api/sys/licensees',
      method: 'get',
      summary:
        'Every licensee organisation (data maintenance): name, owner, member and license counts, by name; `q` (name or e-mail contains), `limit`, `cursor` (the last key of the previous page)',
      tag: 'system',
      acl: 'calbee:admin',
    },
    {
      path: '/api/sys/people',
      method: 'post',
      summary: 'Names and e-mails behind a list of subs (data maintenance lists)',
      tag: 'system',
      input: sysPeopleInput,
      acl: 'calbee:admin',
    },
  ];
}
