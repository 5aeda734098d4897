import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { Sql } from '../../tests/system/database';

/**
 * A PostgreSQL server for benchmarks: BENCH_DATABASE_URL / DATABASE_URL when given, else a
 * throwaway cluster of Debian's binaries on a loopback port, removed afterwards.
 */
export interface BenchPostgres {
  url: (database: string) => string;
  stop: () => void;
  /** Restarts a cluster this process started (fast shutdown: open connections are cut). */
  restart?: () => void;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL binaries not found: apt-get install postgresql, or set BENCH_DATABASE_URL');
  return `${root}/${versions[0]}/bin`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(options: { own?: boolean; port?: number } = {}): Promise<BenchPostgres> {
  const given = options.own ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  if (given) {
    return { url: (db) => given.replace(/\/[^/?]*(\?|$)/, `/${db}$1`), stop: () => undefined };
  }
  const bin = pgBin();
  const dir = fs.mkdtempSync('/tmp/ipl-bench-pg-');
  const port = options.port ?? (await freePort());
  const asPostgres = (cmd: string) => {
    const result = spawnSync('su', ['postgres', '-c', cmd], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd}: ${result.stderr}`);
  };
  execFileSync('chown', ['postgres:postgres', dir]);
  asPostgres(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  // BENCH_PG_OPTIONS adds server settings, e.g. "-c shared_preload_libraries=pg_stat_statements" to see which statements cost.
  const extra = process.env.BENCH_PG_OPTIONS ? ` ${process.env.BENCH_PG_OPTIONS}` : '';
  const start = `${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -c listen_addresses=127.0.0.1 -k /tmp -c max_connections=200 -c fsync=off${extra}" -l ${dir}/log -w`;
  asPostgres(`${start} start >/dev/null`);
  // BENCH_PG_SOCKET=1: connect through the cluster's Unix socket in /tmp rather than loopback TCP.
  const socket = process.env.BENCH_PG_SOCKET === '1' ? '?host=/tmp' : '';
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}${socket}`,
    restart: () => asPostgres(`${start} -m fast restart >/dev/null`),
    stop: () => {
      spawnSync('su', ['postgres', '-c', `${bin}/pg_ctl -D ${dir}/data -m immediate stop`]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * BENCH_PG_STATEMENTS=1 with BENCH_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements":
 * which statements took the server's time in a window, reset at its start.
 */
export const statementsWanted = process.env.BENCH_PG_STATEMENTS === '1';

export async function resetStatements(sql: Sql): Promise<void> {
  await sql.query('create extension if not exists pg_stat_statements');
  await sql.query('select pg_stat_statements_reset()');
}

export async function topStatements(sql: Sql, top = 15): Promise<string> {
  const rows = await sql.query<{ calls: string; total: number; mean: number; query: string }>(
    `select calls, total_exec_time + total_plan_time as total, (total_exec_time + total_plan_time) / nullif(calls, 0) as mean, query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total desc limit $1`,
    [top],
  );
  const all = await sql.query<{ total: number }>(
    `select sum(total_exec_time + total_plan_time) as total from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())`,
  );
  const clip = (q: string) => q.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 160);
  return [
    `Statements by the server's time (${Number(all[0]?.total ?? 0).toFixed(0)} ms in all):`,
    '',
    '| calls | total ms | mean ms | statement |',
    '|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.calls} | ${Number(r.total).toFixed(0)} | ${Number(r.mean).toFixed(3)} | \`${clip(r.query)}\` |`),
  ].join('\n');
}
