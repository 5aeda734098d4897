/**
 * bench/royalty-import: 100,000- and 1,000,000-row sales CSVs (BENCH_ROWS, comma-separated) parsed (csv-parse, streaming), validated row by
 * row against its licenses and imported as one royalty report (multi-row INSERTs of 1,000) through
 * lib/server/sales, against PGlite and, when DATABASE_URL is set, PostgreSQL. Each database runs
 * in its own child process so peak RSS (process.memoryUsage().rss sampled every 25 ms) is its own.
 * Writes bench/results/royalty-import.md.
 *
 *   npm run bench:royalty          (BENCH_ROWS=n to change the size)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each size is imported on each database; today's import refuses more than its row limit.
const SIZES = (process.env.BENCH_ROWS ?? '100000,1000000').split(',').map(Number);

interface Result {
  db: string;
  rows: number;
  csvBytes: number;
  generateMs: number;
  parseMs: number;
  importMs: number;
  totalMs: number;
  peakRssMb: number;
  baseRssMb: number;
  stored: number;
  /** Why the import refused or failed (nothing stored), when it did. */
  failed?: string;
}

async function child(kind: string, ROWS: number): Promise<void> {
  if (kind === 'pglite') {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'royalty-bench-'));
  }
  process.env.SEED_DEMO ??= 'true';
  process.env.DEMO_PASSWORD ??= 'bench-demo-password';
  const { ensureReady } = await import('../lib/server/boot');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const { licensees, licenses, products, sales, salesReports } = await import('../lib/server/db/entities-schema');
  const { newKey } = await import('../lib/server/keys');
  const { readSalesFile, applyMapping } = await import('../lib/server/sales/files');
  const { createReport } = await import('../lib/server/sales/report');
  const { count, eq, inArray } = await import('drizzle-orm');

  await ensureReady();
  const db = await getDb();
  const [org] = await db.select({ key: licensees.key }).from(licensees).limit(1);
  const orgKey = org?.key ?? newKey();
  if (!org) await db.insert(licensees).values({ key: orgKey, name: 'Bench Org' });
  const licenseKeys: string[] = [];
  const skus: string[] = [];
  for (let l = 0; l < 5; l++) {
    const key = newKey();
    licenseKeys.push(key);
    await db.insert(licenses).values({
      key,
      reference: `BENCH-LIC-${l}`,
      ip: newKey(),
      licensee: orgKey,
      state: 'active',
      territory: ['JP', 'TW', 'KR', 'US'],
      term_start: new Date('2026-01-01T00:00:00Z'),
      term_end: new Date('2027-12-31T00:00:00Z'),
      royalty_rate_bp: 1000 + l * 125,
      currency: 'JPY',
    });
    for (let p = 0; p < 20; p++) {
      const sku = `SKU-${l}-${p}`;
      skus.push(sku);
      await db.insert(products).values({
        key: newKey(),
        reference: `BENCH-PRD-${l}-${p}`,
        license: key,
        licensee: orgKey,
        name: sku,
        sku,
        state: 'approved',
      });
    }
  }

  const baseRss = process.memoryUsage().rss;
  let peak = baseRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  const territories = ['JP', 'TW', 'KR', 'US'];
  const lines = ['license,product,territory,units,gross_sales,net_sales'];
  for (let i = 0; i < ROWS; i++) {
    const l = i % 5;
    const units = 1 + (i % 97);
    const net = units * (150 + (i % 50));
    lines.push(`${licenseKeys[l]},SKU-${l}-${i % 20},${territories[i % 4]},${units},${Math.round(net * 1.1)},${net}`);
  }
  const content = Buffer.from(lines.join('\n'), 'utf8');
  lines.length = 0;
  const t1 = performance.now();
  const file = await readSalesFile('bench.csv', content, 'en');
  const rows = applyMapping(
    file,
    {
      license: 'license',
      product: 'product',
      territory: 'territory',
      units: 'units',
      gross_sales: 'gross_sales',
      net_sales: 'net_sales',
    },
    'en',
  );
  const t2 = performance.now();
  let failed: string | undefined;
  const created = await createReport(
    db,
    {
      sub: 'bench',
      lang: 'en',
      access: [],
      holder: false,
      admin: false,
      product: false,
      designerRole: false,
      licensees: [orgKey],
      licenseeAdmin: [orgKey],
      licenseeStaff: [orgKey],
      designers: [],
    },
    {
      licensee: orgKey,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      rows,
      source: 'csv',
      file_name: 'bench.csv',
      firstRow: 2,
    },
  ).catch((err: unknown) => {
    const data = (err as { data?: { errors?: Record<string, string> } }).data;
    failed = data?.errors ? Object.values(data.errors).join(' ') : String((err as Error).message ?? err);
    return null;
  });
  const t3 = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  let storedRows = 0;
  if (created) {
    const [stored] = await db.select({ n: count() }).from(sales).where(eq(sales.report, created.report.key));
    const [rep] = await db.select().from(salesReports).where(eq(salesReports.key, created.report.key));
    if (stored!.n !== ROWS || rep!.row_count !== ROWS) throw new Error(`stored ${stored!.n} rows, expected ${ROWS}`);
    storedRows = stored!.n;
  } else {
    // Nothing of a refused import may be stored: no sales row under this run's licenses.
    const [stored] = await db.select({ n: count() }).from(sales).where(inArray(sales.license, licenseKeys));
    storedRows = stored!.n;
  }
  await closeDb();
  const result: Result = {
    db: kind,
    rows: ROWS,
    csvBytes: content.length,
    generateMs: t1 - t0,
    parseMs: t2 - t1,
    importMs: t3 - t2,
    totalMs: t3 - t1,
    peakRssMb: peak / 2 ** 20,
    baseRssMb: baseRss / 2 ** 20,
    stored: storedRows,
    ...(failed ? { failed } : {}),
  };
  process.stdout.write(`@@RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

function main(): void {
  const kinds = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  const results: Result[] = [];
  for (const rows of SIZES) {
    for (const kind of kinds) {
      const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--child', kind, String(rows)], {
        env: process.env,
        encoding: 'utf8',
        maxBuffer: 64 * 2 ** 20,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = out.split('\n').find((l) => l.startsWith('@@RESULT '));
      if (!line) throw new Error(`no result from the ${kind} run of ${rows} rows`);
      results.push(JSON.parse(line.slice(9)) as Result);
    }
  }
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const report = [
    `# Royalty import benchmark (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Sales rows in one CSV (5 licenses, 100 approved products, 4 territories), parsed with csv-parse (stream), every row validated against its license, then stored as one report in one transaction with multi-row INSERTs of 1,000 rows, and the cfl review opened. Each size and database in a child process of its own; RSS sampled every 25 ms (the CSV, generated in memory before the clock starts, is part of it). Machine: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), shared with other work (load average ${os.loadavg()[0]!.toFixed(2)}); Node ${process.version}.`,
    '',
    '| database | rows | CSV size | parse + map | validate + import | total (parse → stored) | rows/s | peak RSS | peak − before | outcome |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.db} | ${r.rows.toLocaleString('en')} | ${(r.csvBytes / 2 ** 20).toFixed(1)} MiB | ${f(r.parseMs)} | ${f(r.importMs)} | ${f(r.totalMs)} | ${
          r.failed ? '—' : Math.round(r.rows / (r.totalMs / 1000)).toLocaleString('en')
        } | ${r.peakRssMb.toFixed(0)} MiB | ${(r.peakRssMb - r.baseRssMb).toFixed(0)} MiB | ${r.failed ? `${r.stored === 0 ? 'refused, nothing stored' : `refused, ${r.stored} rows stored`}: ${r.failed}` : `stored ${r.stored.toLocaleString('en')} rows`} |`,
    ),
    '',
    process.env.DATABASE_URL ? '' : 'PostgreSQL was not measured: DATABASE_URL was not set.',
    '',
  ].join('\n');
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'royalty-import.md'), report);
  console.log(report);
}

if (process.argv[2] === '--child') void child(process.argv[3]!, Number(process.argv[4]));
else main();
