import { randomUUID } from 'node:crypto';
import type { NextApiRequest, NextApiResponse } from 'next';
import { hasAccess } from '../../acl/match';
import { ensureReady } from '../boot';
import { authenticate, type Caller } from './authenticate';
import { databaseFault } from './database-fault';
import { AppError, errorEnvelope } from './errors';
import { envelopeText, JsonText } from './json-text';
import { checkRequestParams } from './params';
import { mayWriteWithCookie } from './same-origin';
import { isDatabaseUnavailable, sqlStateOf } from '../db/unavailable';
import { isStorageUnavailable } from '../storage/blob-errors';
import { getConfig } from '../../config';
import { logServiceCall } from '../service-accounts/log-call';
import { inRequestScope } from '../common/request-scope';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext<C extends Caller | null> {
  req: NextApiRequest;
  res: NextApiResponse;
  caller: C;
  query: NextApiRequest['query'];
  body: unknown;
}

interface RouteOptions<Auth extends boolean> {
  /** Signed-in callers only (default true). */
  auth?: Auth;
  /** Access patterns (SPEC §6); any one grants the route. Empty or absent: any signed-in caller. */
  acl?: readonly string[] | (() => readonly string[]);
  /** A handler's result is the envelope's `data`; a JsonText (json-text.ts) is sent as the JSON it already is. */
  methods: Partial<Record<Method, (ctx: RouteContext<Auth extends false ? Caller | null : Caller>) => Promise<unknown>>>;
}

function langOf(req: NextApiRequest): 'jp' | 'en' {
  return req.headers['x-lang'] === 'en' ? 'en' : 'jp';
}

/** Symbol.for, so the server, outside the bundle, sees the same symbol. */
export const API_ROUTE_MARK = Symbol.for('ipl.api-route');

/**
 * The one wrapper every API route goes through: boot, method dispatch, authentication,
 * function-level access, and the `{ status, data }` envelope with the HTTP status mirroring it.
 */
export function apiRoute<Auth extends boolean = true>(options: RouteOptions<Auth>) {
  const handler = async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const requestId = randomUUID();
    let caller: Caller | null = null;
    // A service account's call is logged with its outcome before the answer leaves, so a client
    // that reads the log after its call finds it there.
    const send = async (status: number, body: unknown) => {
      if (caller?.via === 'service') await logServiceCall(req, caller, status);
      if (body instanceof JsonText) {
        res.status(status).setHeader('Content-Type', 'application/json; charset=utf-8');
        res.send(body.text);
      } else {
        res.status(status).json(body);
      }
    };
    try {
      const method = (req.method ?? 'GET').toUpperCase() as Method;
      const run = options.methods[method];
      if (!run) {
        res.setHeader('Allow', Object.keys(options.methods).join(', '));
        throw new AppError('method_not_allowed', `method ${method} not allowed`);
      }
      await ensureReady();
      if (options.auth === false) {
        caller = await authenticate(req).catch(() => null);
      } else {
        caller = await authenticate(req);
        const acl = typeof options.acl === 'function' ? options.acl() : options.acl;
        if (!hasAccess(acl, caller.access)) throw new AppError('forbidden', 'permission denied');
      }
      if (caller?.via === 'session' && !mayWriteWithCookie(req, getConfig().appUrl)) {
        throw new AppError('forbidden', 'cross-site request refused');
      }
      // Identifiers are checked once access is settled and before any handler looks anything up.
      checkRequestParams(req, caller?.lang ?? langOf(req));
      const data = await inRequestScope(() => run({ req, res, caller: caller as Caller, query: req.query, body: req.body }));
      // Data the database wrote as JSON text goes out as it is, inside the same envelope.
      const envelope = data instanceof JsonText ? new JsonText(envelopeText(data)) : { status: 0, data: data ?? null };
      if (!res.headersSent) await send(200, envelope);
      else if (caller?.via === 'service') await logServiceCall(req, caller, res.statusCode);
    } catch (err) {
      if (res.headersSent) return;
      if (err instanceof AppError) {
        await send(err.httpStatus, errorEnvelope(err));
        return;
      }
      // Storage first: a storage error may wrap a network error code the database check also knows.
      const unavailable = isStorageUnavailable(err) ? 'file storage' : isDatabaseUnavailable(err) ? 'database' : null;
      if (unavailable) {
        // A restart or failover of the database, or a bucket that is unreachable or refuses us:
        // nothing was recorded, the client may retry, and the pool or client reconnects by itself.
        const detail = isStorageUnavailable(err) ? `: ${err.message}` : '';
        console.warn(`[api] ${requestId} ${req.method} ${req.url}: ${unavailable} unavailable${detail}`);
        res.setHeader('Retry-After', '2');
        await send(503, { status: 10, data: { message: `${unavailable} unavailable, retry shortly`, requestId } });
        return;
      }
      const fault = databaseFault(err, langOf(req));
      if (fault) {
        // Refused by the database for the request's input or timing (database-fault.ts): a 4xx.
        console.warn(`[api] ${requestId} ${req.method} ${req.url}: refused by the database (${sqlStateOf(err)})`);
        await send(fault.httpStatus, errorEnvelope(fault));
        return;
      }
      console.error(`[api] ${requestId} ${req.method} ${req.url}:`, err);
      await send(500, { status: 1, data: { message: 'internal error', requestId } });
    }
  };
  // The production server's API lane calls marked handlers without Next's router (server/api-lane.mjs).
  return Object.assign(handler, { [API_ROUTE_MARK]: true });
}
