import { and, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { EntityDef } from '../entities/definitions';
import { type Field, isPlainObject, parseIsoDate } from './fields';
import { type SortSpec, sortSignature } from './sort';

/**
 * Keyset pagination. A cursor is base64url JSON `{ s, v }`: the sort it belongs to and the last
 * row's value of every sort term (the key included). It is opaque to clients but not secret: a
 * forged one only moves the starting point inside rows the caller may see anyway, so it is
 * validated, not signed.
 *
 * Timestamps travel at microsecond precision. PostgreSQL stores microseconds while a JS Date holds
 * milliseconds; comparing against a truncated value would skip or repeat rows that share a
 * millisecond (every row of one INSERT shares now()). The exact value is read through
 * `cursorFields`, which the caller adds to its select.
 */

const MAX_CURSOR_LENGTH = 16_384;
const MAX_CURSOR_TEXT = 10_000;
const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_FIELD_PREFIX = '__cursor_';

type CursorValue = string | number | boolean | null;

export function cursorFieldName(field: Field): string {
  return `${CURSOR_FIELD_PREFIX}${field.name}`;
}

/** Extra select entries (exact timestamps as text) that `encodeCursor` reads from the last row. */
export function cursorFields(spec: SortSpec): Record<string, SQL<string | null>> {
  const fields: Record<string, SQL<string | null>> = {};
  for (const { field } of spec) {
    if (field.kind === 'timestamp') {
      fields[cursorFieldName(field)] = sql<
        string | null
      >`to_char(${field.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    }
  }
  return fields;
}

/** Removes what `cursorFields` added, so the hidden values never reach a response. */
export function stripCursorFields<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!k.startsWith(CURSOR_FIELD_PREFIX)) out[k] = v;
  return out as T;
}

export function encodeCursor(spec: SortSpec, row: Readonly<Record<string, unknown>>): string {
  const values = spec.map(({ field }): CursorValue => {
    if (field.kind === 'timestamp') {
      const exact = row[cursorFieldName(field)];
      if (exact === null || typeof exact === 'string') return exact;
      // A wiring mistake, not bad input: the caller's select lacks cursorFields(spec).
      throw new Error(`encodeCursor: row lacks ${cursorFieldName(field)}; add cursorFields(spec) to the select`);
    }
    const value = row[field.name];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw new Error(`encodeCursor: row lacks sort field ${field.name}`);
  });
  return Buffer.from(JSON.stringify({ s: sortSignature(spec), v: values }), 'utf8').toString('base64url');
}

/** The message stays "invalid cursor" for every case; the detail goes under errors. */
function badCursor(path: string, detail: string): AppError {
  return new AppError('validation', 'invalid cursor', { errors: { [path]: `invalid cursor: ${detail}` } });
}

/** Decoded values, one per sort term, each checked against its column. */
export function decodeCursor(spec: SortSpec, cursor: unknown, path = 'cursor'): CursorValue[] {
  if (
    typeof cursor !== 'string' ||
    cursor.length === 0 ||
    cursor.length > MAX_CURSOR_LENGTH ||
    !/^[A-Za-z0-9_-]+$/.test(cursor)
  ) {
    throw badCursor(path, 'not a cursor string');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(path, 'cannot be decoded');
  }
  if (!isPlainObject(payload) || !Array.isArray(payload.v)) throw badCursor(path, 'cannot be decoded');
  if (payload.s !== sortSignature(spec)) throw badCursor(path, 'belongs to another sort');
  const values = payload.v as unknown[];
  if (values.length !== spec.length) throw badCursor(path, 'belongs to another sort');
  return spec.map(({ field }, i) => {
    const value = values[i];
    if (value === null) {
      if (field.column.notNull) throw badCursor(path, `null value for ${field.name}`);
      return null;
    }
    if (!validValue(field, value)) throw badCursor(path, `bad value for ${field.name}`);
    return value as CursorValue;
  });
}

function validValue(field: Field, value: unknown): boolean {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' && value.length <= MAX_CURSOR_TEXT && !value.includes('\u0000');
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
    case 'bigint':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && EXACT_TIMESTAMP.test(value) && parseIsoDate(value) !== undefined;
    default:
      return false;
  }
}

function bind(field: Field, value: string | number | boolean): SQL {
  // The exact timestamp text is cast by PostgreSQL; a Date would lose the microseconds.
  return field.kind === 'timestamp' ? sql`${value}::timestamptz` : sql`${sql.param(value, field.column)}`;
}

/** Strictly after the cursor row in this term's direction, NULL counting as the largest value. */
function afterTerm(field: Field, direction: 1 | -1, value: CursorValue): SQL | undefined {
  const col = field.column;
  if (value === null) return direction === 1 ? undefined : isNotNull(col);
  const v = bind(field, value);
  if (direction === -1) return sql`${col} < ${v}`;
  return field.column.notNull ? sql`${col} > ${v}` : or(sql`${col} > ${v}`, isNull(col));
}

function equalTerm(field: Field, value: CursorValue): SQL {
  return value === null ? isNull(field.column) : sql`${field.column} = ${bind(field, value)}`;
}

/**
 * The WHERE that selects rows after the cursor's row. One direction over NOT NULL columns is a
 * row comparison, which an index on those columns serves; otherwise the expanded form
 * (a > x) OR (a = x AND b > y) OR ..., which handles mixed directions and NULLs.
 */
export function cursorCondition(_def: EntityDef, spec: SortSpec, cursor: unknown, path = 'cursor'): SQL | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  const values = decodeCursor(spec, cursor, path);
  const direction = spec[0]!.direction;
  if (spec.every((t) => t.direction === direction && t.field.column.notNull)) {
    const cols = sql.join(
      spec.map((t) => sql`${t.field.column}`),
      sql`, `,
    );
    const vals = sql.join(
      spec.map((t, i) => bind(t.field, values[i] as string | number | boolean)),
      sql`, `,
    );
    return direction === 1 ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
  }
  const branches: SQL[] = [];
  for (let i = 0; i < spec.length; i++) {
    const after = afterTerm(spec[i]!.field, spec[i]!.direction, values[i]!);
    if (!after) continue;
    const equal = spec.slice(0, i).map((t, j) => equalTerm(t.field, values[j]!));
    branches.push(equal.length ? and(...equal, after)! : after);
  }
  // A cursor on the very last possible row (all terms at their maximum) has nothing after it.
  return branches.length === 0 ? sql`false` : branches.length === 1 ? branches[0] : sql`(${or(...branches)})`;
}
