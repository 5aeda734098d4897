import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from '@/lib/server/entities/definitions';
import { openApiDocument } from '@/lib/server/openapi/document';
import { UNDOCUMENTED_ROUTE_FILES } from '@/lib/server/openapi/other-routes';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

const doc = openApiDocument() as unknown as Doc;
const apiRoot = path.join(process.cwd(), 'pages', 'api');

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
        if (['post', 'put', 'patch'].includes(method) && !/list|profile|wallet|status|get\.ts|search|request|remind/.test(file)) {
          expect(op.requestBody, `${method} ${file} request body`).toBeDefined();
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
