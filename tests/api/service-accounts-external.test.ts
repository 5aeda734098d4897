/**
 * Service accounts with an external OpenID provider (OIDC_ISSUER): the provider issues JWT access
 * tokens by client credentials to a client an administrator registered there; here the
 * administrator binds that client id to access entries. A local issuer (discovery + JWKS on a
 * loopback port) signs the tokens, as Keycloak, Auth0 or Entra ID would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import * as auditLog from '@/pages/api/core/audit/log';
import * as serviceList from '@/pages/api/sys/service-accounts';
import * as serviceRevoke from '@/pages/api/sys/service-accounts/[key]/revoke';
import * as serviceRotate from '@/pages/api/sys/service-accounts/[key]/rotate';
import * as throttles from '@/pages/api/sys/throttles';
import * as usageHolderList from '@/pages/api/v1/Usage/holder/list';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Issued {
  account: { key: string; name: string; clientId: string; provider: string; state: string };
  clientSecret: string | null;
}

const AUDIENCE = 'platform-api';
const WEB_CLIENT = 'platform-web';
const ROUTES: [string, RouteModule][] = [
  ['/api/core/audit/log', auditLog],
  ['/api/sys/service-accounts', serviceList],
  ['/api/sys/service-accounts/[key]/rotate', serviceRotate],
  ['/api/sys/service-accounts/[key]/revoke', serviceRevoke],
  ['/api/sys/throttles', throttles],
  ['/api/v1/Usage/holder/list', usageHolderList],
];
const servers: [string, RouteServer][] = [];
let issuerServer: http.Server;
let issuer = '';
let signingKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A token as the external provider signs it: a person's names the web client, a machine's its own. */
async function providerToken(claims: { sub: string; azp?: string; client_id?: string }, expiresIn = '5m'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(signingKey);
}

async function call<T = unknown>(method: string, path: string, bearer: string | undefined, body?: unknown) {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = { 'x-lang': 'en', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
  const res = await server.request<Envelope<T>>(method, path, { headers, body });
  return { status: res.status, json: res.json };
}

const holderRole = () => `${getConfig().aclClient}:${getConfig().productKey}`;
let admin = '';

describe('service accounts of an external provider: its client id bound to access entries', () => {
  beforeAll(async () => {
    await ensureReady();
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    signingKey = privateKey;
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
    issuerServer = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` }));
      } else if (req.url === '/jwks') {
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    process.env.OIDC_ISSUER = issuer;
    process.env.OIDC_AUDIENCE = AUDIENCE;
    process.env.OIDC_CLIENT_ID = WEB_CLIENT;
    resetConfigForTests();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    const adminAccount = demoAccounts.find((a) => a.id === 'admin')!;
    admin = await providerToken({ sub: await subOf(adminAccount.email), azp: WEB_CLIENT });
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
    issuerServer.close();
    delete process.env.OIDC_ISSUER;
    delete process.env.OIDC_AUDIENCE;
    delete process.env.OIDC_CLIENT_ID;
    resetConfigForTests();
  });

  it('binds the provider’s client id without a secret; its JWTs act inside the entries, 403 outside; every call logged by name', async () => {
    const created = await call<Issued>('POST', '/api/sys/service-accounts', admin, {
      name: 'BI warehouse',
      access: [holderRole()],
      externalClientId: 'bi-warehouse',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.data.clientSecret).toBeNull();
    expect(created.json.data.account).toMatchObject({ clientId: 'bi-warehouse', provider: 'external', state: 'active' });
    const { key } = created.json.data.account;

    // Keycloak names the client in azp, RFC 9068 providers in client_id; the subject is the provider's own.
    for (const token of [
      await providerToken({ sub: 'service-account-bi-warehouse', azp: 'bi-warehouse' }),
      await providerToken({ sub: 'bi-warehouse@clients', client_id: 'bi-warehouse' }),
    ]) {
      const inside = await call('POST', '/api/v1/Usage/holder/list', token, {});
      expect(inside.status, JSON.stringify(inside.json)).toBe(200);
      expect((await call('GET', '/api/sys/throttles', token)).status).toBe(403);
      expect((await call('GET', '/api/sys/service-accounts', token)).status).toBe(403);
    }

    const log = await call<{ items: { action: string; who: { name: string }; data: Record<string, unknown> }[] }>(
      'GET',
      `/api/core/audit/log?${new URLSearchParams({ ref: key, action: 'service.call', limit: '20' })}`,
      admin,
    );
    expect(log.status, JSON.stringify(log.json)).toBe(200);
    expect(log.json.data.items.map((e) => [e.data.path, e.data.status])).toContainEqual(['/api/sys/throttles', 403]);
    for (const entry of log.json.data.items) expect(entry.who.name).toBe('service account “BI warehouse”');
  });

  it('a client nobody bound, or a token for another audience or issuer, gets 401', async () => {
    expect(
      (await call('POST', '/api/v1/Usage/holder/list', await providerToken({ sub: 'x', azp: 'unbound-client' }), {})).status,
    ).toBe(401);
    const foreign = await new SignJWT({ sub: 'service-account-bi', azp: 'bi-warehouse' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience('another-api')
      .setExpirationTime('5m')
      .sign(signingKey);
    expect((await call('POST', '/api/v1/Usage/holder/list', foreign, {})).status).toBe(401);
  });

  it('revoked: its JWTs are refused at once, though they have not expired; rotation is the provider’s', async () => {
    const created = await call<Issued>('POST', '/api/sys/service-accounts', admin, {
      name: 'Accounting feed',
      access: [holderRole()],
      externalClientId: 'accounting-feed',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { key } = created.json.data.account;
    const token = await providerToken({ sub: 'svc-user-1', azp: 'accounting-feed' }, '1h');
    expect((await call('POST', '/api/v1/Usage/holder/list', token, {})).status).toBe(200);

    const rotate = await call<{ errors: Record<string, string> }>('POST', `/api/sys/service-accounts/${key}/rotate`, admin);
    expect(rotate.status).toBe(409);
    expect(rotate.json.data.errors.key).toBe('Your identity provider keeps this client’s secret. Rotate it there.');

    expect((await call('POST', `/api/sys/service-accounts/${key}/revoke`, admin)).status).toBe(200);
    expect((await call('POST', '/api/v1/Usage/holder/list', token, {})).status).toBe(401);
    // Its client id is free again for a new binding.
    const again = await call<Issued>('POST', '/api/sys/service-accounts', admin, {
      name: 'Accounting feed 2',
      access: [holderRole()],
      externalClientId: 'accounting-feed',
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await call('POST', '/api/v1/Usage/holder/list', token, {})).status).toBe(200);
  });

  it('refuses a missing client id, the web client’s own, one already bound; nothing created', async () => {
    const bad = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await call<{ errors: Record<string, string> }>('POST', '/api/sys/service-accounts', admin, {
        access: [holderRole()],
        ...body,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.data.errors.externalClientId).toBe(message);
    };
    await bad(
      { name: 'No client' },
      400,
      'Enter the id of the client registered for this integration at your identity provider (OIDC_ISSUER).',
    );
    await bad(
      { name: 'Web client', externalClientId: WEB_CLIENT },
      400,
      'This is the client people sign in with. Enter the id of a client registered for this integration only.',
    );
    await call('POST', '/api/sys/service-accounts', admin, {
      name: 'Taken',
      access: [holderRole()],
      externalClientId: 'taken-client',
    });
    await bad(
      { name: 'Taken twice', externalClientId: 'taken-client' },
      409,
      'This client id is already bound to another service account. Revoke that one, or register another client.',
    );
    const list = await call<{ name: string }[]>('GET', '/api/sys/service-accounts', admin);
    expect(list.json.data.map((a) => a.name)).not.toContain('Taken twice');
    expect(list.json.data.map((a) => a.name)).not.toContain('No client');
  });

  it('a person’s token from the same provider is still the person', async () => {
    // The administrator's own JWT names the web client: it manages service accounts as before.
    expect((await call('GET', '/api/sys/service-accounts', admin)).status).toBe(200);
  });
});
