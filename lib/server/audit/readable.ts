import { inArray } from 'drizzle-orm';
import en from '../../../locales/en/audit.json';
import jp from '../../../locales/jp/audit.json';
import jobsEn from '../../../locales/en/jobs.json';
import jobsJp from '../../../locales/jp/jobs.json';
import { getConfig } from '../../config';
import { readEach, type DbOrTx } from '../common/tx';
import { designers, holders, licensees } from '../db/entities-schema';
import { invitations, serviceAccounts } from '../db/platform-schema';
import { serviceAccountOfSub } from '../service-accounts/caller-sub';
import { entryInWords, organisationOfEntry, type AccessNames } from '../naming/access-entry';
import { cut, personName, type Lang } from '../naming/format';
import { peopleOf, type Person } from '../users/people';
import { isAdminLogAction, type AdminLogAction } from './actions';

/**
 * The admin log in words (DESIGN §4: who, what, before, after, when): each entry becomes a
 * sentence that names people, organisations, roles and records, and the lines of what changed
 * from what to what. Keys stay in the entry's data for the API; none reaches the text.
 */

type Catalogue = typeof en;
const catalogues: Record<Lang, Catalogue> = { jp, en };
type Data = Record<string, unknown>;

export interface LogEntryInput {
  action: string;
  sub: string;
  ref: string | null;
  data: Data;
}

export interface ReadableChange {
  /** What changed, in words (権限, 承認者（法務）, 電話番号). */
  field: string;
  before: string;
  after: string;
}

export interface ReadableEntry {
  /** The action's name (権限の付与). */
  action: string;
  /** One sentence: 山田 花子 に「カルビー商事 のスタッフ」を付与しました。 */
  summary: string;
  changes: ReadableChange[];
}

/** Everything a page of entries names, read in a few queries. */
export interface LogNames {
  person(sub: string | null | undefined): string;
  organisation(key: string | null | undefined): string;
  holder(key: string | null | undefined): string;
  invitation(key: string | null | undefined): { reference: string; email: string; kind: string; organisation: string } | null;
  /** A service account by its name (its key never reaches the text). */
  serviceAccount(key: string | null | undefined): string;
  access: Omit<AccessNames, 'organisation'>;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const obj = (value: unknown): Data => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {});

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

/** Subs, organisation keys and invitation keys an entry names, gathered before one read of each. */
function collect(entry: LogEntryInput, subs: Set<string>, orgs: Set<string>, invites: Set<string>, holderKeys: Set<string>) {
  const data = entry.data;
  subs.add(entry.sub);
  for (const field of ['sub', 'invitedBy']) {
    const value = str(data[field]);
    if (value) subs.add(value);
  }
  for (const field of ['licensee', 'entity']) {
    const value = str(data[field]);
    if (value) orgs.add(value);
  }
  const invitation = str(data.invitation);
  if (invitation) invites.add(invitation);
  if (entry.action.startsWith('licensee.') && entry.ref) orgs.add(entry.ref);
  if (entry.action.startsWith('holder.') && entry.ref) holderKeys.add(entry.ref);
  const values = [data.entry, data.before, data.after, ...Object.values(obj(data.before)), ...Object.values(obj(data.after))];
  for (const value of values.flatMap((v) => (Array.isArray(v) ? v : [v]))) {
    if (typeof value !== 'string') continue;
    const organisation = organisationOfEntry(value);
    if (organisation) orgs.add(organisation);
    else if (!value.includes(':')) subs.add(value);
  }
}

export async function loadLogNames(db: DbOrTx, entries: LogEntryInput[], lang: Lang): Promise<LogNames> {
  const subs = new Set<string>();
  const orgs = new Set<string>();
  const invites = new Set<string>();
  const holderKeys = new Set<string>();
  for (const entry of entries) collect(entry, subs, orgs, invites, holderKeys);
  const orgKeys = [...orgs];
  const serviceKeys = new Set<string>();
  for (const entry of entries) {
    const actor = serviceAccountOfSub(entry.sub);
    if (actor) serviceKeys.add(actor);
    if (entry.action.startsWith('service.') && entry.ref) serviceKeys.add(entry.ref);
  }
  const [people, orgRows, designerRows, inviteRows, holderRows, serviceRows] = await readEach(db, [
    () =>
      peopleOf(
        db,
        [...subs].filter((s) => s.length <= 128 && !serviceAccountOfSub(s)),
      ),
    async () =>
      orgKeys.length
        ? await db.select({ key: licensees.key, name: licensees.name }).from(licensees).where(inArray(licensees.key, orgKeys))
        : [],
    async () =>
      orgKeys.length
        ? await db
            .select({ key: designers.key, creator: designers.creator_name, corporate: designers.corporate_name })
            .from(designers)
            .where(inArray(designers.key, orgKeys))
        : [],
    async () =>
      invites.size
        ? await db
            .select({
              key: invitations.key,
              reference: invitations.reference,
              email: invitations.email,
              kind: invitations.kind,
              entity: invitations.entity,
              data: invitations.data,
            })
            .from(invitations)
            .where(inArray(invitations.key, [...invites]))
        : [],
    async () =>
      holderKeys.size
        ? await db
            .select({ key: holders.key, name: holders.name })
            .from(holders)
            .where(inArray(holders.key, [...holderKeys]))
        : [],
    async () =>
      serviceKeys.size
        ? await db
            .select({ key: serviceAccounts.key, name: serviceAccounts.name })
            .from(serviceAccounts)
            .where(inArray(serviceAccounts.key, [...serviceKeys]))
        : [],
  ]);
  const personBySub = new Map<string, Person>(people.map((p) => [p.sub, p]));
  const orgNames = new Map<string, string>([
    ...orgRows.map((o): [string, string] => [o.key, o.name]),
    ...designerRows.map((d): [string, string] => [d.key, d.corporate || d.creator]),
  ]);
  const catalogue = catalogues[lang];
  const { aclClient, productKey } = getConfig();
  const organisation = (key: string | null | undefined) =>
    key ? (orgNames.get(key) ?? catalogue.unknownOrganisation) : catalogue.none;
  const serviceAccount = (key: string | null | undefined) => {
    const name = serviceRows.find((row) => row.key === key)?.name;
    return name ? fill(catalogue.serviceAccount, { name }) : catalogue.unknownServiceAccount;
  };
  return {
    person: (sub) => {
      const service = serviceAccountOfSub(sub);
      return service ? serviceAccount(service) : personName(sub ? personBySub.get(sub) : undefined, lang);
    },
    serviceAccount,
    organisation,
    holder: (key) => (key && holderRows.find((h) => h.key === key)?.name) || catalogue.holder,
    invitation: (key) => {
      const row = inviteRows.find((i) => i.key === key);
      if (!row) return null;
      return {
        reference: row.reference,
        email: row.email,
        kind: row.kind,
        organisation: row.entity ? organisation(row.entity) : (str(row.data.name) ?? catalogue.none),
      };
    },
    access: { client: aclClient, product: productKey },
  };
}

/** A before or after value in words: people by name, access entries as roles, anything else as text. */
function valueWords(value: unknown, names: LogNames, lang: Lang, kind: 'people' | 'access' | 'plain'): string {
  const catalogue = catalogues[lang];
  if (value === null || value === undefined || value === '') return catalogue.none;
  if (Array.isArray(value)) {
    const words = value.map((v) => valueWords(v, names, lang, kind));
    return words.length ? words.join(lang === 'jp' ? '、' : ', ') : catalogue.none;
  }
  if (typeof value === 'string') {
    if (kind === 'people') return names.person(value);
    if (kind === 'access') return entryInWords(value, { ...names.access, organisation: (k) => names.organisation(k) }, lang);
    return cut(value, 200);
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Data).map(([k, v]) => `${k}: ${valueWords(v, names, lang, 'plain')}`);
    return cut(entries.join(' / ') || catalogue.none, 200);
  }
  return String(value);
}

function fieldLabel(field: string, lang: Lang): string {
  const labels = catalogues[lang].field as Record<string, string>;
  if (labels[field]) return labels[field];
  // A settings key of Holder.config (config.reference.license) keeps its name after the word for settings.
  if (field.startsWith('config.')) return `${labels.config} ${field.slice('config.'.length)}`;
  return field;
}

/** Field-by-field changes of a record's profile or settings, or of a user's account. */
function fieldChanges(data: Data, names: LogNames, lang: Lang): ReadableChange[] {
  const before = obj(data.before);
  const after = obj(data.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const catalogue = catalogues[lang];
  const plain = (field: string, value: unknown): string => {
    if (field === 'lang' && (value === 'jp' || value === 'en')) return catalogue.lang[value];
    if (field === 'status' && typeof value === 'number') return value === 0 ? catalogue.status['0'] : catalogue.status.other;
    return valueWords(value, names, lang, 'plain');
  };
  return fields.map((field) => ({
    field: fieldLabel(field, lang),
    before: plain(field, before[field]),
    after: plain(field, after[field]),
  }));
}

function accessChange(data: Data, names: LogNames, lang: Lang): ReadableChange[] {
  if (!('before' in data) && !('after' in data)) return [];
  return [
    {
      field: catalogues[lang].field.access,
      before: valueWords(list(data.before), names, lang, 'access'),
      after: valueWords(list(data.after), names, lang, 'access'),
    },
  ];
}

function peopleChange(field: string, data: Data, names: LogNames, lang: Lang): ReadableChange[] {
  return [
    {
      field: fieldLabel(field, lang),
      before: valueWords(list(data.before), names, lang, 'people'),
      after: valueWords(list(data.after), names, lang, 'people'),
    },
  ];
}

function inviteValues(entry: LogEntryInput, names: LogNames, lang: Lang): Record<string, string> {
  const catalogue = catalogues[lang];
  const data = entry.data;
  const stored = names.invitation(str(data.invitation));
  const kind = str(data.kind) ?? stored?.kind ?? '';
  return {
    invitation: str(data.reference) ?? stored?.reference ?? '',
    email: str(data.email) ?? stored?.email ?? catalogue.none,
    kind: (catalogue.inviteKind as Record<string, string>)[kind] ?? kind,
    organisation:
      str(data.licensee) || str(data.entity)
        ? names.organisation(str(data.licensee) ?? str(data.entity))
        : (str(data.organisation) ?? stored?.organisation ?? catalogue.none),
    person: names.person(str(data.sub) ?? entry.sub),
  };
}

type Describer = (
  entry: LogEntryInput,
  names: LogNames,
  lang: Lang,
) => { values: Record<string, string>; changes: ReadableChange[] };

const personAndEntry: Describer = (entry, names, lang) => ({
  values: {
    person: names.person(str(entry.data.sub) ?? entry.ref),
    entry: str(entry.data.entry)
      ? entryInWords(String(entry.data.entry), { ...names.access, organisation: (k) => names.organisation(k) }, lang)
      : '',
  },
  changes: accessChange(entry.data, names, lang),
});

const holderList: Describer = (entry, names, lang) => {
  const type = str(entry.data.type) ?? '';
  return {
    values: { person: names.person(str(entry.data.sub)), list: fieldLabel(type, lang) },
    changes: peopleChange(type, entry.data, names, lang),
  };
};

const boss: Describer = (entry, names, lang) => {
  const before = obj(entry.data.before);
  const after = obj(entry.data.after);
  return {
    values: { person: names.person(str(entry.data.sub)) },
    changes: [
      ...peopleChange('approver_boss', { before: before.approver_boss, after: after.approver_boss }, names, lang),
      ...accessChange({ before: before.access, after: after.access }, names, lang),
    ],
  };
};

const contractSigner: Describer = (entry, names, lang) => ({
  values: { person: names.person(str(entry.data.sub)) },
  changes: peopleChange('contract_signers', entry.data, names, lang),
});

const member: Describer = (entry, names, lang) => {
  const role = str(entry.data.role) ?? '';
  return {
    values: {
      person: names.person(str(entry.data.sub)),
      organisation: names.organisation(str(entry.data.licensee) ?? entry.ref),
      role: (catalogues[lang].role as Record<string, string>)[role] ?? role,
    },
    changes: accessChange(entry.data, names, lang),
  };
};

const invite: Describer = (entry, names, lang) => ({
  values: inviteValues(entry, names, lang),
  changes: entry.action === 'invite.accept' ? accessChange(entry.data, names, lang) : [],
});

const terms: Describer = (entry, _names, lang) => {
  const kind = str(entry.data.type) ?? '';
  return {
    values: {
      terms: (catalogues[lang].termsKind as Record<string, string>)[kind] ?? kind,
      version: String(entry.data.version ?? ''),
    },
    changes: [],
  };
};

const serviceChange: Describer = (entry, names, lang) => ({
  values: { account: names.serviceAccount(entry.ref) },
  changes: accessChange(entry.data, names, lang),
});

const ENDPOINT_STATE: Record<Lang, Record<'on' | 'off', string>> = {
  jp: { on: '有効', off: '無効' },
  en: { on: 'enabled', off: 'disabled' },
};

/** A webhook endpoint by its URL (kept in the entry: the endpoint may since have been deleted). */
const webhookChange: Describer = (entry, _names, lang) => ({
  values: {
    endpoint: str(entry.data.url) ?? entry.ref ?? '',
    events: String(Array.isArray(entry.data.after) ? entry.data.after.length : 0),
    state: ENDPOINT_STATE[lang][entry.data.enabled === false ? 'off' : 'on'],
  },
  changes: [],
});

const jobKindNames: Record<Lang, Record<string, string>> = { jp: jobsJp.kind, en: jobsEn.kind };

const schemaChange: Describer = (entry) => ({ values: { schema: str(entry.data.name) ?? '' }, changes: [] });

/** A job by what it does (メール送信) and what it was about (IP and licensee, recipient and subject). */
const jobRetry: Describer = (entry, _names, lang) => {
  const kind = str(entry.data.kind) ?? '';
  const label = str(entry.data.label);
  return {
    values: { job: `${jobKindNames[lang][kind.replace(/\./g, '_')] ?? kind}${label ? ` (${label})` : ''}` },
    changes: [],
  };
};

const DESCRIBE: Record<AdminLogAction, Describer> = {
  'acl.grant': personAndEntry,
  'acl.revoke': personAndEntry,
  'acl.set': personAndEntry,
  'acl.request.approve': personAndEntry,
  'acl.request.deny': personAndEntry,
  'user.set': (entry, names, lang) => ({
    values: { person: names.person(str(entry.data.sub) ?? entry.ref) },
    changes: fieldChanges(entry.data, names, lang),
  }),
  'holder.approver.add': holderList,
  'holder.approver.remove': holderList,
  'holder.manager.add': holderList,
  'holder.manager.remove': holderList,
  'holder.boss.add': boss,
  'holder.boss.remove': boss,
  'holder.contract.add': contractSigner,
  'holder.contract.remove': contractSigner,
  'holder.settings': (entry, names, lang) => ({
    values: { holder: names.holder(entry.ref) },
    changes: fieldChanges(entry.data, names, lang),
  }),
  'licensee.member.set': member,
  'licensee.member.remove': member,
  'licensee.profile': (entry, names, lang) => ({
    values: { organisation: names.organisation(str(entry.data.licensee) ?? entry.ref) },
    changes: fieldChanges(entry.data, names, lang),
  }),
  'invite.send': invite,
  'invite.resend': invite,
  'invite.revoke': invite,
  'invite.accept': invite,
  'terms.publish': terms,
  'terms.delete': terms,
  'terms.withdraw': terms,
  'contact.verified': (entry) => ({ values: { address: str(entry.data.after) ?? '' }, changes: [] }),
  'throttle.clear': (entry) => ({
    values: { target: [str(entry.data.account), str(entry.data.source)].filter(Boolean).join(' / ') },
    changes: [],
  }),
  'service.create': serviceChange,
  'service.rotate': serviceChange,
  'service.revoke': serviceChange,
  'webhook.create': webhookChange,
  'webhook.update': webhookChange,
  'webhook.rotate': webhookChange,
  'webhook.delete': webhookChange,
  'service.call': (entry, names) => ({
    values: {
      account: names.person(entry.sub),
      method: str(entry.data.method) ?? '',
      path: str(entry.data.path) ?? '',
      status: String(entry.data.status ?? ''),
    },
    changes: [],
  }),
  'credential.schema.enable': schemaChange,
  'credential.schema.disable': schemaChange,
  'credential.schema.publish': schemaChange,
  'credential.schema.withdraw': schemaChange,
  'job.retry': jobRetry,
  'mail.retry': (entry) => ({
    values: { to: str(entry.data.to) ?? '', subject: cut(str(entry.data.subject) ?? '', 60) },
    changes: [],
  }),
};

/** One entry in words for a reader; an action no longer written reads by its name and its data. */
export function describeAdminEntry(entry: LogEntryInput, names: LogNames, lang: Lang): ReadableEntry {
  const catalogue = catalogues[lang];
  if (!isAdminLogAction(entry.action)) {
    return { action: entry.action, summary: entry.action, changes: fieldChanges(entry.data, names, lang) };
  }
  const { values, changes } = DESCRIBE[entry.action](entry, names, lang);
  return {
    action: catalogue.action[entry.action],
    summary: fill(catalogue.summary[entry.action], values),
    changes,
  };
}

/** A page of entries in words, with the names read once for the whole page. */
export async function describeAdminEntries(db: DbOrTx, entries: LogEntryInput[], lang: Lang): Promise<ReadableEntry[]> {
  const names = await loadLogNames(db, entries, lang);
  return entries.map((entry) => describeAdminEntry(entry, names, lang));
}
