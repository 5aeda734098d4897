import { and, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgSelectQueryBuilder, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { EntityDef } from '../entities/definitions';
import { type Field, type FieldKind, invalid, isPlainObject, quote, resolveField } from './fields';
import { compileFilter } from './filter';

/**
 * Aggregation of DESIGN §7, a subset of MongoDB's pipeline, in this order:
 *
 *   [{ $match: filter }]                       optional, the filter language of filter.ts
 *   { $group: { _id, name: { $op: ... }, ... } } exactly one
 *   [{ $sort: { name | '_id': 1 | -1 } }]      optional, over the group's outputs
 *   [{ $limit: n }]                            optional, 1..1000, default 1000
 *
 * `_id` is null (one group over all rows), '$field', or { alias: '$field', ... } (at most 3).
 * Outputs (at most 10): { $sum: '$f' } and { $avg: '$f' } on integer/bigint fields,
 * { $min: '$f' } and { $max: '$f' } on integer/bigint/timestamp/text, { $count: {} }.
 *
 * Sums, averages and counts are computed by PostgreSQL (sum(bigint) is numeric, count is bigint)
 * and cast to float8, so they arrive as JS numbers on both drivers: exact up to 2^53, which
 * minor-unit money stays far below. $sum over no values is 0; $avg over no values is null.
 * As in MongoDB, no input rows means no output rows, also for `_id: null`.
 */

export const MAX_GROUP_FIELDS = 3;
export const MAX_OUTPUTS = 10;
export const MAX_AGGREGATE_LIMIT = 1000;

/** Output names and `_id` aliases: a letter first, so `_id` and `__proto__` cannot be chosen. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const ACCUMULATORS: Record<string, readonly FieldKind[]> = {
  $sum: ['integer', 'bigint'],
  $avg: ['integer', 'bigint'],
  $min: ['integer', 'bigint', 'timestamp', 'text'],
  $max: ['integer', 'bigint', 'timestamp', 'text'],
};
const GROUPABLE: readonly FieldKind[] = ['text', 'integer', 'bigint', 'boolean', 'timestamp'];

export type AggregateRow = Record<string, unknown>;

export interface AggregateQuery {
  /** Runs the pipeline; `scope` (object-level authorization) is ANDed with $match. */
  (db: Db, scope?: SQL): Promise<AggregateRow[]>;
  /** The statement it would run, for tests and logs. */
  toSQL(scope?: SQL): { sql: string; params: unknown[] };
}

interface GroupKey {
  alias: string | null;
  field: Field;
}

interface Output {
  name: string;
  expr: SQL;
}

interface Plan {
  match: SQL | undefined;
  /** `alias` is null for `_id: '$field'`; the list is empty for `_id: null`. */
  keys: GroupKey[];
  outputs: Output[];
  sort: { expr: SQL; direction: 1 | -1 }[];
  limit: number;
}

export function compileAggregate(def: EntityDef, pipeline: unknown): AggregateQuery {
  const plan = parsePipeline(def, pipeline);
  const fields = selection(plan);

  function finish<T extends PgSelectQueryBuilder>(query: T, scope: SQL | undefined): T {
    query.where(and(scope, plan.match));
    // Without GROUP BY, PostgreSQL answers one row even for no input; MongoDB answers none.
    if (plan.keys.length) query.groupBy(...plan.keys.map((k) => k.field.column));
    else query.having(sql`count(*) > 0`);
    const order = [
      ...plan.sort.map(({ expr, direction }) => (direction === 1 ? sql`${expr} asc` : sql`${expr} desc`)),
      // Group keys last make the order, and so a $limit, deterministic.
      ...plan.keys.map((k) => sql`${k.field.column} asc`),
    ];
    if (order.length) query.orderBy(...order);
    query.limit(plan.limit);
    return query;
  }

  const run = async (db: Db, scope?: SQL): Promise<AggregateRow[]> => {
    const rows: Record<string, unknown>[] = await finish(db.select(fields).from(def.table).$dynamic(), scope);
    return rows.map((row) => shape(plan, row));
  };
  return Object.assign(run, {
    toSQL: (scope?: SQL) => finish(new QueryBuilder().select(fields).from(def.table).$dynamic(), scope).toSQL(),
  });
}

/** Select keys are ours (g0, o0, ...): user names never become SQL identifiers. */
function selection(plan: Plan): Record<string, PgColumn | SQL> {
  const fields: Record<string, PgColumn | SQL> = {};
  plan.keys.forEach((k, i) => (fields[`g${i}`] = k.field.column));
  plan.outputs.forEach((o, i) => (fields[`o${i}`] = o.expr));
  return fields;
}

function shape(plan: Plan, row: Record<string, unknown>): AggregateRow {
  let id: unknown = null;
  if (plan.keys.length === 1 && plan.keys[0]!.alias === null) id = row.g0;
  else if (plan.keys.length) id = Object.fromEntries(plan.keys.map((k, i) => [k.alias, row[`g${i}`]]));
  const out: AggregateRow = { _id: id };
  plan.outputs.forEach((o, i) => (out[o.name] = row[`o${i}`]));
  return out;
}

function parsePipeline(def: EntityDef, pipeline: unknown): Plan {
  if (!Array.isArray(pipeline) || pipeline.length === 0)
    throw invalid('pipeline', 'pipeline must be a non-empty array of stages');
  if (pipeline.length > 4) throw invalid('pipeline', 'pipeline accepts at most 4 stages ($match, $group, $sort, $limit)');
  let match: SQL | undefined;
  let group: Pick<Plan, 'keys' | 'outputs'> | undefined;
  let sort: Plan['sort'] | undefined;
  let limit: number | undefined;
  pipeline.forEach((stage: unknown, i) => {
    const path = `pipeline.${i}`;
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw invalid(path, 'each stage must be an object with exactly one key, such as { $group: ... }');
    }
    const name = Object.keys(stage)[0]!;
    const body = stage[name];
    const at = `${path}.${name}`;
    switch (name) {
      case '$match':
        if (i !== 0) throw invalid(at, 'stage $match must come first, and only once');
        match = compileFilter(def, body, at);
        return;
      case '$group':
        if (group) throw invalid(at, 'only one $group stage is supported');
        group = parseGroup(def, body, at);
        return;
      case '$sort':
        if (!group || sort || limit !== undefined) throw invalid(at, 'stage $sort must follow $group, once, before $limit');
        sort = parseGroupSort(group, body, at);
        return;
      case '$limit':
        if (!group || limit !== undefined) throw invalid(at, 'stage $limit must follow $group, once');
        if (typeof body !== 'number' || !Number.isInteger(body) || body < 1 || body > MAX_AGGREGATE_LIMIT) {
          throw invalid(at, `$limit must be an integer from 1 to ${MAX_AGGREGATE_LIMIT}`);
        }
        limit = body;
        return;
      default:
        throw invalid(at, `unknown or unsupported stage ${quote(name)} (supported: $match, $group, $sort, $limit)`);
    }
  });
  if (!group) throw invalid('pipeline', 'pipeline needs a $group stage');
  return { match, ...group, sort: sort ?? [], limit: limit ?? MAX_AGGREGATE_LIMIT };
}

function fieldRef(def: EntityDef, ref: unknown, path: string): Field {
  if (typeof ref !== 'string' || !ref.startsWith('$') || ref.length < 2) {
    throw invalid(path, `expected a field reference such as '$name'`);
  }
  return resolveField(def, ref.slice(1), path);
}

function parseGroup(def: EntityDef, body: unknown, path: string): Pick<Plan, 'keys' | 'outputs'> {
  if (!isPlainObject(body)) throw invalid(path, '$group expects an object { _id, output: { $op: ... } }');
  if (!Object.hasOwn(body, '_id'))
    throw invalid(`${path}._id`, '$group needs _id (null, a field reference or an object of them)');
  const keys = parseGroupId(def, body._id, `${path}._id`);
  const names = Object.keys(body).filter((k) => k !== '_id');
  if (names.length > MAX_OUTPUTS) throw invalid(path, `$group accepts at most ${MAX_OUTPUTS} outputs`);
  if (names.length === 0 && keys.length === 0) throw invalid(path, '$group with _id null needs at least one output');
  const outputs = names.map((name) => {
    const at = `${path}.${name}`;
    if (!NAME.test(name))
      throw invalid(at, `output name ${quote(name)} must be a letter followed by letters, digits or _ (at most 64)`);
    return { name, expr: parseAccumulator(def, body[name], at) };
  });
  return { keys, outputs };
}

function parseGroupId(def: EntityDef, id: unknown, path: string): GroupKey[] {
  if (id === null) return [];
  const groupable = (field: Field, at: string): Field => {
    if (!GROUPABLE.includes(field.kind))
      throw invalid(at, `field ${quote(field.name)} cannot be grouped on (${field.kind === 'textArray' ? 'array' : field.kind})`);
    return field;
  };
  if (typeof id === 'string') return [{ alias: null, field: groupable(fieldRef(def, id, path), path) }];
  if (!isPlainObject(id)) throw invalid(path, '_id must be null, a field reference or an object of them');
  const aliases = Object.keys(id);
  if (aliases.length === 0 || aliases.length > MAX_GROUP_FIELDS)
    throw invalid(path, `_id groups on 1 to ${MAX_GROUP_FIELDS} fields`);
  return aliases.map((alias) => {
    const at = `${path}.${alias}`;
    if (!NAME.test(alias))
      throw invalid(at, `group alias ${quote(alias)} must be a letter followed by letters, digits or _ (at most 64)`);
    return { alias, field: groupable(fieldRef(def, id[alias], at), at) };
  });
}

function parseAccumulator(def: EntityDef, spec: unknown, path: string): SQL {
  if (!isPlainObject(spec) || Object.keys(spec).length !== 1) {
    throw invalid(path, 'an output must be one accumulator: { $sum | $avg | $min | $max: "$field" } or { $count: {} }');
  }
  const op = Object.keys(spec)[0]!;
  const arg = spec[op];
  const at = `${path}.${op}`;
  if (op === '$count') {
    if (!isPlainObject(arg) || Object.keys(arg).length !== 0) throw invalid(at, '$count takes an empty object: { $count: {} }');
    return sql`count(*)::float8`.mapWith(Number);
  }
  const kinds = Object.hasOwn(ACCUMULATORS, op) ? ACCUMULATORS[op] : undefined;
  if (!kinds) throw invalid(at, `unknown or unsupported accumulator ${quote(op)} (supported: $sum, $avg, $min, $max, $count)`);
  const field = fieldRef(def, arg, at);
  if (!kinds.includes(field.kind)) throw invalid(at, `${op} is not supported on field ${quote(field.name)} (${field.kind})`);
  const col = field.column;
  switch (op) {
    case '$sum':
      return sql`coalesce(sum(${col}), 0)::float8`.mapWith(Number);
    case '$avg':
      return sql`avg(${col})::float8`.mapWith(Number);
    case '$min':
      // The column decodes the result, so a timestamp comes back a Date and a bigint a number.
      return sql`min(${col})`.mapWith(col);
    default:
      return sql`max(${col})`.mapWith(col);
  }
}

function parseGroupSort(group: Pick<Plan, 'keys' | 'outputs'>, body: unknown, path: string): Plan['sort'] {
  if (!isPlainObject(body) || Object.keys(body).length === 0) throw invalid(path, '$sort expects { output: 1 | -1, ... }');
  const names = Object.keys(body);
  if (names.length > MAX_OUTPUTS + 1) throw invalid(path, `$sort accepts at most ${MAX_OUTPUTS + 1} keys`);
  const terms: Plan['sort'] = [];
  for (const name of names) {
    const at = `${path}.${name}`;
    const direction = body[name];
    if (direction !== 1 && direction !== -1) throw invalid(at, `sort direction of ${quote(name)} must be 1 or -1`);
    if (name === '_id') {
      if (!group.keys.length) throw invalid(at, `cannot sort on _id: it is null`);
      for (const k of group.keys) terms.push({ expr: sql`${k.field.column}`, direction });
      continue;
    }
    const output = group.outputs.find((o) => o.name === name);
    if (!output) throw invalid(at, `cannot sort on ${quote(name)}: not an output of $group`);
    terms.push({ expr: output.expr, direction });
  }
  return terms;
}
