import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { pageViews } from '@/lib/server/db/platform-schema';
import { viewDay } from '@/lib/server/analytics/page-views';
import * as viewRoute from '@/pages/api/analytics/view';
import * as reportRoute from '@/pages/api/sys/analytics';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Report {
  from: string;
  to: string;
  total: number;
  days: { day: string; views: number }[];
  pages: { page: string; title: string; views: number; jp: number; en: number }[];
}

let view: RouteServer;
let report: RouteServer;
let admin = '';

beforeAll(async () => {
  await ensureReady();
  view = await serveRoute(viewRoute, '/api/analytics/view');
  report = await serveRoute(reportRoute, '/api/sys/analytics');
  admin = await issueAccessToken(await subOf('admin@example.com'));
});
afterAll(async () => {
  await view.close();
  await report.close();
});

const send = (body: unknown, headers: Record<string, string> = {}) =>
  view.request<Envelope<{ counted: boolean }>>('POST', '/api/analytics/view', { body, headers });

describe('SPEC §9 a web analytics tag on every page: first-party page views', () => {
  it('a page view is counted without a cookie or a sign-in, and sets no cookie', async () => {
    const res = await send({ page: '/holder/ip', lang: 'jp' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 0, data: { counted: true } });
    expect(res.headers.get('set-cookie')).toBeNull();
    await send({ page: '/holder/ip', lang: 'jp' });
    await send({ page: '/holder/ip', lang: 'en' });
    await send({ page: '/help', lang: 'en' });
  });

  it('stores only the screen pattern, the language, the day and a count: nothing about the person', async () => {
    const rows = await (await getDb()).select().from(pageViews);
    expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'lang', 'page', 'views']);
    expect(rows.find((r) => r.page === '/holder/ip' && r.lang === 'jp')).toMatchObject({ day: viewDay(), views: 2 });
  });

  it('refuses what is not a known screen (an address with keys, a made-up page) and bad languages', async () => {
    for (const body of [
      { page: '/holder/ip/abc123/def456', lang: 'jp' },
      { page: '/nope', lang: 'jp' },
      { page: '/holder/ip', lang: 'fr' },
      { page: '/holder/ip', lang: 'jp', user: 'someone' },
      'x',
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.status).toBe(5);
    }
  });

  it('admins read the counts per day and per screen with the language split; others are refused', async () => {
    const res = await report.request<Envelope<Report>>('GET', '/api/sys/analytics?days=7', {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.json.status).toBe(0);
    const data = res.json.data;
    expect(data.days).toHaveLength(7);
    expect(data.days.at(-1)).toEqual({ day: viewDay(), views: 4 });
    expect(data.to).toBe(viewDay());
    expect(data.total).toBe(4);
    expect(data.pages[0]).toEqual({ page: '/holder/ip', title: 'holder.ip', views: 3, jp: 2, en: 1 });
    expect(data.pages[1]).toMatchObject({ page: '/help', views: 1, en: 1, jp: 0 });
    const bad = await report.request<Envelope>('GET', '/api/sys/analytics?days=0', {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(bad.json.status).toBe(5);
    const user = await issueAccessToken(await subOf('user@example.com'));
    expect((await report.request('GET', '/api/sys/analytics', { headers: { authorization: `Bearer ${user}` } })).status).toBe(
      403,
    );
  });

  it('the day is the date in Japan', () => {
    expect(viewDay(new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
    expect(viewDay(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });
});
