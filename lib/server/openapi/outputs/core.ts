import { MAIL_KINDS } from '../../notify/mail-kinds';
import { aclRequests, logWorkflow } from '../../db/schema';
import { APPROVER_GROUPS, HOLDER_LIST_TYPES, MANAGER_GROUPS } from '../../holder/default-holder';
import { LICENSEE_ROLES } from '../../licensees/licensee-authority';
import { ENTITY_NAMES } from '../../entities/definitions';
import {
  anyJson,
  anyObject,
  arrayOf,
  bool,
  dateTime,
  enumOf,
  extend,
  int,
  mapOf,
  nullable,
  object,
  page,
  rowOf,
  str,
  strings,
} from './kit';

/** Answers of the core routes of other-routes.ts: users, access entries, holder roles, documents, tags, files. */

export const notificationList = object({
  items: arrayOf(
    object({
      key: str,
      subject: str,
      content: str,
      link: { ...nullable(str), description: 'Where the reader acts on it: a path under /{lang}' },
      created: dateTime,
      read: bool,
    }),
  ),
  unread: int,
});

export const userEntries = object({ sub: str, entries: strings });
export const entryChange = object({ sub: str, entries: strings, changed: bool });

const userSummaryProperties = {
  sub: str,
  email: str,
  nickname: str,
  first_name: str,
  last_name: str,
  picture: nullable(str),
  lang: str,
  status: { type: 'integer', description: '0 active; anything else suspended' },
};
export const userSummary = object(userSummaryProperties);
export const userPage = page(userSummary);
export const userWithAccess = object({ ...userSummaryProperties, wallet: nullable(str), dateCreated: dateTime, access: strings });
export const userChange = object({ ...userSummaryProperties, changed: bool });

export const roleProfile = object({
  sub: str,
  access: strings,
  approver: object(Object.fromEntries(APPROVER_GROUPS.map((g) => [g, bool]))),
  manager: object(Object.fromEntries(MANAGER_GROUPS.map((g) => [g, bool]))),
  approverGroups: arrayOf(enumOf(APPROVER_GROUPS)),
  managerGroups: arrayOf(enumOf(MANAGER_GROUPS)),
});

export const aclRequest = rowOf(aclRequests, { state: enumOf(['pending', 'approved', 'denied']) });
/** A request with who asked (empty names when the account is gone). */
export const aclRequestList = object({ items: arrayOf(extend(aclRequest, { email: str, nickname: str })) });

export const ownProfile = object({
  sub: str,
  email: str,
  nickname: str,
  first_name: str,
  last_name: str,
  picture: nullable(str),
  lang: str,
  wallet: nullable(str),
  mail_off: arrayOf(enumOf(MAIL_KINDS)),
  mail_digest: bool,
  access: strings,
  accepted_terms_version: mapOf(str),
});

export const publicProfile = object({ sub: str, nickname: str, first_name: str, last_name: str, picture: nullable(str) });

export const shortUri = object({ key: str, url: str, short: { type: 'string', description: 'The address to hand out' } });

/** A person of a role list; a sub whose account is gone has empty names. */
export const person = object({ sub: str, nickname: str, first_name: str, last_name: str, email: str });

export const holderRoles = object({
  holder: str,
  approver: object(Object.fromEntries(APPROVER_GROUPS.map((g) => [g, arrayOf(person)]))),
  ...Object.fromEntries(MANAGER_GROUPS.map((g) => [`manager_${g}`, arrayOf(person)])),
});
export const holderListChange = object({ type: enumOf(HOLDER_LIST_TYPES), sub: str, members: strings, changed: bool });
export const bossChange = object({ sub: str, members: strings, access: strings, changed: bool });
export const contractSignerChange = object({ signers: strings, changed: bool });
export const contractSigners = object({ signers: arrayOf(person) });
/** The holder's settings (lib/server/holder/settings.ts): what is set, empty or null for the default, and each default. */
export const holderSettings = object({
  registration_number: str,
  registration_number_unusable: bool,
  issuer_address: str,
  bank_account: str,
  invoice_due_days: nullable(int),
  sales_due_days: nullable(int),
  allow_current_period: bool,
  review_sla_business_days: nullable(int),
  references: mapOf(str),
  defaults: object({ invoice_due_days: int, sales_due_days: int, review_sla_business_days: int, references: mapOf(str) }),
  editable: bool,
  version: int,
});

const logPerson = object({ sub: str, name: str, nickname: str, email: str });
/** An admin log entry in words: the action's name, a sentence, and what changed from what to what. */
export const readableEntry = object({
  action: str,
  summary: str,
  changes: arrayOf(object({ field: str, before: str, after: str })),
});
/** One row of the admin log as people read it; the holder's log adds the values before and after. */
const logEntryProperties = {
  key: str,
  time: dateTime,
  action: str,
  ref: nullable(str),
  who: logPerson,
  person: nullable(logPerson),
  data: anyObject,
  readable: readableEntry,
};
export const holderLogPage = object({
  items: arrayOf(object({ ...logEntryProperties, before: anyJson, after: anyJson })),
  people: mapOf(logPerson),
  next: nullable(str),
});
export const auditLogPage = object({
  items: arrayOf(object(logEntryProperties)),
  next: nullable(str),
});

export const licenseeMembers = object({
  licensee: str,
  members: arrayOf(extend(person, { roles: arrayOf(enumOf(LICENSEE_ROLES)) })),
});
export const memberChange = object({ licensee: str, sub: str, entries: strings, changed: bool });

export const doc = object({
  name: str,
  id: str,
  data: anyObject,
  version: int,
  owner: nullable(str),
  dateCreated: dateTime,
  dateUpdated: dateTime,
});
export const docPage = page(doc);

export const tagChange = object({ entity: enumOf(ENTITY_NAMES), key: str, tags: strings, changed: bool });

export const workflowRow = rowOf(logWorkflow, { data: anyObject });
/** A workflow log entry in words. */
export const readableWorkflowEntry = object({ actor: str, action: str, change: str, summary: str });
export const workflowEntry = extend(workflowRow, { actor: nullable(str), readable: readableWorkflowEntry });

export const fileInfo = object({
  hash: str,
  cid: str,
  mime: str,
  size: int,
  name: str,
  width: nullable(int),
  height: nullable(int),
  public: bool,
});
