import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

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
  const start = `${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -c listen_addresses=127.0.0.1 -k /tmp -c max_connections=200 -c fsync=off" -l ${dir}/log -w`;
  asPostgres(`${start} start >/dev/null`);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    restart: () => asPostgres(`${start} -m fast restart >/dev/null`),
    stop: () => {
      spawnSync('su', ['postgres', '-c', `${bin}/pg_ctl -D ${dir}/data -m immediate stop`]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
