/**
 * bench/stats: holder statistics over 1,000,000 sales rows (DESIGN §10: under 300 ms).
 * Seeds ~36 months of sales for 50 licensees, 200 IPs, 500 licenses/products in JPY and USD
 * (INSERT … SELECT generate_series, in chunks), plus 20,000 decided reviews; times the
 * sales_monthly rebuild, one report's roll-up recompute, each chart query (median of 5) and the
 * statistics page's server time (the seven chart handlers, as the page asks for them at once).
 *
 *   npm run bench:stats                      PGlite in a temporary data directory
 *   DATABASE_URL=postgres://… npm run bench:stats   that PostgreSQL database (its tables get the rows)
 *   BENCH_PG=1 npm run bench:stats           a throwaway cluster of Debian's PostgreSQL binaries
 *   BENCH_ROWS=n                             another row count
 *
 * PGlite may need NODE_OPTIONS=--max-old-space-size=4096. Writes bench/results/stats-<db>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CHUNK = 100_000;
const MONTHS = 36;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

async function medianOf(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn))[1]);
  return median(times);
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en')} ms`;

async function main(): Promise<void> {
  let stopPg: (() => void) | undefined;
  if (process.env.BENCH_PG && !process.env.DATABASE_URL) {
    const { startPostgres } = await import('./lib/postgres');
    const pg = await import('pg');
    const server = await startPostgres({ own: true });
    const admin = new pg.default.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('create database ipl_stats_bench');
    await admin.end();
    process.env.DATABASE_URL = server.url('ipl_stats_bench');
    stopPg = server.stop;
  }
  if (!process.env.DATABASE_URL) process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-bench-'));
  process.env.SEED_DEMO ??= 'true';
  process.env.DEMO_PASSWORD ??= 'bench-demo-password';
  const { ensureReady } = await import('../lib/server/boot');
  const { getDbHandle, closeDb } = await import('../lib/server/db/client');
  const { rebuildSalesMonthly } = await import('../lib/server/stats/rollup');
  const { rollupOnReportState } = await import('../lib/server/stats/on-report-state');
  const { CHART_IDS, runChart } = await import('../lib/server/stats/charts');
  const { getStatsChart } = await import('../lib/server/stats/get-chart');
  const { resolvePeriod } = await import('../lib/server/stats/period');

  await ensureReady();
  const handle = await getDbHandle();
  const db = handle.db;
  const dbName = handle.kind;
  const lines: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };

  // --- seed -------------------------------------------------------------------------------
  const [, seedRefMs] = await timed(async () => {
    await db.execute(sql`delete from sales where key like 'bs-%'`);
    await db.execute(sql`delete from sales_reports where key like 'br-%'`);
    await db.execute(sql`delete from reviews where key like 'bv-%'`);
    await db.execute(sql`delete from products where key like 'bp-%'`);
    await db.execute(sql`delete from licenses where key like 'bL-%'`);
    await db.execute(sql`delete from ips where key like 'bi-%'`);
    await db.execute(sql`delete from designers where key like 'bd-%'`);
    await db.execute(sql`delete from licensees where key like 'bl-%'`);
    await db.execute(sql`insert into licensees (key, name) select 'bl-' || i, 'ベンチ商事 ' || i from generate_series(0, 49) i`);
    await db.execute(
      sql`insert into designers (key, email, creator_name) select 'bd-' || i, 'bench' || i || '@example.com', 'Bench designer ' || i from generate_series(0, 39) i`,
    );
    await db.execute(
      sql`insert into ips (key, reference, name, kind, state, designer) select 'bi-' || i, 'BENCH-IP-' || i, 'Bench IP ' || i, 'secondary', 'approved', 'bd-' || (i % 40) from generate_series(0, 199) i`,
    );
    await db.execute(sql`
      insert into licenses (key, reference, ip, licensee, designer, state, territory, term_start, term_end, royalty_rate_bp, currency)
      select 'bL-' || i, 'BENCH-LIC-' || i, 'bi-' || (i % 200), 'bl-' || (i % 50), 'bd-' || (i % 40),
        (array['applied','in_review','approved','contract_sent','signed','active','active','active','expired','terminated'])[1 + i % 10],
        array['JP'], timestamptz '2024-01-01', timestamptz '2026-12-31', 500 + (i % 10) * 100,
        case when i % 5 = 0 then 'USD' else 'JPY' end
      from generate_series(0, 499) i`);
    await db.execute(sql`
      insert into products (key, reference, license, ip, licensee, name, sku, state)
      select 'bp-' || i, 'BENCH-PRD-' || i, 'bL-' || i, 'bi-' || (i % 200), 'bl-' || (i % 50), 'Bench product ' || i, 'BP-' || i, 'approved'
      from generate_series(0, 499) i`);
    // One report per licensee and month; most approved, some invoiced, submitted or rejected.
    await db.execute(sql`
      insert into sales_reports (key, reference, licensee, period_start, period_end, state, row_count)
      select 'br-' || m || '-' || l, 'BENCH-RPT-' || m || '-' || l, 'bl-' || l,
        timestamptz '2024-01-01 00:00:00+00' + make_interval(months => m),
        timestamptz '2024-01-01 00:00:00+00' + make_interval(months => m + 1) - interval '1 day',
        (array['approved','approved','approved','approved','approved','approved','invoiced','invoiced','submitted','rejected'])[1 + (m * 7 + l) % 10],
        0
      from generate_series(0, ${sql.raw(String(MONTHS - 1))}) m, generate_series(0, 49) l`);
  });
  log(
    `seeded reference data (50 licensees, 40 designers, 200 IPs, 500 licenses/products, ${MONTHS * 50} reports) in ${ms(seedRefMs)}`,
  );

  let seedSalesMs = 0;
  for (let start = 0; start < ROWS; start += CHUNK) {
    const end = Math.min(ROWS, start + CHUNK) - 1;
    // Row i: license i % 500, month (i / 500) % 36; the report (and its state) of that licensee and month.
    const [, chunkMs] = await timed(() =>
      db.execute(sql`
        insert into sales (key, license, product, licensee, ip, period_start, period_end, territory, units, gross_sales, net_sales, currency, royalty, state, report)
        select 'bs-' || i, 'bL-' || (i % 500), 'bp-' || (i % 500), 'bl-' || (i % 500 % 50), 'bi-' || (i % 500 % 200),
          timestamptz '2024-01-01 00:00:00+00' + make_interval(months => (i / 500) % ${sql.raw(String(MONTHS))}),
          timestamptz '2024-01-01 00:00:00+00' + make_interval(months => (i / 500) % ${sql.raw(String(MONTHS))} + 1) - interval '1 day',
          'JP', 1 + i % 20, n + n / 10, n,
          case when i % 500 % 5 = 0 then 'USD' else 'JPY' end,
          (n * (500 + (i % 500 % 10) * 100) + 5000) / 10000,
          (array['approved','approved','approved','approved','approved','approved','invoiced','invoiced','submitted','rejected'])[1 + (((i / 500) % ${sql.raw(String(MONTHS))}) * 7 + i % 500 % 50) % 10],
          'br-' || ((i / 500) % ${sql.raw(String(MONTHS))}) || '-' || (i % 500 % 50)
        from (select i, 100 + (i::bigint * 7919) % 100000 as n from generate_series(${start}::int, ${end}::int) i) g`),
    );
    seedSalesMs += chunkMs;
    process.stdout.write(`  sales ${end + 1}/${ROWS} (${ms(chunkMs)})\n`);
  }
  log(`seeded ${ROWS.toLocaleString('en')} sales rows in ${ms(seedSalesMs)}`);
  const [, reviewsMs] = await timed(() =>
    db.execute(sql`
      insert into reviews (key, subject_type, subject_key, "group", step, reviewer, state, date_created, date_updated)
      select 'bv-' || i,
        (array['ip','usage','license','product','sales','invoice'])[1 + i % 6],
        'bench-subject-' || (i / 3),
        (array['brand','legal','cfl','boss','designer'])[1 + i % 5],
        (array['submitted','requested','in_review','holder_review','submitted','submitted'])[1 + i % 6],
        'bench-reviewer',
        (array['approved','approved','approved','rejected','changes_requested'])[1 + i % 5],
        t, t + make_interval(hours => (1 + (i * 37) % 200)::int)
      from (select i, timestamptz '2024-01-01 00:00:00+00' + make_interval(hours => ((i * 13) % (${sql.raw(String(MONTHS))} * 720))::int) as t
            from generate_series(0, 19999) i) g`),
  );
  log(`seeded 20,000 decided reviews in ${ms(reviewsMs)}`);
  await db.execute(sql`analyze`);

  // --- roll-up -------------------------------------------------------------------------------
  const [rebuilt, rebuildMs] = await timed(() => rebuildSalesMonthly(db));
  log(
    `rebuilt sales_monthly: ${rebuilt.groups.toLocaleString('en')} groups from ${rebuilt.rows.toLocaleString('en')} counted rows in ${ms(rebuildMs)}`,
  );
  const reportRows = Math.round(ROWS / (MONTHS * 50));
  const recomputeMs = await medianOf(5, () =>
    db.transaction(async (tx) => rollupOnReportState(tx as unknown as typeof db, 'br-20-7', 'approved')),
  );
  log(`one report's roll-up recompute (state change hook, ~${reportRows} rows): ${ms(recomputeMs)} (median of 5)`);
  await db.execute(sql`analyze sales_monthly`);

  // --- queries -------------------------------------------------------------------------------
  const periods = {
    '12 months JPY': resolvePeriod({ from: '2025-01', to: '2025-12', currency: 'JPY' }, 'en'),
    '36 months JPY': resolvePeriod({ from: '2024-01', to: '2026-12', currency: 'JPY' }, 'en'),
    '36 months USD': resolvePeriod({ from: '2024-01', to: '2026-12', currency: 'USD' }, 'en'),
  };
  const table: string[] = [
    '| chart | source | ' + Object.keys(periods).join(' | ') + ' |',
    '|---|---|' +
      Object.keys(periods)
        .map(() => '---:|')
        .join(''),
  ];
  const { CHART_SOURCE } = await import('../lib/server/stats/charts');
  for (const chart of CHART_IDS) {
    const cells: string[] = [];
    for (const period of Object.values(periods)) {
      await runChart(db, chart, period); // warm
      cells.push(ms(await medianOf(5, () => runChart(db, chart, period))));
    }
    table.push(`| ${chart} | ${CHART_SOURCE[chart]} | ${cells.join(' | ')} |`);
  }
  const pageRows: string[] = [];
  for (const [name, period] of Object.entries(periods)) {
    const query = { from: period.from, to: period.to, currency: period.currency };
    const caller = { lang: 'en' as const };
    const parallel = await medianOf(5, () => Promise.all(CHART_IDS.map((c) => getStatsChart(db, caller, c, query))));
    const sequential = await medianOf(5, async () => {
      for (const c of CHART_IDS) await getStatsChart(db, caller, c, query);
    });
    pageRows.push(`| ${name} | ${ms(parallel)} | ${ms(sequential)} |`);
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const report = [
    `# Holder statistics over ${ROWS.toLocaleString('en')} sales rows: ${dbName}`,
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, Node ${process.version}; budget (DESIGN §10): under 300 ms.`,
    'Sales charts read the sales_monthly pre-aggregation (kept by the report state hook); review charts read reviews; license states read licenses.',
    '',
    '## Seeding and roll-up',
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    '## Each chart query (median of 5, after one warm-up)',
    '',
    ...table,
    '',
    '## Statistics page server time (the seven GET /api/stats/{chart} handlers: validation, period, query)',
    '',
    '| period | all seven at once (as the page loads them) | one after another |',
    '|---|---:|---:|',
    ...pageRows,
    '',
  ].join('\n');
  console.log(`\n${report}`);
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', `stats-${dbName}.md`), report);
  await closeDb();
  stopPg?.();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
