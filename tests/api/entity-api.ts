/** The four entity route files behind one `call(method, path, token, body)`, as Next would route them. */
import * as aggregateRoute from '@/pages/api/v1/[entity]/aggregate';
import * as recordRoute from '@/pages/api/v1/[entity]/[id]';
import * as indexRoute from '@/pages/api/v1/[entity]/index';
import * as queryRoute from '@/pages/api/v1/[entity]/query';
import { serveRoute, type RouteServer, type TestResponse } from './harness';

export interface EntityApi {
  call<T = { status: number; data: unknown }>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function serveEntityApi(): Promise<EntityApi> {
  const servers: [RegExp, RouteServer][] = [
    [/^\/api\/v1\/[^/]+\/query$/, await serveRoute(queryRoute, '/api/v1/[entity]/query')],
    [/^\/api\/v1\/[^/]+\/aggregate$/, await serveRoute(aggregateRoute, '/api/v1/[entity]/aggregate')],
    [/^\/api\/v1\/[^/]+\/[^/]+$/, await serveRoute(recordRoute, '/api/v1/[entity]/[id]')],
    [/^\/api\/v1\/[^/]+$/, await serveRoute(indexRoute, '/api/v1/[entity]')],
  ];
  return {
    call(method, path, token, body) {
      const pathname = path.split('?')[0]!;
      const server = servers.find(([pattern]) => pattern.test(pathname))?.[1];
      if (!server) throw new Error(`no route for ${path}`);
      return server.request(method, path, { headers: token ? { authorization: `Bearer ${token}` } : {}, body });
    },
    async close() {
      await Promise.all(servers.map(([, s]) => s.close()));
    },
  };
}
