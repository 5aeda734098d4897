import { liquidApplyInput, liquidIssueInput, liquidStateInput } from '../../liquid/inputs';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';

/** Routes of the liquid area, documented with the zod schemas their handlers validate with. */
export function liquidRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/liquid/apply',
      method: 'post',
      summary:
        'Apply to become a designer (applicant_id = the caller, unless admin or product staff); one open application per person',
      tag: 'liquid',
      input: liquidApplyInput,
    },
    {
      path: '/api/liquid/query/{id}',
      method: 'get',
      summary:
        "An application by key (its applicant or staff); `mine`: the caller's latest or null; `all`: every application for staff, newest first, `?state=` keeps one state",
      tag: 'liquid',
    },
    {
      path: '/api/liquid/state/{id}',
      method: 'post',
      summary: 'Move an application: applied → reviewing → approved, or applied/reviewing → rejected (comment required)',
      tag: 'liquid',
      input: liquidStateInput,
      acl: staff,
    },
    {
      path: '/api/liquid/issue/{id}',
      method: 'post',
      summary:
        'Issue an approved application: creates the Designer record owned by the applicant, grants calbee:designer (admin log) and sets the state issued',
      tag: 'liquid',
      input: liquidIssueInput,
      acl: staff,
    },
  ];
}
