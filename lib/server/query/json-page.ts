import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { cursorFieldName, cursorFields } from './cursor';
import { kindOf } from './fields';
import { sortSignature, type SortSpec } from './sort';

/**
 * Statements that return a read's answer as finished JSON text, built by PostgreSQL, equal in
 * content to what the rows read through drizzle and JSON.stringify give: the same names, the
 * same order, timestamps as Date#toJSON writes them, numbers as numbers, nulls as null.
 */

/** One member of an answer's object: its JSON name and the SQL of its value. */
export interface JsonField {
  name: string;
  value: SQL;
}

/**
 * A column's value as the JSON of the drizzle-read row shows it, or undefined for a column type
 * whose drizzle mapping is not reproduced here (the caller then keeps the JS path).
 */
export function columnJson(column: PgColumn): SQL | undefined {
  if (column.columnType === 'PgTimestamp') {
    // A JS Date holds milliseconds, truncated from PostgreSQL's microseconds, written in UTC with Z;
    // to_char's MS truncates the same way.
    const utc = (column as PgColumn & { withTimezone?: boolean }).withTimezone
      ? sql`${column} at time zone 'UTC'`
      : sql`${column}`;
    return sql`to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  switch (kindOf(column)) {
    case 'text':
    case 'integer':
    case 'bigint':
    case 'boolean':
    case 'jsonb':
    case 'textArray':
      return sql`${column}`;
    default:
      return undefined;
  }
}

/** Every column of the table as an answer field under its drizzle name, in table order; undefined if one is not supported. */
export function columnFields(columns: Record<string, PgColumn>): JsonField[] | undefined {
  const fields: JsonField[] = [];
  for (const [name, column] of Object.entries(columns)) {
    const value = columnJson(column);
    if (!value) return undefined;
    fields.push({ name, value });
  }
  return fields;
}

const timestampFields = new WeakMap<PgTable, string[]>();

/** A row the database wrote as JSON (columnJson's values) as drizzle reads it: timestamps as Dates. */
export function rowOfJson(table: PgTable, json: Record<string, unknown>): Record<string, unknown> {
  let names = timestampFields.get(table);
  if (!names) {
    names = Object.entries(getTableColumns(table) as Record<string, PgColumn>)
      .filter(([, column]) => column.columnType === 'PgTimestamp')
      .map(([name]) => name);
    timestampFields.set(table, names);
  }
  const row: Record<string, unknown> = { ...json };
  for (const name of names) if (typeof row[name] === 'string') row[name] = new Date(row[name]);
  return row;
}

/** The JSON object text of the fields, compact and in their order (row_to_json keeps both). */
export function objectText(fields: readonly JsonField[]): SQL {
  if (fields.length === 0) throw new Error('objectText: an object needs at least one field');
  const list = sql.join(
    fields.map((f) => sql`${f.value} as ${sql.identifier(f.name)}`),
    sql`, `,
  );
  return sql`(select row_to_json(__o)::text from (select ${list}) as __o)`;
}

/** The object text with one more member last when `value` (JSON text) is not null, as `{ ...row, name: value }` adds it. */
export function withMember(object: SQL, name: string, value: SQL): SQL {
  const member = `,${JSON.stringify(name)}:`;
  return sql`(select case when __m.v is null then __m.o else left(__m.o, -1) || ${member}::text || __m.v || '}' end from (select ${object} as o, ${value} as v) as __m)`;
}

/** The cursor's JSON before encoding, as encodeCursor writes it: `{"s":signature,"v":[values]}`. */
export function cursorJson(spec: SortSpec): SQL {
  const exact = cursorFields(spec);
  const values = spec.map(({ field }) => {
    const value = field.kind === 'timestamp' ? exact[cursorFieldName(field)]! : sql`${field.column}`;
    return sql`coalesce(to_json(${value})::text, 'null')`;
  });
  return sql`'{"s":' || to_json(${sortSignature(spec)}::text)::text || ',"v":[' || concat_ws(',', ${sql.join(values, sql`, `)}) || ']}'`;
}

/** base64url without padding, as Buffer#toString('base64url') writes it (encode() wraps lines and pads). */
export function base64url(text: SQL): SQL {
  return sql`translate(encode(convert_to(${text}, 'UTF8'), 'base64'), '+/=' || chr(10), '-_')`;
}

export interface PageStatement {
  table: PgTable;
  /** Scope, filter and cursor, ANDed; undefined for every row. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** The JSON text of one row (over the table's columns). */
  item: SQL;
  sort: SortSpec;
}

/**
 * One statement for a page: `{"items":[...],"nextCursor":...}`. It reads limit + 1 rows (the
 * extra one only says a next page exists); the cursor is the last shown row's. The page's rows
 * are read under the table's own name, so the item and order expressions apply to them as they are.
 */
export function pageStatement(p: PageStatement): SQL {
  const name = sql.identifier(getTableName(p.table));
  const order = sql.join(p.orderBy, sql`, `);
  const where = p.where ? sql` where ${p.where}` : sql``;
  return sql`select '{"items":[' || coalesce(string_agg(__page.item, ',' order by __page.n) filter (where __page.n <= ${p.limit}), '')
    || '],"nextCursor":' || case when count(*) > ${p.limit}
      then '"' || ${base64url(sql`max(__page.cursor) filter (where __page.n = ${p.limit})`)} || '"' else 'null' end || '}'
  from (select row_number() over (order by ${order}) as n, ${p.item} as item, ${cursorJson(p.sort)} as cursor
    from (select ${name}.* from ${p.table}${where} order by ${order} limit ${p.limit + 1}) as ${name}) as __page`;
}

/** One row's JSON text, the first by `orderBy` of those `where` selects; no row when none does. */
export function oneStatement(table: PgTable, where: SQL, orderBy: SQL[], item: SQL): SQL {
  const name = sql.identifier(getTableName(table));
  const order = orderBy.length ? sql` order by ${sql.join(orderBy, sql`, `)}` : sql``;
  return sql`select ${item} from (select ${name}.* from ${table} where ${where}${order} limit 1) as ${name}`;
}

/**
 * The JSON array text of the first `limit` rows `where` selects, in `orderBy` order, each as
 * `item` (over the table's columns); `[]` for none. A part of a larger answer, not a statement.
 */
export function listText(table: PgTable, where: SQL | undefined, orderBy: SQL[], limit: number, item: SQL): SQL {
  const name = sql.identifier(getTableName(table));
  const order = sql.join(orderBy, sql`, `);
  const filter = where ? sql` where ${where}` : sql``;
  return sql`(select '[' || coalesce(string_agg(__list.item, ',' order by __list.n), '') || ']'
    from (select row_number() over (order by ${order}) as n, ${item} as item
      from (select ${name}.* from ${table}${filter} order by ${order} limit ${limit}) as ${name}) as __list)`;
}
