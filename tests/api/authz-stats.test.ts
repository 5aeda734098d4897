/**
 * Authorization of the stats area's routes: every demo role, no token and a forged token.
 * Statistics (JSON and CSV) are for admin and the product role (SPEC §6); the rebuild for admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { roleNames } from '@/lib/server/roles/role-lists';
import * as chartRoute from '@/pages/api/stats/[chart]';
import * as rebuildRoute from '@/pages/api/stats/rebuild';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Envelope = { status: number; data: unknown };

let charts: RouteServer;
let rebuild: RouteServer;
const tokens: Record<string, string> = {};

// Demo accounts holding the admin or the product role (the approvers and managers have it too).
const PRODUCT_OR_ADMIN = new Set<string>();
const ADMIN = new Set<string>();

beforeAll(async () => {
  await ensureReady();
  charts = await serveRoute(chartRoute, '/api/stats/[chart]');
  rebuild = await serveRoute(rebuildRoute, '/api/stats/rebuild');
  const names = roleNames();
  for (const account of demoAccounts) {
    tokens[account.id] = await issueAccessToken(await subOf(account.email));
    const access = account.access(names, 'org');
    if (access.includes(`${names.client}:admin`)) ADMIN.add(account.id);
    if (access.includes(`${names.client}:admin`) || access.includes(`${names.client}:${names.product}`))
      PRODUCT_OR_ADMIN.add(account.id);
  }
});

afterAll(async () => {
  await charts?.close();
  await rebuild?.close();
});

const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : undefined);
const getChart = (path: string, token?: string) => charts.request<Envelope>('GET', path, { headers: headers(token) });
const postRebuild = (token?: string) =>
  rebuild.request<Envelope>('POST', '/api/stats/rebuild', { headers: headers(token), body: {} });

describe('stats routes: who may call them', () => {
  it('no token is 401 status 8; a forged token 401 status 7', async () => {
    for (const res of [await getChart('/api/stats/monthly'), await getChart('/api/stats/monthly.csv'), await postRebuild()]) {
      expect(res.status).toBe(401);
      expect(res.json.status).toBe(8);
    }
    for (const res of [await getChart('/api/stats/monthly', 'forged'), await postRebuild('forged')]) {
      expect(res.status).toBe(401);
      expect(res.json.status).toBe(7);
    }
  });

  it('GET /api/stats/{chart} and its CSV: admin and the product role only', async () => {
    expect(PRODUCT_OR_ADMIN.size).toBeGreaterThan(1);
    for (const account of demoAccounts) {
      const allowed = PRODUCT_OR_ADMIN.has(account.id);
      const json = await getChart('/api/stats/licenses', tokens[account.id]);
      expect(json.status, account.email).toBe(allowed ? 200 : 403);
      const csv = await getChart('/api/stats/licenses.csv', tokens[account.id]);
      expect(csv.status, `${account.email} csv`).toBe(allowed ? 200 : 403);
      if (allowed) expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    }
  });

  it('POST /api/stats/rebuild: admin only', async () => {
    for (const account of demoAccounts) {
      const res = await postRebuild(tokens[account.id]);
      expect(res.status, account.email).toBe(ADMIN.has(account.id) ? 200 : 403);
    }
  });
});
