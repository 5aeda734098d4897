import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { designers, invoices, ips, licensees, licenses } from '../db/entities-schema';
import { users } from '../db/schema';
import type { PersonNames } from './format';
import type { NamedKind } from './kinds';
import type { RecordFacts } from './name-record';

type Row = Record<string, unknown>;

/**
 * What naming a row needs from other records, looked up by the keys the row holds: the names of
 * its IP, organisation and designer, its applicant's account, the references of the license or
 * invoice it belongs to. Read either by key in JS (factsOf) or inside the statement that reads
 * the row (lookupsJson); both give this shape and factsFromLookups names from it.
 */
export interface NameLookups {
  ip?: string | null;
  /** The organisation of `licensee`, or of `entity` for an invitation. */
  licensee?: string | null;
  designer?: string | null;
  applicant?: PersonNames | null;
  /** A contract's license reference. */
  license?: string | null;
  /** A payment's invoice reference. */
  invoice?: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The row fields each lookup reads, by kind: which keys to look up. */
export function lookupFields(kind: NamedKind): Partial<Record<keyof NameLookups, string>> {
  return {
    ip: 'ip',
    licensee: kind === 'invitation' ? 'entity' : 'licensee',
    designer: 'designer',
    ...(kind === 'usage' || kind === 'liquid' ? { applicant: 'applicant' } : {}),
    ...(kind === 'contract' ? { license: 'license' } : {}),
    ...(kind === 'payment' ? { invoice: 'invoice' } : {}),
  };
}

/**
 * The row's own fields factsFromLookups reads (beside the keys lookupFields names): a read that
 * names rows without sending them on needs only these of each.
 */
const NAMED_ROW_FIELDS = [
  'reference',
  'name',
  'sku',
  'period_start',
  'period_end',
  'amount',
  'currency',
  'totals',
  'terms',
  'revision',
  'data',
  'email',
  'profile',
] as const;

/** Every field of a row of `kind` its name is made from: its own and the keys of what is looked up. */
export function namingFields(kind: NamedKind): string[] {
  return [...new Set<string>([...NAMED_ROW_FIELDS, ...Object.values(lookupFields(kind))])];
}

/** Total royalty of a report's totals in its first currency (what the organisation owes for it). */
function reportRoyalty(row: Row): { amount: number | null; currency: string | null } {
  const totals = row.totals && typeof row.totals === 'object' ? (row.totals as Record<string, { royalty?: number }>) : {};
  const [currency, line] = Object.entries(totals)[0] ?? [];
  return { amount: typeof line?.royalty === 'number' ? line.royalty : null, currency: currency ?? null };
}

/** The facts that name a row, from the row and what was looked up for it. */
export function factsFromLookups(kind: NamedKind, row: Row, found: NameLookups): RecordFacts {
  const base: RecordFacts = {
    kind,
    reference: str(row.reference),
    name: str(row.name),
    sku: str(row.sku),
    ip: found.ip ?? null,
    licensee: kind === 'invitation' ? null : (found.licensee ?? null),
    designer: found.designer ?? null,
    periodStart: (row.period_start as Date | string | null) ?? null,
    periodEnd: (row.period_end as Date | string | null) ?? null,
    amount: typeof row.amount === 'number' ? row.amount : null,
    currency: str(row.currency),
  };
  switch (kind) {
    case 'usage':
      // A permit asked for without a designer profile is the applicant's own.
      return { ...base, designer: base.designer ?? found.applicant ?? null };
    case 'sales_report':
      return { ...base, ...reportRoyalty(row) };
    case 'contract': {
      const terms = (row.terms ?? {}) as { ip?: { name?: string }; licensee?: { name?: string } };
      return {
        ...base,
        reference: found.license ?? null,
        ip: terms.ip?.name ?? null,
        licensee: terms.licensee?.name ?? null,
        revision: typeof row.revision === 'number' ? row.revision : null,
      };
    }
    case 'invitation': {
      const data = (row.data ?? {}) as Row;
      return { ...base, licensee: found.licensee ?? str(data.name), person: str(row.email) };
    }
    case 'payment':
      return { ...base, about: found.invoice ?? null };
    case 'liquid': {
      const profile = (row.profile ?? {}) as Row;
      return { ...base, person: str(profile.creator_name) ?? found.applicant ?? null };
    }
    default:
      return base;
  }
}

/** What a designer goes by: their creator name, else their company's. */
export function designerNameSql(creatorName: PgColumn, corporateName: PgColumn): SQL {
  return sql`coalesce(nullif(${creatorName}, ''), nullif(${corporateName}, ''), '')`;
}

/**
 * The lookups of one row of `table`, as JSON built by the database, for a statement that reads
 * the table's rows under the table's own name: naming them costs no statement of its own.
 */
export function lookupsJson(kind: NamedKind, table: PgTable): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const members: SQL[] = [];
  const key = (field: string | undefined) => {
    const column = field ? columns[field] : undefined;
    return column ? sql`nullif(${column}, '')` : undefined;
  };
  const add = (name: keyof NameLookups, field: string | undefined, read: (k: SQL) => SQL) => {
    const k = key(field);
    if (k) members.push(sql`${name}::text, ${read(k)}`);
  };
  const fields = lookupFields(kind);
  add('ip', fields.ip, (k) => lookUp(ips, '__lk_ip', k, (c) => c.name!));
  add('licensee', fields.licensee, (k) => lookUp(licensees, '__lk_org', k, (c) => c.name!));
  add('designer', fields.designer, (k) =>
    lookUp(designers, '__lk_designer', k, (c) => designerNameSql(c.creator_name!, c.corporate_name!)),
  );
  // peopleOf answers for an account that is gone too, with empty names.
  add('applicant', fields.applicant, (k) => sql`case when ${k} is null then null else ${personJson(k)} end`);
  add('license', fields.license, (k) => lookUp(licenses, '__lk_license', k, (c) => c.reference!));
  add('invoice', fields.invoice, (k) => lookUp(invoices, '__lk_invoice', k, (c) => c.reference!));
  return members.length ? sql`json_build_object(${sql.join(members, sql`, `)})` : sql`'{}'::json`;
}

/** What `pick` reads of the record of `table` whose key is `key`, the table under an alias of its own. */
function lookUp(table: PgTable, as: string, key: SQL, pick: (columns: Record<string, PgColumn>) => SQL | PgColumn): SQL {
  // The alias's columns are read through it, so they are written as the alias's.
  const columns = alias(table, as) as unknown as Record<string, PgColumn>;
  return sql`(select ${pick(columns)} from ${table} as ${sql.identifier(as)} where ${columns.key!} = ${key})`;
}

/** The names of the account `sub` names, as PersonNames' JSON; empty names for an account that is gone. */
export function personJson(sub: SQL | PgColumn): SQL {
  const user = alias(users, '__lk_user');
  return sql`coalesce((select json_build_object('nickname', ${user.nickname}, 'first_name', ${user.firstName},
      'last_name', ${user.lastName}, 'email', ${user.email}) from ${users} as ${sql.identifier('__lk_user')} where ${user.sub} = ${sub}),
    json_build_object('nickname', '', 'first_name', '', 'last_name', '', 'email', ''))`;
}
