import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from '@/lib/server/entities/definitions';
import { openApiDocument } from '@/lib/server/openapi/document';
import { operationIdOf } from '@/lib/server/openapi/operation-id';
import { UNDOCUMENTED_ROUTE_FILES } from '@/lib/server/openapi/other-routes';

interface Media {
  schema?: unknown;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; $ref?: string }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    responses: Record<string, { content?: Record<string, Media> }>;
  };
}

const doc = openApiDocument() as unknown as Doc;
const apiRoot = path.join(process.cwd(), 'pages', 'api');

/** Routes whose request body is a file sent as it is (no JSON schema to publish for it). */
const FILE_BODY_ROUTE_FILES = ['sales/import/stream.ts', 'sales/preview/stream.ts'];

function routeFiles(dir = apiRoot): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : [path.relative(apiRoot, full)];
  });
}

/** `core/users/acl/index.ts` → `/api/core/users/acl`; `[x]` → `{x}`. */
function openApiPath(file: string): string {
  const route = file
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')
    .replace(/^index$/, '');
  return `/api/${route}`.replace(/\[(\w+)\]/g, '{$1}').replace(/\/$/, '');
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 with record, create and patch schemas for every entity', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const name of ENTITY_NAMES) {
      expect(doc.components.schemas[name]?.required).toEqual(
        expect.arrayContaining(['key', 'dateCreated', 'dateUpdated', 'status', 'version']),
      );
      expect(doc.components.schemas[`${name}Create`]).toBeDefined();
      expect(doc.components.schemas[`${name}Patch`]?.properties?.version).toBeDefined();
      for (const suffix of ['', '/{id}', '/query', '/aggregate'])
        expect(doc.paths[`/api/v1/${name}${suffix}`], `${name}${suffix}`).toBeDefined();
    }
  });

  it('publishes the SPEC spelling of Designer fields and leaves server-owned ones out of the create schema', () => {
    const create = doc.components.schemas.DesignerCreate!.properties!;
    expect(create.perferred_contact).toBeDefined();
    expect(create.accepted_terms_version).toBeDefined();
    expect(create.owner).toBeUndefined();
    expect(create.key).toBeUndefined();
    expect(doc.components.schemas.Designer!.properties!.mine).toBeDefined();
    expect(doc.components.schemas.DesignerCreate!.required).toEqual(['email', 'creator_name']);
  });

  it('documents every route file with each method it answers, with request and response schemas', () => {
    const missing: string[] = [];
    for (const file of routeFiles()) {
      if (UNDOCUMENTED_ROUTE_FILES.includes(file) || file.startsWith('v1/[entity]/')) continue;
      const source = fs.readFileSync(path.join(apiRoot, file), 'utf8');
      const methods = [...source.matchAll(/\b(GET|POST|PUT|PATCH|DELETE):/g)].map((m) => m[1]!.toLowerCase());
      expect(methods.length, file).toBeGreaterThan(0);
      for (const method of methods) {
        const op = doc.paths[openApiPath(file)]?.[method];
        if (!op) {
          missing.push(`${method.toUpperCase()} ${openApiPath(file)}`);
          continue;
        }
        expect(op.responses['200'], `${method} ${file}`).toBeDefined();
        // A streamed upload's body is the file itself, not JSON: RouteDoc has no way to say so yet
        // (its parameters and body are described in the summary).
        if (FILE_BODY_ROUTE_FILES.includes(file)) continue;
        if (['post', 'put', 'patch'].includes(method) && !/list|profile|wallet|status|get\.ts|search|request|remind/.test(file)) {
          expect(op.requestBody, `${method} ${file} request body`).toBeDefined();
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** Every operation with its method and path, and the JSON Pointer of the operation in the document. */
function operations(): { method: string; path: string; op: Operation; pointer: string }[] {
  const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path: p, op, pointer: `#/paths/${escape(p)}/${method}` })),
  );
}

describe('operations of /openapi.json (what redocly lint checks, kept by a test)', () => {
  it('every operation has a unique, URL-safe operationId, a summary and a tag', () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { method, path: p, op } of operations()) {
      const name = `${method.toUpperCase()} ${p}`;
      if (!op.operationId || !/^[A-Za-z][A-Za-z0-9]*$/.test(op.operationId))
        problems.push(`${name}: operationId ${op.operationId}`);
      else if (seen.has(op.operationId))
        problems.push(`${name}: operationId ${op.operationId} also on ${seen.get(op.operationId)}`);
      else seen.set(op.operationId, name);
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.tags?.length) problems.push(`${name}: no tag`);
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(200);
  });

  it('documents the input of a GET as query parameters, never as a body (apiRoute hands a GET its query string)', () => {
    const withBody = operations().filter(({ method, op }) => method === 'get' && op.requestBody);
    expect(withBody.map(({ path: p }) => p)).toEqual([]);
    const totals = doc.paths['/api/sales/totals']!.get as Operation & { parameters?: { name: string; in: string }[] };
    expect(totals.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:license', 'query:licensee']);
    const deliveries = doc.paths['/api/sys/webhooks/{key}/deliveries']!.get as Operation & {
      parameters?: { name: string; in: string; required?: boolean }[];
    };
    expect(deliveries.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:key', 'query:limit', 'query:offset']);
  });

  it('derives operationIds from the method and the path', () => {
    expect(operationIdOf('get', '/api/v1/IP')).toBe('getV1IP');
    expect(operationIdOf('post', '/api/v1/{entity}/{id}/{action}')).toBe('postV1ByEntityByIdByAction');
    expect(operationIdOf('patch', '/api/v1/Review/{id}/{state}')).toBe('patchV1ReviewByIdByState');
    expect(operationIdOf('get', '/api/licensee/member-lookup')).toBe('getLicenseeMemberLookup');
    expect(operationIdOf('delete', '/api/core/notify/drop')).toBe('deleteCoreNotifyDrop');
    expect(doc.paths['/api/v1/SalesReport/{id}']!.get!.operationId).toBe('getV1SalesReportById');
  });

  // Compiling a validator for each of some 500 schemas takes seconds on a loaded machine: a longer timeout.
  it('gives every JSON request body and answer an example that its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(doc as unknown as object, 'doc');
    const problems: string[] = [];
    const check = (where: string, pointer: string, media: Media | undefined) => {
      if (!media?.schema) return;
      if (media.example === undefined) {
        problems.push(`${where}: no example`);
        return;
      }
      const validate = ajv.compile({ $ref: `doc${pointer}/schema` });
      if (!validate(media.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    const json = (pointer: string) => `${pointer}/content/application~1json`;
    for (const { method, path: p, op, pointer } of operations()) {
      const name = `${method.toUpperCase()} ${p}`;
      check(`${name} request`, json(`${pointer}/requestBody`), op.requestBody?.content?.['application/json']);
      for (const [code, response] of Object.entries(op.responses)) {
        if (response.$ref) expect(doc.components.responses[response.$ref.split('/').pop()!], `${name} ${code}`).toBeDefined();
        else check(`${name} ${code}`, json(`${pointer}/responses/${code}`), response.content?.['application/json']);
      }
    }
    for (const [name, response] of Object.entries(doc.components.responses)) {
      check(`response ${name}`, json(`#/components/responses/${name}`), response.content?.['application/json']);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
