import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { defaultFlows } from '../../lib/server/flow/definitions';
import { CHART_IDS } from '../../lib/stats/chart-ids';
import { japanMonth, monthDays } from '../../lib/format/japan-calendar';
import { api, personaAt, signAndCountersign, type Rec, ownDesignerKey } from './api-setup';
import { expect, test, type Persona } from './fixtures';

/** Screenshots for a person to look at, when STATS_SHOTS names a directory. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.STATS_SHOTS) await page.screenshot({ path: `${process.env.STATS_SHOTS}/${name}.png`, fullPage: true });
}

// A protected page each persona may open, so signing in goes through the provider (/help is public).
const LANDING: Partial<Record<Persona, string>> = { designer: '/en/designer/iplist', licenseeOwner: '/en/licensee/sales' };

/** One signed-in page per persona for the whole setup (signing in once each). */
function people(browser: Browser) {
  const pages = new Map<Persona, Page>();
  return {
    async as(persona: Persona): Promise<Page> {
      if (!pages.has(persona)) pages.set(persona, await personaAt(browser, persona, LANDING[persona] ?? '/en/holder/sales'));
      return pages.get(persona)!;
    },
    async close() {
      for (const page of pages.values()) await page.context().close();
    },
  };
}

/**
 * An approved royalty report on an active license of a fresh secondary IP, set up through the API
 * the way the people of each flow would; answers the IP's key and the report's month.
 */
async function approvedSales(browser: Browser, stamp: string): Promise<{ ip: string; month: string }> {
  const crew = people(browser);
  const approve = async (persona: Persona, kind: string, key: unknown) =>
    api(await crew.as(persona), 'POST', `/api/v1/Holder/approve/${kind}/${String(key)}`, { decision: 'approved' });
  const holder = await crew.as('holder');
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Stats primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);

  const designer = await crew.as('designer');
  const designerKey = await ownDesignerKey(designer);
  const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, designer: designerKey, purpose: 'Snacks' });
  await approve('brand', 'usages', usage.key);
  const secondary = await api<Rec>(designer, 'POST', '/api/v1/IP', {
    name: `Stats IP ${stamp}`,
    kind: 'secondary',
    designer: designerKey,
    parent: primary.key,
  });
  await api(designer, 'POST', `/api/v1/IP/${String(secondary.key)}/submit`);
  for (const group of ['brand', 'legal'] as const) await approve(group, 'ips', secondary.key);

  const owner = await crew.as('licenseeOwner');
  const orgs = await api<{ items: Rec[] }>(owner, 'POST', '/api/v1/Licensee/query', {});
  const org = String(orgs.items[0]!.key);
  const license = await api<Rec>(owner, 'POST', '/api/v1/License', {
    ip: secondary.key,
    licensee: org,
    designer: designerKey,
    territory: ['JP'],
    term_start: '2024-01-01',
    term_end: '2030-12-31',
    royalty_rate_bp: 1000,
  });
  await api(owner, 'POST', `/api/v1/License/${String(license.key)}/start_review`);
  for (const group of ['legal', 'cfl', 'boss'] as const) await approve(group, 'licenses', license.key);
  await api(holder, 'POST', `/api/v1/License/${String(license.key)}/send_contract`);
  expect(await signAndCountersign(owner.request, holder.request, String(license.key))).toBe('active');

  const product = await api<Rec>(owner, 'POST', '/api/v1/Product', {
    license: license.key,
    name: `Chips ${stamp}`,
    sku: `ST-${stamp}`,
  });
  const submitted = await api<Rec>(owner, 'POST', `/api/v1/Product/${String(product.key)}/submit`);
  if (submitted.state === 'designer_review') {
    const history = await api<{ reviews: { key: string; group: string; state: string }[] }>(
      designer,
      'GET',
      `/api/v1/Product/${String(product.key)}/history`,
    );
    const review = history.reviews.find((r) => r.group === 'designer' && r.state === 'pending');
    await api(designer, 'PATCH', `/api/v1/Review/${review!.key}/approved`, {});
  }
  await approve('brand', 'products', product.key);

  // Last month's sales: inside the page's default period (the twelve months up to now).
  const month = japanMonth(new Date(), -1);
  const { start, end } = monthDays(month);
  const report = await api<Rec>(owner, 'POST', '/api/sales/report', {
    licensee: org,
    period_start: start,
    period_end: end,
    rows: [{ license: license.key, product: product.key, territory: 'JP', units: 4, gross_sales: 12_000, net_sales: 10_000 }],
  });
  await approve('cfl', 'reports', report.key);
  await crew.close();
  return { ip: String(secondary.key), month };
}

test('holder statistics: charts render in jp and en, figures include an approved report, CSV downloads', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { ip, month } = await approvedSales(browser, stamp);

  const page = await personaAt(browser, 'holder', '/jp/holder/stats');
  // The roll-up counted the approved report: 10 % of 10,000 yen under this test's own IP.
  const byIp = await api<{ rows: unknown[][] }>(page, 'GET', `/api/stats/ips?from=${month}&to=${month}&currency=JPY&limit=100`);
  // The table names the IP by its reference and name, never by its key (#17).
  const { reference } = await api<{ reference: string }>(page, 'GET', `/api/v1/IP/${ip}`);
  expect(byIp.rows.find((r) => r[0] === reference)).toEqual([reference, `Stats IP ${stamp}`, 'JPY', 1, 4, 10_000, 1_000]);
  expect(JSON.stringify(byIp.rows)).not.toContain(ip);

  for (const lang of ['jp', 'en'] as const) {
    await page.goto(`/${lang}/holder/stats`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'jp' ? '統計' : 'Statistics');
    for (const chart of CHART_IDS) {
      await expect(page.getByTestId(`stats-chart-${chart}`).locator('canvas, svg').first()).toBeVisible();
    }
    await expect(page.getByTestId('stats-footnote')).toContainText('sales_monthly');
    // Time per step says its unit (minutes, hours or business days) to those who cannot see the axis.
    await expect(page.getByTestId('stats-chart-steps').locator('canvas[role="img"]')).toHaveAttribute(
      'aria-label',
      lang === 'jp'
        ? /^審査ステップごとの所要時間 \(所要時間（(分|時間|営業日・土日祝を除く)）\)\. .*\d(分|時間|営業日)/
        : /^Time spent per review step \(Time taken \((minutes|hours|business days, weekends and public holidays excluded)\)\)\. .*\d( min| h| business days)/,
    );
    await expect(page.getByTestId('stats-from-month').locator('option').first()).toHaveText(lang === 'jp' ? '1月' : 'January');
    await expect(page.getByTestId('stats-from-year').locator('option').first()).toHaveText(/^\d{4}(年)?$/);
    await shot(page, `stats-${lang}`);
  }

  // The table behind a chart, then its CSV.
  await page.getByTestId('stats-toggle-ips').click();
  await expect(page.getByTestId('stats-table-ips')).toContainText(`Stats IP ${stamp}`);
  await expect(page.getByTestId('stats-table-ips')).toContainText('¥1,000');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-csv-monthly').click()]);
  expect(download.suggestedFilename()).toMatch(/^stats-monthly-JPY-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('month,currency,rows,units,net_sales,royalty');
  expect(lines).toHaveLength(13);
  expect(lines.find((l) => l.startsWith(`${month},JPY,`))).toBeDefined();

  // A bad period is refused under its field.
  // Months are chosen from lists named in the page's language, never the browser's month control.
  const year = await page.getByTestId('stats-to-year').inputValue();
  await page.getByTestId('stats-from-year').selectOption(year);
  await page.getByTestId('stats-from-month').selectOption('12');
  await page.getByTestId('stats-to-year').selectOption(year);
  await page.getByTestId('stats-to-month').selectOption('01');
  await page.getByTestId('stats-apply').click();
  await expect(page.getByText('The first month must not be after the last month.')).toBeVisible();
  await page.context().close();
});

test('help is public: one diagram per flow, drawn from the flow definitions, in jp and en', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const flows = Object.values(defaultFlows);
  for (const lang of ['jp', 'en'] as const) {
    await page.goto(`/${lang}/help`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/help$`));
    await expect(page.getByTestId('help-page')).toBeVisible();
    await expect(page.locator('[data-testid^="flow-diagram-"]')).toHaveCount(flows.length);
    for (const flow of flows) {
      const diagram = page.getByTestId(`flow-diagram-${flow.subject}`);
      await expect(diagram.locator('svg')).toBeVisible();
      await expect(diagram.locator('[data-node]')).toHaveCount(flow.states.length);
    }
    await expect(page.getByTestId('flow-diagram-license')).toContainText(lang === 'jp' ? '契約書送付' : 'Send contract');
    await shot(page, `help-${lang}`);
  }
  await context.close();
});

test('a page asks for its scripts once its HTML is parsed, and has run them by the load event', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // What the page had done when `load` fired (the moment page.goto returns).
  await page.addInitScript(() => {
    addEventListener('load', () => {
      const w = window as unknown as { next?: { router?: unknown }; __atLoad?: unknown };
      w.__atLoad = { router: Boolean(w.next?.router) };
    });
  });
  const html = await (await page.request.get('/jp/help')).text();
  expect(html).toContain('/_next/static/chunks/');
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);

  await page.goto('/jp/help');
  await expect(page.getByTestId('help-page')).toBeVisible();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const chunks = performance.getEntriesByType('resource').filter((e) => /\/_next\/static\/.+\.js$/.test(e.name));
    return {
      parsed: nav.domContentLoadedEventStart,
      firstChunk: Math.min(...chunks.map((e) => e.startTime)),
      chunks: chunks.length,
      atLoad: (window as unknown as { __atLoad?: { router: boolean } }).__atLoad,
    };
  });
  expect(timing.chunks).toBeGreaterThan(3);
  expect(timing.firstChunk).toBeGreaterThanOrEqual(timing.parsed);
  expect(timing.atLoad).toEqual({ router: true });
  await context.close();
});
