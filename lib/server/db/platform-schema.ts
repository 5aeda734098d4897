import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './schema';

/**
 * Tables of the platform services around the entities: mail, invitations, contracts and their
 * signatures, verifiable credentials, chain mints and the statistics roll-up.
 */

/**
 * Every e-mail goes through this outbox (DESIGN §1 "e-mail"): written in the transaction of the
 * command that causes it, delivered afterwards by the outbox worker; with no SMTP_URL it stays
 * here for admins to read.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    key: text('key').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template'),
    lang: text('lang').notNull().default('jp'),
    // queued → sent | failed (after the last attempt); 'kept' when there is no SMTP to send to.
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    dateCreated: ts('date_created').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('email_outbox_due_idx').on(t.state, t.nextAttemptAt), index('email_outbox_created_idx').on(t.dateCreated)],
);

/**
 * Durable jobs (heavy or outside work that follows a command: contract PDFs, credentials, mail,
 * mints): written in the transaction of the command that causes them, run after it commits by
 * the job worker of any replica (claimed with FOR UPDATE SKIP LOCKED), retried with backoff, and
 * kept as dead letters when they cannot succeed. `subject` names what a job is about (a license,
 * a contract, an outbox message) so pages can say "being prepared"; `once` keeps one pending job
 * per subject and kind.
 */
export const jobs = pgTable(
  'jobs',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    // queued → running → done; dead after the last attempt or a permanent failure (retryable by hand).
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    // null: retried for ever (mail is never given up on while the server may come back).
    maxAttempts: integer('max_attempts'),
    // When it is due; while running, when its lease ends (a worker that died lets it run again).
    runAt: ts('run_at').notNull().defaultNow(),
    // The token of the claim that runs it: only that claim may record its outcome.
    claim: text('claim'),
    once: text('once'),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state in ('queued', 'running')`),
    index('jobs_subject_idx').on(t.subject, t.kind),
    index('jobs_created_idx').on(t.dateCreated),
    uniqueIndex('jobs_once_idx')
      .on(t.once)
      .where(sql`state in ('queued', 'running')`),
  ],
);

/**
 * Invitations into an organisation or into the platform. Only the sha-256 of the token is kept;
 * the token itself exists only in the e-mail link.
 */
export const invitations = pgTable(
  'invitations',
  {
    key: text('key').primaryKey(),
    // The number people quote (IVT-2026-0007), drawn by lib/server/refs when the invitation is made.
    reference: text('reference').notNull(),
    // licensee-owner (a new organisation's first owner) | licensee-staff | licensee-designer | …
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    // The organisation the invitation is into; null until a licensee-owner invitation creates it.
    entity: text('entity'),
    role: text('role').notNull(),
    lang: text('lang').notNull().default('jp'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    // pending → accepted | revoked; expiry is read from expiresAt.
    state: text('state').notNull().default('pending'),
    expiresAt: ts('expires_at').notNull(),
    acceptedBy: text('accepted_by'),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.tokenHash),
    uniqueIndex('invitations_reference_idx').on(t.reference),
    index('invitations_entity_idx').on(t.entity, t.state),
    index('invitations_email_idx').on(t.email),
  ],
);

/**
 * A contact e-mail waiting for its owner's confirmation (issue #23): a record's `verified` field
 * (definitions.ts) changed to an address other than the account's keeps its old value until the
 * link sent to the new address is followed. Only the sha-256 of the single-use token is kept.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    key: text('key').primaryKey(),
    entity: text('entity').notNull(),
    record: text('record').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    tokenHash: text('token_hash').notNull(),
    requestedBy: text('requested_by').notNull(),
    lang: text('lang').notNull().default('jp'),
    // pending → verified | superseded (a newer request for the same field) | cancelled
    state: text('state').notNull().default('pending'),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    dateCreated: ts('date_created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_verifications_token_idx').on(t.tokenHash),
    index('contact_verifications_record_idx').on(t.entity, t.record, t.field, t.state),
  ],
);

/** One generated contract document of a license; a new version voids the signatures of the old. */
export const contracts = pgTable(
  'contracts',
  {
    key: text('key').primaryKey(),
    license: text('license').notNull(),
    revision: integer('revision').notNull().default(1),
    lang: text('lang').notNull().default('jp'),
    // preparing → generated → licensee_signed → countersigned; void when the terms changed after signing.
    state: text('state').notNull().default('generated'),
    // The unsigned contract PDF and, once countersigned, the final one with signature page and audit trail.
    // Null while the revision is being prepared (its contract.render job has not run yet).
    file: text('file'),
    sha256: text('sha256'),
    finalFile: text('final_file'),
    // The license terms and terms-document versions the PDF was made from.
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    termsHash: text('terms_hash').notNull(),
    dateCreated: ts('date_created').notNull().defaultNow(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
    voidedAt: ts('voided_at'),
  },
  (t) => [index('contracts_license_idx').on(t.license, t.revision)],
);

/** A signature over the exact bytes of a contract PDF. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    key: text('key').primaryKey(),
    contract: text('contract').notNull(),
    party: text('party').notNull(),
    signer: text('signer').notNull(),
    typedName: text('typed_name').notNull(),
    // The drawn signature, stored as a PNG in the file store.
    image: text('image'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
    signedAt: ts('signed_at').notNull().defaultNow(),
    voidedAt: ts('voided_at'),
  },
  (t) => [uniqueIndex('contract_signatures_party_idx').on(t.contract, t.party)],
);

/** Credential schemas of the core /schema API. */
export const credentialSchemas = pgTable('credential_schemas', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull().default('1.0'),
  issuer: text('issuer').notNull(),
  schema: jsonb('schema').$type<Record<string, unknown>>().notNull().default({}),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  published: boolean('published').notNull().default(false),
  dateCreated: ts('date_created').notNull().defaultNow(),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
});

/** Issued verifiable credentials; `holder` is the wallet owner (a user's sub). */
export const credentials = pgTable(
  'credentials',
  {
    key: text('key').primaryKey(),
    schema: text('schema'),
    type: text('type').notNull(),
    format: text('format').notNull().default('jwt'),
    issuer: text('issuer').notNull(),
    holder: text('holder').notNull(),
    // The record it attests (a license key for LicenseCredential).
    subject: text('subject').notNull(),
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull().default({}),
    jwt: text('jwt').notNull(),
    // active | revoked; expiry is read from expiresAt.
    state: text('state').notNull().default('active'),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    // Its entry in a W3C Bitstring Status List (credentialStatus); null for credentials signed before.
    statusList: integer('status_list'),
    statusIndex: integer('status_index'),
  },
  (t) => [
    index('credentials_holder_idx').on(t.holder, t.issuedAt),
    index('credentials_subject_idx').on(t.subject),
    uniqueIndex('credentials_status_entry_idx').on(t.statusList, t.statusIndex),
  ],
);

/**
 * Bitstring status lists (revocation) the credentials' entries point into. The bits are not
 * stored: bit i of list n is set exactly when the credential holding entry (n, i) is revoked, so
 * the published list is built from the credentials table and cannot disagree with it. Indexes are
 * handed out in order under this row's lock, in the issuing transaction.
 */
export const credentialStatusLists = pgTable('credential_status_lists', {
  id: integer('id').primaryKey(),
  purpose: text('purpose').notNull().default('revocation'),
  // Bits in the list (at least 131,072 per the spec) and the next index not yet handed out.
  size: integer('size').notNull(),
  nextIndex: integer('next_index').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Presentation requests (/proof/request) and what was presented for them. */
export const proofRequests = pgTable(
  'proof_requests',
  {
    key: text('key').primaryKey(),
    nonce: text('nonce').notNull(),
    verifier: text('verifier').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull().default({}),
    // requested → presented | failed
    state: text('state').notNull().default('requested'),
    presenter: text('presenter'),
    presentation: text('presentation'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    dateCreated: ts('date_created').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    presentedAt: ts('presented_at'),
  },
  (t) => [uniqueIndex('proof_requests_nonce_idx').on(t.nonce)],
);

/** ERC-721 wrapper tokens minted for approved IPs: one per IP, so a second mint finds this row. */
export const chainMints = pgTable('chain_mints', {
  ip: text('ip').primaryKey(),
  tokenId: text('token_id').notNull(),
  contract: text('contract').notNull(),
  chainId: integer('chain_id').notNull(),
  owner: text('owner').notNull(),
  sub: text('sub').notNull(),
  metadataCid: text('metadata_cid').notNull(),
  txHash: text('tx_hash').notNull(),
  dateCreated: ts('date_created').notNull().defaultNow(),
});

/**
 * Approved sales rolled up per month, license, product and currency (holder statistics read this
 * instead of scanning every sales row). Kept in step when a report's state changes.
 */
export const salesMonthly = pgTable(
  'sales_monthly',
  {
    month: text('month').notNull(),
    license: text('license').notNull(),
    product: text('product').notNull(),
    currency: text('currency').notNull(),
    licensee: text('licensee'),
    ip: text('ip'),
    designer: text('designer'),
    rows: integer('rows').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    netSales: bigint('net_sales', { mode: 'number' }).notNull().default(0),
    royalty: bigint('royalty', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.license, t.product, t.currency] }),
    index('sales_monthly_month_idx').on(t.month),
    index('sales_monthly_licensee_idx').on(t.licensee, t.month),
    index('sales_monthly_ip_idx').on(t.ip, t.month),
  ],
);

/**
 * The running number behind each kind of reference (lib/server/refs): one row per holder, kind
 * and period (the year for yearly formats, '' otherwise), incremented in the transaction that
 * creates the record. Never decremented, so a number is never given twice.
 */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    holder: text('holder').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    last: integer('last').notNull(),
    dateUpdated: ts('date_updated').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.holder, t.kind, t.period] })],
);

/**
 * Evidence of every terms acceptance: who accepted which version of which kind, on which record,
 * and when (server time). Rows are only ever added: a record's accepted_terms_version holds the
 * latest value, this table the whole history, and a withdrawn version keeps its acceptances.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    key: text('key').primaryKey(),
    sub: text('sub').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    // Designer, Licensee or User: where the accepted version is kept and compared.
    recordType: text('record_type').notNull(),
    recordKey: text('record_key').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [index('terms_acceptances_version_idx').on(t.kind, t.version), index('terms_acceptances_sub_idx').on(t.sub)],
);

/**
 * First-party page-view counts: a page's route pattern (never its address), language and UTC day,
 * with a count. No person, address, cookie or device is stored.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: text('day').notNull(),
    page: text('page').notNull(),
    lang: text('lang').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.lang] })],
);

/**
 * Service accounts (issue #25, machine access): OAuth 2.0 clients that get tokens by client
 * credentials and act with their own access entries. A client of the embedded provider has its
 * secret kept only as its SHA-256 digest (it is 256 random bits, so a slow hash adds nothing); a
 * client of an external provider (OIDC_ISSUER) has no secret here, only the client id its JWTs
 * carry. A revoked account stays for the log that names it, and frees its client id for a new one.
 */
export const serviceAccounts = pgTable(
  'service_account',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    /** Null for a client of an external provider, whose secret only that provider knows. */
    secretDigest: text('secret_digest'),
    access: jsonb('access').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    rotatedAt: ts('rotated_at'),
    rotatedBy: text('rotated_by'),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('service_account_live_client_id_idx')
      .on(t.clientId)
      .where(sql`${t.revokedAt} is null`),
    // Two live accounts with one name could not be told apart in the log.
    uniqueIndex('service_account_live_name_idx')
      .on(t.name)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Webhook endpoints (issue #25): an outside system told of business state changes it subscribed
 * to. The secret signs every message (Standard Webhooks), so it is kept, not digested; it is shown
 * to the admin only when made.
 */
export const webhookEndpoints = pgTable('webhook_endpoint', {
  key: text('key').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  // Event types subscribed to (lib/server/webhooks/events.ts); empty: none.
  events: text('events')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: text('created_by').notNull(),
  dateCreated: ts('date_created').notNull().defaultNow(),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
});

/**
 * One message to one endpoint, written in the transaction of the change it tells (the outbox);
 * its key is the message id the receiver deduplicates on, the same on every attempt and replay.
 * Kept after its endpoint is deleted, as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    key: text('key').primaryKey(),
    endpoint: text('endpoint').notNull(),
    eventType: text('event_type').notNull(),
    subject: text('subject').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // queued → delivered | failed (the queue gave up; a replay queues it again).
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    dateCreated: ts('date_created').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('webhook_delivery_order_idx').on(t.endpoint, t.subject, t.dateCreated)],
);

/**
 * How many transactions have written each table, for the answer cache (lib/server/db/answer-cache.ts):
 * `version` here plus the table's rows in data_changes. A statement-level trigger (migration 0026)
 * adds a data_changes row in the writer's own transaction, so a reader that sees the write also sees
 * its count, and a rolled-back write leaves no trace. Writers only insert (no row lock to wait for);
 * now and then a writer folds the rows into `version` (one row each, so the sum stays the same).
 */
export const dataVersions = pgTable('data_versions', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/** One row per table per writing transaction since the last fold into data_versions. */
export const dataChanges = pgTable(
  'data_changes',
  {
    tableName: text('table_name').notNull(),
    xact: bigint('xact', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.xact] })],
);
