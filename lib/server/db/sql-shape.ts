import {
  Column,
  entityKind,
  getTableName,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
} from 'drizzle-orm';
import { isPgEnum, PgDialect } from 'drizzle-orm/pg-core';

/**
 * The SQL text of a statement, cached by the statement's shape. Building drizzle's text costs more
 * than anything else a hot read does in the process (a few hundred µs for a query page), while a
 * page of the same shape (same fields, operators, sort, clauses, only other values) always gets the
 * same text. The shape is read off the statement itself, so it cannot miss a clause a caller forgot
 * to name: every piece of text, table and column goes into it and every value is a bare marker, so
 * no value is ever part of the key, and the cached text is drizzle's own, values as $n parameters.
 */

const dialect = new PgDialect();

/** Shapes kept; beyond it a new shape is built as drizzle builds it, uncached (a hot path has few). */
const MAX_SHAPES = 500;

/** Markers that never occur in SQL text written by the application, so the key stays unambiguous. */
const PARAM = '\u0000?';
const NAME = '\u0000n';

interface Shaped {
  text: string;
  /** How many values the text takes; a shape whose walk finds another number is not this one. */
  count: number;
  /** The tables the statement names (the answer cache's dependencies), sorted. */
  tables: readonly string[];
  /** A short name of the shape in this process (the answer cache's keys would repeat the long key). */
  id: number;
}

const shapes = new Map<string, Shaped>();

/** SQL_SHAPE_CACHE=off builds every statement and text afresh, as before the cache (bench/api.ts measures both). */
export const shapeCacheOn = process.env.SQL_SHAPE_CACHE !== 'off';

/** Set while tests run: every cached text is compared with what drizzle builds afresh. */
const verify = Boolean(process.env.VITEST) || process.env.SQL_SHAPE_VERIFY === '1';

export interface ShapedQuery {
  text: string;
  params: unknown[];
  /** The key the text was cached under, or undefined when this statement is built uncached. */
  shape?: string;
  /** With a shape: every table the statement names, by its name in the database, sorted. */
  tables?: readonly string[];
  /** With a shape: its number in this process, one per shape key. */
  id?: number;
}

class Unshapeable extends Error {}

/** Statement parts built once and reused as they are (fixedPart), with their walk once done. */
const fixedParts = new WeakMap<SQL, { key: string; params: unknown[] } | null>();

/**
 * Marks a part that is built once and reused unchanged in many statements (an entity's row as
 * JSON): its shape and values are then walked once, not on every request. The part must never be
 * changed afterwards, and its values must be the same for every statement it goes into.
 */
export function fixedPart(part: SQL): SQL {
  if (!fixedParts.has(part)) fixedParts.set(part, null);
  return part;
}

/** Table and column names as drizzle writes them (no casing is configured on our databases). */
const SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const ORIGINAL_NAME = Symbol.for('drizzle:OriginalName');

/** The table's name in the database, `schema.name` outside the default schema; an alias gives its table's. */
function tableName(table: Table): string {
  const t = table as unknown as Record<symbol, unknown>;
  const schema = t[SCHEMA] as string | undefined;
  const name = (t[IS_ALIAS] ? t[ORIGINAL_NAME] : undefined) ?? getTableName(table);
  return schema === undefined || schema === 'public' ? String(name) : `${schema}.${String(name)}`;
}

function tableToken(table: Table): string {
  // drizzle keeps a table's schema and alias flag under internal symbols (Table.Symbol, untyped).
  const t = table as unknown as Record<symbol, unknown>;
  const schema = t[SCHEMA] as string | undefined;
  return `${NAME}${t[IS_ALIAS] || schema === undefined ? '' : `${schema}.`}${getTableName(table)}`;
}

/**
 * Walks the statement as drizzle's buildQueryFromSourceParams does (same order, same branches),
 * writing its shape into `key` and its values into `params`. Anything drizzle would write into the
 * text rather than pass as a value (inlined params, placeholders, unknown drizzle objects) makes
 * the statement unshapeable: it is then built as drizzle builds it, uncached.
 */
class Walk {
  key = '';
  readonly params: unknown[] = [];

  /** Set on the one walk of a new shape that also collects the tables it names. */
  constructor(readonly tables?: Set<string>) {}

  chunks(chunks: readonly unknown[]): void {
    for (const chunk of chunks) this.chunk(chunk);
  }

  chunk(chunk: unknown): void {
    if (chunk === undefined) return;
    if (chunk instanceof StringChunk) {
      for (const part of chunk.value) this.key += part;
    } else if (chunk instanceof SQL) {
      // The flag is private in drizzle's types; drizzle reads it the same way.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Unshapeable('inlined values');
      if (!fixedParts.has(chunk) || this.tables) {
        this.chunks(chunk.queryChunks);
        return;
      }
      const done = fixedParts.get(chunk) ?? this.fixed(chunk);
      this.key += done.key;
      for (const value of done.params) this.params.push(value);
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) throw new Unshapeable('placeholder');
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) this.chunk(value);
      else this.value(value);
    } else if (chunk instanceof Column) {
      if (chunk.keyAsName) throw new Unshapeable('column named by its key');
      this.tables?.add(tableName(chunk.table));
      this.key += `${tableToken(chunk.table)}.${chunk.name}`;
    } else if (chunk instanceof Name) {
      this.key += NAME + chunk.value + NAME;
    } else if (Array.isArray(chunk)) {
      this.key += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) this.key += ', ';
        this.chunk(chunk[i]);
      }
      this.key += ')';
    } else if (chunk instanceof Table) {
      this.tables?.add(tableName(chunk));
      this.key += tableToken(chunk);
    } else if (chunk instanceof View || chunk instanceof Placeholder || chunk instanceof Subquery || isPgEnum(chunk)) {
      throw new Unshapeable('view, placeholder, subquery or enum object');
    } else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
      this.key += NAME + chunk.fieldAlias + NAME;
    } else if (isSQLWrapper(chunk)) {
      const omit = (chunk as { shouldOmitSQLParens?: () => boolean }).shouldOmitSQLParens?.();
      if (!omit) this.key += '(';
      this.chunk(chunk.getSQL());
      if (!omit) this.key += ')';
    } else if (typeof chunk === 'object' && chunk !== null && entityKind in (chunk.constructor as object)) {
      // A drizzle object of another copy of the library: drizzle may write it as text, not a value.
      throw new Unshapeable('unknown drizzle object');
    } else {
      this.value(chunk);
    }
  }

  /** A fixed part walked once: its shape and values are kept with it. */
  private fixed(part: SQL): { key: string; params: unknown[] } {
    const walk = new Walk();
    walk.chunks(part.queryChunks);
    const done = { key: walk.key, params: walk.params };
    fixedParts.set(part, done);
    return done;
  }

  private value(value: unknown): void {
    this.key += PARAM;
    this.params.push(value);
  }
}

/** The statement's shape key and values in order, or undefined when it cannot be cached by shape. */
export function shapeOf(query: SQL, tables?: Set<string>): { key: string; params: unknown[] } | undefined {
  const walk = new Walk(tables);
  try {
    walk.chunk(query);
  } catch (err) {
    if (err instanceof Unshapeable) return undefined;
    throw err;
  }
  return { key: walk.key, params: walk.params };
}

/** The statement's text and values, the text built once per shape. */
export function shapedQuery(query: SQL): ShapedQuery {
  const shape = shapeCacheOn ? shapeOf(query) : undefined;
  if (!shape) {
    const built = dialect.sqlToQuery(query);
    return { text: built.sql, params: built.params };
  }
  const cached = shapes.get(shape.key);
  if (cached && cached.count === shape.params.length) {
    if (verify) verifyShape(query, cached.text, shape.params);
    return { text: cached.text, params: shape.params, shape: shape.key, tables: cached.tables, id: cached.id };
  }
  const built = dialect.sqlToQuery(query);
  if (built.params.length !== shape.params.length) {
    // The walk and drizzle disagree: never trust the shape, use drizzle's own result.
    if (verify) throw new Error('sql-shape: the walk found other values than drizzle');
    return { text: built.sql, params: built.params };
  }
  if (cached || shapes.size >= MAX_SHAPES) return { text: built.sql, params: built.params };
  // Once per shape: walked again, through fixed parts too, for the tables it names.
  const names = new Set<string>();
  shapeOf(query, names);
  const tables = [...names].sort();
  const id = shapes.size + 1;
  shapes.set(shape.key, { text: built.sql, count: built.params.length, tables, id });
  return { text: built.sql, params: built.params, shape: shape.key, tables, id };
}

function verifyShape(query: SQL, text: string, params: unknown[]): void {
  const built = dialect.sqlToQuery(query);
  if (built.sql !== text) throw new Error(`sql-shape: two statements of one shape have different texts:\n${text}\n${built.sql}`);
  if (JSON.stringify(built.params) !== JSON.stringify(params))
    throw new Error('sql-shape: the walk found other values than drizzle');
}

/** The cached texts (tests look for values in them). */
export function cachedTexts(): string[] {
  return [...shapes.values()].map((s) => s.text);
}
