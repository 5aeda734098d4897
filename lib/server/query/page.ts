import { and, getTableColumns, type SQL } from 'drizzle-orm';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../query/limits';
import type { Db } from '../db/client';
import type { EntityDef } from '../entities/definitions';
import { cursorCondition, cursorFields, encodeCursor, stripCursorFields } from './cursor';
import { invalid, isPlainObject, quote } from './fields';
import { compileFilter } from './filter';
import { searchCondition } from './search';
import { orderByOf, parseSort, type SortSpec } from './sort';

/**
 * A query request `{ filter?, sort?, limit?, cursor? }` (DESIGN §7) turned into the pieces of one
 * SELECT. Pages are fetched with limit + 1 rows: the extra row only says a next page exists.
 */

export { DEFAULT_LIMIT, MAX_LIMIT };

const REQUEST_KEYS = new Set(['filter', 'q', 'sort', 'limit', 'cursor']);

export interface QueryPlan {
  /** The request's filter; the caller ANDs its own scope with it. */
  where: SQL | undefined;
  orderBy: SQL[];
  /** Page size; select `limit + 1` rows and hand them to `nextCursor`. */
  limit: number;
  /** Rows after the cursor, undefined on the first page. */
  after: SQL | undefined;
  sort: SortSpec;
  /** Add to the select: exact sort values `nextCursor` reads (see cursor.ts). */
  cursorFields: Record<string, SQL<string | null>>;
}

export function parseQueryRequest(def: EntityDef, body: unknown): QueryPlan {
  const request = body === null || body === undefined ? {} : body;
  if (!isPlainObject(request)) throw invalid('body', 'a query must be an object { filter?, q?, sort?, limit?, cursor? }');
  for (const key of Object.keys(request)) {
    if (!REQUEST_KEYS.has(key)) throw invalid(key, `unknown query key ${quote(key)} (expected filter, q, sort, limit, cursor)`);
  }
  const where = and(compileFilter(def, request.filter, 'filter'), searchCondition(def, request.q));
  const sort = parseSort(def, request.sort, 'sort');
  const limit = parseLimit(request.limit);
  const after = cursorCondition(def, sort, request.cursor, 'cursor');
  return { where, orderBy: orderByOf(sort), limit, after, sort, cursorFields: cursorFields(sort) };
}

function parseLimit(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalid('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

/**
 * The cursor of the page after `rows`, or null when `rows` (fetched with limit + 1) holds no
 * more than `limit`. Rows must carry `cursorFields(sortSpec)`.
 */
export function nextCursor(
  _def: EntityDef,
  sortSpec: SortSpec,
  rows: readonly Readonly<Record<string, unknown>>[],
  limit: number,
): string | null {
  if (rows.length <= limit) return null;
  return encodeCursor(sortSpec, rows[limit - 1]!);
}

export interface QueryPage {
  rows: Record<string, unknown>[];
  nextCursor: string | null;
}

/**
 * One page of whole rows. `scope` is the caller's object-level authorization and is ANDed with the
 * filter and the cursor, so neither can widen what the caller may see.
 */
export async function runQuery(db: Db, def: EntityDef, plan: QueryPlan, scope?: SQL): Promise<QueryPage> {
  const rows: Record<string, unknown>[] = await db
    .select({ ...getTableColumns(def.table), ...plan.cursorFields })
    .from(def.table)
    .where(and(scope, plan.where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit + 1);
  return {
    rows: rows.slice(0, plan.limit).map(stripCursorFields),
    nextCursor: nextCursor(def, plan.sort, rows, plan.limit),
  };
}
