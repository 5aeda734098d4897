// @ts-check
/**
 * The API lane: requests for the product and core API reach their route's handler straight from
 * the build, without Next's router. Profiled under load, Next spent about half of a cached
 * query's CPU before the handler ran (matching the path against every page's pattern in turn,
 * preparing the route module with its manifests, tracing); here a path is matched against the
 * API routes only and the handler is called at once.
 *
 * Only handlers made by `apiRoute` (lib/server/api/route.ts marks them) take this lane, with the
 * body parsed as Next parses it (JSON, form or text, within the route's size limit). Every other
 * request, and a route whose body is read as a stream (`bodyParser: false`), goes to Next as before,
 * as do all requests under `next dev`. The headers next.config.js gives every path are sent here too.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

/** The mark `apiRoute` sets on the handlers it makes (route.ts). */
export const API_ROUTE_MARK = Symbol.for('ipl.api-route');

const DEFAULT_LIMIT = 1024 * 1024;
/** Next's compression starts at 1 kB: smaller answers go out as they are. */
const GZIP_FROM = 1024;

/**
 * @typedef {{ page: string, regex: RegExp, params: { name: string, catchAll: boolean }[] }} ApiRoute
 * @typedef {{ statics: Map<string, string>, dynamics: ApiRoute[], headers: { regex: RegExp, headers: { key: string, value: string }[] }[] }} RouteTable
 * @typedef {{ page: string, params: Record<string, string | string[]> }} RouteMatch
 */

/** The params of a page path, in order: `[id]`, `[...path]` and `[[...path]]`. */
function paramsOf(page) {
  return [...page.matchAll(/\[{1,2}(\.\.\.)?([^\]]+)\]{1,2}/g)].map((m) => ({ name: m[2] ?? '', catchAll: Boolean(m[1]) }));
}

/**
 * The API routes of a build, from its routes manifest (Next's own order for dynamic routes, the
 * most specific first) and the headers next.config.js sets.
 * @param {any} manifest routes-manifest.json
 * @returns {RouteTable}
 */
export function routeTableOf(manifest) {
  const isApi = (/** @type {{page: string}} */ r) => r.page === '/api' || r.page.startsWith('/api/');
  return {
    statics: new Map(manifest.staticRoutes.filter(isApi).map((/** @type {{page: string}} */ r) => [r.page, r.page])),
    dynamics: manifest.dynamicRoutes.filter(isApi).map((/** @type {{page: string, regex: string}} */ r) => ({
      page: r.page,
      regex: new RegExp(r.regex),
      params: paramsOf(r.page),
    })),
    headers: (manifest.headers ?? []).map((/** @type {{regex: string, headers: {key: string, value: string}[]}} */ h) => ({
      regex: new RegExp(h.regex),
      headers: h.headers,
    })),
  };
}

/**
 * The API page a path is served by and its params, or undefined (not an API path, a trailing
 * slash Next redirects, or a param that does not decode: Next answers those).
 * @param {RouteTable} table
 * @param {string} pathname
 * @returns {RouteMatch | undefined}
 */
export function matchApiRoute(table, pathname) {
  if (!pathname.startsWith('/api/') || pathname.endsWith('/')) return undefined;
  const page = table.statics.get(pathname);
  if (page) return { page, params: {} };
  for (const route of table.dynamics) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    /** @type {Record<string, string | string[]>} */
    const params = {};
    try {
      route.params.forEach((p, i) => {
        const raw = m[i + 1];
        if (raw === undefined) return;
        params[p.name] = p.catchAll ? raw.split('/').map(decodeURIComponent) : decodeURIComponent(raw);
      });
    } catch {
      return undefined;
    }
    return { page: route.page, params };
  }
  return undefined;
}

/**
 * The query as Next gives it to a route: the search params (a repeated one as an array), then the
 * route's params over them.
 * @param {URLSearchParams} search
 * @param {Record<string, string | string[]>} params
 */
export function queryOf(search, params) {
  /** @type {Record<string, string | string[]>} */
  const query = {};
  for (const [key, value] of search) {
    const had = query[key];
    query[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return Object.assign(query, params);
}

/**
 * A body size limit as routes write it (`'40mb'`, `'15mb'`, a number of bytes).
 * @param {unknown} limit
 */
export function bytesOf(limit) {
  if (typeof limit === 'number' && limit > 0) return limit;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(limit ?? '').trim());
  if (!m) return DEFAULT_LIMIT;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase()] ?? 1;
  return Math.floor(Number(m[1]) * unit);
}

class BodyError extends Error {
  /** @param {number} http @param {string} message */
  constructor(http, message) {
    super(message);
    this.http = http;
  }
}

/**
 * The body as Next's API routes receive it: JSON (empty is `{}`), a form as an object, anything
 * else as text; refused past the limit (413) or when it is not the JSON it says it is (400).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<unknown>}
 */
export async function readBody(req, limit) {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw new BodyError(413, `Body exceeded ${limit} bytes`);
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new BodyError(413, `Body exceeded ${limit} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? 'text/plain')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type === 'application/json' || type === 'application/ld+json') {
    if (text.length === 0) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new BodyError(400, 'Invalid JSON');
    }
  }
  if (type === 'application/x-www-form-urlencoded') return queryOf(new URLSearchParams(text), {});
  return text;
}

/** Cookies of a request, read when a handler asks for them. @param {string | undefined} header */
function cookiesOf(header) {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    const value = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * The helpers Next adds to an API route's response (status, json, send, redirect), sending as
 * Next does: JSON-like values as JSON, gzip for an answer of 1 kB or more when the client accepts it.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse & Record<string, any>} res
 */
function addResponseHelpers(req, res) {
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.status = (/** @type {number} */ code) => {
    res.statusCode = code;
    return res;
  };
  res.send = (/** @type {unknown} */ body) => {
    if (body === null || body === undefined) return void res.end();
    if (res.statusCode === 204 || res.statusCode === 304) {
      res.removeHeader('Content-Type');
      return void res.end();
    }
    const isText = typeof body === 'string';
    const isJsonLike = !isText && !Buffer.isBuffer(body) && ['object', 'number', 'boolean'].includes(typeof body);
    if (!isText && !isJsonLike && !Buffer.isBuffer(body)) return void res.end(String(body));
    if (isJsonLike && !res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (!isText && !isJsonLike && !res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/octet-stream');
    if (isText && !res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(isJsonLike ? JSON.stringify(body) : /** @type {string} */ (body));
    if (!acceptsGzip || bytes.length < GZIP_FROM || req.method === 'HEAD') {
      res.setHeader('Content-Length', bytes.length);
      return void res.end(bytes);
    }
    // Compressed off the event loop, in libuv's pool, as Next's own compression does.
    res.setHeader('Vary', 'Accept-Encoding');
    zlib.gzip(bytes, (err, gz) => {
      if (err) {
        res.setHeader('Content-Length', bytes.length);
        return void res.end(bytes);
      }
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', gz.length);
      res.end(gz);
    });
  };
  res.json = (/** @type {unknown} */ body) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(JSON.stringify(body));
  };
  res.redirect = (/** @type {number | string} */ a, /** @type {string | undefined} */ b) => {
    const [code, url] = typeof a === 'number' ? [a, String(b)] : [307, a];
    res.writeHead(code, { Location: url });
    res.end(url);
    return res;
  };
}

/**
 * The lane in front of Next's request handler.
 * @param {{ distDir: string, next: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown }} options
 */
export function createApiLane({ distDir, next }) {
  const table = routeTableOf(JSON.parse(fs.readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')));
  /** @type {Record<string, string>} */
  const pages = JSON.parse(fs.readFileSync(path.join(distDir, 'server', 'pages-manifest.json'), 'utf8'));
  /** A page's handler and body limit once loaded; `null`: Next serves the page. */
  /** @type {Map<string, Promise<{ handler: (req: any, res: any) => Promise<void>, limit: number } | null>>} */
  const loaded = new Map();

  /** @param {string} page */
  function load(page) {
    let entry = loaded.get(page);
    if (!entry) {
      const file = pages[page];
      // The build's own module: the same instance Next would load for this page, so both share state.
      entry = file
        ? Promise.resolve(require(path.join(distDir, 'server', file))).then((mod) => {
            const handler = mod?.default;
            const bodyParser = mod?.config?.api?.bodyParser;
            if (typeof handler !== 'function' || !handler[API_ROUTE_MARK] || bodyParser === false) return null;
            return { handler, limit: bytesOf(bodyParser?.sizeLimit) };
          })
        : Promise.resolve(null);
      loaded.set(page, entry);
    }
    return entry;
  }

  /**
   * @param {import('node:http').IncomingMessage & Record<string, any>} req
   * @param {import('node:http').ServerResponse & Record<string, any>} res
   */
  return async function apiLane(req, res) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const match = matchApiRoute(table, pathname);
    const route = match && (await load(match.page));
    if (!match || !route) return next(req, res);
    for (const rule of table.headers) if (rule.regex.test(pathname)) for (const h of rule.headers) res.setHeader(h.key, h.value);
    addResponseHelpers(req, res);
    try {
      req.query = queryOf(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)), match.params);
      let cookies;
      Object.defineProperty(req, 'cookies', { get: () => (cookies ??= cookiesOf(req.headers.cookie)), configurable: true });
      req.body = await readBody(req, route.limit);
      await route.handler(req, res);
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      if (err instanceof BodyError) return void res.status(err.http).json({ status: 5, data: err.message });
      console.error(`[api] ${req.method} ${pathname}:`, err);
      res.status(500).json({ status: 1, data: { message: 'internal error' } });
    }
  };
}
