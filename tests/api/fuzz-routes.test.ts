/**
 * Every route of /openapi.json, with hostile identifiers, query strings and bodies (issue #23:
 * "every bad input a clear 4xx"): NUL bytes, overlong and odd Unicode identifiers, bodies of the
 * wrong type for each documented field, deep nesting and generated junk, as an administrator (who
 * passes every access check) and as a plain user (who must be refused before anything is looked
 * up). No answer may be a 5xx, and none may carry a stack trace or a library's or database's own
 * words. tests/api/fuzz.test.ts goes deeper into the entity routes' query and aggregate languages.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { entityByName } from '@/lib/server/entities/definitions';
import { openApiDocument } from '@/lib/server/openapi/document';
import { UNDOCUMENTED_ROUTE_FILES } from '@/lib/server/openapi/other-routes';
import { serveRoute, type RouteModule, type RouteServer, type TestResponse } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Json = Record<string, unknown>;
interface Operation {
  requestBody?: { content?: { 'application/json'?: { schema?: Json } } };
  parameters?: { name: string; in: string }[];
}

const API_ROOT = path.join(process.cwd(), 'pages', 'api');
const METHODS_WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);
/** Runs of generated bodies per operation; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Math.max(1, Math.round((Number(process.env.FUZZ_RUNS) || 50) / 25));
/** Each sweep sends hundreds of requests over every route: minutes on a shared, loaded machine. */
const ROUTE_SWEEP_MS = 300_000;

/**
 * What must never reach a client: a stack, a JavaScript or database error message, a file path
 * of the server, the names of the libraries underneath.
 */
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|node_modules|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not defined|of undefined|violates|duplicate key|relation "|column "|syntax error at|invalid input syntax|invalid byte sequence|Failed query|PGlite|drizzle|ECONNREFUSED|ENOENT|\/work\/|\/tmp\//i;

/** Identifiers a path segment may be given (already percent-encoded, as a client would send them). */
const HOSTILE_IDS = [
  '%00',
  'a%00b',
  'k'.repeat(300),
  encodeURIComponent('😀🏳️‍🌈'),
  encodeURIComponent('ｋｅｙ'),
  encodeURIComponent('\u202eevil'),
  encodeURIComponent("' OR '1'='1"),
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('<script>alert(1)</script>'),
  '-1',
  'A'.repeat(48),
];

/** A query string of hostile parameters, named as routes name theirs. */
const HOSTILE_QUERY = [
  'id=%00',
  'limit=%00',
  `cursor=${'x'.repeat(3000)}`,
  'state=%00',
  `q=${encodeURIComponent('\u0000\u202e😀')}`,
  'lang=%00',
  'sub=a%00b',
  'hash=..%2F..',
  'licensee=%00',
  'final=%00',
  'version=%00',
  'ip_id=%00',
  'entity=%00',
  'type=%00',
  'limit=-1',
  'limit=1e308',
].join('&');

/** Values of the wrong type (or the right type, made hostile) for a documented field. */
const WRONG_VALUES: unknown[] = [
  {},
  [],
  1e308,
  -1,
  true,
  null,
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(70_000),
  { $ne: null },
  ['\u0000'],
  '😀'.repeat(500),
];

/** Raw bodies that are not what any route documents. */
const RAW_BODIES = [
  'null',
  '"\\u0000"',
  '[]',
  '12345678901234567890123',
  'true',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

/** Nesting `depth` levels deep, in objects and arrays; each level holds the next once (sent, a shared one would double per level). */
function deep(depth: number): unknown {
  let value: unknown = '\u0000';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value, b: ['\u0000'] } : [value, '\u0000'];
  return value;
}

function routeFiles(dir = API_ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : [path.relative(API_ROOT, full)];
  });
}

/** `core/users/acl/index.ts` → ['core', 'users', 'acl']; `[x]` stays `[x]`. */
function segmentsOf(file: string): string[] {
  return file
    .replace(/\.ts$/, '')
    .split('/')
    .filter((s, i, all) => !(s === 'index' && i === all.length - 1));
}

/** The route file Next would serve an OpenAPI path from: static segments win over dynamic ones. */
function fileFor(apiPath: string, files: string[]): string | undefined {
  const want = apiPath.replace(/^\/api\//, '').split('/');
  let best: { file: string; score: number } | undefined;
  for (const file of files) {
    const have = segmentsOf(file);
    if (have.length !== want.length) continue;
    let score = 0;
    let fits = true;
    for (let i = 0; i < want.length; i++) {
      const dynamic = /^\[\w+\]$/.test(have[i]!);
      const param = /^\{\w+\}$/.test(want[i]!);
      if (dynamic) continue;
      if (param || have[i] !== want[i]) {
        fits = false;
        break;
      }
      score += 1;
    }
    if (fits && (!best || score > best.score)) best = { file, score };
  }
  return best?.file;
}

const servers = new Map<string, RouteServer>();
const tokens: Record<'admin' | 'user', string> = { admin: '', user: '' };

async function serverFor(file: string): Promise<RouteServer> {
  let server = servers.get(file);
  if (!server) {
    const mod = (await import(path.join(API_ROOT, file))) as RouteModule;
    server = await serveRoute(mod, `/api/${segmentsOf(file).join('/')}`);
    servers.set(file, server);
  }
  return server;
}

function expectSafe(res: Pick<TestResponse<unknown>, 'status' | 'text' | 'headers'>, label: string): void {
  expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  const type = res.headers.get('content-type') ?? '';
  if (/json|text|html/.test(type)) {
    expect(LEAK.exec(res.text)?.[0] ?? null, `${label}: ${res.text.slice(0, 300)}`).toBeNull();
  }
  if (/json/.test(type) && res.text) {
    const body = JSON.parse(res.text) as { status?: unknown };
    expect(typeof body.status, `${label}: an envelope`).toBe('number');
  }
}

async function send(
  file: string,
  method: string,
  url: string,
  who: keyof typeof tokens,
  body?: { json?: unknown; raw?: string },
): Promise<void> {
  const label = `${method.toUpperCase()} ${url.slice(0, 160)} as ${who}${body ? ` with ${(body.raw ?? JSON.stringify(body.json) ?? '').slice(0, 120)}` : ''}`;
  const headers: Record<string, string> = { authorization: `Bearer ${tokens[who]}` };
  if (url.startsWith('/api/core/notify/stream')) {
    // An event stream never ends by itself: its status is all there is to check.
    const server = await serverFor(file);
    const controller = new AbortController();
    const res = await fetch(`${server.url}${url}`, { headers, signal: controller.signal });
    expect(res.status, label).toBeLessThan(500);
    controller.abort();
    return;
  }
  const server = await serverFor(file);
  let payload: string | undefined;
  if (body?.raw !== undefined) payload = body.raw;
  else if (body) payload = JSON.stringify(body.json) ?? 'null';
  if (payload !== undefined) headers['content-type'] = 'application/json';
  // A route that never answers is a failure of its own, named, not a hung suite.
  const response = await fetch(`${server.url}${url}`, {
    method: method.toUpperCase(),
    headers,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  }).catch((err: unknown) => {
    throw new Error(`${label}: ${(err as Error).message}`);
  });
  const text = await response.text();
  expectSafe({ status: response.status, text, headers: response.headers }, label);
}

function pathWith(apiPath: string, id: string): string {
  return apiPath.replace(/\{\w+\}/g, id);
}

/** The fields an operation's JSON body documents. */
function documentedFields(op: Operation): string[] {
  const schema = op.requestBody?.content?.['application/json']?.schema ?? {};
  return Object.keys((schema.properties as Json | undefined) ?? {});
}

/** Raw junk bodies, then each documented field alone with a few wrong values (rotating through the list), as admin. */
async function sendRawAndWrongTyped(file: string, method: string, url: string, fields: string[]): Promise<void> {
  for (const raw of RAW_BODIES) await send(file, method, url, 'admin', { raw });
  for (const [i, field] of fields.entries()) {
    for (let k = 0; k < 3; k++) {
      await send(file, method, url, 'admin', { json: { [field]: WRONG_VALUES[(i * 3 + k) % WRONG_VALUES.length] } });
    }
  }
}

/** A placeholder id for paths whose parameters are not under test in a run. */
const PLAIN_ID = 'nosuchrecord';

interface Op {
  apiPath: string;
  method: string;
  file: string;
  op: Operation;
}

let ops: Op[] = [];

beforeAll(async () => {
  await ensureReady();
  tokens.admin = await issueAccessToken(await subOf('admin@example.com'));
  tokens.user = await issueAccessToken(await subOf('user@example.com'));
  const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
  const files = routeFiles().filter((f) => !UNDOCUMENTED_ROUTE_FILES.includes(f));
  ops = Object.entries(doc.paths).flatMap(([apiPath, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const file = fileFor(apiPath, files);
      if (!file) throw new Error(`no route file serves ${apiPath}`);
      return { apiPath, method, file, op };
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()));
});

describe('every route of /openapi.json under hostile input', () => {
  it('covers every documented operation', () => {
    expect(ops.length).toBeGreaterThan(200);
  });

  it(
    'hostile identifiers in the path answer 4xx, as admin and as a plain user',
    async () => {
      for (const { apiPath, method, file } of ops.filter((o) => /\{\w+\}/.test(o.apiPath))) {
        for (const who of ['admin', 'user'] as const) {
          for (const id of HOSTILE_IDS) {
            await send(file, method, pathWith(apiPath, id), who, METHODS_WITH_BODY.has(method) ? { json: {} } : undefined);
          }
        }
      }
    },
    ROUTE_SWEEP_MS,
  );

  it(
    'hostile query strings answer 4xx or what the route answers without them',
    async () => {
      for (const { apiPath, method, file } of ops) {
        for (const who of ['admin', 'user'] as const) {
          await send(file, method, `${pathWith(apiPath, PLAIN_ID)}?${HOSTILE_QUERY}`, who);
        }
      }
    },
    ROUTE_SWEEP_MS,
  );

  it(
    'bodies of the wrong type, field by documented field, and raw junk answer 4xx',
    async () => {
      for (const { apiPath, method, file, op } of ops.filter((o) => METHODS_WITH_BODY.has(o.method))) {
        const url = pathWith(apiPath, PLAIN_ID);
        const fields = documentedFields(op);
        await sendRawAndWrongTyped(file, method, url, fields);
        await send(file, method, url, 'admin', { json: deep(40) });
        // All fields at once with hostile text, and the plain user with the same body.
        const all = Object.fromEntries(fields.map((f) => [f, 'a\u0000b']));
        await send(file, method, url, 'admin', { json: all });
        await send(file, method, url, 'user', { json: all });
      }
    },
    ROUTE_SWEEP_MS,
  );

  it(
    'bodies of the wrong type reach the validation behind a record that exists, and still answer 4xx',
    async () => {
      // A primary IP and a tag of its own, beside the seeded designers, organisations and holder,
      // so a patch passes the lookup and meets the body's validation, not "not found".
      for (const [entity, body] of [
        ['IP', { name: 'Fuzzed IP', kind: 'primary' }],
        ['Tag', { name_jp: 'ファズ', name_en: 'Fuzz', color: '#123456' }],
      ] as const) {
        const server = await serverFor(fileFor(`/api/v1/${entity}`, routeFiles())!);
        const res = await server.request<{ status: number }>('POST', `/api/v1/${entity}`, {
          headers: { authorization: `Bearer ${tokens.admin}` },
          body,
        });
        expect(res.json.status, res.text).toBe(0);
      }
      const db = await getDb();
      let reached = 0;
      for (const { apiPath, method, file, op } of ops.filter(
        (o) => o.method === 'patch' && /^\/api\/v1\/\w+\/\{\w+\}$/.test(o.apiPath),
      )) {
        const entity = entityByName(apiPath.split('/')[3]!);
        if (!entity) continue;
        const [row] = (await db.select().from(entity.table).limit(1)) as { key: string }[];
        if (!row) continue;
        reached += 1;
        const url = pathWith(apiPath, row.key);
        const fields = documentedFields(op);
        await sendRawAndWrongTyped(file, method, url, fields);
        await send(file, method, url, 'user', { json: Object.fromEntries(fields.map((f) => [f, 'a\u0000b'])) });
      }
      // Designers, organisations, the holder, the IP and the tag at least.
      expect(reached).toBeGreaterThanOrEqual(5);
    },
    ROUTE_SWEEP_MS,
  );

  it(
    'generated bodies and identifiers (fast-check) answer 4xx',
    async () => {
      const withBody = ops.filter((o) => METHODS_WITH_BODY.has(o.method));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...withBody),
          fc.anything({ maxDepth: 3, stringUnit: 'binary' }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
          async ({ apiPath, method, file }, body, id) => {
            const segment = encodeURIComponent(Buffer.from(id, 'utf8').toString('utf8'));
            await send(file, method, pathWith(apiPath, segment || PLAIN_ID), 'admin', { json: body });
          },
        ),
        { numRuns: RUNS * withBody.length, seed: 23 },
      );
    },
    ROUTE_SWEEP_MS,
  );
});
