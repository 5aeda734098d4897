/**
 * The OWASP API Top 10 checks that only the production server can answer: its response headers,
 * the session cookie's flags, Next's request-size limit, cross-site writes with the session
 * cookie, and user text rendered as text (stored XSS). The rest is in tests/api/security-owasp.test.ts.
 */
import { baseURL } from '../../playwright.config';
import { api, call, type Rec } from './api-setup';
import { expect, test, signInAt } from './fixtures';

test('security headers on pages and API answers', async ({ request }) => {
  for (const path of ['/jp/help', '/api/core/server/status']) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  }
});

test('the session cookie is httpOnly and SameSite=Lax, and secure only over https', async ({ page, context }) => {
  await signInAt(page, 'designer', '/jp/designer/gallery');
  const cookie = (await context.cookies()).find((c) => /next-auth\.session-token/.test(c.name));
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe('Lax');
  expect(cookie!.secure).toBe(baseURL.startsWith('https:'));
});

test('a cross-site write with the session cookie is refused and changes nothing', async ({ page }) => {
  await signInAt(page, 'designer', '/jp/designer/profile');
  const stamp = Date.now();
  const res = await page.request.post('/api/core/users/setbio', {
    data: { bio: `csrf-${stamp}` },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  });
  expect(res.status()).toBe(403);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { sub: string } };
  const bio = await api<Rec>(page, 'POST', '/api/core/users/getbio', { sub: session.user.sub });
  expect(JSON.stringify(bio)).not.toContain(`csrf-${stamp}`);
  // The same write from the site itself goes through.
  await api(page, 'POST', '/api/core/users/setbio', { bio: `same-site-${stamp}` });
});

test('an oversized body is refused with 413, not a server error', async ({ page }) => {
  await signInAt(page, 'designer', '/jp/designer/profile');
  const res = await page.request.post('/api/v1/IP/query', {
    data: JSON.stringify({ filter: { name: 'x'.repeat(2 * 1024 * 1024) } }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status()).toBe(413);
});

test('user text is shown as text: no script from a stored name runs', async ({ page }) => {
  await signInAt(page, 'holder', '/jp/holder/ip');
  const stamp = Date.now();
  const name = `xss-${stamp} <img src=x onerror="window.__xss=${stamp}">`;
  const { body } = await call<Rec>(page, 'POST', '/api/v1/IP', {
    name,
    kind: 'primary',
    description: `<script>window.__xss=1</script>`,
  });
  expect(body?.status).toBe(0);
  await page.goto('/jp/holder/ip');
  await page.getByTestId('ip-search').fill(`xss-${stamp}`);
  await expect(page.getByText(`xss-${stamp} <img`, { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
