import { count, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { columnFields, objectText } from '../query/json-page';
import type { Lang } from '../naming/format';
import type { NamedKind } from '../naming/kinds';
import { factsFromLookups, lookupsJson, type NameLookups } from '../naming/lookups';
import { nameRecord, type RecordName } from '../naming/name-record';

type Row = Record<string, unknown>;

/** What a home section reads of one table: how many records wait, and the first of them. */
export interface Listed {
  count: number;
  items: ListedItem[];
}

export interface ListedItem {
  /** The record as drizzle's row serialises to JSON (timestamps as ISO text). */
  row: Row;
  /** What names it (a section that gives a kind). */
  names?: NameLookups;
  /** The flow step offered on it, when the section asks (offeredStepSql). */
  step?: string | null;
  [extra: string]: unknown;
}

export interface ListedQuery {
  table: PgTable;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** How the records are named: what is looked up with them (null: by `extra` alone). */
  kind: NamedKind | null;
  /** More members of each item, as expressions over the table. */
  extra?: Record<string, SQL>;
  /** The step offered on each record, as an expression over the table. */
  step?: SQL;
}

/**
 * The count of the records `where` selects and the first `limit` of them with what names them,
 * as JSON built by the database: a part of the home's one statement. Only the first rows are
 * written out; the count is the database's.
 */
export function listedJson(q: ListedQuery): SQL {
  const columns = getTableColumns(q.table) as Record<string, PgColumn>;
  const fields = columnFields(columns);
  if (!fields) throw new Error(`listedJson: ${getTableName(q.table)} has a column the JSON read does not support`);
  const name = sql.identifier(getTableName(q.table));
  const filter = q.where ? sql` where ${q.where}` : sql``;
  const order = sql.join(q.orderBy, sql`, `);
  const members: SQL[] = [sql`'row', ${objectText(fields)}::json`];
  if (q.kind) members.push(sql`'names', ${lookupsJson(q.kind, q.table)}`);
  if (q.step) members.push(sql`'step', ${q.step}`);
  for (const [key, value] of Object.entries(q.extra ?? {})) members.push(sql`${key}::text, ${value}`);
  const item = sql`json_build_object(${sql.join(members, sql`, `)})`;
  return sql`json_build_object(
    'count', (select ${count()} from ${q.table}${filter}),
    'items', (select coalesce(json_agg(${item} order by __listed_n), '[]'::json)
      from (select ${name}.*, row_number() over (order by ${order}) as __listed_n
        from ${q.table}${filter} order by ${order} limit ${q.limit}) as ${name}))`;
}

/** The first records' names for the reader. */
export function nameListed(listed: Listed, kind: NamedKind, lang: Lang): RecordName[] {
  return listed.items.map((item) => nameRecord(factsFromLookups(kind, item.row, item.names ?? {}), lang));
}
