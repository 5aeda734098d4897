/**
 * bench/version-bump: what the answer cache's version triggers (migration 0026) cost writers.
 * Clients create IPs on PostgreSQL as the app does, each in a transaction that goes on working
 * after the insert (a notification row and a short wait, holding the bump's row lock as a real
 * command would), with the triggers off, as shipped (each writer inserts its own row; no waiting),
 * and with one counter row a table updated by every writer (each writer of a table queues on it
 * until the one holding it commits).
 *
 *   npx tsx bench/version-bump.ts     (BENCH_DURATION=s, BENCH_CLIENTS=32,200, BENCH_WORK_MS=5)
 */
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPostgres } from './lib/postgres';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '32,200').split(',').map(Number);
const WORK_MS = Number(process.env.BENCH_WORK_MS ?? 5);
const TABLES = ['ips', 'notifications'];

const SINGLE_ROW = `CREATE OR REPLACE FUNCTION "data_version_bump"() RETURNS trigger AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql`;

interface Result {
  variant: string;
  clients: number;
  commits: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function run(pool: pg.Pool, variant: string, clients: number): Promise<Result> {
  const until = Date.now() + DURATION * 1000;
  const times: number[] = [];
  let errors = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, lane) => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const i = `${lane}-${n++}-${Math.random().toString(36).slice(2, 8)}`;
          const start = performance.now();
          try {
            await client.query('begin');
            await client.query(`insert into ips (key, reference, name, kind, state) values ($1, $2, $3, 'primary', 'draft')`, [
              `k${i}`,
              `BUMP-${i}`,
              `bump ${i}`,
            ]);
            await client.query(
              `insert into notifications (key, target, subject, content) values ($1, 'someone', 'created', '')`,
              [`n${i}`],
            );
            await client.query(`select pg_sleep($1)`, [WORK_MS / 1000]);
            await client.query('commit');
            times.push(performance.now() - start);
          } catch (err) {
            errors++;
            await client.query('rollback').catch(() => undefined);
            if (errors < 3) console.error(variant, (err as Error).message);
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    variant,
    clients,
    commits: times.length,
    perSecond: times.length / DURATION,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
  };
}

async function setVariant(pool: pg.Pool, variant: 'off' | 'shipped' | 'one row', shipped: string): Promise<void> {
  const toggle = variant === 'off' ? 'disable' : 'enable';
  for (const t of TABLES) await pool.query(`alter table ${t} ${toggle} trigger data_version_bump`);
  await pool.query(variant === 'one row' ? SINGLE_ROW : shipped);
}

async function main() {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('drop database if exists ipl_bump');
  await admin.query('create database ipl_bump');
  await admin.end();
  const pool = new pg.Pool({ connectionString: server.url('ipl_bump'), max: Math.max(...CLIENTS) + 2 });
  const lines: string[] = [];
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(__dirname, '..', 'lib/server/db/migrations') });
    const shipped = (await pool.query<{ def: string }>(`select pg_get_functiondef('data_version_bump'::regproc) as def`)).rows[0]!
      .def;
    const results: Result[] = [];
    // Each variant in turn per round, twice, so a busy machine weighs on all alike.
    for (const clients of CLIENTS) {
      for (let round = 0; round < 2; round++) {
        for (const variant of ['off', 'shipped', 'one row'] as const) {
          await setVariant(pool, variant, shipped);
          const label =
            variant === 'off'
              ? 'triggers off'
              : variant === 'shipped'
                ? 'as shipped (a row per writing transaction)'
                : 'one counter row a table';
          results.push(await run(pool, label, clients));
          console.log(JSON.stringify(results.at(-1)));
        }
      }
    }
    await setVariant(pool, 'shipped', shipped);
    lines.push(
      `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
      '',
      `Each transaction: insert an IP, insert a notification, wait ${WORK_MS} ms, commit; ${DURATION} s a run.`,
      '',
      '| writers | variant | commits/s | p50 ms | p99 ms | errors |',
      '|---:|---|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.clients} | ${r.variant} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
      ),
    );
    console.log(lines.join('\n'));
  } finally {
    await pool.end();
    server.stop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
