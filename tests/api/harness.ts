/**
 * Runs a pages-router API route (the default export of a pages/api file) in a real node:http
 * server on 127.0.0.1, with the parts Next.js adds: req.query (URL + dynamic route params),
 * req.cookies, req.body (unless `config.api.bodyParser === false`) and res.status/json/send/redirect.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import { checkResponse } from './response-contract';

export interface RouteModule {
  default: NextApiHandler;
  /** A route's `export const config` (Next's PageConfig, loosely: routes declare it without `as const`). */
  config?: { api?: { bodyParser?: unknown } };
}

type Query = Partial<Record<string, string | string[]>>;

export interface TestResponse<T> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when the response is JSON, else undefined. */
  json: T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** A plain value is sent as JSON; a string or URLSearchParams as it is. */
  body?: unknown;
}

export interface RouteServer {
  url: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/**
 * Dynamic segments of a route pattern such as `/api/interaction/[uid]/[action]` or
 * `/api/oidc/[[...path]]`; null when the path does not match the pattern.
 */
export function matchRoute(pattern: string, pathname: string): Query | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const params: Query = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const rest = /^\[(\[)?\.\.\.(\w+)\]?\]$/.exec(segment);
    if (rest) {
      const values = have.slice(i);
      if (!rest[1] && values.length === 0) return null;
      if (values.length) params[rest[2]!] = values;
      return params;
    }
    if (i >= have.length) return null;
    const single = /^\[(\w+)\]$/.exec(segment);
    if (single) params[single[1]!] = have[i]!;
    else if (segment !== have[i]) return null;
  }
  return want.length === have.length ? params : null;
}

function queryOf(search: URLSearchParams, params: Query): Query {
  const query: Query = {};
  for (const [key, value] of search) {
    const prev = query[key];
    query[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  // As in Next.js, route params win over search params of the same name.
  return { ...query, ...params };
}

function cookiesOf(header: string | undefined): Partial<Record<string, string>> {
  const cookies: Partial<Record<string, string>> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !(name in cookies)) {
      try {
        cookies[name] = decodeURIComponent(value);
      } catch {
        cookies[name] = value;
      }
    }
  }
  return cookies;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

class InvalidJson extends Error {}

/** What Next's default body parser yields: JSON, a form as an object, anything else as text. */
async function parseBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const raw = await readBody(req);
  if (type === 'application/json' || type === 'application/ld+json') {
    if (raw.length === 0) return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new InvalidJson();
    }
  }
  if (type === 'application/x-www-form-urlencoded') return queryOf(new URLSearchParams(raw), {});
  return raw;
}

function addResponseHelpers(res: ServerResponse): NextApiResponse {
  const helpers = {
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(body));
    },
    send(body: unknown) {
      if (body === undefined || body === null) {
        res.end();
      } else if (Buffer.isBuffer(body)) {
        if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'application/octet-stream');
        res.end(body);
      } else if (typeof body === 'object') {
        helpers.json(body);
      } else {
        if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(String(body));
      }
    },
    redirect(statusOrUrl: number | string, url?: string) {
      const [code, location] = typeof statusOrUrl === 'string' ? [307, statusOrUrl] : [statusOrUrl, url ?? '/'];
      res.writeHead(code, { Location: location });
      res.end(location);
    },
  };
  Object.assign(res, helpers);
  // The remaining NextApiResponse members (preview/draft mode, revalidate) are unused by the routes.
  return res as unknown as NextApiResponse;
}

/**
 * In a running server the job worker takes the jobs a request wrote as soon as it commits; here
 * the client runs them (all but mail, which its tests deliver themselves) before it hands back
 * the answer, so tests see the world after the jobs. A test of what people see *before* a job
 * has run turns this off.
 */
export const jobsAfterRequests = { enabled: true };

async function runJobsAfterRequest(): Promise<void> {
  // Only where the test has a database open; a file that never opened one has no jobs either.
  if (!jobsAfterRequests.enabled || !(globalThis as Record<symbol, unknown>)[Symbol.for('ipl.db')]) return;
  const { getDb } = await import('@/lib/server/db/client');
  const { drainJobs } = await import('@/lib/server/jobs/drain');
  await drainJobs(await getDb());
}

/** Serves one route module; `pattern` (e.g. `/api/oidc/[[...path]]`) supplies its dynamic params. */
export async function serveRoute(mod: RouteModule, pattern?: string): Promise<RouteServer> {
  const parseBodies = mod.config?.api?.bodyParser !== false;
  const server = http.createServer((rawReq, rawRes) => {
    void (async () => {
      const url = new URL(rawReq.url ?? '/', 'http://127.0.0.1');
      const params = pattern ? matchRoute(pattern, url.pathname) : {};
      const res = addResponseHelpers(rawRes);
      if (!params) {
        res.status(404).json({ error: `no route ${pattern} for ${url.pathname}` });
        return;
      }
      const req = rawReq as NextApiRequest;
      req.query = queryOf(url.searchParams, params);
      req.cookies = cookiesOf(rawReq.headers.cookie);
      if (parseBodies) {
        try {
          req.body = await parseBody(rawReq);
        } catch (err) {
          if (!(err instanceof InvalidJson)) throw err;
          res.status(400).send('Invalid JSON');
          return;
        }
      }
      await mod.default(req, res);
    })().catch((err: unknown) => {
      console.error('[harness] handler threw:', err);
      if (!rawRes.headersSent) {
        rawRes.statusCode = 500;
        rawRes.end('Internal Server Error');
      } else {
        rawRes.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
      const headers = new Headers(options.headers);
      let body: string | URLSearchParams | undefined;
      if (options.body instanceof URLSearchParams || typeof options.body === 'string') {
        body = options.body;
      } else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      const isJson = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
      // The caller states the body's type; nothing checks it here, just as with any JSON API.
      const json = (isJson && text ? JSON.parse(text) : undefined) as T;
      await runJobsAfterRequest();
      checkResponse(method, path, response.status, json);
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
