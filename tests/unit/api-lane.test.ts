import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTE_MARK,
  bytesOf,
  createApiLane,
  matchApiRoute,
  queryOf,
  readBody,
  routeTableOf,
} from '../../server/api-lane.mjs';
import { API_ROUTE_MARK as MARK_OF_ROUTE, apiRoute } from '@/lib/server/api/route';

/** A routes manifest as `next build` writes it, for a handful of API pages and one page. */
const manifest = {
  staticRoutes: [
    { page: '/api/openapi', regex: '^/api/openapi(?:/)?$' },
    { page: '/jp/help', regex: '^/jp/help(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/api/v1/[entity]/query', regex: '^/api/v1/([^/]+?)/query(?:/)?$' },
    { page: '/api/v1/[entity]/[id]', regex: '^/api/v1/([^/]+?)/([^/]+?)(?:/)?$' },
    { page: '/api/files/[...path]', regex: '^/api/files/(.+?)(?:/)?$' },
    { page: '/api/oidc/[[...path]]', regex: '^/api/oidc(?:/(.+?))?(?:/)?$' },
    { page: '/jp/[section]', regex: '^/jp/([^/]+?)(?:/)?$' },
  ],
  headers: [{ source: '/:path*', regex: '^(?:/(.*))?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }],
};

describe('API lane routing', () => {
  const table = routeTableOf(manifest);

  it('matches API pages only, in the manifest order, with decoded params', () => {
    expect(matchApiRoute(table, '/api/openapi')).toEqual({ page: '/api/openapi', params: {} });
    expect(matchApiRoute(table, '/api/v1/IP/query')).toEqual({ page: '/api/v1/[entity]/query', params: { entity: 'IP' } });
    expect(matchApiRoute(table, '/api/v1/IP/a%20b')).toEqual({
      page: '/api/v1/[entity]/[id]',
      params: { entity: 'IP', id: 'a b' },
    });
    expect(matchApiRoute(table, '/api/files/a/b%2Fc')).toEqual({ page: '/api/files/[...path]', params: { path: ['a', 'b/c'] } });
    expect(matchApiRoute(table, '/api/oidc')).toEqual({ page: '/api/oidc/[[...path]]', params: {} });
    expect(matchApiRoute(table, '/api/oidc/token')).toEqual({ page: '/api/oidc/[[...path]]', params: { path: ['token'] } });
  });

  it('leaves pages, trailing slashes, unknown paths and undecodable params to Next', () => {
    expect(matchApiRoute(table, '/jp/help')).toBeUndefined();
    expect(matchApiRoute(table, '/jp/holder')).toBeUndefined();
    expect(matchApiRoute(table, '/api/v1/IP/query/')).toBeUndefined();
    expect(matchApiRoute(table, '/api/nothing')).toBeUndefined();
    expect(matchApiRoute(table, '/api/v1/IP/%E0%A4%A')).toBeUndefined();
  });

  it('gives the query as Next does: repeated keys as arrays, route params over search params', () => {
    expect(queryOf(new URLSearchParams('a=1&b=2&b=3&entity=x'), { entity: 'IP' })).toEqual({
      a: '1',
      b: ['2', '3'],
      entity: 'IP',
    });
  });

  it('reads size limits as routes write them', () => {
    expect(bytesOf('40mb')).toBe(40 * 1024 * 1024);
    expect(bytesOf('15MB')).toBe(15 * 1024 * 1024);
    expect(bytesOf(2048)).toBe(2048);
    expect(bytesOf(undefined)).toBe(1024 * 1024);
    expect(bytesOf('lots')).toBe(1024 * 1024);
  });
});

function request(body: string, headers: Record<string, string>): http.IncomingMessage {
  const req = Readable.from([Buffer.from(body)]) as unknown as http.IncomingMessage;
  req.headers = headers;
  return req;
}

describe('API lane body', () => {
  it('parses JSON, an empty JSON body, forms and text', async () => {
    expect(await readBody(request('{"a":1}', { 'content-type': 'application/json; charset=utf-8' }), 100)).toEqual({ a: 1 });
    expect(await readBody(request('', { 'content-type': 'application/json' }), 100)).toEqual({});
    expect(await readBody(request('a=1&a=2&b=x', { 'content-type': 'application/x-www-form-urlencoded' }), 100)).toEqual({
      a: ['1', '2'],
      b: 'x',
    });
    expect(await readBody(request('plain', {}), 100)).toBe('plain');
  });

  it('refuses JSON that is not JSON (400) and a body past the limit (413)', async () => {
    await expect(readBody(request('{bad', { 'content-type': 'application/json' }), 100)).rejects.toMatchObject({ http: 400 });
    await expect(readBody(request('x'.repeat(101), {}), 100)).rejects.toMatchObject({ http: 413 });
    await expect(readBody(request('', { 'content-length': '5000' }), 100)).rejects.toMatchObject({ http: 413 });
  });
});

describe('API lane in front of Next', () => {
  let server: http.Server;
  let base = '';
  let dist = '';

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lane-'));
    fs.mkdirSync(path.join(dist, 'server', 'pages', 'api'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'routes-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(
      path.join(dist, 'server', 'pages-manifest.json'),
      JSON.stringify({
        '/api/v1/[entity]/query': 'pages/api/query.js',
        '/api/v1/[entity]/[id]': 'pages/api/record.js',
        '/api/files/[...path]': 'pages/api/files.js',
      }),
    );
    // As the build writes a page: a module whose exports come as a promise.
    const marked = `const h = async (req, res) => res.status(200).json({ via: 'lane', query: req.query, body: req.body, size: req.query.size ? 'x'.repeat(Number(req.query.size)) : '' });
h[Symbol.for('ipl.api-route')] = true;
module.exports = Promise.resolve({ default: h, config: MODULE_CONFIG });`;
    fs.writeFileSync(path.join(dist, 'server', 'pages', 'api', 'query.js'), marked.replace('MODULE_CONFIG', 'undefined'));
    fs.writeFileSync(
      path.join(dist, 'server', 'pages', 'api', 'files.js'),
      marked.replace('MODULE_CONFIG', '{ api: { bodyParser: false } }'),
    );
    fs.writeFileSync(
      path.join(dist, 'server', 'pages', 'api', 'record.js'),
      `module.exports = Promise.resolve({ default: async (req, res) => res.end('unmarked') });`,
    );
    const lane = createApiLane({ distDir: dist, next: (_req, res) => res.end('next') });
    server = http.createServer((req, res) => void lane(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('calls a marked handler with the query and the parsed body, and sends the headers every path gets', async () => {
    const res = await fetch(`${base}/api/v1/IP/query?limit=5`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { state: 'published' } }),
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({
      via: 'lane',
      query: { limit: '5', entity: 'IP' },
      body: { filter: { state: 'published' } },
      size: '',
    });
  });

  it('leaves unmarked handlers, streamed bodies and pages to Next', async () => {
    expect(await (await fetch(`${base}/api/v1/IP/some-key`)).text()).toBe('next');
    expect(await (await fetch(`${base}/api/files/a/b`, { method: 'POST', body: 'raw' })).text()).toBe('next');
    expect(await (await fetch(`${base}/jp/help`)).text()).toBe('next');
  });

  it('answers malformed JSON with a 400 envelope and runs no handler', async () => {
    const res = await fetch(`${base}/api/v1/IP/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 5, data: 'Invalid JSON' });
  });

  it('compresses an answer of 1 kB or more for a client that accepts gzip, and no other', async () => {
    const get = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/api/v1/IP/query?size=4000`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const zipped = await get('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(zipped.body).toString()).size).toHaveLength(4000);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).size).toHaveLength(4000);
  });
});

describe('apiRoute', () => {
  it('marks its handlers for the lane with the symbol the server looks for', () => {
    expect(MARK_OF_ROUTE).toBe(API_ROUTE_MARK);
    const handler = apiRoute({ methods: { GET: async () => 'ok' } }) as unknown as Record<symbol, unknown>;
    expect(handler[API_ROUTE_MARK]).toBe(true);
  });
});
