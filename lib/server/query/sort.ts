import { sql, type SQL } from 'drizzle-orm';
import type { EntityDef } from '../entities/definitions';
import { type Field, invalid, isPlainObject, keyField, quote, resolveField } from './fields';

/**
 * Sort of DESIGN §7: `{ field: 1 | -1 }`, at most three queryable scalar fields, always ended by
 * the primary key so the order is total (keyset pagination needs that). Without a sort, newest
 * first: dateCreated desc, key desc.
 *
 * NULLs sort as PostgreSQL's default has them (larger than every value: last ascending, first
 * descending); the cursor relies on exactly that, and the default keeps indexes usable.
 */

export const MAX_SORT_FIELDS = 3;

export type Direction = 1 | -1;

export interface SortTerm {
  field: Field;
  direction: Direction;
}

/** The full order, primary key included as the last term. */
export type SortSpec = readonly SortTerm[];

export function parseSort(def: EntityDef, sort: unknown, path = 'sort'): SortSpec {
  const key = keyField(def);
  if (sort === null || sort === undefined || (isPlainObject(sort) && Object.keys(sort).length === 0)) {
    return [
      { field: resolveField(def, 'dateCreated', path), direction: -1 },
      { field: key, direction: -1 },
    ];
  }
  if (!isPlainObject(sort)) throw invalid(path, 'sort must be an object of field: 1 | -1');
  const names = Object.keys(sort);
  if (names.length > MAX_SORT_FIELDS) throw invalid(path, `sort accepts at most ${MAX_SORT_FIELDS} fields`);
  const terms: SortTerm[] = [];
  for (const name of names) {
    const at = `${path}.${name}`;
    const field = resolveField(def, name, at);
    if (field.kind === 'jsonb' || field.kind === 'textArray' || field.kind === 'unsupported') {
      throw invalid(
        at,
        `field ${quote(name)} cannot be sorted on (${field.kind === 'textArray' ? 'array' : field.kind === 'jsonb' ? 'jsonb' : 'unsupported type'})`,
      );
    }
    const direction = sort[name];
    if (direction !== 1 && direction !== -1) throw invalid(at, `sort direction of ${quote(name)} must be 1 or -1`);
    terms.push({ field, direction });
  }
  // The key, once named, already makes the order total; otherwise it follows the last direction.
  if (!terms.some((t) => t.field.name === 'key')) terms.push({ field: key, direction: terms[terms.length - 1]!.direction });
  return terms;
}

export function orderByOf(spec: SortSpec): SQL[] {
  return spec.map(({ field, direction }) => (direction === 1 ? sql`${field.column} asc` : sql`${field.column} desc`));
}

/** `{ field: 1 | -1 }` → ORDER BY expressions for drizzle's `.orderBy(...)`. */
export function compileSort(def: EntityDef, sort: unknown, path = 'sort'): SQL[] {
  return orderByOf(parseSort(def, sort, path));
}

/** Identifies an order inside a cursor, so a cursor is not replayed against another sort. */
export function sortSignature(spec: SortSpec): string {
  return spec.map((t) => `${t.field.name}:${t.direction}`).join(',');
}
