import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import * as gateRoute from '@/pages/api/gate/index';
import { serveRoute, type RouteServer } from './harness';

describe('SPEC §2 Layout / §8 registration gate: POST /api/gate', () => {
  let server: RouteServer;

  beforeAll(async () => {
    server = await serveRoute(gateRoute, '/api/gate');
  });
  afterAll(() => server.close());
  afterEach(() => {
    delete process.env.GATE_ID;
    delete process.env.GATE_PASSWORD;
    resetConfigForTests();
  });

  function setGate(id: string, password: string) {
    process.env.GATE_ID = id;
    process.env.GATE_PASSWORD = password;
    resetConfigForTests();
  }

  it('accepts anything while GATE_ID/GATE_PASSWORD are unset', async () => {
    for (const body of [{}, { id: 'x', password: 'y' }]) {
      const res = await server.request('POST', '/api/gate', { body });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 0, data: { accepted: true } });
    }
  });

  it('rejects wrong values with 400 status 5 "Invalid credentials"', async () => {
    setGate('gate-user', 'gate-pass');
    for (const body of [
      { id: 'gate-user', password: 'wrong' },
      { id: 'wrong', password: 'gate-pass' },
      { id: 'gate-pass', password: 'gate-user' },
      { id: 'gate-user', password: 'gate-pass ' },
      { id: '', password: '' },
    ]) {
      const res = await server.request('POST', '/api/gate', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual({ status: 5, data: 'Invalid credentials' });
    }
  });

  it('accepts the right values as JSON and as a form post', async () => {
    setGate('gate-user', 'gate-pass');
    const json = await server.request('POST', '/api/gate', { body: { id: 'gate-user', password: 'gate-pass' } });
    expect(json.status).toBe(200);
    expect(json.json).toEqual({ status: 0, data: { accepted: true } });
    const form = await server.request('POST', '/api/gate', {
      body: new URLSearchParams({ id: 'gate-user', password: 'gate-pass' }),
    });
    expect(form.status).toBe(200);
    expect(form.json).toEqual({ status: 0, data: { accepted: true } });
  });

  it('rejects non-string or missing fields with 400 status 5', async () => {
    setGate('gate-user', 'gate-pass');
    const bodies: unknown[] = [
      { id: 1, password: 2 },
      { id: ['gate-user'], password: 'gate-pass' },
      { id: 'gate-user' },
      {},
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await server.request<{ status: number; data: unknown }>('POST', '/api/gate', {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.status).toBe(5);
      expect(res.json.data).toEqual({ errors: { id: 'required', password: 'required' } });
    }
  });

  it('rejects GET with 405', async () => {
    const res = await server.request('GET', '/api/gate');
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ status: 6, data: 'method GET not allowed' });
  });
});
