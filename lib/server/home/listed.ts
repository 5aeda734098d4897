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
  /** The order the first records are picked in; the table's key last breaks ties. */
  orderBy: { column: PgColumn; desc?: boolean }[];
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
  const key = columns.key!;
  const filter = q.where ? sql` where ${q.where}` : sql``;
  const members: SQL[] = [sql`'row', ${objectText(fields)}::json`];
  if (q.kind) members.push(sql`'names', ${lookupsJson(q.kind, q.table)}`);
  if (q.step) members.push(sql`'step', ${q.step}`);
  for (const [member, value] of Object.entries(q.extra ?? {})) members.push(sql`${member}::text, ${value}`);
  const item = sql`json_build_object(${sql.join(members, sql`, `)})`;
  const order = [...q.orderBy, { column: key, desc: q.orderBy.at(-1)?.desc }];
  const direction = (o: { desc?: boolean }) => (o.desc ? sql` desc` : sql` asc`);
  const byName = sql.join(
    order.map((o) => sql`${sql.identifier(o.column.name)}${direction(o)}`),
    sql`, `,
  );
  const byColumn = sql.join(
    order.map((o) => sql`${o.column}${direction(o)}`),
    sql`, `,
  );
  const kept = [...new Set(order.map((o) => o.column))].map((c) => sql`${c}`);
  // The matching records are found once, as their keys and order (the count and the first are
  // both of them); only the first are then read whole, by key.
  return sql`(with __matched as materialized (select ${sql.join(kept, sql`, `)} from ${q.table}${filter})
    select json_build_object(
      'count', (select ${count()} from __matched),
      'items', (select coalesce(json_agg(${item} order by ${byColumn}), '[]'::json)
        from (select ${name}.* from ${q.table}
          where ${key} in (select ${sql.identifier(key.name)} from __matched order by ${byName} limit ${q.limit})) as ${name})))`;
}

/** The first records' names for the reader. */
export function nameListed(listed: Listed, kind: NamedKind, lang: Lang): RecordName[] {
  return listed.items.map((item) => nameRecord(factsFromLookups(kind, item.row, item.names ?? {}), lang));
}
