/**
 * The database a system test runs the server on, reachable from the test for setup and for
 * counting afterwards: a throwaway PostgreSQL database, or the embedded PGlite directory (which has
 * one owner at a time, so the test opens it only while the server is stopped).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startPostgres, type BenchPostgres } from '../../bench/lib/postgres';

export type DbKind = 'pglite' | 'postgres';

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface TestDatabase {
  kind: DbKind;
  dataDir: string;
  /** Settings for the server process. */
  env: Record<string, string>;
  /** Runs `fn` with a connection; for PGlite only while the server is stopped. */
  use<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  server?: BenchPostgres;
  dispose(): Promise<void>;
}

export async function createDatabase(kind: DbKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ipl-system-${kind}-`));
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      env: { DATA_DIR: dataDir },
      async use(fn) {
        const db = await PGlite.create(path.join(dataDir, 'pg'));
        try {
          return await fn({ query: async (text, params) => (await db.query(text, params)).rows as never[] });
        } finally {
          await db.close();
        }
      },
      async dispose() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // A cluster of its own, so the fault test may restart it.
  const server = await startPostgres({ own: true });
  const name = `ipl_system_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: server.url(name), max: 4 });
  // The server may be restarted under the pool: idle clients dying is expected, not fatal.
  pool.on('error', () => undefined);
  return {
    kind,
    dataDir,
    server,
    env: { DATA_DIR: dataDir, DATABASE_URL: server.url(name) },
    use: (fn) => fn({ query: async (text, params) => (await pool.query(text, params as unknown[])).rows as never[] }),
    async dispose() {
      await pool.end().catch(() => undefined);
      const again = new pg.Client({ connectionString: server.url('postgres') });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await again.end();
      server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
