import { getTableColumns } from 'drizzle-orm';
import packageJson from '../../../package.json';
import { getConfig } from '../../config';
import { entities, ENTITY_NAMES } from '../entities/definitions';
import { entityComponents, inputSchema, type JsonSchema } from './entity-schemas';
import { addExamples } from './examples';
import { operationIdOf } from './operation-id';
import { otherRoutes } from './other-routes';
import type { RouteDoc } from './route-docs';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function envelope(data: JsonSchema): JsonSchema {
  return { type: 'object', required: ['status', 'data'], properties: { status: { type: 'integer', const: 0 }, data } };
}

const errorBody = (example: unknown) => ({ 'application/json': { schema: ref('ErrorEnvelope'), example } });

/** The error answers of SPEC §8, once in components and referenced by every operation. */
const errorResponses = {
  Invalid: {
    description: 'Validation failed: status 5 (one record), 15 (a batch), 4 (creation failed) or -1',
    content: errorBody({ status: 5, data: { errors: { name: 'Enter a name.' }, codes: { name: { code: 'required' } } } }),
  },
  Unauthenticated: {
    description: "status 8 'invalid session' (no credentials) or 7 (token invalid or expired)",
    content: errorBody({ status: 8, data: 'invalid session' }),
  },
  Forbidden: { description: 'Permission denied', content: errorBody({ status: 3, data: 'permission denied' }) },
  NotFound: {
    description: 'Not found (also for records of other organisations)',
    content: errorBody({ status: 2, data: 'not found' }),
  },
  Conflict: {
    description: "Stale version: status 5 with a 'version' error",
    content: errorBody({ status: 5, data: { errors: { version: 'The record was changed by someone else.' } } }),
  },
};

const errorRefs = {
  '400': { $ref: '#/components/responses/Invalid' },
  '401': { $ref: '#/components/responses/Unauthenticated' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '404': { $ref: '#/components/responses/NotFound' },
  '409': { $ref: '#/components/responses/Conflict' },
};

function operation(doc: RouteDoc) {
  const op: Record<string, unknown> = {
    summary: doc.summary,
    tags: [doc.tag],
    description: doc.acl ? `Requires one of: ${doc.acl}` : undefined,
    security: doc.public ? [] : undefined,
    responses: {
      '200': doc.raw
        ? rawResponse(doc.raw)
        : { description: 'status 0', content: { 'application/json': { schema: envelope(doc.output ?? {}) } } },
      ...errorRefs,
    },
  };
  const pathNames = [...doc.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params: JsonSchema[] = pathNames.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  // apiRoute hands a GET handler the query string (a GET has no body); other methods read the JSON body.
  if (doc.input && doc.method === 'get') params.push(...queryParameters(doc, doc.input, pathNames));
  else if (doc.input) {
    op.requestBody = { required: true, content: { 'application/json': { schema: inputSchema(doc.input) } } };
  }
  if (doc.query) params.push(...queryParameters(doc, doc.query, pathNames));
  if (params.length) op.parameters = params;
  return op;
}

/** A file or a document of a standard format as the success answer, in each media type the route offers. */
function rawResponse(raw: NonNullable<RouteDoc['raw']>): JsonSchema {
  const types = typeof raw.mediaType === 'string' ? [raw.mediaType] : raw.mediaType;
  const media = { schema: raw.schema, ...(raw.example !== undefined ? { example: raw.example } : {}) };
  return {
    description: raw.description ?? 'OK',
    content: Object.fromEntries(types.map((type) => [type, media])),
  };
}

/** The fields of a query schema, one query parameter each (path parameters stay in the path). */
function queryParameters(doc: RouteDoc, input: NonNullable<RouteDoc['query']>, pathNames: string[]): JsonSchema[] {
  const schema = inputSchema(input);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) {
    throw new Error(`${doc.method.toUpperCase()} ${doc.path}: its query must be an object schema to be documented as parameters`);
  }
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.entries(properties)
    .filter(([name]) => !pathNames.includes(name))
    .map(([name, { description, ...property }]) => ({
      name,
      in: 'query',
      ...(required.includes(name) ? { required: true } : {}),
      ...(typeof description === 'string' ? { description } : {}),
      schema: property,
    }));
}

const querySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filter: {
      type: 'object',
      description:
        'Field conditions with $eq $ne $in $nin $gt $gte $lt $lte $exists $contains, combined with $and / $or; declared fields only.',
    },
    q: {
      type: 'string',
      maxLength: 200,
      description:
        'Free text, as a person quotes it: every word must match the reference (LIC-2026-0042, full-width or lower case accepted), a name of the record, or a name of what it points at (IP, organisation, designer, license, report, tag).',
      examples: ['LIC-2026-0042'],
    },
    sort: { type: 'object', additionalProperties: { enum: [1, -1] }, maxProperties: 3 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    cursor: { type: 'string' },
  },
};

const aggregateSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pipeline'],
  properties: {
    pipeline: {
      type: 'array',
      description: 'Stages $match, $group ($sum $avg $min $max $count), $sort, $limit.',
      items: { type: 'object' },
      maxItems: 4,
    },
  },
};

/** A group key or an output value as it travels in JSON (a timestamp as an ISO string). */
const aggregateScalar: JsonSchema = { type: ['string', 'number', 'boolean', 'null'] };

/** One row of an aggregation (lib/server/query/aggregate.ts): the group's `_id`, then each $group output by name. */
const aggregateRow: JsonSchema = {
  type: 'object',
  required: ['_id'],
  properties: {
    _id: {
      description:
        "The group: null for `_id: null`, the field's value for `_id: '$field'`, an object of the values by alias for `_id: { alias: '$field' }`",
      anyOf: [aggregateScalar, { type: 'object', additionalProperties: aggregateScalar, minProperties: 1, maxProperties: 3 }],
    },
  },
  // Output names start with a letter (so never `_id`). $sum, $avg and $count are numbers ($avg null
  // over no values); $min and $max take the field's type, a timestamp as an ISO string.
  patternProperties: { '^[A-Za-z][A-Za-z0-9_]{0,63}$': { type: ['number', 'string', 'null'] } },
  additionalProperties: false,
  examples: [{ _id: { state: 'approved', currency: 'JPY' }, n: 12, total: 1500000 }],
};

function entityPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of ENTITY_NAMES) {
    const list = {
      type: 'object',
      properties: { items: { type: 'array', items: ref(name) }, nextCursor: { type: ['string', 'null'] } },
    };
    const tag = name;
    paths[`/api/v1/${name}`] = {
      get: {
        ...operation({ path: '', method: 'get', summary: `List ${name} records visible to the caller`, tag, output: list }),
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
      },
      post: {
        ...operation({
          path: '',
          method: 'post',
          summary: `Create one ${name}, or a batch (array) all or nothing`,
          tag,
          // A batch answers the records it created, in the order sent.
          output: { oneOf: [ref(name), { type: 'array', items: ref(name) }] },
        }),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: [ref(`${name}Create`), { type: 'array', items: ref(`${name}Create`), maxItems: 1000 }] },
            },
          },
        },
      },
    };
    paths[`/api/v1/${name}/{id}`] = {
      get: operation({
        path: '/{id}',
        method: 'get',
        summary: `Read one ${name} by key${'reference' in getTableColumns(entities[name].table) ? ' or reference (LIC-2026-0042)' : ''}`,
        tag,
        output: ref(name),
      }),
      patch: {
        ...operation({
          path: '/{id}',
          method: 'patch',
          summary: `Change fields of one ${name} (send version to guard against lost updates)`,
          tag,
          output: ref(name),
        }),
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Patch`) } } },
      },
      delete: operation({
        path: '/{id}',
        method: 'delete',
        summary: `Delete one ${name}`,
        tag,
        output: { type: 'object', properties: { key: { type: 'string' } } },
      }),
    };
    paths[`/api/v1/${name}/query`] = {
      post: {
        ...operation({ path: '', method: 'post', summary: `Query ${name} records`, tag, output: list }),
        requestBody: { required: true, content: { 'application/json': { schema: querySchema } } },
      },
    };
    paths[`/api/v1/${name}/aggregate`] = {
      post: {
        ...operation({
          path: '',
          method: 'post',
          summary: `Aggregate ${name} records`,
          tag,
          output: { type: 'array', items: aggregateRow },
        }),
        requestBody: { required: true, content: { 'application/json': { schema: aggregateSchema } } },
      },
    };
  }
  return paths;
}

function routePaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of otherRoutes()) {
    paths[doc.path] ??= {};
    paths[doc.path]![doc.method] = operation(doc);
  }
  return paths;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation gets its operationId from its method and path: new routes need nothing to get one. */
function addOperationIds(paths: Record<string, Partial<Record<(typeof METHODS)[number], Record<string, unknown>>>>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) op.operationId = operationIdOf(method, path);
    }
  }
}

let cached: Record<string, unknown> | undefined;

/** OpenAPI 3.1 of every route that exists, built from the schemas the server validates with. */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const config = getConfig();
  const paths = { ...entityPaths(), ...routePaths() };
  addOperationIds(paths);
  const doc: Record<string, unknown> = {
    openapi: '3.1.0',
    info: {
      title: `${config.systemTitle} API`,
      version: packageJson.version,
      description: 'Answers are `{ status, data }`; status 0 is success. Send `Authorization: Bearer <access token>`.',
      termsOfService: `${config.appUrl}/en/terms`,
      // The API is the platform's own, offered under its terms of use, not under an open licence.
      license: { name: 'Proprietary: the terms of use of the platform', url: `${config.appUrl}/en/terms` },
    },
    // Relative: the API is on the host that serves this document, whatever name it is reached by.
    servers: [{ url: '/', description: config.appUrl }],
    security: [{ bearer: [] }, { session: [] }],
    paths,
    components: {
      responses: errorResponses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token' },
      },
      schemas: {
        ...entityComponents(),
        ErrorEnvelope: {
          type: 'object',
          required: ['status', 'data'],
          properties: {
            status: {
              type: 'integer',
              description:
                '8 invalid session, 7 invalid token, 5 validation, 15 batch validation, 4 creation failed, 3 forbidden, 2 not found, -1 missing input',
            },
            data: {
              description: 'A message, or { errors: { field: message }, codes: { field: { code, params } } }',
              oneOf: [
                { type: 'string' },
                { type: 'object', properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } } },
              ],
            },
          },
        },
      },
    },
  };
  addExamples(doc);
  cached = doc;
  return cached;
}
