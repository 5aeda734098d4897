import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, ts } from './schema';

/**
 * The eleven entities of SPEC §3/§7. Property names are the API's field names (SPEC spells
 * some in snake case, some in camel case), so the table, the JSON Schema published in
 * /openapi.json and validation all read from these definitions. Money is integer minor units.
 */

export type SubRef = { sub: string };
export type ApproverGroups = { legal: SubRef[]; brand: SubRef[]; cfl: SubRef[]; boss: SubRef[] };
export type ImageRef = { hash: string; name?: string; mime?: string };
export type TaxLine = { kind: string; label: string; rate_bp: number; amount: number };

const money = (name: string) => bigint(name, { mode: 'number' });

export const tags = pgTable(
  'tags',
  {
    ...recordColumns,
    name_jp: text('name_jp').notNull(),
    name_en: text('name_en').notNull(),
    color: text('color').notNull().default('#6c757d'),
    description: text('description'),
  },
  (t) => [uniqueIndex('tags_name_en_idx').on(t.name_en)],
);

export const holders = pgTable('holders', {
  ...recordColumns,
  name: text('name').notNull().default(''),
  is_default: boolean('is_default').notNull().default(false),
  approver: jsonb('approver').$type<ApproverGroups>().notNull().default({ legal: [], brand: [], cfl: [], boss: [] }),
  manager_legal: jsonb('manager_legal').$type<SubRef[]>().notNull().default([]),
  manager_brand: jsonb('manager_brand').$type<SubRef[]>().notNull().default([]),
  manager_cfl: jsonb('manager_cfl').$type<SubRef[]>().notNull().default([]),
  terms: jsonb('terms').$type<Record<string, unknown[]>>().notNull().default({}),
  config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
});

export const ips = pgTable(
  'ips',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('secondary'),
    state: text('state').notNull().default('draft'),
    holder: text('holder'),
    designer: text('designer'),
    parent: text('parent'),
    description: text('description'),
    guidelines: text('guidelines'),
    categories: text('categories').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
    owner: text('owner'),
  },
  (t) => [
    uniqueIndex('ips_reference_idx').on(t.reference),
    index('ips_state_idx').on(t.state, t.dateCreated),
    index('ips_kind_state_idx').on(t.kind, t.state),
    index('ips_designer_idx').on(t.designer),
    index('ips_owner_idx').on(t.owner),
    index('ips_name_idx').on(t.name),
  ],
);

export const designers = pgTable(
  'designers',
  {
    ...recordColumns,
    role: text('role').notNull().default('personal'),
    cat: text('cat'),
    pr: text('pr'),
    photo: text('photo'),
    desc: text('desc'),
    job_title: text('job_title'),
    license: text('license'),
    achievements: text('achievements'),
    accepted_terms_version: jsonb('accepted_terms_version').$type<Record<string, string>>().notNull().default({}),
    document: jsonb('document').$type<{ image: string; desc: string }[]>().notNull().default([]),
    perferred_contact: text('perferred_contact'),
    email: text('email').notNull(),
    tel: text('tel'),
    fax: text('fax'),
    location: text('location'),
    address: jsonb('address').$type<{ city?: string; country?: string }>().notNull().default({}),
    corporate_name: text('corporate_name'),
    br: text('br'),
    responsible_person: text('responsible_person'),
    invno: text('invno'),
    affiliation: text('affiliation'),
    linked: text('linked'),
    name: jsonb('name').$type<{ first?: string; last?: string }>().notNull().default({}),
    creator_name: text('creator_name').notNull(),
    tags: text('tags').array().notNull().default([]),
    owner: text('owner'),
  },
  // One designer record per person (issue #23): the owner is unique where set.
  (t) => [uniqueIndex('designers_owner_unique_idx').on(t.owner), index('designers_creator_name_idx').on(t.creator_name)],
);

export const licensees = pgTable(
  'licensees',
  {
    ...recordColumns,
    name: text('name').notNull(),
    email: text('email'),
    tel: text('tel'),
    country: text('country'),
    address: jsonb('address').$type<{ city?: string; country?: string; line?: string }>().notNull().default({}),
    br: text('br'),
    website: text('website'),
    accepted_terms_version: jsonb('accepted_terms_version').$type<Record<string, string>>().notNull().default({}),
    tags: text('tags').array().notNull().default([]),
    owner: text('owner'),
  },
  (t) => [index('licensees_owner_idx').on(t.owner)],
);

export const licenses = pgTable(
  'licenses',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    ip: text('ip').notNull(),
    licensee: text('licensee').notNull(),
    designer: text('designer'),
    applicant: text('applicant'),
    state: text('state').notNull().default('applied'),
    territory: text('territory').array().notNull().default([]),
    channels: text('channels').array().notNull().default([]),
    categories: text('categories').array().notNull().default([]),
    term_start: ts('term_start').notNull(),
    term_end: ts('term_end').notNull(),
    royalty_rate_bp: integer('royalty_rate_bp').notNull(),
    minimum_guarantee: money('minimum_guarantee').notNull().default(0),
    advance: money('advance').notNull().default(0),
    currency: text('currency').notNull().default('JPY'),
    contract: text('contract'),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('licenses_reference_idx').on(t.reference),
    index('licenses_licensee_idx').on(t.licensee, t.state),
    index('licenses_ip_idx').on(t.ip),
    index('licenses_designer_idx').on(t.designer),
  ],
);

export const usages = pgTable(
  'usages',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    ip: text('ip').notNull(),
    designer: text('designer'),
    applicant: text('applicant'),
    purpose: text('purpose').notNull(),
    state: text('state').notNull().default('requested'),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('usages_reference_idx').on(t.reference),
    index('usages_applicant_idx').on(t.applicant, t.state),
    index('usages_ip_idx').on(t.ip),
  ],
);

export const products = pgTable(
  'products',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    license: text('license').notNull(),
    ip: text('ip'),
    licensee: text('licensee'),
    designer: text('designer'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    category: text('category'),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
    price: money('price'),
    currency: text('currency').notNull().default('JPY'),
    planned_launch: ts('planned_launch'),
    state: text('state').notNull().default('draft'),
    tags: text('tags').array().notNull().default([]),
    owner: text('owner'),
  },
  (t) => [
    uniqueIndex('products_reference_idx').on(t.reference),
    index('products_licensee_idx').on(t.licensee, t.state),
    index('products_license_idx').on(t.license),
    index('products_designer_idx').on(t.designer),
  ],
);

export const sales = pgTable(
  'sales',
  {
    ...recordColumns,
    license: text('license').notNull(),
    product: text('product').notNull(),
    licensee: text('licensee'),
    ip: text('ip'),
    period_start: ts('period_start').notNull(),
    period_end: ts('period_end').notNull(),
    territory: text('territory').notNull(),
    units: integer('units').notNull().default(0),
    gross_sales: money('gross_sales').notNull().default(0),
    net_sales: money('net_sales').notNull(),
    currency: text('currency').notNull().default('JPY'),
    royalty: money('royalty').notNull().default(0),
    state: text('state').notNull().default('submitted'),
    report: text('report'),
    owner: text('owner'),
  },
  (t) => [
    index('sales_licensee_period_idx').on(t.licensee, t.period_start),
    index('sales_license_idx').on(t.license),
    index('sales_period_idx').on(t.period_start),
    // No index on ip: no query reads sales by IP (statistics read sales_monthly, which has one),
    // and each index costs a million-row import about a tenth of its time (issue #20).
    index('sales_report_idx').on(t.report),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    licensee: text('licensee').notNull(),
    period_start: ts('period_start').notNull(),
    period_end: ts('period_end').notNull(),
    amount: money('amount').notNull().default(0),
    currency: text('currency').notNull().default('JPY'),
    tax_lines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default([]),
    due_date: ts('due_date'),
    state: text('state').notNull().default('draft'),
    sales: text('sales').array().notNull().default([]),
    // Amounts no sales row carries, billed once (lib/server/invoices/charges): an advance on
    // activation, a minimum-guarantee shortfall at the end of the term.
    charges: jsonb('charges')
      .$type<{ license: string; kind: 'advance' | 'mg_shortfall'; amount: number }[]>()
      .notNull()
      .default([]),
    owner: text('owner'),
  },
  (t) => [uniqueIndex('invoices_reference_idx').on(t.reference), index('invoices_licensee_idx').on(t.licensee, t.state)],
);

export const reviews = pgTable(
  'reviews',
  {
    ...recordColumns,
    subject_type: text('subject_type').notNull(),
    subject_key: text('subject_key').notNull(),
    group: text('group'),
    step: text('step'),
    reviewer: text('reviewer'),
    state: text('state').notNull().default('pending'),
    comment: text('comment'),
    markups: jsonb('markups').$type<{ image: string; x: number; y: number; note: string }[]>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    // When the reviewers of a pending review past its limit were last reminded.
    reminded_at: ts('reminded_at'),
  },
  (t) => [
    index('reviews_subject_idx').on(t.subject_type, t.subject_key),
    index('reviews_reviewer_idx').on(t.reviewer),
    // Holder statistics: approval throughput and time per step read decided reviews by date.
    index('reviews_state_updated_idx').on(t.state, t.dateUpdated),
  ],
);

/** What a record looked like each time it entered a review round: versions to compare side by side. */
export const subjectVersions = pgTable(
  'subject_versions',
  {
    key: text('key').primaryKey(),
    subject_type: text('subject_type').notNull(),
    subject_key: text('subject_key').notNull(),
    step: text('step').notNull(),
    revision: integer('revision').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    dateCreated: ts('date_created').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subject_versions_round_idx').on(t.subject_key, t.step, t.revision)],
);

export type ReportTotals = Record<string, { rows: number; units: number; net_sales: number; royalty: number }>;

/**
 * A royalty report: the sales rows one organisation reports for one period, from a form or an
 * imported file. The sales flow (DESIGN §6) runs on the report, not on each of its rows, so a
 * 100,000-row import is one decision for cfl; its rows follow the report's state.
 */
export const salesReports = pgTable(
  'sales_reports',
  {
    ...recordColumns,
    // The number people quote (LIC-2026-0042), drawn by lib/server/refs in the creating transaction.
    reference: text('reference').notNull(),
    licensee: text('licensee').notNull(),
    period_start: ts('period_start').notNull(),
    period_end: ts('period_end').notNull(),
    state: text('state').notNull().default('submitted'),
    source: text('source').notNull().default('form'),
    file_name: text('file_name'),
    row_count: integer('row_count').notNull().default(0),
    totals: jsonb('totals').$type<ReportTotals>().notNull().default({}),
    // Sent after the day reports for its period were due.
    late: boolean('late').notNull().default(false),
    notes: text('notes'),
    owner: text('owner'),
    // The earlier live reports of the same licenses and period this one corrects; once this one
    // is approved their rows for those licenses become 'superseded' (kept, never counted).
    corrects: text('corrects').array().notNull().default([]),
  },
  (t) => [
    uniqueIndex('sales_reports_reference_idx').on(t.reference),
    index('sales_reports_licensee_idx').on(t.licensee, t.period_start),
    index('sales_reports_state_idx').on(t.state),
  ],
);

/** The column mapping an organisation last used to import a sales file, offered again next time. */
export const salesImportMappings = pgTable('sales_import_mappings', {
  licensee: text('licensee').primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedBy: text('updated_by').notNull(),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
});

/** A licensee reminded that a license's report for a period is late: one reminder per license and period. */
export const salesReportReminders = pgTable(
  'sales_report_reminders',
  {
    key: text('key').primaryKey(),
    license: text('license').notNull(),
    licensee: text('licensee').notNull(),
    period_start: ts('period_start').notNull(),
    remindedAt: ts('reminded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sales_report_reminders_period_idx').on(t.license, t.period_start)],
);

/**
 * A signed-in user's application to become a designer (SPEC §7 /liquid): profile and documents,
 * moved through the liquid flow by admin or product staff; issuing grants the role.
 */
export const liquidApplications = pgTable(
  'liquid_applications',
  {
    ...recordColumns,
    applicant: text('applicant').notNull(),
    kind: text('kind').notNull().default('designer'),
    role: text('role').notNull().default('personal'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    documents: jsonb('documents').$type<{ image: string; desc: string }[]>().notNull().default([]),
    state: text('state').notNull().default('applied'),
    comment: text('comment'),
    designer: text('designer'),
    decided_by: text('decided_by'),
  },
  (t) => [
    index('liquid_applications_applicant_idx').on(t.applicant, t.state),
    index('liquid_applications_state_idx').on(t.state),
  ],
);

/**
 * A payment received against an invoice (issue 21): partial or whole, numbered PAY-…; never
 * deleted: a mistaken one is reversed with a reason and stays in the history.
 */
export const payments = pgTable(
  'payments',
  {
    ...recordColumns,
    reference: text('reference').notNull(),
    invoice: text('invoice').notNull(),
    licensee: text('licensee').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    // The day the money arrived (a calendar day, stored as UTC midnight like periods).
    paid_on: ts('paid_on').notNull(),
    method: text('method').notNull(),
    // What the payer's bank or slip calls it (振込人名義, transfer number): free text.
    payer_reference: text('payer_reference'),
    state: text('state').notNull().default('recorded'),
    reversal_reason: text('reversal_reason'),
    reversed_at: ts('reversed_at'),
    reversed_by: text('reversed_by'),
    recorded_by: text('recorded_by').notNull(),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    index('payments_invoice_idx').on(t.invoice, t.state),
    index('payments_licensee_idx').on(t.licensee),
  ],
);

/**
 * Exchange rates the holder's finance staff record: JPY per one unit of `currency` for a month
 * (`YYYY-MM`), in millionths of a yen so conversion stays integer. The holder's totals convert other
 * currencies to JPY only at a recorded rate, never 1:1. A corrected rate is a new row: the latest
 * one counts and the earlier ones stay as the record of what was used before.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    ...recordColumns,
    currency: text('currency').notNull(),
    month: text('month').notNull(),
    rate_micro: bigint('rate_micro', { mode: 'number' }).notNull(),
    recorded_by: text('recorded_by').notNull(),
  },
  (t) => [index('exchange_rates_currency_month_idx').on(t.currency, t.month, t.dateCreated)],
);
