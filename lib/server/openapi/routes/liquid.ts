import {
  LIQUID_STATES,
  liquidApplyInput,
  liquidDocuments,
  liquidIssueInput,
  liquidProfile,
  liquidQueryInput,
  liquidStateInput,
} from '../../liquid/inputs';
import { inputSchema } from '../entity-schemas';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';

/** An application to become a designer, as stored (liquid_applications). */
function applicationProperties(): Record<string, Record<string, unknown>> {
  return {
    key: { type: 'string' },
    dateCreated: { type: 'string', format: 'date-time' },
    dateUpdated: { type: 'string', format: 'date-time' },
    status: { type: 'integer' },
    version: { type: 'integer' },
    applicant: { type: 'string', description: 'sub of the person who applies' },
    kind: { type: 'string', enum: ['designer'] },
    role: { type: 'string', enum: ['personal', 'corporate'] },
    profile: { ...inputSchema(liquidProfile), description: 'The Designer fields the applicant filled in' },
    documents: inputSchema(liquidDocuments),
    state: { type: 'string', enum: [...LIQUID_STATES] },
    comment: { type: ['string', 'null'], description: 'The last reviewer comment (required to reject)' },
    designer: { type: ['string', 'null'], description: 'Key of the Designer record, once issued' },
    decided_by: { type: ['string', 'null'], description: 'sub of the staff member who last moved it' },
  };
}

function application(): Record<string, unknown> {
  const properties = applicationProperties();
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** An application with who filed it, for the reviewing screen (lib/server/liquid/query-applications.ts). */
function applicationView(): Record<string, unknown> {
  const properties = {
    ...applicationProperties(),
    applicant_email: { type: ['string', 'null'] },
    applicant_name: { type: ['string', 'null'], description: "The applicant's nickname" },
  };
  return { type: 'object', properties, required: Object.keys(properties) };
}

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
      output: application(),
    },
    {
      path: '/api/liquid/query/{id}',
      method: 'get',
      summary:
        "An application by key (its applicant or staff); `mine`: the caller's latest or null; `all`: every application for staff, newest first, `?state=` keeps one state",
      tag: 'liquid',
      input: liquidQueryInput,
      output: {
        oneOf: [applicationView(), { type: 'array', items: applicationView() }, { type: 'null' }],
        description: 'One application for a key; an array for `all`; for `mine` the latest or null',
      },
    },
    {
      path: '/api/liquid/state/{id}',
      method: 'post',
      summary: 'Move an application: applied → reviewing → approved, or applied/reviewing → rejected (comment required)',
      tag: 'liquid',
      input: liquidStateInput,
      acl: staff,
      output: application(),
    },
    {
      path: '/api/liquid/issue/{id}',
      method: 'post',
      summary:
        'Issue an approved application: creates the Designer record owned by the applicant, grants calbee:designer (admin log) and sets the state issued',
      tag: 'liquid',
      input: liquidIssueInput,
      acl: staff,
      output: application(),
    },
  ];
}
