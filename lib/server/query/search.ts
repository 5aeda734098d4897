import { and, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { designers, ips, licensees, licenses, products, salesReports, tags } from '../db/entities-schema';
import type { EntityDef, EntityName } from '../entities/definitions';
import { normaliseReference } from '../refs/format';
import { containing } from '../audit/log-page';
import { invalid } from './fields';

/**
 * Free-text search of a query (`{ q: "LIC-2026-0042" }`, `{ q: "ポテト 商事" }`): what a person
 * quotes on the phone. Every word must match something of the row: its reference, its own name
 * fields, or the name of a record it points at (its IP, organisation, designer, license,
 * report) or of one of its tags. Declared per entity so a new entity must say what it answers to.
 */

type Target = 'IP' | 'Licensee' | 'Designer' | 'License' | 'Product' | 'SalesReport' | 'Tag';

interface SearchFields {
  /** The row's own text columns (besides its reference, always searched). */
  text: readonly string[];
  /** Columns holding the key of another record, searched by that record's names. */
  via: Readonly<Record<string, Target>>;
}

export const SEARCH_FIELDS: Record<EntityName, SearchFields> = {
  Tag: { text: ['name_jp', 'name_en', 'description'], via: {} },
  Holder: { text: ['name'], via: {} },
  IP: { text: ['name'], via: { designer: 'Designer', parent: 'IP', tags: 'Tag' } },
  // Contact details are not searched: a hit would tell what a hidden field holds.
  Designer: { text: ['creator_name', 'corporate_name', 'cat'], via: { tags: 'Tag' } },
  Licensee: { text: ['name'], via: { tags: 'Tag' } },
  License: { text: [], via: { ip: 'IP', licensee: 'Licensee', designer: 'Designer' } },
  Usage: { text: ['purpose'], via: { ip: 'IP', designer: 'Designer' } },
  Sales: {
    text: ['territory'],
    via: { license: 'License', product: 'Product', licensee: 'Licensee', ip: 'IP', report: 'SalesReport' },
  },
  Product: {
    text: ['name', 'sku', 'category'],
    via: { license: 'License', ip: 'IP', licensee: 'Licensee', designer: 'Designer', tags: 'Tag' },
  },
  Invoice: { text: [], via: { licensee: 'Licensee' } },
  Review: { text: ['comment'], via: {} },
  SalesReport: { text: ['file_name'], via: { licensee: 'Licensee' } },
};

export const MAX_SEARCH_LENGTH = 200;
const MAX_WORDS = 5;

/** Keys of the records of a kind whose names or reference contain the word. */
function keysNamed(target: Target, pattern: string, reference: string): SQL {
  const named = (table: PgTable, key: PgColumn, names: PgColumn[], ref?: PgColumn) =>
    sql`(select ${key} from ${table} where ${or(...names.map((c) => ilike(c, pattern)), ...(ref ? [ilike(ref, reference)] : []))})`;
  switch (target) {
    case 'IP':
      return named(ips, ips.key, [ips.name], ips.reference);
    case 'Licensee':
      return named(licensees, licensees.key, [licensees.name]);
    case 'Designer':
      return named(designers, designers.key, [designers.creator_name, designers.corporate_name]);
    case 'License':
      return named(licenses, licenses.key, [], licenses.reference);
    case 'Product':
      return named(products, products.key, [products.name, products.sku], products.reference);
    case 'SalesReport':
      return named(salesReports, salesReports.key, [], salesReports.reference);
    case 'Tag':
      return named(tags, tags.key, [tags.name_jp, tags.name_en]);
  }
}

function wordCondition(def: EntityDef, word: string): SQL {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const fields = SEARCH_FIELDS[def.name];
  const pattern = containing(word);
  const reference = containing(normaliseReference(word));
  const parts: SQL[] = [];
  if (columns.reference) parts.push(ilike(columns.reference, reference));
  for (const name of fields.text) parts.push(ilike(columns[name]!, pattern));
  for (const [name, target] of Object.entries(fields.via)) {
    const column = columns[name]!;
    const keys = keysNamed(target, pattern, reference);
    // A text[] column (tags) matches when it shares a key with the named records.
    parts.push(column.columnType === 'PgArray' ? sql`${column} && array${keys}` : sql`${column} in ${keys}`);
  }
  return or(...parts)!;
}

/** The condition of a query's `q`, or undefined for none; words are ANDed. */
export function searchCondition(def: EntityDef, q: unknown, path = 'q'): SQL | undefined {
  if (q === undefined || q === null) return undefined;
  if (typeof q !== 'string') throw invalid(path, 'q must be a string');
  if (q.length > MAX_SEARCH_LENGTH) throw invalid(path, `q is longer than ${MAX_SEARCH_LENGTH} characters`);
  if (q.includes('\u0000')) throw invalid(path, 'q contains a NUL character');
  const words = q.normalize('NFKC').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => wordCondition(def, word)));
}
