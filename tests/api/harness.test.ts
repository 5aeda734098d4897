import type { NextApiRequest, NextApiResponse } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';

interface Echo {
  method: string;
  url: string;
  query: NextApiRequest['query'];
  cookies: NextApiRequest['cookies'];
  body: unknown;
}

function echo(req: NextApiRequest, res: NextApiResponse) {
  if (req.query.redirect) return res.redirect(303, String(req.query.redirect));
  if (req.query.text) return res.status(202).send(String(req.query.text));
  const out: Echo = { method: req.method ?? '', url: req.url ?? '', query: req.query, cookies: req.cookies, body: req.body };
  res.status(201).json(out);
}

describe('the route harness', () => {
  let parsed: RouteServer;
  let raw: RouteServer;

  beforeAll(async () => {
    parsed = await serveRoute({ default: echo }, '/api/things/[id]/[[...rest]]');
    const rawModule: RouteModule = {
      default: async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        res.json({ body: req.body ?? null, stream: Buffer.concat(chunks).toString('utf8') });
      },
      config: { api: { bodyParser: false } },
    };
    raw = await serveRoute(rawModule);
  });
  afterAll(async () => {
    await parsed.close();
    await raw.close();
  });

  it('matches dynamic and optional catch-all segments', () => {
    expect(matchRoute('/api/oidc/[[...path]]', '/api/oidc')).toEqual({});
    expect(matchRoute('/api/oidc/[[...path]]', '/api/oidc/.well-known/openid-configuration')).toEqual({
      path: ['.well-known', 'openid-configuration'],
    });
    expect(matchRoute('/api/auth/[...nextauth]', '/api/auth')).toBeNull();
    expect(matchRoute('/api/auth/[...nextauth]', '/api/auth/callback/oidc')).toEqual({ nextauth: ['callback', 'oidc'] });
    expect(matchRoute('/api/interaction/[uid]/[action]', '/api/interaction/u%201/login')).toEqual({
      uid: 'u 1',
      action: 'login',
    });
    expect(matchRoute('/api/interaction/[uid]/[action]', '/api/interaction/u1')).toBeNull();
    expect(matchRoute('/api/gate', '/api/other')).toBeNull();
  });

  it('adds query (URL and route params), cookies and a parsed JSON body', async () => {
    const res = await parsed.request<Echo>('POST', '/api/things/42/a/b?x=1&x=2&id=ignored', {
      headers: { cookie: 'lang=en; token=a%3Db' },
      body: { hello: 'world' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      method: 'POST',
      url: '/api/things/42/a/b?x=1&x=2&id=ignored',
      query: { x: ['1', '2'], id: '42', rest: ['a', 'b'] },
      cookies: { lang: 'en', token: 'a=b' },
      body: { hello: 'world' },
    });
  });

  it('parses forms, keeps other bodies as text and rejects bad JSON with 400', async () => {
    const form = await parsed.request<Echo>('POST', '/api/things/1', { body: new URLSearchParams({ a: '1', b: 'x y' }) });
    expect(form.json.body).toEqual({ a: '1', b: 'x y' });
    const text = await parsed.request<Echo>('POST', '/api/things/1', {
      body: 'plain',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json.body).toBe('plain');
    const bad = await parsed.request('POST', '/api/things/1', { body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
  });

  it('leaves the stream alone when the route turns the body parser off', async () => {
    const res = await raw.request<{ body: unknown; stream: string }>('POST', '/anything', { body: { a: 1 } });
    expect(res.json).toEqual({ body: null, stream: '{"a":1}' });
  });

  it('implements send and redirect, and 404s outside the pattern', async () => {
    const sent = await parsed.request('GET', '/api/things/1?text=hi');
    expect(sent.status).toBe(202);
    expect(sent.text).toBe('hi');
    expect(sent.headers.get('content-type')).toMatch(/^text\/plain/);
    const moved = await parsed.request('GET', '/api/things/1?redirect=/elsewhere');
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe('/elsewhere');
    expect((await parsed.request('GET', '/api/other')).status).toBe(404);
  });
});
