/**
 * Every JSON answer of /openapi.json says what it holds. The typed client (lib/client/api.ts) is
 * generated from the document: an operation whose `data` is `{}`, or a list of bare objects, gives
 * the UI nothing to check, so a new route without an output schema fails here rather than
 * quietly becoming an untyped call site. Files and standard documents are `raw` (RouteDoc) and
 * are judged by their own schema.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/server/openapi/document';

type Json = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Words that describe a schema without constraining the value. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly']);

function isEmptySchema(schema: unknown): boolean {
  return schema !== null && typeof schema === 'object' && Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

/** An object schema that names no field and no rule for its fields: `{ type: 'object' }`. */
function isBareObject(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const s = schema as Json;
  return (
    s.type === 'object' &&
    s.properties === undefined &&
    s.additionalProperties === undefined &&
    s.patternProperties === undefined &&
    s.$ref === undefined
  );
}

/** Where in a schema a list holds bare objects (`items: { type: 'object' }`), as JSON pointers. */
function bareItems(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'items' && isBareObject(child)) found.push(`${at}/items`);
    found.push(...bareItems(child, `${at}/${key}`));
  }
  return found;
}

/** The schema of what a success answer holds: `data` of the envelope, or a raw JSON document. */
function payloadOf(schema: Json): { schema: unknown; where: string } {
  const properties = schema.properties as Json | undefined;
  if (properties && 'status' in properties && 'data' in properties) return { schema: properties.data, where: 'data' };
  return { schema, where: 'body' };
}

/** `METHOD path: why` for every operation whose JSON success answer is untyped. */
function untypedOperations(doc: Json): string[] {
  const problems: string[] = [];
  const paths = doc.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const success = item[method]?.responses?.['200'] ?? item[method]?.responses?.['201'];
      const media = success?.content?.['application/json'];
      if (!media) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const { schema, where } = payloadOf(media.schema ?? {});
      if (isEmptySchema(schema)) problems.push(`${name}: ${where} is {}`);
      for (const pointer of bareItems(schema)) problems.push(`${name}: ${where}${pointer} is { type: 'object' }`);
    }
  }
  return problems;
}

describe('/openapi.json success answers are typed', () => {
  it('gives every JSON answer a schema for its data (an output in the RouteDoc, or raw for files)', () => {
    expect(untypedOperations(openApiDocument())).toEqual([]);
  });

  it('finds an envelope with data {} and a list of bare objects', () => {
    const envelope = (data: Json) => ({
      responses: {
        '200': {
          content: { 'application/json': { schema: { type: 'object', properties: { status: {}, data } } } },
        },
      },
    });
    const doc = {
      paths: {
        '/a': { get: envelope({ description: 'anything' }) },
        '/b': { post: envelope({ type: 'array', items: { type: 'object' } }) },
        '/c': { get: envelope({ type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } }) },
        '/d': { get: { responses: { '200': { content: { 'application/pdf': { schema: {} } } } } } },
      },
    };
    expect(untypedOperations(doc)).toEqual(['GET /a: data is {}', "POST /b: data/items is { type: 'object' }"]);
  });
});
