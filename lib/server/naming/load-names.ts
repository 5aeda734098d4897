import { inArray, sql, type SQL } from 'drizzle-orm';
import { readEach, type DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { designers, invoices, ips, licensees, licenses } from '../db/entities-schema';
import type { EntityName } from '../entities/definitions';
import type { Subject } from '../flow/types';
import { peopleOf } from '../users/people';
import type { Lang, PersonNames } from './format';
import type { NamedKind } from './kinds';
import { designerNameSql, factsFromLookups, lookupFields, type NameLookups } from './lookups';
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
      sql`select 'designers' as source, ${designers.key} as key, ${designerNameSql(designers.creator_name, designers.corporate_name)} as name from ${designers} where ${inArray(designers.key, [...wanted.designers])}`,
    );
  const names: Record<NameSource, Map<string, string>> = { ips: new Map(), licensees: new Map(), designers: new Map() };
  if (parts.length === 0) return names;
  const answer = await (db as Db).execute<{ source: NameSource; key: string; name: string }>(sql.join(parts, sql` union all `));
  for (const row of answer.rows) names[row.source].set(row.key, row.name);
  return names;
}

/**
 * The facts that name each row, read in a few queries whatever the number of rows: IP,
 * organisation and designer names, applicants, and for a contract its license's reference.
 */
export async function factsOf(db: DbOrTx, kind: NamedKind, rows: Row[]): Promise<RecordFacts[]> {
  const fields = lookupFields(kind);
  const keysOf = (field: string | undefined) => {
    const keys = new Set<string>();
    if (field) collect(rows, field, keys);
    return keys;
  };
  const referencesOf = async (table: typeof licenses | typeof invoices, keys: Set<string>) =>
    keys.size
      ? new Map(
          (
            await db
              .select({ key: table.key, reference: table.reference })
              .from(table)
              .where(inArray(table.key, [...keys]))
          ).map((r) => [r.key, r.reference]),
        )
      : new Map<string, string>();
  const [names, persons, licenseRefs, invoiceRefs] = await readEach(db, [
    () => namesByKey(db, { ips: keysOf(fields.ip), licensees: keysOf(fields.licensee), designers: keysOf(fields.designer) }),
    () => peopleOf(db, [...keysOf(fields.applicant)]),
    () => referencesOf(licenses, keysOf(fields.license)),
    () => referencesOf(invoices, keysOf(fields.invoice)),
  ]);
  const personBySub = new Map(
    persons.map((p): [string, PersonNames] => [
      p.sub,
      { nickname: p.nickname, first_name: p.first_name, last_name: p.last_name, email: p.email },
    ]),
  );
  return rows.map((row) => {
    const at = <T>(map: Map<string, T>, field: string | undefined): T | null => {
      const key = field ? str(row[field]) : null;
      return key ? (map.get(key) ?? null) : null;
    };
    const lookups: NameLookups = {
      ip: at(names.ips, fields.ip),
      licensee: at(names.licensees, fields.licensee),
      designer: at(names.designers, fields.designer),
      applicant: at(personBySub, fields.applicant),
      license: at(licenseRefs, fields.license),
      invoice: at(invoiceRefs, fields.invoice),
    };
    return factsFromLookups(kind, row, lookups);
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
