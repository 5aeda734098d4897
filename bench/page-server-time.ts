/**
 * bench/page-server-time: the server time of the heaviest pages (the five the issue names, and the
 * home as a licensee sees it) over 100,000 records of each kind they list (IPs, licenses, pending
 * reviews, notifications), on PGlite and PostgreSQL.
 * A page's server time is the time until the last of the API answers it asks for on load has
 * arrived, the requests sent together as the browser sends them (the pages render in the browser;
 * their HTML itself carries no data). Median and p95 of 20 loads after 3 warm-ups, one at a time.
 * Writes bench/results/page-server-time-<db>.md.
 *
 *   npx tsx bench/page-server-time.ts      (BENCH_DB=pglite|postgres|both, BENCH_ROWS, BENCH_PORT)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../tests/system/app';
import { call, percentile, sessionCookie } from '../tests/system/client';
import { createDatabase, type Sql } from '../tests/system/database';
import { subOf } from '../tests/system/people';
import { benchAppEnv } from './lib/bench-env';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3254);
const LOADS = Number(process.env.BENCH_LOADS ?? 20);

interface Page {
  page: string;
  who: 'holder' | 'legal' | 'owner';
  requests: { method: 'GET' | 'POST'; path: string; body?: unknown }[];
}

// What each page asks for on load (its SWR hooks), with the records it lists at 100,000.
const PAGES: Page[] = [
  {
    page: '/holder/approve/license (the legal queue: 1,000 pending of 100,000 licenses)',
    who: 'legal',
    requests: [
      { method: 'GET', path: '/api/v1/Holder/approve/licenses' },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
  {
    page: '/holder/ip (IP list, newest first, over 100,000 IPs)',
    who: 'holder',
    requests: [
      { method: 'POST', path: '/api/v1/IP/query', body: { sort: { dateCreated: -1 }, limit: 20 } },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
  {
    page: "/licensee/list (the organisation's licenses, 500 of 100,000)",
    who: 'owner',
    requests: [
      { method: 'POST', path: '/api/v1/License/query', body: { sort: { dateCreated: -1 }, limit: 500 } },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
  {
    page: '/ (home: what waits for the holder)',
    who: 'holder',
    requests: [
      { method: 'GET', path: '/api/home' },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
  {
    page: '/ (home: what waits for the owner of the organisation holding the 100,000 licenses)',
    who: 'owner',
    requests: [
      { method: 'GET', path: '/api/home' },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
  {
    page: '/holder/list (licenses in review, filtered, over 100,000)',
    who: 'holder',
    requests: [
      {
        method: 'POST',
        path: '/api/v1/License/query',
        body: { filter: { state: { $in: ['approved', 'contract_sent', 'signed'] } }, sort: { dateCreated: -1 }, limit: 200 },
      },
      { method: 'GET', path: '/api/core/notify/list' },
    ],
  },
];

async function seed(sql: Sql): Promise<void> {
  const [org] = await sql.query<{ key: string }>(
    `select l.key from licensees l join users u on u.sub = l.owner where u.email = 'licensee@example.com' limit 1`,
  );
  const holder = await subOf(sql, 'holder@example.com');
  const legal = await subOf(sql, 'legal@example.com');
  await sql.query(
    // References in a year of their own (2099), so they never meet the demo business's numbers.
    `insert into ips (key, reference, name, kind, state, description, categories, tags, images, date_created, date_updated)
     select 'bi-' || i, 'IP-2099-' || lpad(i::text, 6, '0'), 'Character ' || i, case when i % 20 = 0 then 'primary' else 'secondary' end,
            (array['published','draft','approved','submitted'])[1 + i % 4], 'Seeded for the benchmark',
            array['snack'], '{}', '[]'::jsonb, now() - (i || ' seconds')::interval, now()
     from generate_series(1, $1::int) i`,
    [ROWS],
  );
  await sql.query(
    `insert into licenses (key, reference, ip, licensee, state, territory, term_start, term_end, royalty_rate_bp, currency, date_created, date_updated)
     select 'bl-' || i, 'LIC-2099-' || lpad(i::text, 6, '0'), 'bi-' || (1 + i % $1::int), $2, (array['in_review','approved','active','contract_sent'])[1 + i % 4],
            array['JP'], timestamptz '2027-01-01', timestamptz '2027-12-31', 800, 'JPY', now() - (i || ' seconds')::interval, now()
     from generate_series(1, $1::int) i`,
    [ROWS, org!.key],
  );
  await sql.query(
    `insert into reviews (key, subject_type, subject_key, "group", step, state, revision)
     select 'br-' || i, 'license', 'bl-' || i, 'legal', 'in_review', 'pending', 1
     from generate_series(1, $1::int) i where i % 100 = 0`,
    [ROWS],
  );
  for (const target of [holder, legal]) {
    await sql.query(
      `insert into notifications (key, target, subject, content, date_created, created)
       select 'bn-' || $2 || '-' || i, $2, 'Seeded notification ' || i, 'Body', now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
       from generate_series(1, $1::int) i`,
      [ROWS, target],
    );
  }
  // Vacuumed as well as analysed: 100,000 fresh rows a table would otherwise start autovacuum's
  // insert-triggered vacuum during the loads.
  await sql.query('vacuum analyze');
}

async function runOn(kind: 'pglite' | 'postgres'): Promise<string> {
  const db = await createDatabase(kind);
  // Without the demo business (benchAppEnv): the bench stops the first start before it is made,
  // so the second made it while the pages loaded, and whichever page was measured then read
  // 100-150 ms slower.
  const env = benchAppEnv(db.env, { AUTH_CACHE_MS: '2000' });
  let app = await startApp(PORT, env);
  const cookies: Record<string, string> = {};
  try {
    await app.stop();
    const seeded = Date.now();
    await db.use(async (sql) => {
      await seed(sql);
      for (const [who, email] of [
        ['holder', 'holder@example.com'],
        ['legal', 'legal@example.com'],
        ['owner', 'licensee@example.com'],
      ] as const)
        cookies[who] = await sessionCookie(await subOf(sql, email));
    });
    const seedSeconds = (Date.now() - seeded) / 1000;
    app = await startApp(PORT, env);
    const lines: string[] = [];
    for (const page of PAGES) {
      const load = async () => {
        const t = performance.now();
        const answers = await Promise.all(
          page.requests.map((r) => call(app.url, r.method, r.path, cookies[page.who]!, r.body, 120_000)),
        );
        const failed = answers.find((a) => a.http !== 200 || a.status !== 0);
        if (failed) throw new Error(`${page.page}: ${JSON.stringify(failed).slice(0, 300)}`);
        bytes = answers.reduce((sum, a) => sum + (a.bytes ?? 0), 0);
        return performance.now() - t;
      };
      let bytes = 0;
      for (let i = 0; i < 3; i++) await load();
      const times: number[] = [];
      for (let i = 0; i < LOADS; i++) times.push(await load());
      lines.push(
        `| ${page.page} | ${page.requests.map((r) => `${r.method} ${r.path}`).join(', ')} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${(bytes / 1000).toFixed(1)} |`,
      );
    }
    return [
      `## Page server time over ${ROWS.toLocaleString('en')} records: ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      '',
      `Seeded ${ROWS.toLocaleString('en')} IPs, licenses and notifications (each for the holder and legal) and ${(ROWS / 100).toLocaleString('en')} pending legal reviews in ${seedSeconds.toFixed(0)} s. ${LOADS} loads per page after 3 warm-ups, one at a time; load average ${os.loadavg()[0]!.toFixed(2)}.`,
      '',
      '| page | requests on load | p50 ms | p95 ms | kB answered |',
      '|---|---|---:|---:|---:|',
      ...lines,
    ].join('\n');
  } catch (err) {
    console.error(`the app's last output:\n${app.log().slice(-4000)}`);
    throw err;
  } finally {
    await app.stop();
    await db.dispose();
  }
}

async function main() {
  const which = process.env.BENCH_DB ?? 'both';
  const kinds = which === 'both' ? (['postgres', 'pglite'] as const) : ([which] as const);
  for (const kind of kinds) {
    console.log(`\n== page server time on ${kind} ==`);
    const section = await runOn(kind as 'pglite' | 'postgres');
    console.log(section);
    const file = path.join(__dirname, 'results', `page-server-time-${kind}.md`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `# ${section.replace(/^## /, '')}\n`);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
