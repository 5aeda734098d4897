import { sql } from 'drizzle-orm';
import { boolean, index, uniqueIndex, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Columns every stored record carries (SPEC §3, DESIGN §5). */
export const recordColumns = {
  key: text('key').primaryKey(),
  dateCreated: ts('date_created').notNull().defaultNow(),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
  status: integer('status').notNull().default(0),
  version: integer('version').notNull().default(1),
};

/** People who can sign in. `sub` is the subject the identity provider hands out. */
export const users = pgTable(
  'users',
  {
    sub: text('sub').primaryKey(),
    email: text('email').notNull(),
    // Null for accounts provisioned from an external provider: they never log in here.
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    picture: text('picture'),
    lang: text('lang').notNull().default('jp'),
    wallet: text('wallet'),
    bio: text('bio'),
    // Kinds of notification this person does not want by e-mail too (lib/server/notify/mail-kinds.ts).
    mailOff: text('mail_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // One mail a day listing what was waiting instead of one mail each (lib/server/notify/digest.ts).
    mailDigest: boolean('mail_digest').notNull().default(false),
    // When this person's last daily digest went out: at most one per day (Japan time).
    digestSentAt: ts('digest_sent_at'),
    // Terms accepted by a person who has no designer or licensee record to keep them on (SPEC §4):
    // the same shape as those records' accepted_terms_version.
    accepted_terms_version: jsonb('accepted_terms_version').$type<Record<string, string>>().notNull().default({}),
    status: integer('status').notNull().default(0),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)],
);

/** Access entries of SPEC §6 (`client:role[:access:entity]`), one row each. */
export const userAccess = pgTable(
  'user_access',
  {
    sub: text('sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    entry: text('entry').notNull(),
    grantedBy: text('granted_by'),
    dateCreated: ts('date_created').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.entry] }), index('user_access_entry_idx').on(t.entry)],
);

export const notifications = pgTable(
  'notifications',
  {
    ...recordColumns,
    target: text('target').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull().default(''),
    // Where the reader acts on what the notification is about: a path under /{lang}.
    link: text('link'),
    created: ts('created').notNull().defaultNow(),
    readAt: ts('read_at'),
    // Waiting for the reader's daily digest mail (they chose one mail a day); false once in one.
    digestPending: boolean('digest_pending').notNull().default(false),
  },
  (t) => [
    index('notifications_target_idx').on(t.target, t.readAt),
    index('notifications_digest_idx').on(t.digestPending, t.target),
  ],
);

/** Every role, ACL or approver change: who, what, before, after, when. */
export const adminLog = pgTable(
  'admin_log',
  {
    key: text('key').primaryKey(),
    sub: text('sub').notNull(),
    action: text('action').notNull(),
    data: jsonb('data').notNull().default({}),
    ref: text('ref'),
    time: ts('time').notNull().defaultNow(),
  },
  (t) => [index('admin_log_time_idx').on(t.time), index('admin_log_ref_idx').on(t.ref)],
);

/** Storage of the embedded OpenID provider (sessions, grants, codes, tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Consent given once per account and client, so a new provider session does not ask again. */
export const idpConsents = pgTable(
  'idp_consents',
  {
    accountId: text('account_id').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    dateCreated: ts('date_created').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId] })],
);

/** Failed sign-in attempts per address and account, shared by every server process. */
/**
 * Failed sign-ins, kept in the database so that every server process slows down the same
 * sources (lib/server/idp/rate-limit.ts): one row per (account, source) pair and per source
 * slows further attempts from there; one row per account counts the failures from everywhere so
 * its owner is told once per episode. Nothing here ever refuses a source that has not failed.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    // pair | source | account
    kind: text('kind').notNull().default('source'),
    account: text('account'),
    source: text('source'),
    failures: integer('failures').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    lastFailureAt: ts('last_failure_at'),
    blockedUntil: ts('blocked_until'),
    notifiedAt: ts('notified_at'),
  },
  (t) => [index('login_attempts_kind_idx').on(t.kind, t.lastFailureAt)],
);

/** LogWorkflow of SPEC §3: one row per flow transition or workflow note. */
export const logWorkflow = pgTable(
  'log_workflow',
  {
    // SPEC names the subject record `key`, so the entry's own identifier is `id`.
    id: text('id').primaryKey(),
    data: jsonb('data').notNull().default({}),
    time: ts('time').notNull().defaultNow(),
    action: text('action').notNull(),
    path: text('path').notNull().default(''),
    key: text('key'),
    ref: text('ref'),
    remarks: text('remarks'),
    sub: text('sub'),
  },
  (t) => [index('log_workflow_key_idx').on(t.key, t.time), index('log_workflow_time_idx').on(t.time)],
);

/** Short URIs of the core API (/shorturi/new|get|drop). */
export const shortUris = pgTable('short_uris', {
  key: text('key').primaryKey(),
  url: text('url').notNull(),
  owner: text('owner').notNull(),
  hits: integer('hits').notNull().default(0),
  dateCreated: ts('date_created').notNull().defaultNow(),
});

/** Named JSON documents (/api/doc/{name}): small settings and content that need no table of their own. */
export const docs = pgTable(
  'docs',
  {
    name: text('name').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').notNull().default({}),
    owner: text('owner'),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.name, t.id] })],
);

/** Access entries users asked for (/users/acl/request), waiting for an administrator. */
export const aclRequests = pgTable(
  'acl_requests',
  {
    key: text('key').primaryKey(),
    sub: text('sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    entry: text('entry').notNull(),
    reason: text('reason'),
    state: text('state').notNull().default('pending'),
    decidedBy: text('decided_by'),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateDecided: ts('date_decided'),
  },
  (t) => [index('acl_requests_state_idx').on(t.state, t.dateCreated), index('acl_requests_sub_idx').on(t.sub)],
);

/**
 * The content-addressed file store (DESIGN §1 "files"): one row per distinct content, keyed by
 * the sha-256 of its bytes; the bytes live under DATA_DIR/files/<first 2 hex>/<hash>.
 */
export const files = pgTable(
  'files',
  {
    hash: text('hash').primaryKey(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    // The original file name (at most 255 characters), for downloads; never used for the type.
    name: text('name').notNull(),
    owner: text('owner').notNull(),
    public: boolean('public').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
    dateCreated: ts('date_created').notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.owner)],
);
