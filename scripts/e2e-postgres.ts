/**
 * The journeys' PostgreSQL. Playwright starts this first among its web servers: a throwaway
 * cluster of Debian's binaries (or the server at E2E_DATABASE_URL), one fresh database per name
 * given on the command line, and an HTTP answer on <ready-port> once they exist, which is
 * what Playwright waits for before it starts the app servers that use them. SIGTERM (Playwright's
 * graceful shutdown) drops the databases or removes the cluster.
 *
 *   tsx scripts/e2e-postgres.ts <ready-port> <cluster-port> <database>...
 */
import http from 'node:http';
import pg from 'pg';
import { startPostgres, type BenchPostgres } from '../bench/lib/postgres';

async function run(statements: string[], server: BenchPostgres) {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function main() {
  const [readyPort, clusterPort, ...names] = process.argv.slice(2);
  if (!readyPort || !clusterPort || !names.length || names.some((n) => !/^[a-z_][a-z0-9_]*$/.test(n))) {
    throw new Error('usage: tsx scripts/e2e-postgres.ts <ready-port> <cluster-port> <database>...');
  }
  const given = process.env.E2E_DATABASE_URL;
  // startPostgres reads BENCH_DATABASE_URL/DATABASE_URL; the journeys only ever use their own.
  const server: BenchPostgres = given
    ? { url: (db) => given.replace(/\/[^/?]*(\?|$)/, `/${db}$1`), stop: () => undefined }
    : await startPostgres({ own: true, port: Number(clusterPort) });
  const drops = names.map((n) => `drop database if exists ${n} with (force)`);
  await run([...drops, ...names.map((n) => `create database ${n}`)], server);

  const ready = http.createServer((_req, res) => res.end('ready')).listen(Number(readyPort), '127.0.0.1');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    ready.close();
    if (given) await run(drops, server).catch(() => undefined);
    server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Playwright's own process gone without a signal (killed): do not leave a cluster behind.
  process.on('disconnect', stop);
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop();
    }
  }, 2000).unref();
  // The cluster's URL for each database, for whoever reads the server log.
  for (const n of names) console.log(`e2e database ${n}: ${server.url(n)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
