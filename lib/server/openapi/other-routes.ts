import { z } from 'zod';
import { docCreateInput } from '../docs/create-doc';
import { docReplaceInput } from '../docs/replace-doc';
import { docSearchInput } from '../docs/search-docs';
import { roleApproverInput } from '../holder/change-approver';
import { roleBossInput } from '../holder/change-boss';
import { roleContractInput } from '../holder/change-contract-signer';
import { roleManagerInput } from '../holder/change-manager';
import { roleLogInput } from '../holder/list-holder-log';
import { roleSetInput } from '../holder/set-holder-role';
import { holderSettingsInput } from '../holder/settings-input';
import { roleLicenseeRemoveInput, roleLicenseeSetInput } from '../licensees/change-licensee-member';
import { rolesGetInput } from '../roles/get-roles';
import { rolesSetInput } from '../roles/grant-role';
import { rolesRevokeInput } from '../roles/revoke-role';
import { shorturiDropInput } from '../shorturi/drop-short-uri';
import { shorturiNewInput } from '../shorturi/create-short-uri';
import { shorturiGetInput } from '../shorturi/resolve-short-uri';
import { tagChangeInput } from '../tags/tag-input';
import { usersGetBioInput } from '../users/get-bio';
import { usersGetEthInput } from '../users/get-eth-address';
import { usersGetProfileInput } from '../users/get-public-profile';
import { usersGetInput } from '../users/get-user';
import { usersListInput } from '../users/list-users';
import { aclPutInput, usersAclSetInput } from '../users/replace-user-acl';
import { usersAclRequestInput } from '../users/request-acl';
import { usersSetBioInput } from '../users/set-bio';
import { usersSetInput } from '../users/set-user';
import { usersProfileUpdateInput } from '../users/update-own-profile';
import { logWorkflowInput } from '../workflow/add-workflow-log';
import { approveInput } from '../flow/approve-subject';
import { latestDecisionsInput } from '../flow/latest-decisions';
import { decisionInput } from '../flow/decide-review';
import { storageMimeInput } from '../storage/file-info';
import { storageSaveInput } from '../storage/upload-input';
import type { RouteDoc } from './route-docs';
import * as out from './outputs/core';
import * as flow from './outputs/flow';
import { arrayOf, extend, nullable, object, page, ref, str } from './outputs/kit';
import { designerRoutes } from './routes/designer';
import { licenseeRoutes } from './routes/licensee';
import { liquidRoutes } from './routes/liquid';
import { membersRoutes } from './routes/members';
import { salesRoutes } from './routes/sales';
import { invoiceRoutes } from './routes/invoice';
import { batchRoutes } from './routes/batch';
import { termsRoutes } from './routes/terms';
import { notifyRoutes } from './routes/notify';
import { inviteRoutes } from './routes/invite';
import { contractsRoutes } from './routes/contracts';
import { credentialsRoutes } from './routes/credentials';
import { chainRoutes } from './routes/chain';
import { storageRoutes } from './routes/storage';
import { systemRoutes } from './routes/system';
import { securityRoutes } from './routes/security';
import { webhookRoutes } from './routes/webhooks';
import { statsRoutes } from './routes/stats';
import * as files from './outputs/files';

const gateInput = z.object({ id: z.string(), password: z.string() });
const admin = 'calbee:admin';
const holder = 'calbee:admin, calbee:boss, calbee:<product>';

/** Routes outside the generic entity routes. Each names the zod schema its handler validates with. */
export function otherRoutes(): RouteDoc[] {
  const core = (
    path: string,
    summary: string,
    output: RouteDoc['output'],
    input?: z.ZodType,
    acl?: string,
    method: RouteDoc['method'] = 'post',
  ): RouteDoc => ({
    path: `/api/core${path}`,
    method,
    summary,
    tag: 'core',
    input,
    acl,
    output,
  });
  return [
    {
      path: '/api/core/server/status',
      method: 'get',
      summary: 'System status: label, version and whether the database answers',
      tag: 'core',
      public: true,
      output: object({ label: str, version: str, database: { type: 'boolean', description: 'The database answered' } }),
    },
    {
      path: '/api/core/notify/list',
      method: 'get',
      summary: "The caller's notifications and unread count",
      tag: 'notify',
      output: out.notificationList,
    },
    {
      path: '/api/core/notify/list',
      method: 'post',
      summary: "The caller's notifications and unread count",
      tag: 'notify',
      output: out.notificationList,
    },
    {
      path: '/api/gate',
      method: 'post',
      summary: 'Registration gate check',
      tag: 'core',
      public: true,
      input: gateInput,
      output: object({ accepted: { const: true } }),
    },
    core('/roles/profile', "The caller's access entries and holder groups", out.roleProfile, undefined, undefined, 'get'),
    core('/roles/profile', "The caller's access entries and holder groups", out.roleProfile),
    core('/roles/get', "A user's access entries (administrators, or the user)", out.userEntries, rolesGetInput),
    core('/roles/set', 'Grant one access entry', out.entryChange, rolesSetInput, admin),
    core('/roles/revoke', 'Revoke one access entry', out.entryChange, rolesRevokeInput, admin),
    core('/users/list', 'Find users', out.userPage, usersListInput, holder),
    core('/users/get', 'One user with access entries', out.userWithAccess, usersGetInput),
    core('/users/set', "Change a user's names, language or status", out.userChange, usersSetInput, admin),
    core('/users/acl', "A user's access entries", out.userEntries, rolesGetInput),
    core('/users/acl/set', "Replace a user's access entries", out.entryChange, usersAclSetInput, admin),
    core('/users/acl/request', 'Ask for an access entry', out.aclRequest, usersAclRequestInput),
    core(
      '/users/acl/request',
      'Access requests: own, or all pending for administrators',
      out.aclRequestList,
      undefined,
      undefined,
      'get',
    ),
    core('/users/acl/revoke', 'Revoke one access entry', out.entryChange, rolesRevokeInput, admin),
    core('/users/profile', "The caller's own profile", out.ownProfile, undefined, undefined, 'get'),
    core('/users/profile', "The caller's own profile", out.ownProfile),
    core('/users/get/profile', "A user's public profile", out.publicProfile, usersGetProfileInput),
    core('/users/profile/update', "Change the caller's own profile", out.ownProfile, usersProfileUpdateInput),
    core('/users/getbio', "A user's biography", object({ sub: str, bio: nullable(str) }), usersGetBioInput),
    core('/users/setbio', "Set the caller's biography", object({ sub: str, bio: str }), usersSetBioInput),
    core('/users/get/eth', "A user's wallet address", object({ sub: str, address: nullable(str) }), usersGetEthInput),
    core('/users/get/wallet', "The caller's wallet address", object({ address: nullable(str) }), undefined, undefined, 'get'),
    core('/users/get/wallet', "The caller's wallet address", object({ address: nullable(str) })),
    core('/shorturi/new', 'Shorten a same-site address', out.shortUri, shorturiNewInput),
    core('/shorturi/get', 'Resolve a short address', object({ key: str, url: str }), shorturiGetInput),
    core('/shorturi/drop', 'Delete a short address', object({ key: str }), shorturiDropInput),
    {
      path: '/api/role/get',
      method: 'get',
      summary: "The holder's approver groups and managers",
      tag: 'role',
      acl: holder,
      output: out.holderRoles,
    },
    {
      path: '/api/role/set',
      method: 'post',
      summary: 'Add a person to an approver or manager list (type and person both required)',
      tag: 'role',
      input: roleSetInput,
      acl: holder,
      output: out.holderListChange,
    },
    ...(['post', 'delete'] as const).flatMap((method): RouteDoc[] => [
      {
        path: '/api/role/manager/{x}',
        method,
        summary: `${method === 'post' ? 'Add' : 'Remove'} a manager of group x (legal, brand, cfl)`,
        tag: 'role',
        input: roleManagerInput,
        acl: `${admin}, calbee:<product>`,
        output: out.holderListChange,
      },
      {
        path: '/api/role/approver/{x}',
        method,
        summary: `${method === 'post' ? 'Add' : 'Remove'} an approver of group x (legal, brand, cfl, boss)`,
        tag: 'role',
        input: roleApproverInput,
        acl: `${admin}, calbee:<product>, managers of x`,
        output: out.holderListChange,
      },
      {
        path: '/api/role/boss',
        method,
        summary: `${method === 'post' ? 'Add' : 'Remove'} a boss approver with the calbee:boss entry`,
        tag: 'role',
        input: roleBossInput,
        acl: `${admin}, calbee:<product>`,
        output: out.bossChange,
      },
      {
        path: '/api/role/contract',
        method,
        summary: `${method === 'post' ? 'Add' : 'Remove'} a contract signer of the holder`,
        tag: 'role',
        input: roleContractInput,
        acl: `${admin}, calbee:<product>`,
        output: out.contractSignerChange,
      },
      {
        path: '/api/role/licensee/{x}',
        method,
        summary: `${method === 'post' ? 'Set' : 'Remove'} a member of licensee organisation x`,
        tag: 'role',
        input: method === 'post' ? roleLicenseeSetInput : roleLicenseeRemoveInput,
        acl: `${admin}, calbee:<product>, owners and admins of x`,
        output: out.memberChange,
      },
    ]),
    {
      path: '/api/role/contract',
      method: 'get',
      summary: "The holder's contract signers",
      tag: 'role',
      acl: holder,
      output: out.contractSigners,
    },
    {
      path: '/api/holder/settings',
      method: 'get',
      summary: "The holder's settings: invoice issuer details, due days, review deadline, reference formats, with each default",
      tag: 'role',
      acl: `${admin}, calbee:<product>`,
      output: out.holderSettings,
    },
    {
      path: '/api/holder/settings',
      method: 'put',
      summary: "Replace the holder's settings (a field left out goes back to its default); each change is in the admin log",
      tag: 'role',
      input: holderSettingsInput,
      acl: `${admin}, calbee:<product>`,
      output: out.holderSettings,
    },
    {
      path: '/api/role/log',
      method: 'get',
      summary:
        'Admin log of holder role and access changes (holder.*, acl.*), newest first: who, action, before/after, time (?q=&limit=&cursor=)',
      tag: 'role',
      input: roleLogInput,
      acl: holder,
      output: out.holderLogPage,
    },
    {
      path: '/api/role/licensee/{x}',
      method: 'get',
      summary: 'Members of licensee organisation x',
      tag: 'role',
      output: out.licenseeMembers,
    },
    { path: '/api/acl/{id}', method: 'get', summary: "A user's access entries", tag: 'acl', output: out.userEntries },
    {
      path: '/api/acl/{id}',
      method: 'put',
      summary: "Replace a user's access entries",
      tag: 'acl',
      input: aclPutInput,
      acl: admin,
      output: out.entryChange,
    },
    { path: '/api/doc/{name}', method: 'get', summary: 'Documents of a collection', tag: 'doc', output: out.docPage },
    {
      path: '/api/doc/{name}',
      method: 'post',
      summary: 'Create a document',
      tag: 'doc',
      input: docCreateInput,
      acl: `${admin}, calbee:<product>`,
      output: out.doc,
    },
    { path: '/api/doc/{name}/{id}', method: 'get', summary: 'Read a document', tag: 'doc', output: out.doc },
    {
      path: '/api/doc/{name}/{id}',
      method: 'put',
      summary: 'Replace a document (send version to guard against lost updates)',
      tag: 'doc',
      input: docReplaceInput,
      acl: `${admin}, calbee:<product>`,
      output: out.doc,
    },
    {
      path: '/api/doc/{name}/{id}',
      method: 'delete',
      summary: 'Delete a document',
      tag: 'doc',
      acl: `${admin}, calbee:<product>`,
      output: object({ name: str, id: str }),
    },
    {
      path: '/api/doc/{name}/search',
      method: 'post',
      summary: 'Documents whose data contains the given object',
      tag: 'doc',
      input: docSearchInput,
      output: object({ items: arrayOf(out.doc) }),
    },
    {
      path: '/api/tag/assign/{id}',
      method: 'post',
      summary: 'Put tag id on a record (holder staff, or whoever may change the record)',
      tag: 'Tag',
      input: tagChangeInput,
      output: out.tagChange,
    },
    {
      path: '/api/tag/revoke/{id}',
      method: 'post',
      summary: 'Take tag id off a record (holder staff, or whoever may change the record)',
      tag: 'Tag',
      input: tagChangeInput,
      output: out.tagChange,
    },
    {
      path: '/api/v1/LogWorkflow',
      method: 'post',
      summary: 'Write a workflow log entry {data, time, action, path, key, ref, remarks}',
      tag: 'LogWorkflow',
      input: logWorkflowInput,
      acl: holder,
      output: out.workflowRow,
    },
    {
      path: '/api/v1/LogWorkflow',
      method: 'get',
      summary: 'Workflow log entries, newest first (?key=&limit=&cursor=)',
      tag: 'LogWorkflow',
      acl: holder,
      output: page(out.workflowEntry),
    },
    {
      path: '/api/v1/Review/{id}/{state}',
      method: 'patch',
      summary: 'Decide a pending review: state is approved, approved_with_conditions, rejected or changes_requested',
      tag: 'Review',
      input: decisionInput,
      output: flow.decisionResult,
    },
    {
      path: '/api/v1/Review/remind',
      method: 'post',
      summary: 'Remind the reviewers of overdue items now',
      tag: 'Review',
      acl: `${admin}, calbee:<product>`,
      output: object({ notified: { type: 'integer', description: 'Reminders sent' } }),
    },
    {
      path: '/api/v1/Review/latest',
      method: 'post',
      summary:
        "The last decision on each of a list's records (entity and up to 200 keys): its group, state, comment and round; records the caller may not read and records not yet decided on are left out",
      tag: 'Review',
      input: latestDecisionsInput,
      output: object({ items: arrayOf(flow.latestDecision) }),
    },
    {
      path: '/api/v1/Review/stats/{id}',
      method: 'get',
      summary: 'Decisions on a record counted by state and group',
      tag: 'Review',
      output: flow.reviewStats,
    },
    {
      path: '/api/v1/{entity}/{id}/{action}',
      method: 'post',
      summary:
        "Take a step of the record's flow (submit, resubmit, publish, retire, revoke, start_review, …) with an optional comment",
      tag: 'flow',
      input: z.object({ comment: z.string().max(5000).optional() }),
      output: { ...flow.subjectRecord, description: 'The record in its new state, as its entity answers it' },
    },
    {
      path: '/api/v1/{entity}/{id}/{action}',
      method: 'get',
      summary:
        "action = history: the record's reviews (every round) and workflow log; action = actions: the steps the caller may take now ({state, actions: [{action, to, needsComment}], waitingFor, decideFor}), which is what pages offer",
      tag: 'flow',
      output: { oneOf: [flow.subjectHistory, flow.recordActions] },
    },
    {
      path: '/api/v1/Holder/approve/{kind}',
      method: 'get',
      summary:
        "Approval queue (kind: licenses, ips, products, usages, invoices, reports): what the caller's groups still have to decide, with waiting time and the record's name for the reader (reference, IP, counterparty)",
      tag: 'Holder',
      acl: holder,
      output: arrayOf(extend(flow.queueItem, { name: flow.recordName })),
    },
    {
      path: '/api/v1/Holder/approve/{kind}/{id}',
      method: 'post',
      summary: "Decide for the caller's group on one queue item",
      tag: 'Holder',
      input: approveInput,
      acl: holder,
      output: flow.decisionResult,
    },
    {
      path: '/api/v1/Usage/holder/list',
      method: 'post',
      summary: "Usage permits for the holder: the caller's queue and all permits (query body)",
      tag: 'Usage',
      acl: holder,
      output: object({
        queue: arrayOf(flow.queueItem),
        permits: object({ items: arrayOf(ref('Usage')), nextCursor: nullable(str) }),
      }),
    },
    core('/storage/save', 'Store a file (base64); the type is sniffed from the bytes', out.fileInfo, storageSaveInput),
    core('/storage/mime', 'Type, size and name of a stored file', out.fileInfo, storageMimeInput),
    core('/public/save', 'Store a public file', out.fileInfo, storageSaveInput, holder),
    {
      path: '/api/core/public/fetch/{id}',
      method: 'get',
      summary: 'A public file (immutable cache by content hash)',
      tag: 'core',
      public: true,
      raw: files.storedFile,
    },
    {
      path: '/api/core/public/mime/{id}',
      method: 'get',
      summary: 'Metadata of a public file',
      tag: 'core',
      public: true,
      output: out.fileInfo,
    },
    {
      path: '/api/core/public/avatar/{id}',
      method: 'get',
      summary: "A user's avatar (thumbnail or initials)",
      tag: 'core',
      public: true,
      raw: files.avatarImage,
    },
    {
      path: '/api/files/{hash}',
      method: 'get',
      summary: 'A stored file the caller may read',
      tag: 'storage',
      raw: files.storedFile,
    },
    {
      path: '/api/image',
      method: 'get',
      summary: "Image optimisation: ?url=<this site's file path>&w=&q= (quality 75, device sizes 640-3840)",
      tag: 'storage',
      public: true,
      raw: files.webpImage,
    },
    ...designerRoutes(),
    ...liquidRoutes(),
    ...licenseeRoutes(),
    ...salesRoutes(),
    ...membersRoutes(),
    ...invoiceRoutes(),
    ...batchRoutes(),
    ...termsRoutes(),
    ...notifyRoutes(),
    ...inviteRoutes(),
    ...contractsRoutes(),
    ...credentialsRoutes(),
    ...chainRoutes(),
    ...storageRoutes(),
    ...systemRoutes(),
    ...securityRoutes(),
    ...webhookRoutes(),
    ...statsRoutes(),
  ];
}

/** Route files that are not part of the product API: the auth library, the provider, assets. */
export const UNDOCUMENTED_ROUTE_FILES = [
  'auth/[...nextauth].ts',
  'oidc/[[...path]].ts',
  'interaction/[uid]/[action].ts',
  'assets/[name].ts',
  'openapi.ts',
];
