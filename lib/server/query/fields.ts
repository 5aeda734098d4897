import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../api/errors';
import type { EntityDef } from '../entities/definitions';

/**
 * Shared pieces of the query language (DESIGN §7): which fields a request may name, what a
 * value must look like for a column, and the one error shape every refusal uses.
 */

/** How the query language treats a column; anything not listed here is refused by name. */
export type FieldKind = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamp' | 'textArray' | 'jsonb' | 'unsupported';

export interface Field {
  name: string;
  column: PgColumn;
  kind: FieldKind;
}

export const MAX_TEXT_VALUE = 1000;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

/** User text echoed into a message or an error key is cut, so a huge name cannot bloat the answer. */
export function quote(name: string): string {
  return `'${name.length > 64 ? `${name.slice(0, 64)}…` : name}'`;
}

export function invalid(path: string, message: string): AppError {
  return new AppError('validation', message, { errors: { [path.length > 200 ? `${path.slice(0, 200)}…` : path]: message } });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function kindOf(column: PgColumn): FieldKind {
  switch (column.columnType) {
    case 'PgText':
      return 'text';
    case 'PgInteger':
      return 'integer';
    case 'PgBigInt53':
      return 'bigint';
    case 'PgBoolean':
      return 'boolean';
    case 'PgTimestamp':
      return 'timestamp';
    case 'PgJsonb':
    case 'PgJson':
      return 'jsonb';
    case 'PgArray': {
      // Only text[] has array semantics here; the base column says what the elements are.
      const base = (column as PgColumn & { baseColumn?: PgColumn }).baseColumn;
      return base?.columnType === 'PgText' ? 'textArray' : 'unsupported';
    }
    default:
      return 'unsupported';
  }
}

const columnsCache = new WeakMap<object, Record<string, PgColumn>>();

function columnsOf(def: EntityDef): Record<string, PgColumn> {
  let columns = columnsCache.get(def.table);
  if (!columns) {
    columns = getTableColumns(def.table);
    columnsCache.set(def.table, columns);
  }
  return columns;
}

/** The primary key every entity carries; sorts and cursors end with it. */
export function keyField(def: EntityDef): Field {
  const column = columnsOf(def).key;
  if (!column) throw new Error(`${def.name}: table has no key column`);
  return { name: 'key', column, kind: 'text' };
}

/**
 * A field a request named. Only `queryable` fields resolve; the own-property check keeps names
 * such as `constructor` from reaching a prototype.
 */
export function resolveField(def: EntityDef, name: string, path: string): Field {
  const columns = columnsOf(def);
  if (!def.queryable.includes(name) || !Object.hasOwn(columns, name)) {
    throw invalid(path, `unknown field ${quote(name)}`);
  }
  const column = columns[name]!;
  return { name, column, kind: kindOf(column) };
}

/** Validates one scalar against the column; returns what drizzle binds (a Date for timestamps). */
export function scalarValue(field: Field, value: unknown, path: string): string | number | boolean | Date {
  switch (field.kind) {
    case 'text':
    case 'textArray':
      return textValue(field, value, path);
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX) {
        throw invalid(path, `field ${quote(field.name)} expects an integer between ${INT4_MIN} and ${INT4_MAX}`);
      }
      return value;
    case 'bigint':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw invalid(path, `field ${quote(field.name)} expects a safe integer`);
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(path, `field ${quote(field.name)} expects true or false`);
      return value;
    case 'timestamp': {
      const date = typeof value === 'string' ? parseIsoDate(value) : undefined;
      if (!date) {
        throw invalid(
          path,
          `field ${quote(field.name)} expects an ISO date (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.sss]] with Z or an offset)`,
        );
      }
      return date;
    }
    default:
      throw invalid(
        path,
        `field ${quote(field.name)} cannot be queried (${field.kind === 'jsonb' ? 'jsonb' : 'unsupported type'})`,
      );
  }
}

export function textValue(field: Field, value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalid(path, `field ${quote(field.name)} expects a string`);
  if (value.length > MAX_TEXT_VALUE)
    throw invalid(path, `field ${quote(field.name)}: value longer than ${MAX_TEXT_VALUE} characters`);
  // PostgreSQL text cannot hold NUL; sent as a parameter it would fail in the database.
  if (value.includes('\u0000')) throw invalid(path, `field ${quote(field.name)}: value contains a NUL character`);
  return value;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Date only (midnight UTC) or date and time with a zone: a time without one would depend on the
 * server's time zone. Calendar overflow (Feb 30) is refused rather than rolled into March.
 */
export function parseIsoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const check = new Date(Date.UTC(2000, month - 1, day));
  check.setUTCFullYear(year);
  if (check.getUTCDate() !== day) return undefined;
  const date = new Date(text);
  // An offset can carry the instant out of the years 1 to 9999 in UTC, which PostgreSQL cannot read back as ISO text.
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return undefined;
  return date;
}
