/**
 * bench/royalty-import: 100,000- and 1,000,000-row sales CSVs (BENCH_ROWS, comma-separated),
 * generated as a stream and imported as the upload route does (lib/server/sales/stream-import:
 * our CSV reader, csv-parse from the first quote, rows checked against their licenses in batches, COPY in one transaction),
 * against PGlite and, when DATABASE_URL is set, PostgreSQL. Each database runs in its own child
 * process so peak RSS (process.memoryUsage().rss sampled every 25 ms) is its own. Writes
 * bench/results/royalty-import.md, the new run above every earlier one.
 *
 *   npm run bench:royalty          (BENCH_ROWS=n to change the size)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterCpuOf, seconds } from './lib/proc-cpu';

// Each size is imported on each database; today's import refuses more than its row limit.
const SIZES = (process.env.BENCH_ROWS ?? '100000,1000000').split(',').map(Number);

interface Result {
  db: string;
  rows: number;
  csvBytes: number;
  totalMs: number;
  peakRssMb: number;
  baseRssMb: number;
  stored: number;
  /** CPU time of this process during the import (parse, check, COPY text), ms. */
  nodeCpuMs?: number;
  /** CPU time of the PostgreSQL server (its postmaster's children) during the import, ms, when /proc shows it. */
  dbCpuMs?: number;
  /** Why the import refused or failed (nothing stored), when it did. */
  failed?: string;
}

/** CPU milliseconds the server's processes have used so far (bench/lib/proc-cpu), when /proc shows them. */
function serverCpuMs(backendPid: number | null): number | null {
  const cpu = backendPid ? clusterCpuOf(backendPid) : null;
  return cpu ? Math.round(seconds(cpu) * 1000) : null;
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
  const { importSalesStream } = await import('../lib/server/sales/stream-import');
  const { count, eq, inArray, sql } = await import('drizzle-orm');

  await ensureReady();
  const db = await getDb();
  const [org] = await db.select({ key: licensees.key }).from(licensees).limit(1);
  const orgKey = org?.key ?? newKey();
  if (!org) await db.insert(licensees).values({ key: orgKey, name: 'Bench Org' });
  // References are unique: a second run on the same database must not collide with the first.
  const run = Date.now().toString(36).toUpperCase();
  const licenseKeys: string[] = [];
  const skus: string[] = [];
  for (let l = 0; l < 5; l++) {
    const key = newKey();
    licenseKeys.push(key);
    await db.insert(licenses).values({
      key,
      reference: `BENCH-LIC-${run}-${l}`,
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
        reference: `BENCH-PRD-${run}-${l}-${p}`,
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
  const territories = ['JP', 'TW', 'KR', 'US'];
  let csvBytes = 0;
  // The file as an upload brings it: chunks of about 64 KB, made as the parser asks for them.
  async function* csv(): AsyncGenerator<Buffer> {
    let lines = ['license,product,territory,units,gross_sales,net_sales'];
    for (let i = 0; i < ROWS; i++) {
      const l = i % 5;
      const units = 1 + (i % 97);
      const net = units * (150 + (i % 50));
      lines.push(`${licenseKeys[l]},SKU-${l}-${i % 20},${territories[i % 4]},${units},${Math.round(net * 1.1)},${net}`);
      if (lines.length === 1000 || i === ROWS - 1) {
        const chunk = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
        csvBytes += chunk.length;
        lines = [];
        yield chunk;
      }
    }
  }
  const backendPid =
    kind === 'postgres'
      ? Number((await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid ?? 0) || null
      : null;
  const db0 = serverCpuMs(backendPid);
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  let failed: string | undefined;
  const created = await importSalesStream(
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
      file_name: 'bench.csv',
      mapping: {
        license: 'license',
        product: 'product',
        territory: 'territory',
        units: 'units',
        gross_sales: 'gross_sales',
        net_sales: 'net_sales',
      },
    },
    csv(),
  ).catch((err: unknown) => {
    const data = (err as { data?: { errors?: Record<string, unknown> } }).data;
    failed = data?.errors ? Object.values(data.errors).map(String).join(' ') : String((err as Error).message ?? err);
    return null;
  });
  const t3 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const db1 = serverCpuMs(backendPid);
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
    csvBytes,
    totalMs: t3 - t1,
    peakRssMb: peak / 2 ** 20,
    baseRssMb: baseRss / 2 ** 20,
    stored: storedRows,
    nodeCpuMs: (cpu.user + cpu.system) / 1000,
    ...(db0 !== null && db1 !== null ? { dbCpuMs: db1 - db0 } : {}),
    ...(failed ? { failed } : {}),
  };
  process.stdout.write(`@@RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

function main(): void {
  // BENCH_DATABASES=postgres to measure one of them only; BENCH_RUNS=pglite:100000,postgres:1000000
  // for exactly these runs (a million rows on PGlite takes many minutes).
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
    .split(',')
    .filter((k) => k === 'pglite' || (k === 'postgres' && process.env.DATABASE_URL));
  const runs = process.env.BENCH_RUNS
    ? process.env.BENCH_RUNS.split(',').map((r) => {
        const [kind, rows] = r.split(':');
        return { kind: kind!, rows: Number(rows) };
      })
    : SIZES.flatMap((rows) => kinds.map((kind) => ({ kind, rows })));
  const results: Result[] = [];
  for (const { kind, rows } of runs) {
    const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--child', kind, String(rows)], {
      env: process.env,
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = out.split('\n').find((l) => l.startsWith('@@RESULT '));
    if (!line) throw new Error(`no result from the ${kind} run of ${rows} rows`);
    results.push(JSON.parse(line.slice(9)) as Result);
    console.log(line);
  }
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rate = (r: Result) => r.rows / (r.totalMs / 1000);
  const goal = results
    .filter((r) => r.db === 'postgres' && r.rows >= 1_000_000)
    .map(
      (r) =>
        `Goal of issue #20 on PostgreSQL, ${r.rows.toLocaleString('en')} rows: at least 50,000 rows/s (${Math.round(rate(r)).toLocaleString('en')}: ${
          !r.failed && rate(r) >= 50_000 ? 'met' : 'not met'
        }) and peak RSS less than 300 MiB above the start (${(r.peakRssMb - r.baseRssMb).toFixed(0)} MiB: ${
          r.peakRssMb - r.baseRssMb < 300 ? 'met' : 'not met'
        }).`,
    );
  const file = path.join(__dirname, 'results', 'royalty-import.md');
  // Every earlier run stays below the new one: a report is a record of what was measured then.
  const earlier = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .replace(/^# .*\n/, '')
        .trim()
    : '';
  const report = [
    `# Royalty import benchmark (${new Date().toISOString().slice(0, 10)})`,
    '',
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: streamed import`,
    '',
    `Sales rows in one CSV (5 licenses, 100 approved products, 4 territories), generated as a stream of 64 KB chunks (as an upload arrives) and imported by lib/server/sales/stream-import: read by lib/server/sales/csv-records (lines split directly while the file has no quote, csv-parse from the first quoted record; records handed on a batch at a time), rows checked against their licenses in batches of 5,000 (each license, product and territory worked out once per batch), each batch's COPY text built from per-product shared text with keys in ascending runs of 100,000, loaded with COPY (FROM STDIN on PostgreSQL, from /dev/blob on PGlite) while the next batch is parsed, all in one transaction with the report and the cfl review. Time is from the first byte to the commit. Each size and database in a child process of its own; RSS sampled every 25 ms; CPU is the importing process's (process.cpuUsage) and the PostgreSQL server's (its processes in /proc). Machine: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), shared with other work (load average ${os.loadavg()[0]!.toFixed(2)}); Node ${process.version}.`,
    '',
    '| database | rows | CSV size | total (first byte → committed) | rows/s | peak RSS | peak − before | import CPU | server CPU | outcome |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.db} | ${r.rows.toLocaleString('en')} | ${(r.csvBytes / 2 ** 20).toFixed(1)} MiB | ${f(r.totalMs)} | ${
          r.failed ? '—' : Math.round(rate(r)).toLocaleString('en')
        } | ${r.peakRssMb.toFixed(0)} MiB | ${(r.peakRssMb - r.baseRssMb).toFixed(0)} MiB | ${
          r.nodeCpuMs === undefined ? '—' : f(r.nodeCpuMs)
        } | ${r.dbCpuMs === undefined ? '—' : f(r.dbCpuMs)} | ${r.failed ? `${r.stored === 0 ? 'refused, nothing stored' : `refused, ${r.stored} rows stored`}: ${r.failed}` : `stored ${r.stored.toLocaleString('en')} rows`} |`,
    ),
    '',
    ...goal,
    process.env.DATABASE_URL ? '' : 'PostgreSQL was not measured: DATABASE_URL was not set.',
    '',
    earlier,
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, report);
  console.log(report);
}

if (process.argv[2] === '--child') void child(process.argv[3]!, Number(process.argv[4]));
else main();
