import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '@/package.json';
import * as statusRoute from '@/pages/api/core/server/status';
import { serveRoute, type RouteServer } from './harness';

interface Envelope<T> {
  status: number;
  data: T;
}

describe('GET /api/core/server/status', () => {
  let server: RouteServer;

  beforeAll(async () => {
    server = await serveRoute(statusRoute, '/api/core/server/status');
  });
  afterAll(() => server.close());

  it('answers without credentials with the label and a version above 0.2', async () => {
    const res = await server.request<Envelope<{ label: string; version: string; database: boolean }>>(
      'GET',
      '/api/core/server/status',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json.status).toBe(0);
    expect(res.json.data).toEqual({ label: 'IP Licensing Platform', version: packageJson.version, database: true });
    const [major, minor] = res.json.data.version.split('.').map(Number) as [number, number];
    expect(major > 0 || minor > 2).toBe(true);
  });

  it('ignores a forged token (the route does not need auth)', async () => {
    const res = await server.request<Envelope<{ label: string }>>('GET', '/api/core/server/status', {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(0);
  });

  it('refuses other methods with 405 status 6 and an Allow header', async () => {
    const res = await server.request<Envelope<string>>('DELETE', '/api/core/server/status');
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ status: 6, data: 'method DELETE not allowed' });
    expect(res.headers.get('allow')).toBe('GET');
  });
});
