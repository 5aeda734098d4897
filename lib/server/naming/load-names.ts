import { inArray, sql, type SQL } from 'drizzle-orm';
import { readEach, type DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { designers, invoices, ips, licensees, licenses } from '../db/entities-schema';
import type { EntityName } from '../entities/definitions';
import type { Subject } from '../flow/types';
import { peopleOf } from '../users/people';
import type { Lang } from './format';
import type { NamedKind } from './kinds';
import { nameRecord, type RecordFacts, type RecordName } from './name-record';

type Row = Record<string, unknown>;

/** The kind each flow subject is named as. */
export const KIND_OF_SUBJECT: Record<Subject, NamedKind> = {
  primary_ip: 'primary_ip',
  ip: 'ip',
  usage: 'usage',
  license: 'license',
  product: 'product',
  sales: 'sales_report',
  invoice: 'invoice',
  liquid: 'liquid',
};

/** The kind a stored entity row is named as; null for entities that are not records people discuss. */
export function namedKindOfEntity(entity: EntityName, row: Row): NamedKind | null {
  switch (entity) {
    case 'IP':
      return row.kind === 'primary' ? 'primary_ip' : 'ip';
    case 'Usage':
      return 'usage';
    case 'License':
      return 'license';
    case 'Product':
      return 'product';
    case 'SalesReport':
      return 'sales_report';
    case 'Invoice':
      return 'invoice';
    default:
      return null;
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function collect(rows: Row[], field: string, into: Set<string>): void {
  for (const row of rows) {
    const value = str(row[field]);
    if (value) into.add(value);
  }
}

type NameSource = 'ips' | 'licensees' | 'designers';

/**
 * The names of IPs, organisations and designers by key, in one statement whatever mix is asked:
 * naming runs inside busy transactions (every move's notification), where each read is a round trip.
 */
async function namesByKey(db: DbOrTx, wanted: Record<NameSource, Set<string>>): Promise<Record<NameSource, Map<string, string>>> {
  const parts: SQL[] = [];
  if (wanted.ips.size)
    parts.push(
      sql`select 'ips' as source, ${ips.key} as key, ${ips.name} as name from ${ips} where ${inArray(ips.key, [...wanted.ips])}`,
    );
  if (wanted.licensees.size)
    parts.push(
      sql`select 'licensees' as source, ${licensees.key} as key, ${licensees.name} as name from ${licensees} where ${inArray(licensees.key, [...wanted.licensees])}`,
    );
  // A designer goes by their creator name, else their company's.
  if (wanted.designers.size)
    parts.push(
      sql`select 'designers' as source, ${designers.key} as key, coalesce(nullif(${designers.creator_name}, ''), nullif(${designers.corporate_name}, ''), '') as name from ${designers} where ${inArray(designers.key, [...wanted.designers])}`,
    );
  const names: Record<NameSource, Map<string, string>> = { ips: new Map(), licensees: new Map(), designers: new Map() };
  if (parts.length === 0) return names;
  const answer = await (db as Db).execute<{ source: NameSource; key: string; name: string }>(sql.join(parts, sql` union all `));
  for (const row of answer.rows) names[row.source].set(row.key, row.name);
  return names;
}

/** Total royalty of a report's totals in its first currency (what the organisation owes for it). */
function reportRoyalty(row: Row): { amount: number | null; currency: string | null } {
  const totals = row.totals && typeof row.totals === 'object' ? (row.totals as Record<string, { royalty?: number }>) : {};
  const [currency, line] = Object.entries(totals)[0] ?? [];
  return { amount: typeof line?.royalty === 'number' ? line.royalty : null, currency: currency ?? null };
}

/**
 * The facts that name each row, read in a few queries whatever the number of rows: IP,
 * organisation and designer names, applicants, and for a contract its license's reference.
 */
export async function factsOf(db: DbOrTx, kind: NamedKind, rows: Row[]): Promise<RecordFacts[]> {
  const ipKeys = new Set<string>();
  const orgKeys = new Set<string>();
  const designerKeys = new Set<string>();
  const people = new Set<string>();
  collect(rows, 'ip', ipKeys);
  collect(rows, 'licensee', orgKeys);
  collect(rows, 'designer', designerKeys);
  if (kind === 'invitation') collect(rows, 'entity', orgKeys);
  if (kind === 'usage' || kind === 'liquid') collect(rows, 'applicant', people);
  const licenseRefs = new Map<string, string>();
  if (kind === 'contract') {
    const keys = [...new Set(rows.map((r) => str(r.license)).filter((k): k is string => Boolean(k)))];
    if (keys.length) {
      const found = await db
        .select({ key: licenses.key, reference: licenses.reference })
        .from(licenses)
        .where(inArray(licenses.key, keys));
      for (const l of found) licenseRefs.set(l.key, l.reference);
    }
  }
  const invoiceRefs = new Map<string, string>();
  if (kind === 'payment') {
    const keys = [...new Set(rows.map((r) => str(r.invoice)).filter((k): k is string => Boolean(k)))];
    if (keys.length) {
      const found = await db
        .select({ key: invoices.key, reference: invoices.reference })
        .from(invoices)
        .where(inArray(invoices.key, keys));
      for (const i of found) invoiceRefs.set(i.key, i.reference);
    }
  }
  const [names, persons] = await readEach(db, [
    () => namesByKey(db, { ips: ipKeys, licensees: orgKeys, designers: designerKeys }),
    () => peopleOf(db, [...people]),
  ]);
  const { ips: ipNames, licensees: orgNames, designers: designerNames } = names;
  const personBySub = new Map(persons.map((p) => [p.sub, p]));
  return rows.map((row): RecordFacts => {
    const named = (map: Map<string, string>, field: string) => {
      const key = str(row[field]);
      return key ? (map.get(key) ?? null) : null;
    };
    const applicant = str(row.applicant);
    const base: RecordFacts = {
      kind,
      reference: str(row.reference),
      name: str(row.name),
      sku: str(row.sku),
      ip: named(ipNames, 'ip'),
      licensee: named(orgNames, 'licensee'),
      designer: named(designerNames, 'designer'),
      periodStart: (row.period_start as Date | string | null) ?? null,
      periodEnd: (row.period_end as Date | string | null) ?? null,
      amount: typeof row.amount === 'number' ? row.amount : null,
      currency: str(row.currency),
    };
    switch (kind) {
      case 'usage':
        // A permit asked for without a designer profile is the applicant's own.
        return { ...base, designer: base.designer ?? (applicant ? (personBySub.get(applicant) ?? null) : null) };
      case 'sales_report':
        return { ...base, ...reportRoyalty(row) };
      case 'contract': {
        const terms = (row.terms ?? {}) as { ip?: { name?: string }; licensee?: { name?: string } };
        return {
          ...base,
          reference: licenseRefs.get(String(row.license)) ?? null,
          ip: terms.ip?.name ?? null,
          licensee: terms.licensee?.name ?? null,
          revision: typeof row.revision === 'number' ? row.revision : null,
        };
      }
      case 'invitation': {
        const data = (row.data ?? {}) as Row;
        return { ...base, licensee: named(orgNames, 'entity') ?? str(data.name), person: str(row.email) };
      }
      case 'payment':
        return { ...base, about: invoiceRefs.get(String(row.invoice)) ?? null };
      case 'liquid': {
        const profile = (row.profile ?? {}) as Row;
        const person = applicant ? personBySub.get(applicant) : undefined;
        return { ...base, person: str(profile.creator_name) ?? person ?? null };
      }
      default:
        return base;
    }
  });
}

/** Names of rows of one kind for a reader. */
export async function nameRows(db: DbOrTx, kind: NamedKind, rows: Row[], lang: Lang): Promise<RecordName[]> {
  return (await factsOf(db, kind, rows)).map((facts) => nameRecord(facts, lang));
}

export async function nameRow(db: DbOrTx, kind: NamedKind, row: Row, lang: Lang): Promise<RecordName> {
  const [name] = await nameRows(db, kind, [row], lang);
  return name!;
}

/** A row's name in both languages: what notifications to people of either language are made from. */
export async function nameRowBilingual(db: DbOrTx, kind: NamedKind, row: Row): Promise<Record<Lang, RecordName>> {
  const [facts] = await factsOf(db, kind, [row]);
  return { jp: nameRecord(facts!, 'jp'), en: nameRecord(facts!, 'en') };
}
