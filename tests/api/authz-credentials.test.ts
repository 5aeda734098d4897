/**
 * Function-level access of the credential routes: no token → 401 (status 8) except the public
 * ones; administrator-only, product-staff and holder-staff routes refuse everyone else with 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import * as issueCred from '@/pages/api/core/issue/cred';
import * as issueData0 from '@/pages/api/core/issue/data/0';
import * as issueData1 from '@/pages/api/core/issue/data/1';
import * as issueConn from '@/pages/api/core/issue/conn';
import * as queryList from '@/pages/api/core/query/list';
import * as queryWallet from '@/pages/api/core/query/wallet/index';
import * as walletOf from '@/pages/api/core/query/wallet/of/[sub]';
import * as schemaDisable from '@/pages/api/core/schema/disable/[id]';
import * as schemaEnable from '@/pages/api/core/schema/enable/[id]';
import * as schemaIssuers from '@/pages/api/core/schema/issuers';
import * as schemaList from '@/pages/api/core/schema/list';
import * as schemaPublish from '@/pages/api/core/schema/publish/[id]';
import * as credList from '@/pages/api/core/wallet/cred/list';
import * as issuedGet from '@/pages/api/core/wallet/issue/get/[id]';
import * as issuedList from '@/pages/api/core/wallet/issue/list';
import * as proof2List from '@/pages/api/core/wallet/proof2/list';
import * as vcIssue from '@/pages/api/vc/issue';
import * as jwks from '@/pages/api/vc/jwks';
import * as didDocument from '@/pages/api/vc/did';
import * as statusList from '@/pages/api/credentials/status/[list]';
import * as verifyId from '@/pages/api/vc/verify/[id]';
import { serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

const PEOPLE = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  boss: 'boss@example.com',
  owner: 'licensee@example.com',
  designer: 'designer@example.com',
  user: 'user@example.com',
} as const;
type Who = keyof typeof PEOPLE;

interface Row {
  method: 'GET' | 'POST';
  pattern: string;
  path: string;
  mod: RouteModule;
  /** Who gets past the access check (anything but 401/403); `public` answers without a token too. */
  allowed: Who[] | 'signed-in' | 'public';
}

const ROWS: Row[] = [
  { method: 'GET', pattern: '/api/core/schema/list', path: '/api/core/schema/list', mod: schemaList, allowed: 'signed-in' },
  {
    method: 'GET',
    pattern: '/api/core/schema/issuers',
    path: '/api/core/schema/issuers',
    mod: schemaIssuers,
    allowed: 'signed-in',
  },
  {
    method: 'POST',
    pattern: '/api/core/schema/enable/[id]',
    path: '/api/core/schema/enable/LicenseCredential',
    mod: schemaEnable,
    allowed: ['admin'],
  },
  {
    method: 'POST',
    pattern: '/api/core/schema/disable/[id]',
    path: '/api/core/schema/disable/Nope',
    mod: schemaDisable,
    allowed: ['admin'],
  },
  {
    method: 'POST',
    pattern: '/api/core/schema/publish/[id]',
    path: '/api/core/schema/publish/LicenseCredential',
    mod: schemaPublish,
    allowed: ['admin'],
  },
  { method: 'GET', pattern: '/api/core/query/list', path: '/api/core/query/list', mod: queryList, allowed: 'signed-in' },
  { method: 'GET', pattern: '/api/core/query/wallet', path: '/api/core/query/wallet', mod: queryWallet, allowed: ['admin'] },
  {
    method: 'GET',
    pattern: '/api/core/query/wallet/of/[sub]',
    path: '/api/core/query/wallet/of/someone',
    mod: walletOf,
    allowed: ['admin'],
  },
  { method: 'POST', pattern: '/api/core/issue/cred', path: '/api/core/issue/cred', mod: issueCred, allowed: ['admin', 'holder'] },
  {
    method: 'POST',
    pattern: '/api/core/issue/data/0',
    path: '/api/core/issue/data/0',
    mod: issueData0,
    allowed: ['admin', 'holder'],
  },
  {
    method: 'POST',
    pattern: '/api/core/issue/data/1',
    path: '/api/core/issue/data/1',
    mod: issueData1,
    allowed: ['admin', 'holder'],
  },
  { method: 'GET', pattern: '/api/core/issue/conn', path: '/api/core/issue/conn', mod: issueConn, allowed: 'signed-in' },
  {
    method: 'GET',
    pattern: '/api/core/wallet/cred/list',
    path: '/api/core/wallet/cred/list',
    mod: credList,
    allowed: 'signed-in',
  },
  {
    method: 'GET',
    pattern: '/api/core/wallet/issue/list',
    path: '/api/core/wallet/issue/list',
    mod: issuedList,
    allowed: ['admin', 'holder', 'boss'],
  },
  {
    method: 'GET',
    pattern: '/api/core/wallet/issue/get/[id]',
    path: '/api/core/wallet/issue/get/nope',
    mod: issuedGet,
    allowed: ['admin', 'holder', 'boss'],
  },
  {
    method: 'GET',
    pattern: '/api/core/wallet/proof2/list',
    path: '/api/core/wallet/proof2/list',
    mod: proof2List,
    allowed: 'signed-in',
  },
  { method: 'POST', pattern: '/api/vc/issue', path: '/api/vc/issue', mod: vcIssue, allowed: ['admin', 'holder', 'boss'] },
  { method: 'GET', pattern: '/api/vc/jwks', path: '/api/vc/jwks', mod: jwks, allowed: 'public' },
  { method: 'GET', pattern: '/api/vc/verify/[id]', path: '/api/vc/verify/nothing', mod: verifyId, allowed: 'public' },
  { method: 'GET', pattern: '/api/vc/did', path: '/api/vc/did', mod: didDocument, allowed: 'public' },
  {
    method: 'GET',
    pattern: '/api/credentials/status/[list]',
    path: '/api/credentials/status/1',
    mod: statusList,
    allowed: 'public',
  },
];

const servers = new Map<string, RouteServer>();
const token = {} as Record<Who, string>;

beforeAll(async () => {
  await ensureReady();
  for (const row of ROWS) servers.set(row.pattern, await serveRoute(row.mod, row.pattern));
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) token[who] = await issueAccessToken(await subOf(email));
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()));
});

describe.each(ROWS)('$method $path', (row) => {
  const send = (who: Who | null) =>
    servers.get(row.pattern)!.request<{ status: number }>(row.method, row.path, {
      headers: who ? { authorization: `Bearer ${token[who]}` } : {},
      body: row.method === 'POST' ? {} : undefined,
    });

  it('answers the right callers and refuses the others', async () => {
    const anonymous = await send(null);
    if (row.allowed === 'public') expect(anonymous.status).toBe(200);
    else expect([anonymous.status, anonymous.json.status]).toEqual([401, 8]);
    for (const who of Object.keys(PEOPLE) as Who[]) {
      const res = await send(who);
      const allowed = row.allowed === 'public' || row.allowed === 'signed-in' || row.allowed.includes(who);
      if (allowed) expect([401, 403, 500], `${who}`).not.toContain(res.status);
      else expect([res.status, res.json.status], `${who}`).toEqual([403, 3]);
    }
  });
});
