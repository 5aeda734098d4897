/**
 * Authorization of the contract routes: every demo role (plus no token) against the contract of
 * one license of organisation A in contract_sent, and the administrators' demo route. A contract
 * outside the caller's reach does not exist for them (404); the parties and holder staff read it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { requestLicenseContract } from '@/lib/server/contracts/request';
import { drainJobs } from '@/lib/server/jobs/drain';
import { getDb, type Db } from '@/lib/server/db/client';
import { ips, licensees, licenses } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import * as attrRoute from '@/pages/api/pdf/attr/[id]';
import * as demoRoute from '@/pages/api/pdf/demo';
import * as pdfRoute from '@/pages/api/pdf/[id]';
import * as signRoute from '@/pages/api/pdf/sign/[id]';
import * as verifyRoute from '@/pages/api/pdf/verify/[id]';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

const ROLES = {
  admin: 'admin@example.com',
  boss: 'boss@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  brand: 'brand@example.com',
  cfl: 'cfl@example.com',
  designer: 'designer@example.com',
  studio: 'studio@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
} as const;
type Role = keyof typeof ROLES | 'anonymous';

const READERS: Role[] = ['admin', 'boss', 'holder', 'legal', 'brand', 'cfl', 'owner', 'staff'];
const EVERYONE: Role[] = [...(Object.keys(ROLES) as Role[]), 'anonymous'];

/** HTTP status per role: readers 200, signed-in others 404, no token 401. */
function readStatus(role: Role): number {
  if (role === 'anonymous') return 401;
  return READERS.includes(role) ? 200 : 404;
}

/**
 * A licensee signature over the wrong bytes: members of A pass every check up to the SHA-256
 * (409); holder staff may not sign for the licensee (403); others do not see the contract (404).
 */
function signStatus(role: Role): number {
  if (role === 'anonymous') return 401;
  if (role === 'owner' || role === 'staff') return 409;
  return READERS.includes(role) ? 403 : 404;
}

const servers = {} as Record<'pdf' | 'attr' | 'sign' | 'verify' | 'demo', RouteServer>;
const token = {} as Record<Role, string>;
let license = '';

function headers(role: Role): Record<string, string> {
  return role === 'anonymous' ? {} : { authorization: `Bearer ${token[role]}` };
}

beforeAll(async () => {
  await ensureReady();
  servers.pdf = await serveRoute(pdfRoute, '/api/pdf/[id]');
  servers.attr = await serveRoute(attrRoute, '/api/pdf/attr/[id]');
  servers.sign = await serveRoute(signRoute, '/api/pdf/sign/[id]');
  servers.verify = await serveRoute(verifyRoute, '/api/pdf/verify/[id]');
  servers.demo = await serveRoute(demoRoute, '/api/pdf/demo');
  for (const [role, email] of Object.entries(ROLES) as [Role, string][]) token[role] = await issueAccessToken(await subOf(email));
  const db = await getDb();
  const [org] = await db
    .select()
    .from(licensees)
    .where(eq(licensees.owner, await subOf(ROLES.owner)));
  const ip = newKey();
  await db
    .insert(ips)
    .values({ key: ip, reference: fixtureReference('IP'), name: 'Authz IP', kind: 'primary', state: 'published' });
  license = newKey();
  await db.insert(licenses).values({
    key: license,
    reference: fixtureReference('LIC'),
    ip,
    licensee: org!.key,
    state: 'contract_sent',
    territory: ['JP'],
    term_start: new Date('2027-01-01'),
    term_end: new Date('2027-12-31'),
    royalty_rate_bp: 800,
  });
  await db.transaction((tx) => requestLicenseContract(tx as unknown as Db, license));
  await drainJobs(db);
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

describe('contract routes × roles', () => {
  it.each(EVERYONE)('GET /api/pdf/{id} and /api/pdf/attr/{id}, POST /api/pdf/verify/{id} as %s', async (role) => {
    expect((await servers.pdf.request('GET', `/api/pdf/${license}`, { headers: headers(role) })).status).toBe(readStatus(role));
    expect((await servers.attr.request('GET', `/api/pdf/attr/${license}`, { headers: headers(role) })).status).toBe(
      readStatus(role),
    );
    const verified = await servers.verify.request('POST', `/api/pdf/verify/${license}`, { headers: headers(role), body: {} });
    expect(verified.status).toBe(readStatus(role));
  });

  it.each(EVERYONE)('POST /api/pdf/sign/{id} (licensee, wrong SHA-256) as %s', async (role) => {
    const res = await servers.sign.request('POST', `/api/pdf/sign/${license}`, {
      headers: headers(role),
      body: {
        party: 'licensee',
        sha256: '0'.repeat(64),
        typedName: 'Someone',
        // The smallest valid PNG: 1×1 transparent.
        signature:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        consent: true,
      },
    });
    expect(res.status).toBe(signStatus(role));
  });

  it.each(EVERYONE)('GET and POST /api/pdf/demo as %s', async (role) => {
    const expected = role === 'anonymous' ? 401 : role === 'admin' ? 200 : 403;
    expect((await servers.demo.request('GET', '/api/pdf/demo?lang=en', { headers: headers(role) })).status).toBe(expected);
    expect((await servers.demo.request('POST', '/api/pdf/demo', { headers: headers(role), body: { lang: 'jp' } })).status).toBe(
      expected,
    );
  });
});
