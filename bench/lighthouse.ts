/**
 * bench/lighthouse: Lighthouse performance over help, the designer gallery, home and a list page,
 * with the mobile and desktop presets, against the production build (`npx next build` first).
 * Lighthouse 12.8.2 is pinned: it runs on Node 20 and 24 (13.x needs Node 22.19+). Chromium is
 * Debian's (/usr/bin/chromium, or CHROME_PATH); the signed-in pages get the session cookie of a
 * real sign-in through the provider.
 *
 *   npx tsx bench/lighthouse.ts            # median of LH_RUNS (default 3) runs per page and preset
 *
 * Lighthouse's simulated throttling still scales with the host's CPU, so the report gives the load
 * average before each page and preset; compare within one run on a shared machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startApp } from './lib/app-server';

const PORT = Number(process.env.LH_PORT ?? 3260);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'bench-lighthouse';
const ALL_PAGES = [
  { name: 'help', path: '/jp/help' },
  { name: 'gallery', path: '/jp/designer/gallery' },
  { name: 'home', path: '/jp' },
  { name: 'list (designer/iplist)', path: '/jp/designer/iplist' },
];
// LH_PAGES=help,home and LH_PRESETS=mobile narrow a run while working on one page.
const PAGES = process.env.LH_PAGES
  ? ALL_PAGES.filter((p) => process.env.LH_PAGES!.split(',').some((name) => p.name.startsWith(name)))
  : ALL_PAGES;
const PRESETS = (process.env.LH_PRESETS?.split(',') ?? ['mobile', 'desktop']) as ('mobile' | 'desktop')[];

interface Measure {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

/** The session cookie of the designer demo account, signed in through the embedded provider. */
async function sessionCookie(base: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/jp/designer/gallery`);
    await page.waitForURL(/\/interaction\//);
    await page.locator('#email').fill('designer@example.com');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    const allow = page.getByTestId('consent-allow');
    await Promise.race([allow.waitFor().then(() => allow.click()), page.waitForURL(/\/jp\/designer\/gallery$/)]);
    await page.waitForURL(/\/jp\/designer\/gallery$/);
    const cookies = await page.context().cookies(base);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** The median of the runs that measured the figure (a failed run reports NaN). */
function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-lighthouse-'));
  const app = await startApp(PORT, { DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD });
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: string[] = [];
  const loads: number[] = [];
  try {
    const cookie = await sessionCookie(app.url);
    for (const target of PAGES) {
      for (const preset of PRESETS) {
        // One warm-up load: the first request of a page compiles nothing in production, but fills caches.
        await fetch(`${app.url}${target.path}`, { headers: { cookie } });
        const runs: Measure[] = [];
        const load = os.loadavg()[0]!;
        loads.push(load);
        // A run Lighthouse could not trace (NO_NAVSTART, NO_FCP on a starved machine) is run again, twice at most.
        for (let i = 0, failed = 0; i < RUNS; i += 1) {
          const result = await lighthouse(
            `${app.url}${target.path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { cookie } },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result!.lhr;
          if (lhr.runtimeError && failed < 2) {
            console.error(`${target.name} ${preset}: ${lhr.runtimeError.code}, run again`);
            failed += 1;
            i -= 1;
            continue;
          }
          // LH_JSON_DIR=<dir> keeps each run's full report, for the LCP element, shift sources and long tasks.
          if (process.env.LH_JSON_DIR) {
            fs.mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
            const file = `${target.name.replace(/\W+/g, '-')}-${preset}-${i + 1}.json`;
            fs.writeFileSync(path.join(process.env.LH_JSON_DIR, file), JSON.stringify(lhr));
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          runs.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            fcp: audit('first-contentful-paint'),
          });
        }
        const m = (k: keyof Measure) => median(runs.map((r) => r[k]));
        const row = `| ${target.name} | ${preset} | ${m('score')} | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${load.toFixed(2)} |`;
        console.log(row);
        rows.push(row);
      }
    }
  } finally {
    await chrome.kill();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const text = [
    `## Lighthouse (performance), ${date}`,
    '',
    `Lighthouse 12.8.2, Chromium at ${CHROME}, ${RUNS} run(s) per page and preset (median), on ${os.cpus().length} cores; ` +
      `load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} during the run, ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} (1/5/15 min) at its end. The machine is shared, so compare within one run.`,
    '',
    '| page | preset | performance | FCP | LCP | TBT | CLS | load avg |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  // LH_LABEL (e.g. before, after) keeps two reports of one day apart.
  const label = process.env.LH_LABEL ? `-${process.env.LH_LABEL}` : '';
  fs.writeFileSync(path.join(__dirname, 'results', `lighthouse-${date}${label}.md`), `${text}\n`);
  console.log(`\n${text}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
