/**
 * Entity, flow and review routes, and the contract's attributes and e-signature, behind one
 * `call`, matched the way Next routes them (static segments first).
 */
import * as approveRoute from '@/pages/api/v1/Holder/approve/[kind]/[id]';
import * as queueRoute from '@/pages/api/v1/Holder/approve/[kind]/index';
import * as decideRoute from '@/pages/api/v1/Review/[id]/[state]';
import * as statsRoute from '@/pages/api/v1/Review/stats/[id]';
import * as latestRoute from '@/pages/api/v1/Review/latest';
import * as usageListRoute from '@/pages/api/v1/Usage/holder/list';
import * as actionRoute from '@/pages/api/v1/[entity]/[id]/[action]';
import * as contractAttrRoute from '@/pages/api/pdf/attr/[id]';
import * as contractSignRoute from '@/pages/api/pdf/sign/[id]';
import { serveRoute, type RouteServer, type TestResponse } from './harness';
import { serveEntityApi } from './entity-api';

export interface FlowApi {
  call<T = { status: number; data: unknown }>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    /** Extra request headers (X-Lang: en for answers in English). */
    headers?: Record<string, string>,
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function serveFlowApi(): Promise<FlowApi> {
  const entity = await serveEntityApi();
  const servers: [RegExp, RouteServer][] = [
    [/^\/api\/v1\/Review\/stats\/[^/]+$/, await serveRoute(statsRoute, '/api/v1/Review/stats/[id]')],
    [/^\/api\/v1\/Review\/latest$/, await serveRoute(latestRoute, '/api/v1/Review/latest')],
    [/^\/api\/v1\/Review\/[^/]+\/[^/]+$/, await serveRoute(decideRoute, '/api/v1/Review/[id]/[state]')],
    [/^\/api\/v1\/Holder\/approve\/[^/]+\/[^/]+$/, await serveRoute(approveRoute, '/api/v1/Holder/approve/[kind]/[id]')],
    [/^\/api\/v1\/Holder\/approve\/[^/]+$/, await serveRoute(queueRoute, '/api/v1/Holder/approve/[kind]')],
    [/^\/api\/v1\/Usage\/holder\/list$/, await serveRoute(usageListRoute, '/api/v1/Usage/holder/list')],
    [/^\/api\/v1\/[^/]+\/[^/]+\/[^/]+$/, await serveRoute(actionRoute, '/api/v1/[entity]/[id]/[action]')],
    [/^\/api\/pdf\/attr\/[^/]+$/, await serveRoute(contractAttrRoute, '/api/pdf/attr/[id]')],
    [/^\/api\/pdf\/sign\/[^/]+$/, await serveRoute(contractSignRoute, '/api/pdf/sign/[id]')],
  ];
  return {
    call(method, path, token, body, headers = {}) {
      const pathname = path.split('?')[0]!;
      const server = servers.find(([pattern]) => pattern.test(pathname))?.[1];
      if (!server) return entity.call(method, path, token, body);
      return server.request(method, path, {
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    },
    async close() {
      await Promise.all([entity.close(), ...servers.map(([, s]) => s.close())]);
    },
  };
}
