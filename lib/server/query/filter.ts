import {
  and,
  arrayContains,
  arrayOverlaps,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { EntityDef } from '../entities/definitions';
import { type Field, invalid, isPlainObject, quote, resolveField, scalarValue, textValue } from './fields';

/**
 * The filter language of DESIGN §7, a documented subset of MongoDB's:
 *
 *   { field: value }                      equality (`null` means IS NULL)
 *   { field: { $op: value, ... } }        several operators on one field are ANDed
 *   { $and: [filter, ...] }, { $or: [filter, ...] }
 *
 * Operators: $eq $ne $gt $gte $lt $lte $in $nin $exists $contains (case-insensitive substring).
 * $ne and $nin also match NULL, as in MongoDB, where a missing field is "not equal".
 * On text[] columns: $eq value = the array holds value, $ne = it does not, $in = overlap,
 * $nin = no overlap, $exists; nothing else. jsonb columns are refused even when queryable.
 *
 * Every value reaches SQL as a bound parameter; field names only select a drizzle column.
 */

export const MAX_FILTER_DEPTH = 5;
export const MAX_CONDITIONS = 50;
export const MAX_IN_VALUES = 500;

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$contains']);

interface State {
  def: EntityDef;
  conditions: number;
}

/** `null`, `undefined` and `{}` mean "no condition" (undefined). */
export function compileFilter(def: EntityDef, filter: unknown, path = 'filter'): SQL | undefined {
  if (filter === null || filter === undefined) return undefined;
  return compileNode({ def, conditions: 0 }, filter, path, 1);
}

function compileNode(state: State, node: unknown, path: string, depth: number): SQL | undefined {
  if (!isPlainObject(node)) throw invalid(path, 'a filter must be an object');
  if (depth > MAX_FILTER_DEPTH) throw invalid(path, `filter nested deeper than ${MAX_FILTER_DEPTH} levels`);
  const parts: SQL[] = [];
  for (const key of Object.keys(node)) {
    const value = node[key];
    const at = `${path}.${key}`;
    if (key === '$and' || key === '$or') {
      const branches = compileBranches(state, key, value, at, depth);
      const combined = key === '$and' ? andAll(branches) : orAll(branches);
      if (combined) parts.push(combined);
    } else if (key.startsWith('$')) {
      throw invalid(at, `unknown operator ${quote(key)} (a filter's keys are fields, $and or $or)`);
    } else {
      parts.push(compileField(state, resolveField(state.def, key, at), value, at));
    }
  }
  return andAll(parts);
}

/** Each branch's result; `undefined` stands for a branch that matches everything. */
function compileBranches(state: State, op: string, value: unknown, path: string, depth: number): (SQL | undefined)[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid(path, `${op} expects a non-empty array of filters`);
  // Checked before walking, so a huge array is refused without compiling any of it.
  if (value.length > MAX_CONDITIONS) throw invalid(path, `${op} has more than ${MAX_CONDITIONS} branches`);
  return value.map((branch, i) => compileNode(state, branch, `${path}.${i}`, depth + 1));
}

function andAll(parts: (SQL | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => p !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : and(...present);
}

/** A branch without a condition matches every row, and so does the whole $or. */
function orAll(parts: (SQL | undefined)[]): SQL | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  const present = parts as SQL[];
  return present.length === 1 ? present[0] : or(...present);
}

function countCondition(state: State, path: string): void {
  state.conditions += 1;
  if (state.conditions > MAX_CONDITIONS) throw invalid(path, `filter has more than ${MAX_CONDITIONS} conditions`);
}

function compileField(state: State, field: Field, value: unknown, path: string): SQL {
  if (field.kind === 'jsonb') throw invalid(path, `field ${quote(field.name)} is jsonb and cannot be filtered`);
  if (field.kind === 'unsupported') throw invalid(path, `field ${quote(field.name)} cannot be filtered`);
  if (!isPlainObject(value)) {
    countCondition(state, path);
    return compileOperator(field, '$eq', value, path);
  }
  const ops = Object.keys(value);
  if (ops.length === 0) throw invalid(path, `field ${quote(field.name)}: empty operator object`);
  const parts: SQL[] = [];
  for (const op of ops) {
    const at = `${path}.${op}`;
    if (!OPERATORS.has(op)) {
      throw invalid(
        at,
        op.startsWith('$')
          ? `unknown operator ${quote(op)} on field ${quote(field.name)}`
          : `field ${quote(field.name)}: expected a value or an object of operators, found key ${quote(op)}`,
      );
    }
    countCondition(state, at);
    parts.push(compileOperator(field, op, value[op], at));
  }
  return parts.length === 1 ? parts[0]! : and(...parts)!;
}

function compileOperator(field: Field, op: string, value: unknown, path: string): SQL {
  const { column } = field;
  if (op === '$exists') {
    if (typeof value !== 'boolean') throw invalid(path, `$exists on field ${quote(field.name)} expects true or false`);
    return value ? isNotNull(column) : isNull(column);
  }
  if (field.kind === 'textArray') return compileArrayOperator(field, op, value, path);

  switch (op) {
    case '$eq':
      return value === null ? isNull(column) : eq(column, scalarValue(field, value, path));
    case '$ne': {
      if (value === null) return isNotNull(column);
      const bound = scalarValue(field, value, path);
      // IS DISTINCT FROM keeps NULL rows, as MongoDB's $ne does; a NOT NULL column can use <>.
      return column.notNull ? ne(column, bound) : sql`${column} is distinct from ${sql.param(bound, column)}`;
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (field.kind === 'boolean')
        throw invalid(path, `operator ${quote(op)} is not supported on boolean field ${quote(field.name)}`);
      const bound = scalarValue(field, value, path);
      return op === '$gt'
        ? gt(column, bound)
        : op === '$gte'
          ? gte(column, bound)
          : op === '$lt'
            ? lt(column, bound)
            : lte(column, bound);
    }
    case '$in':
      return inArray(column, listValue(field, op, value, path));
    case '$nin': {
      const outside = notInArray(column, listValue(field, op, value, path));
      return column.notNull ? outside : or(isNull(column), outside)!;
    }
    case '$contains': {
      if (field.kind !== 'text')
        throw invalid(path, `operator '$contains' is only supported on text fields, not on ${quote(field.name)}`);
      const text = textValue(field, value, path);
      // The user's text is matched literally: LIKE's wildcards and the escape character are escaped.
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`${column} ilike ${pattern} escape '\\'`;
    }
    default:
      throw invalid(path, `unknown operator ${quote(op)} on field ${quote(field.name)}`);
  }
}

function compileArrayOperator(field: Field, op: string, value: unknown, path: string): SQL {
  const { column } = field;
  switch (op) {
    case '$eq':
      return value === null ? isNull(column) : arrayContains(column, [textValue(field, value, path)]);
    case '$ne': {
      if (value === null) return isNotNull(column);
      const lacks = sql`not (${arrayContains(column, [textValue(field, value, path)])})`;
      return column.notNull ? lacks : or(isNull(column), lacks)!;
    }
    case '$in':
      return arrayOverlaps(column, listValue(field, op, value, path));
    case '$nin': {
      const disjoint = sql`not (${arrayOverlaps(column, listValue(field, op, value, path))})`;
      return column.notNull ? disjoint : or(isNull(column), disjoint)!;
    }
    default:
      throw invalid(
        path,
        `operator ${quote(op)} is not supported on array field ${quote(field.name)} (use $eq, $ne, $in, $nin or $exists)`,
      );
  }
}

function listValue(field: Field, op: string, value: unknown, path: string): (string | number | boolean | Date)[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalid(path, `${op} on field ${quote(field.name)} expects a non-empty array`);
  if (value.length > MAX_IN_VALUES)
    throw invalid(path, `${op} on field ${quote(field.name)} accepts at most ${MAX_IN_VALUES} values`);
  return value.map((v, i) => scalarValue(field, v, `${path}.${i}`));
}
