import { getTableColumns, type Table } from 'drizzle-orm';
import { columnJson, type JsonSchema } from '../entity-schemas';

/**
 * Small builders for the `output` schemas of RouteDoc: what `data` of a success answer is. Every
 * property an object builder lists is required unless named optional, because openapi-typescript
 * makes the others optional and the typed client would then have to test for fields that are
 * always there.
 */
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
/** Whatever JSON a stored column or a caller's document holds. */
export const anyJson: JsonSchema = {};
/** An object whose fields the code does not fix (a stored JSON object, a record of several kinds). */
export const anyObject: JsonSchema = { type: 'object' };

export function nullable(schema: JsonSchema): JsonSchema {
  const keys = Object.keys(schema);
  if (typeof schema.type === 'string' && keys.every((k) => k === 'type' || k === 'format' || k === 'description')) {
    return { ...schema, type: [schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const strings: JsonSchema = arrayOf(str);
export const enumOf = (values: readonly (string | number)[]): JsonSchema => ({ enum: [...values] });
/** An object used as a map: any keys, each value of `values`. */
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An object whose listed properties are all present, except those named in `optional`. */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', ...(required.length ? { required } : {}), properties };
}

/** A page of items with the cursor of the next page (null on the last). */
export function page(items: JsonSchema, cursor = 'next'): JsonSchema {
  return object({ items: arrayOf(items), [cursor]: nullable(str) });
}

/**
 * A table row as a service answers it straight from the database (drizzle's camel-case field
 * names, dates as ISO strings), with `extra` fields the service adds or retypes.
 */
export function rowOf(table: Table, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) properties[name] = columnJson(column);
  return object({ ...properties, ...extra });
}

/** An object schema made by `object` or `rowOf`, with more properties (all present). */
export function extend(base: JsonSchema, extra: Record<string, JsonSchema>): JsonSchema {
  return object({ ...(base.properties as Record<string, JsonSchema>), ...extra }, optionalOf(base));
}

function optionalOf(schema: JsonSchema): string[] {
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.keys(schema.properties as object).filter((k) => !required.includes(k));
}
