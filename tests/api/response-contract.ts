/**
 * Every successful JSON answer an API test receives is checked against what /openapi.json says
 * that operation answers. The typed client in lib/client is generated from the same document, so
 * this is what keeps the UI's types true: a route that starts answering another shape fails the
 * tests that call it, not a page in production.
 *
 * API_RESPONSE_CHECK=report writes each mismatch to API_RESPONSE_REPORT (a file, one JSON line each)
 * instead of failing, to survey a whole run; `off` skips the check.
 */
import fs from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@/lib/server/openapi/document';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

interface Template {
  path: string;
  pattern: RegExp;
  /** Literal segments first: `/api/v1/IP/query` wins over `/api/v1/IP/{key}`. */
  literals: number;
}

let templates: Template[] | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction | null>();

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function setUp(): { templates: Template[]; ajv: Ajv2020 } {
  if (templates && ajv) return { templates, ajv };
  const doc = openApiDocument() as { paths: Record<string, unknown> };
  templates = Object.keys(doc.paths)
    .map((path) => {
      const segments = path.split('/');
      const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/');
      return { path, pattern: new RegExp(`^${source}$`), literals: segments.filter((s) => !s.startsWith('{')).length };
    })
    .sort((a, b) => b.literals - a.literals);
  // The document carries OpenAPI's own keywords (example, discriminator) beside JSON Schema's.
  ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  return { templates, ajv };
}

function validatorFor(method: string, pathname: string): { op: string; validate: ValidateFunction | null } | null {
  const { templates: all, ajv: checker } = setUp();
  const template = all.find((t) => t.pattern.test(pathname));
  if (!template) return null;
  const op = `${method.toUpperCase()} ${template.path}`;
  if (!validators.has(op)) {
    const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
    const operation = doc.paths[template.path]?.[method.toLowerCase()];
    const success = operation?.responses?.['200'] ?? operation?.responses?.['201'];
    const schema = success?.content?.['application/json']?.schema;
    validators.set(
      op,
      schema
        ? (checker.getSchema(
            `openapi.json#/paths/${escapePointer(template.path)}/${method.toLowerCase()}/responses/${operation?.responses?.['200'] ? '200' : '201'}/content/application~1json/schema`,
          ) ?? null)
        : null,
    );
  }
  return { op, validate: validators.get(op) ?? null };
}

function mode(): 'fail' | 'report' | 'off' {
  const value = process.env.API_RESPONSE_CHECK;
  return value === 'report' || value === 'off' ? value : 'fail';
}

/** Checks one answer; throws (or reports) when a status-0 envelope does not match its operation's schema. */
export function checkResponse(method: string, url: string, status: number, body: unknown): void {
  if (mode() === 'off' || status >= 300) return;
  if (!body || typeof body !== 'object' || (body as { status?: unknown }).status !== 0) return;
  const pathname = new URL(url, 'http://127.0.0.1').pathname;
  const found = validatorFor(method, pathname);
  if (!found?.validate || found.validate(body)) return;
  const errors = (found.validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
    .join('; ');
  if (mode() === 'report') {
    const file = process.env.API_RESPONSE_REPORT ?? '/tmp/api-response-report.jsonl';
    fs.appendFileSync(file, `${JSON.stringify({ op: found.op, errors })}\n`);
    return;
  }
  throw new Error(`${found.op} answered a shape /openapi.json does not describe: ${errors}`);
}
