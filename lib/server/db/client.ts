import fs from 'node:fs';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { getConfig } from '../../config';
import * as entitySchema from './entities-schema';
import { answerCacheOn } from './answer-cache';
import { listenForVersions, type LocalVersions } from './local-versions';
import { nameStatements } from './statement-names';
import * as platformSchema from './platform-schema';
import * as foundationSchema from './schema';

/** Every table, for Drizzle instances made over one connection (a bulk transaction of its own). */
export const schema = { ...foundationSchema, ...entitySchema, ...platformSchema };

/**
 * Both drivers give a Drizzle Postgres database with the same query API; the PGlite one is
 * typed as the node-postgres one so services need not care which they run on.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool on PostgreSQL, for work that needs one connection of its own. */
  pool?: Pool;
  /**
   * PGlite: the tables' committed writes as this process saw them (local-versions.ts), which the
   * answer cache uses once it has proven the database's trigger reports them.
   */
  localVersions?: LocalVersions;
  close: () => Promise<void>;
}

const globalKey = Symbol.for('ipl.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

async function open(): Promise<DbHandle> {
  const config = getConfig();
  if (config.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolMax,
      // A dead server must fail requests, not hang them.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    });
    // An idle client losing its server must not take the process down; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    // Statements are prepared once per connection rather than parsed and planned on every run.
    pool.on('connect', nameStatements);
    return { db: drizzle(pool, { schema }), kind: 'postgres', pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(config.dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  // Nothing but this process writes here, so it can know which tables changed (answer-cache.ts).
  const localVersions = answerCacheOn ? await listenForVersions(client) : undefined;
  return { db, kind: 'pglite', localVersions, close: () => client.close() };
}

/**
 * One database handle per process, opened on first use (never during `next build`). PGlite
 * takes no lock on its directory, so a second handle in the same process would corrupt it.
 */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= open().catch((err: unknown) => {
    delete g[globalKey];
    throw err;
  });
  return g[globalKey];
}

/**
 * The process's open handle when `db` is its database (not a transaction, not a database opened
 * elsewhere), else undefined; never opens one.
 */
export async function sharedHandleOf(db: unknown): Promise<DbHandle | undefined> {
  const opening = (globalThis as GlobalWithDb)[globalKey];
  if (!opening) return undefined;
  const handle = await opening.catch(() => undefined);
  return handle?.db === db ? handle : undefined;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[globalKey];
  delete g[globalKey];
  if (handle) await (await handle).close();
}
