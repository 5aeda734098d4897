import { sysPeopleInput } from '../../maintenance/people-by-sub';
import { usersAclDecideInput } from '../../users/decide-acl-request';
import { jobListInput, jobRetryInput } from '../../jobs/inputs';
import { pageViewInput, pageViewReportInput } from '../../analytics/page-views';
import { auditLogInput } from '../../audit/list-admin-log';
import { sysLicenseesInput } from '../../maintenance/list-organisations';
import { JOB_STATES } from '../../jobs/inputs';
import type { RouteDoc } from '../route-docs';
import { aclRequest, auditLogPage, person } from '../outputs/core';
import { anyObject, arrayOf, bool, dateTime, enumOf, extend, int, mapOf, nullable, object, str, strings } from '../outputs/kit';

const day = { type: 'string', format: 'date', description: 'A day in Japan time' };

const pageViewReport = object({
  from: day,
  to: day,
  total: int,
  days: arrayOf(object({ day, views: int })),
  pages: arrayOf(object({ page: str, title: str, views: int, jp: int, en: int })),
});

const jobSummary = object({
  key: str,
  kind: str,
  subject: nullable(str),
  label: { type: ['string', 'null'], description: 'What people recognise the subject by; null when it is gone' },
  state: enumOf(JOB_STATES),
  attempts: int,
  maxAttempts: nullable(int),
  lastError: nullable(str),
  runAt: { ...dateTime, description: 'When it is due (queued), or when its lease ends (running)' },
  dateCreated: dateTime,
  finishedAt: nullable(dateTime),
});

const HOME_SECTIONS = [
  'reviews',
  'contracts',
  'changes',
  'permits',
  'reports',
  'invoices',
  'accessRequests',
  'designerApplications',
  'invitations',
  'notifications',
  'application',
];

const home = object({
  sections: arrayOf(
    object(
      {
        id: enumOf(HOME_SECTIONS),
        count: int,
        items: arrayOf(
          object({ label: str, href: str, kind: str, state: str, deadline: dateTime }, ['kind', 'state', 'deadline']),
        ),
        href: str,
      },
      ['href'],
    ),
  ),
});

const organisationPage = object({
  items: arrayOf(
    object({
      key: str,
      name: str,
      email: nullable(str),
      country: nullable(str),
      dateCreated: dateTime,
      owner: nullable(person),
      members: int,
      licenses: int,
    }),
  ),
  next: nullable(str),
});

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
      output: object({ counted: bool }),
    },
    {
      path: '/api/sys/analytics',
      method: 'get',
      summary:
        'First-party page-view counts of the last `days` days (default 30, at most 366): `{from, to, total, days: [{day, views}], pages: [{page, title, views, jp, en}]}`',
      tag: 'system',
      input: pageViewReportInput,
      acl: 'calbee:admin',
      output: pageViewReport,
    },
    {
      path: '/api/core/jobs/list',
      method: 'get',
      summary:
        'Durable jobs (mail, contract PDFs, signed agreements, credentials, mints) newest first: `state` (queued, running, done, dead), `kind`, `subject`, `limit`, `cursor` (the last key seen); with the counts by state and the known kinds',
      tag: 'system',
      input: jobListInput,
      acl: 'calbee:admin',
      output: object({
        items: arrayOf(jobSummary),
        nextCursor: nullable(str),
        counts: { ...mapOf(int), description: 'Jobs by state (states with none are absent)' },
        kinds: strings,
      }),
    },
    {
      path: '/api/core/jobs/{key}',
      method: 'get',
      summary: 'One job with its payload, attempts, last error and result',
      tag: 'system',
      acl: 'calbee:admin',
      output: extend(jobSummary, { payload: anyObject, result: nullable(anyObject) }),
    },
    {
      path: '/api/core/jobs/{key}/retry',
      method: 'post',
      summary:
        'Make a dead job (or one waiting for its next attempt) due now; a mail job queues its message again. A job that is done or running answers status 5 (409)',
      tag: 'system',
      input: jobRetryInput,
      acl: 'calbee:admin',
      output: jobSummary,
    },
    {
      path: '/api/core/audit/log',
      method: 'get',
      summary:
        'The admin log, newest first: `actor` (sub, e-mail or nickname), `action` (exact, or a prefix ending with a dot), `ref` (the person concerned), `from`/`to` (a day or an ISO time), `q` (free text), `limit`, `cursor`',
      tag: 'system',
      input: auditLogInput,
      acl: 'calbee:admin',
      output: auditLogPage,
    },
    {
      path: '/api/core/users/acl/request/{key}',
      method: 'post',
      summary:
        'Approve (grants the entry) or deny a pending access request; one transaction with its admin log entry (acl.request.approve / acl.request.deny)',
      tag: 'system',
      input: usersAclDecideInput,
      acl: 'calbee:admin',
      output: object({ request: aclRequest, entries: { ...strings, description: "The requester's entries after the decision" } }),
    },
    {
      path: '/api/home',
      method: 'get',
      summary:
        "What waits for the caller: `{sections: [{id, count, items: [{label, href, kind?, state?}], href?}]}` for pending reviews, changes requested, royalty reports late or due, invitations, unread notifications and the caller's open application",
      tag: 'system',
      output: home,
    },
    {
      path: '/api/sys/licensees',
      method: 'get',
      summary:
        'Every licensee organisation (data maintenance): name, owner, member and license counts, by name; `q` (name or e-mail contains), `limit`, `cursor` (the last key of the previous page)',
      tag: 'system',
      input: sysLicenseesInput,
      acl: 'calbee:admin',
      output: organisationPage,
    },
    {
      path: '/api/sys/people',
      method: 'post',
      summary: 'Names and e-mails behind a list of subs (data maintenance lists)',
      tag: 'system',
      input: sysPeopleInput,
      acl: 'calbee:admin',
      output: object({ items: arrayOf(person) }),
    },
  ];
}
