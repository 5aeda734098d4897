import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import * as oidcRoute from '@/pages/api/oidc/[[...path]]';
import { TEST_APP_URL } from './env';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Jwk {
  kty: string;
  kid?: string;
  n?: string;
  e?: string;
  d?: string;
  [key: string]: unknown;
}

const PATTERN = '/api/oidc/[[...path]]';

function resetProviderSingleton(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('ipl.oidc-provider')];
}

describe('the embedded OpenID provider route', () => {
  let server: RouteServer;
  let keysFile: string;

  beforeAll(async () => {
    await ensureReady();
    keysFile = path.join(getConfig().dataDir, 'keys', 'idp-jwks.json');
    server = await serveRoute(oidcRoute, PATTERN);
  });
  afterAll(() => server.close());

  it('does not parse bodies (the provider reads the stream itself)', () => {
    expect(oidcRoute.config.api.bodyParser).toBe(false);
  });

  it('publishes discovery with the issuer under APP_URL', async () => {
    const res = await server.request<Record<string, unknown>>('GET', '/api/oidc/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.issuer).toBe(`${TEST_APP_URL}/api/oidc`);
    expect(doc.userinfo_endpoint).toMatch(/\/api\/oidc\/me$/);
    expect(doc.end_session_endpoint).toMatch(/\/api\/oidc\/session\/end$/);
    expect(doc.jwks_uri).toMatch(/\/api\/oidc\/jwks$/);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  });

  it('publishes a public RSA key without private parts, backed by DATA_DIR/keys', async () => {
    const res = await server.request<{ keys: Jwk[] }>('GET', '/api/oidc/jwks');
    expect(res.status).toBe(200);
    expect(res.json.keys.length).toBeGreaterThan(0);
    for (const key of res.json.keys) {
      expect(key.kty).toBe('RSA');
      expect(key.n).toBeTruthy();
      expect(key.e).toBeTruthy();
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key, secret).not.toHaveProperty(secret);
    }
    expect(fs.existsSync(keysFile)).toBe(true);
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(keysFile, 'utf8')) as { keys: Jwk[] };
    expect(stored.keys[0]!.d).toBeTruthy(); // the private key is on disk only
    expect(res.json.keys.map((k) => k.kid)).toContain(stored.keys[0]!.kid);
    expect(res.json.keys.find((k) => k.kid === stored.keys[0]!.kid)!.n).toBe(stored.keys[0]!.n);
  });

  it('keeps the same signing key after the provider is rebuilt (restart)', async () => {
    const fileBefore = fs.readFileSync(keysFile, 'utf8');
    const before = await server.request<{ keys: Jwk[] }>('GET', '/api/oidc/jwks');
    resetProviderSingleton();
    const after = await server.request<{ keys: Jwk[] }>('GET', '/api/oidc/jwks');
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);
    expect(fs.readFileSync(keysFile, 'utf8')).toBe(fileBefore);
  });

  describe('userinfo at /api/oidc/me', () => {
    it('returns the sub and email of the token’s account', async () => {
      const sub = await subOf('licensee@example.com');
      const token = await issueAccessToken(sub);
      const res = await server.request<Record<string, unknown>>('GET', '/api/oidc/me', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.json.sub).toBe(sub);
      expect(res.json.email).toBe('licensee@example.com');
      expect(res.json.nickname).toBe('licensee');
    });

    it('accepts a token issued before a restart of the provider', async () => {
      const sub = await subOf('boss@example.com');
      const token = await issueAccessToken(sub);
      resetProviderSingleton();
      const res = await server.request<Record<string, unknown>>('GET', '/api/oidc/me', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.json.sub).toBe(sub);
    });

    it('refuses a request without a token with 401 and a Bearer challenge', async () => {
      const res = await server.request<Record<string, unknown>>('GET', '/api/oidc/me');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.json.sub).toBeUndefined();
      expect(res.json.error).toBe('invalid_token');
    });

    it('refuses a forged, an expired and a suspended account’s token with 401 invalid_token', async () => {
      const sub = await subOf('user@example.com');
      const expired = await issueAccessToken(sub, { expiresIn: -60 });
      const suspended = await issueAccessToken(sub);
      const db = await getDb();
      await db.update(users).set({ status: 2 }).where(eq(users.sub, sub));
      try {
        for (const token of ['forged', expired, suspended]) {
          const res = await server.request<Record<string, unknown>>('GET', '/api/oidc/me', {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.status).toBe(401);
          expect(res.json.error).toBe('invalid_token');
          expect(res.json.sub).toBeUndefined();
        }
      } finally {
        await db.update(users).set({ status: 0 }).where(eq(users.sub, sub));
      }
    });
  });

  it('answers 404 with the envelope when an external issuer is configured', async () => {
    process.env.OIDC_ISSUER = 'https://idp.example.com';
    resetConfigForTests();
    try {
      const res = await server.request<{ status: number }>('GET', '/api/oidc/.well-known/openid-configuration');
      expect(res.status).toBe(404);
      expect(res.json.status).toBe(404);
    } finally {
      delete process.env.OIDC_ISSUER;
      resetConfigForTests();
    }
  });
});
