/**
 * bench/run-all: every benchmark in one command, on the embedded PGlite and on a PostgreSQL
 * server, gathered into one markdown report under bench/results/report-<date>.md with the machine
 * it ran on. Needs a production build (`npx next build`) for the API benchmark and page weights.
 *
 *   npm run bench            (BENCH_QUICK=1 for a short smoke run with small sizes)
 *
 * BENCH_REUSE=stats-pglite,stats-postgres takes those sections from their last written result
 * instead of running them again (the 1,000,000-row seeds take minutes); the report says when
 * each reused section was measured.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from './lib/postgres';
import { pageWeightsReport } from './page-weights';

const root = path.resolve(__dirname, '..');
const results = path.join(__dirname, 'results');
const quick = process.env.BENCH_QUICK === '1';

interface Job {
  /** Names the job in BENCH_REUSE. */
  id: string;
  title: string;
  script: string;
  env: Record<string, string | undefined>;
  /** The file the script writes its own report to. */
  output: string | ((date: string) => string);
}

const reuse = new Set((process.env.BENCH_REUSE ?? '').split(',').filter(Boolean));

function sectionBody(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/^# .*\n/, '')
    .trim();
}

function run(job: Job, date: string): string {
  const earlier = path.join(results, typeof job.output === 'string' ? job.output : job.output(date));
  if (reuse.has(job.id) && fs.existsSync(earlier)) {
    const when = fs.statSync(earlier).mtime.toISOString().replace('T', ' ').slice(0, 16);
    return `## ${job.title}\n\n_Reused from the run of ${when} UTC (BENCH_REUSE)._\n\n${sectionBody(earlier)}`;
  }
  const started = Date.now();
  console.log(`\n== ${job.title} ==`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(job.env)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [job.script], {
    cwd: root,
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --max-old-space-size=6144`.trim() },
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const file = path.join(results, typeof job.output === 'string' ? job.output : job.output(date));
  if (result.status !== 0 || !fs.existsSync(file)) return `## ${job.title}\n\nFailed (exit ${result.status}) after ${seconds} s.`;
  return `## ${job.title}\n\n_${seconds} s wall time._\n\n${sectionBody(file)}`;
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  fs.mkdirSync(results, { recursive: true });
  const pgServer = await startPostgres({ own: !process.env.BENCH_DATABASE_URL });
  const sections: string[] = [];
  // A fresh database per benchmark, so no run measures another's leftovers.
  const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
  await admin.connect();
  const fresh = async (name: string) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return pgServer.url(name);
  };
  try {
    const pgUrl = pgServer.url('postgres');
    const small = quick
      ? { BENCH_ROWS: '10000', BENCH_DURATION: '3', BENCH_ZIP_FILES: '50', BENCH_ZIP_SIZES: '200k', BENCH_STATS_ROWS: '20000' }
      : {};
    const jobs: Job[] = [
      {
        id: 'api',
        title: 'API query throughput vs bare node:http + pg (100,000 records)',
        script: 'bench/api.ts',
        env: { ...small, BENCH_DATABASE_URL: pgUrl },
        output: (d) => `api-${d}.md`,
      },
      {
        id: 'stats-pglite',
        title: 'Holder statistics over 1,000,000 sales rows — PGlite',
        script: 'bench/stats.ts',
        env: { ...small, DATABASE_URL: undefined },
        output: 'stats-pglite.md',
      },
      {
        id: 'stats-postgres',
        title: 'Holder statistics over 1,000,000 sales rows — PostgreSQL',
        script: 'bench/stats.ts',
        env: { ...small, DATABASE_URL: await fresh('bench_stats') },
        output: 'stats-postgres.md',
      },
      {
        id: 'load-postgres',
        title: 'Mixed load of 200 connections — PostgreSQL',
        script: 'bench/load.ts',
        env: {
          ...(quick ? { BENCH_DURATION: '5', BENCH_CONNECTIONS: '20', BENCH_PERMITS: '40', BENCH_LICENSES: '6' } : {}),
          BENCH_DB: 'postgres',
        },
        output: 'load-postgres.md',
      },
      {
        id: 'load-pglite',
        title: 'Mixed load of 200 connections — PGlite',
        script: 'bench/load.ts',
        env: {
          ...(quick ? { BENCH_DURATION: '5', BENCH_CONNECTIONS: '20', BENCH_PERMITS: '40', BENCH_LICENSES: '6' } : {}),
          BENCH_DB: 'pglite',
        },
        output: 'load-pglite.md',
      },
      {
        id: 'pages-postgres',
        title: 'Server time of the five heaviest pages over 100,000 records — PostgreSQL',
        script: 'bench/page-server-time.ts',
        env: { ...(quick ? { BENCH_ROWS: '5000', BENCH_LOADS: '5' } : {}), BENCH_DB: 'postgres' },
        output: 'page-server-time-postgres.md',
      },
      {
        id: 'pages-pglite',
        title: 'Server time of the five heaviest pages over 100,000 records — PGlite',
        script: 'bench/page-server-time.ts',
        env: { ...(quick ? { BENCH_ROWS: '5000', BENCH_LOADS: '5' } : {}), BENCH_DB: 'pglite' },
        output: 'page-server-time-pglite.md',
      },
      {
        id: 'royalty',
        title: 'Royalty CSV import of 100,000 and 1,000,000 rows — PGlite and PostgreSQL',
        script: 'bench/royalty-import.ts',
        env: { ...small, ...(quick ? { BENCH_ROWS: '10000,20000' } : {}), DATABASE_URL: await fresh('bench_royalty') },
        output: 'royalty-import.md',
      },
      {
        id: 'zip-pglite',
        title: 'Batch zip of 500 files — PGlite',
        script: 'bench/batch-download.ts',
        env: { ...small, DATABASE_URL: undefined },
        output: 'batch-download-pglite.md',
      },
      {
        id: 'zip-postgres',
        title: 'Batch zip of 500 files — PostgreSQL',
        script: 'bench/batch-download.ts',
        env: { ...small, DATABASE_URL: await fresh('bench_zip') },
        output: 'batch-download-postgres.md',
      },
    ];
    for (const job of jobs) sections.push(run(job, date));
    sections.push(pageWeightsReport());
  } finally {
    await admin.end();
    pgServer.stop();
  }
  const cpu = os.cpus();
  const report = [
    `# Benchmark report ${date}${quick ? ' (quick smoke run: reduced sizes)' : ''}`,
    '',
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}. Load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  const file = path.join(results, `report-${date}${quick ? '-quick' : ''}.md`);
  fs.writeFileSync(file, report);
  console.log(`\nReport written to ${path.relative(root, file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
