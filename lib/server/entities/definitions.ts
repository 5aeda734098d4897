import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import * as t from '../db/entities-schema';
import * as r from './field-rules';
import { registerRefusedFields } from './refused-fields';

export const ENTITY_NAMES = [
  'Tag',
  'Holder',
  'IP',
  'Designer',
  'Licensee',
  'License',
  'Usage',
  'Sales',
  'Product',
  'Invoice',
  'Review',
  'SalesReport',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

/** Columns the server alone writes, on every entity (DESIGN §4). */
export const RECORD_FIELDS = ['key', 'dateCreated', 'dateUpdated', 'status', 'version'] as const;

export type Scope = 'public' | 'holder' | 'owner' | 'designer' | 'licensee' | 'usage' | 'review';

/**
 * Who reads a field of a record the caller may see: `all` of them, or only the record's `party`
 * (holder staff, the designer who owns it, the organisation's own staff). Others get the record
 * without the field, can neither filter nor group on it, and cannot learn it any other way.
 */
export type ReadLevel = 'all' | 'party';

/**
 * How a field is written: by the `client` in a create or patch body; by the `server` alone (keys,
 * dates, states, owners, derived facts); only through a `reviewed` flow (a designer's type moves
 * with an application, never by a patch); or `verified` first (a contact e-mail other than the
 * account's is used only once its owner followed the link sent to it).
 */
export type WriteRule = 'client' | 'server' | 'reviewed' | 'verified';

export interface FieldPolicy {
  read: ReadLevel;
  write: WriteRule;
}

export interface EntityDef {
  name: EntityName;
  table: PgTable;
  /** Validates a create body: server-owned fields are not part of it (unknown keys are refused). */
  create: z.ZodObject;
  /** Same fields, all optional, for PATCH. */
  patch: z.ZodObject;
  /** Fields set by the server or by a flow, never taken from a request body (write `server` or `reviewed`). */
  serverOwned: readonly string[];
  /** Read and write rule of every column: the one place the field-level policy is declared. */
  fields: Readonly<Record<string, FieldPolicy>>;
  /** Who sees which rows (object level, DESIGN §4). */
  scope: Scope;
  /** Fields a query may filter, sort and group on; everything else is refused by name. */
  queryable: readonly string[];
  /** Whether /api/tag/assign and revoke apply. */
  taggable: boolean;
}

/**
 * From the table: drizzle-zod derives every column; the rules above tighten them; server-owned
 * and record fields are removed; what remains is strict (an unknown field is an error).
 */
function define(
  name: EntityName,
  table: PgTable,
  options: {
    refine?: Record<string, z.ZodType>;
    serverOwned?: string[];
    /** Changed only through their flow (an application and its review), refused in any body. */
    reviewed?: string[];
    /** Taken from a body, but used only once verified (see WriteRule). */
    verified?: string[];
    /** Read only by the record's party (see ReadLevel). */
    partyOnly?: string[];
    scope: Scope;
    queryable: string[];
  },
): EntityDef {
  const columns = getTableColumns(table);
  // A reference number is drawn by the server when the record is created (lib/server/refs) and
  // may be searched for like any declared field.
  const referenced = 'reference' in columns ? ['reference'] : [];
  const serverOwned = [...RECORD_FIELDS, ...referenced, ...(options.serverOwned ?? []), ...(options.reviewed ?? [])];
  const derived = createInsertSchema(table as never) as unknown as z.ZodObject;
  const shape: Record<string, z.ZodType> = {};
  for (const [field, column] of Object.entries(columns)) {
    if (serverOwned.includes(field)) continue;
    // A rule replaces the derived type; whether the field may be left out still follows the column.
    let fieldSchema = options.refine?.[field] ?? (derived.shape[field] as z.ZodType);
    if (!column.notNull) fieldSchema = fieldSchema.nullish();
    else if (column.hasDefault) fieldSchema = fieldSchema.optional();
    shape[field] = fieldSchema;
  }
  const create = z.object(shape).strict();
  for (const field of [
    ...options.queryable,
    ...(options.reviewed ?? []),
    ...(options.verified ?? []),
    ...(options.partyOnly ?? []),
  ]) {
    if (!(field in columns)) throw new Error(`${name}: field ${field} is not a column`);
  }
  const fields: Record<string, FieldPolicy> = {};
  for (const field of Object.keys(columns)) {
    const write: WriteRule = options.reviewed?.includes(field)
      ? 'reviewed'
      : serverOwned.includes(field)
        ? 'server'
        : options.verified?.includes(field)
          ? 'verified'
          : 'client';
    fields[field] = { read: options.partyOnly?.includes(field) ? 'party' : 'all', write };
  }
  const patch = create
    .partial()
    .extend({ version: z.number().int().min(1).optional() })
    .strict();
  registerRefusedFields(create, fields);
  registerRefusedFields(patch, fields);
  return {
    name,
    table,
    create,
    patch,
    serverOwned,
    fields,
    scope: options.scope,
    queryable: ['key', 'dateCreated', 'dateUpdated', 'status', ...referenced, ...options.queryable],
    taggable: 'tags' in columns,
  };
}

const DESIGNER_PRIVATE = [
  'email',
  'tel',
  'fax',
  'location',
  'address',
  'perferred_contact',
  'name',
  'br',
  'responsible_person',
  'invno',
  'affiliation',
  'linked',
  'job_title',
  'license',
  'achievements',
  'desc',
  'document',
  'accepted_terms_version',
];

const approverGroups = z.object({ legal: r.subRefs(), brand: r.subRefs(), cfl: r.subRefs(), boss: r.subRefs() });

export const entities: Record<EntityName, EntityDef> = {
  Tag: define('Tag', t.tags, {
    refine: {
      name_jp: r.requiredText(60),
      name_en: r.requiredText(60),
      color: r.color(),
      description: r.shortText(500),
    },
    scope: 'public',
    queryable: ['name_jp', 'name_en', 'color'],
  }),
  Holder: define('Holder', t.holders, {
    refine: {
      name: r.shortText(200),
      approver: approverGroups,
      manager_legal: r.subRefs(),
      manager_brand: r.subRefs(),
      manager_cfl: r.subRefs(),
      terms: z.record(z.string().max(60), z.array(z.unknown()).max(500)),
      config: r.stringMap(),
    },
    // Approvers and managers change through /api/role/*, which writes the admin log; terms
    // versions through /api/terms, which keeps every version (evidence is never rewritten).
    serverOwned: ['is_default', 'approver', 'manager_legal', 'manager_brand', 'manager_cfl', 'terms'],
    scope: 'public',
    queryable: ['name', 'is_default'],
  }),
  IP: define('IP', t.ips, {
    refine: {
      name: r.requiredText(200),
      kind: z.enum(['primary', 'secondary']),
      holder: r.key(),
      designer: r.key(),
      parent: r.key(),
      description: r.longText(),
      guidelines: r.longText(),
      categories: r.textList(),
      tags: r.keyList(50),
      images: r.images(),
    },
    // The holder follows the IP: the default holder's for a primary IP, its parent's for a secondary one.
    serverOwned: ['state', 'owner', 'tags', 'holder'],
    scope: 'owner',
    queryable: ['name', 'kind', 'state', 'holder', 'designer', 'parent', 'categories', 'tags', 'owner'],
  }),
  Designer: define('Designer', t.designers, {
    refine: {
      role: z.enum(['personal', 'corporate']),
      cat: r.shortText(100),
      pr: r.longText(2000),
      photo: r.shortText(200),
      desc: r.longText(5000),
      job_title: r.shortText(100),
      license: r.shortText(200),
      achievements: r.longText(5000),
      accepted_terms_version: r.stringMap(),
      document: z.array(z.object({ image: z.string().max(128), desc: z.string().max(500) })).max(20),
      perferred_contact: r.shortText(50),
      email: r.email(),
      tel: r.phone(),
      fax: r.phone(),
      location: r.shortText(100),
      address: z
        .object({
          city: r.shortText(100).optional(),
          country: r.shortText(100).optional(),
          postal_code: r.postalCode().optional(),
        })
        .strict(),
      corporate_name: r.shortText(200),
      // 法人番号, as the Japanese screens have always labelled it; a company without one leaves it empty.
      br: r.corporateNumber(),
      responsible_person: r.shortText(100),
      invno: r.invoiceNumber(),
      affiliation: r.shortText(200),
      linked: r.shortText(500),
      name: z.object({ first: r.shortText(100).optional(), last: r.shortText(100).optional() }).strict(),
      creator_name: r.requiredText(100),
      tags: r.keyList(50),
    },
    serverOwned: ['owner', 'tags'],
    // Personal or corporate: decided with the designer application (liquid flow), not by an edit.
    reviewed: ['role'],
    verified: ['email'],
    // Anyone signed in sees a designer's public profile (display name, that is the creator name or a
    // corporate designer's company name, type, category, PR, photo; its IPs come from the IP
    // records); the rest is for the designer and holder staff.
    partyOnly: DESIGNER_PRIVATE,
    scope: 'public',
    queryable: ['role', 'cat', 'email', 'location', 'creator_name', 'corporate_name', 'tags', 'owner'],
  }),
  Licensee: define('Licensee', t.licensees, {
    refine: {
      name: r.requiredText(200),
      email: r.email(),
      tel: r.phone(),
      country: r.shortText(100),
      address: z
        .object({
          city: r.shortText(100).optional(),
          country: r.shortText(100).optional(),
          line: r.shortText(300).optional(),
          postal_code: r.postalCode().optional(),
        })
        .strict(),
      br: r.corporateNumber(),
      website: r.shortText(300),
      accepted_terms_version: r.stringMap(),
      tags: r.keyList(50),
    },
    serverOwned: ['owner', 'tags'],
    verified: ['email'],
    // A designer member of the organisation sees its name and public details, not its contacts.
    partyOnly: ['email', 'tel', 'address', 'br', 'accepted_terms_version', 'owner'],
    scope: 'licensee',
    queryable: ['name', 'email', 'country', 'tags', 'owner'],
  }),
  License: define('License', t.licenses, {
    refine: {
      ip: r.key(),
      licensee: r.key(),
      designer: r.key(),
      territory: r.textList(100, 60).min(1, { error: 'required' }),
      channels: r.textList(),
      categories: r.textList(),
      term_start: r.dateInput(),
      term_end: r.dateInput(),
      royalty_rate_bp: r.basisPoints(),
      minimum_guarantee: r.money(),
      advance: r.money(),
      currency: r.currency(),
      contract: r.shortText(200),
      notes: r.longText(5000),
    },
    serverOwned: ['state', 'applicant', 'contract'],
    scope: 'licensee',
    queryable: [
      'ip',
      'licensee',
      'designer',
      'applicant',
      'state',
      'territory',
      'term_start',
      'term_end',
      'currency',
      'royalty_rate_bp',
    ],
  }),
  Usage: define('Usage', t.usages, {
    refine: { ip: r.key(), designer: r.key(), purpose: r.requiredText(2000), reason: r.shortText(2000) },
    serverOwned: ['state', 'applicant', 'reason'],
    scope: 'usage',
    queryable: ['ip', 'designer', 'applicant', 'state'],
  }),
  Sales: define('Sales', t.sales, {
    refine: {
      license: r.key(),
      product: r.key(),
      licensee: r.key(),
      ip: r.key(),
      period_start: r.dateInput(),
      period_end: r.dateInput(),
      territory: r.requiredText(60),
      units: z.number().int().min(0).max(1_000_000_000),
      gross_sales: r.money(),
      net_sales: r.money(),
      currency: r.currency(),
    },
    // Rows arrive in a report (POST /api/sales/report or /api/sales/import), which sets these.
    serverOwned: ['state', 'royalty', 'owner', 'licensee', 'ip', 'report'],
    scope: 'licensee',
    queryable: [
      'report',
      'license',
      'product',
      'licensee',
      'ip',
      'period_start',
      'period_end',
      'territory',
      'currency',
      'state',
      'units',
      'net_sales',
      'royalty',
    ],
  }),
  Product: define('Product', t.products, {
    refine: {
      license: r.key(),
      ip: r.key(),
      licensee: r.key(),
      designer: r.key(),
      name: r.requiredText(200),
      sku: r.requiredText(64),
      category: r.shortText(100),
      images: r.images(),
      price: r.money(),
      currency: r.currency(),
      planned_launch: r.dateInput(),
      tags: r.keyList(50),
    },
    serverOwned: ['state', 'owner', 'tags', 'ip', 'licensee', 'designer'],
    scope: 'licensee',
    queryable: ['license', 'ip', 'licensee', 'designer', 'name', 'sku', 'category', 'state', 'tags', 'planned_launch'],
  }),
  Invoice: define('Invoice', t.invoices, {
    refine: {
      licensee: r.key(),
      period_start: r.dateInput(),
      period_end: r.dateInput(),
      currency: r.currency(),
      tax_lines: z
        .array(
          z.object({
            kind: z.enum(['vat', 'withholding']),
            label: r.shortText(100),
            rate_bp: r.basisPoints(),
            amount: z.number().int(),
          }),
        )
        .max(10),
      due_date: r.dateInput(),
      sales: r.keyList(),
      // Advances and MG shortfalls the invoice bills: written by the invoice computation only.
      charges: z
        .array(z.object({ license: r.key(), kind: z.enum(['advance', 'mg_shortfall']), amount: z.number().int() }))
        .max(1000),
    },
    serverOwned: ['state', 'amount', 'owner', 'tax_lines', 'charges'],
    scope: 'licensee',
    queryable: ['licensee', 'period_start', 'period_end', 'currency', 'state', 'due_date', 'amount'],
  }),
  // A royalty report: made by /api/sales/report and /api/sales/import only (generic create is refused by policy).
  SalesReport: define('SalesReport', t.salesReports, {
    refine: {
      licensee: r.key(),
      period_start: r.dateInput(),
      period_end: r.dateInput(),
      source: z.enum(['form', 'csv', 'xlsx']),
      file_name: r.shortText(200),
      notes: r.longText(5000),
    },
    serverOwned: [
      'state',
      'owner',
      'row_count',
      'totals',
      'late',
      'licensee',
      'source',
      'file_name',
      'period_start',
      'period_end',
      'corrects',
    ],
    scope: 'licensee',
    queryable: ['licensee', 'period_start', 'period_end', 'state', 'source', 'row_count', 'late', 'owner'],
  }),
  Review: define('Review', t.reviews, {
    refine: {
      subject_type: z.enum(['usage', 'ip', 'license', 'product', 'sales', 'invoice', 'liquid']),
      subject_key: r.key(),
      group: z.enum(['legal', 'brand', 'cfl', 'boss', 'designer', 'holder', 'admin']),
      step: r.shortText(60),
      state: z.enum(['pending', 'approved', 'approved_with_conditions', 'rejected', 'changes_requested']),
      comment: r.longText(5000),
      markups: z
        .array(
          z.object({
            image: z.string().max(128),
            x: z.number().min(0).max(1),
            y: z.number().min(0).max(1),
            note: r.shortText(1000),
          }),
        )
        .max(50),
    },
    // A decision is taken by PATCH /api/v1/Review/{id}/{state}, which runs the flow.
    serverOwned: ['reviewer', 'revision', 'state', 'reminded_at'],
    scope: 'review',
    queryable: ['subject_type', 'subject_key', 'group', 'step', 'reviewer', 'state'],
  }),
};

export function entityByName(name: string): EntityDef | undefined {
  return (ENTITY_NAMES as readonly string[]).includes(name) ? entities[name as EntityName] : undefined;
}
