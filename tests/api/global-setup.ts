/**
 * Runs once per API run (vitest `globalSetup`), before any test file. Creating a database and
 * applying every migration costs each file about five seconds on PGlite (its initdb runs in
 * WebAssembly); doing it once here and giving each file a copy (a directory copy on PGlite, a
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL) takes a fraction of that. The seed still runs in
 * each file, with that file's own secrets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { DbHandle } from '@/lib/server/db/client';
import { runMigrations } from '@/lib/server/db/migrate';
import { createDatabase, databaseUrl, dropDatabase } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory to copy, or a migrated PostgreSQL database to clone. */
    migratedTemplate: { kind: 'pglite'; dir: string } | { kind: 'postgres'; database: string };
  }
}

async function pgliteTemplate(): Promise<{ dir: string; cleanup: () => void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-api-template-'));
  const dir = path.join(root, 'pg');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir);
  const handle = { db: drizzle(client), kind: 'pglite', close: () => client.close() } as unknown as DbHandle;
  try {
    await runMigrations(handle);
  } finally {
    await client.close();
  }
  return { dir, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

async function postgresTemplate(adminUrl: string): Promise<{ database: string; cleanup: () => Promise<void> }> {
  const database = `ipl_template_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, database);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // A database with a connection open cannot be a template: the pool is ended before any file clones it.
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, database), max: 1 });
  try {
    await runMigrations({ db: drizzle(pool), kind: 'postgres', pool, close: () => pool.end() } as unknown as DbHandle);
  } finally {
    await pool.end();
  }
  return {
    database,
    cleanup: () => dropDatabase(adminUrl, database),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (adminUrl) {
    const template = await postgresTemplate(adminUrl);
    project.provide('migratedTemplate', { kind: 'postgres', database: template.database });
    return template.cleanup;
  }
  const template = await pgliteTemplate();
  project.provide('migratedTemplate', { kind: 'pglite', dir: template.dir });
  return async () => template.cleanup();
}
