import { getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { entities, ENTITY_NAMES, type EntityDef, type EntityName } from '../entities/definitions';

export type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a client sends, generated from the same zod schema the server validates with. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // A date column drizzle-zod derives as z.date() travels as an ISO string in JSON.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The type a column takes in a JSON answer (dates are ISO strings, money integer minor units). */
export function columnJson(column: { dataType: string; columnType: string; notNull: boolean }): JsonSchema {
  let schema: JsonSchema;
  switch (column.dataType) {
    case 'date':
      schema = { type: 'string', format: 'date-time' };
      break;
    case 'number':
      schema = { type: column.columnType === 'PgDoublePrecision' || column.columnType === 'PgReal' ? 'number' : 'integer' };
      break;
    case 'boolean':
      schema = { type: 'boolean' };
      break;
    case 'array':
      schema = { type: 'array', items: { type: 'string' } };
      break;
    case 'json':
      schema = {};
      break;
    default:
      schema = { type: 'string' };
  }
  return column.notNull ? schema : { anyOf: [schema, { type: 'null' }] };
}

/** The field-level policy of definitions.ts, as readers of the document see it. */
function fieldNotes(def: EntityDef, name: string): JsonSchema {
  const policy = def.fields[name];
  if (!policy) return {};
  const notes: string[] = [];
  if (policy.read === 'party')
    notes.push("Only the record's own party (and holder staff) read this field; others get the record without it.");
  if (policy.write === 'reviewed')
    notes.push('Changes only through its application and review; refused in a create or patch body.');
  if (policy.write === 'verified')
    notes.push("An address other than the caller's account's is used only after its owner confirms it (e-mailed link).");
  const readOnly = policy.write === 'server' || policy.write === 'reviewed';
  return { ...(readOnly ? { readOnly: true } : {}), ...(notes.length ? { description: notes.join(' ') } : {}) };
}

/** A stored record as the API answers it: every column, server-owned ones included. */
export function recordSchema(def: EntityDef): JsonSchema {
  const create = inputSchema(def.create);
  const createProps = (create.properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, column] of Object.entries(getTableColumns(def.table))) {
    const schema = createProps[name] && column.dataType !== 'date' ? createProps[name] : columnJson(column);
    properties[name] = { ...schema, ...fieldNotes(def, name) };
  }
  if (properties.reference) {
    properties.reference = {
      type: 'string',
      readOnly: true,
      description:
        'The number people quote (LIC-2026-0042): given by the server when the record is created, unique and never reused.',
    };
  }
  if (def.name === 'Designer') properties.mine = { type: 'boolean', description: "true when the record is the caller's own" };
  if (Object.values(def.fields).some((f) => f.write === 'verified')) {
    properties.pending_verification = {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: "For the record's own party: contact values sent for confirmation and not yet in use, by field",
    };
  }
  return { type: 'object', properties, required: ['key', 'dateCreated', 'dateUpdated', 'status', 'version'] };
}

export function entityComponents(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  for (const name of ENTITY_NAMES) {
    const def = entities[name as EntityName];
    components[name] = recordSchema(def);
    components[`${name}Create`] = inputSchema(def.create);
    components[`${name}Patch`] = inputSchema(def.patch);
  }
  return components;
}
