/**
 * Runs before each API test file (vitest `setupFiles`), before the file imports app modules.
 * Every file gets its own DATA_DIR and, against a real server (DATABASE_URL set), its own database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDb } from '@/lib/server/db/client';
import { resetBlobStoreForTests } from '@/lib/server/storage/blob-store';
import { createDatabase, databaseUrl, dropDatabase } from './databases';
import { TEST_APP_URL, TEST_DEMO_PASSWORD } from './env';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-api-test-'));
process.env.DATA_DIR = dataDir;
process.env.DEMO_PASSWORD = TEST_DEMO_PASSWORD;
process.env.APP_URL = TEST_APP_URL;
// Every request verifies its credentials afresh, so a revoked entry shows at once in assertions.
process.env.AUTH_CACHE_MS = '0';
// Settings a developer's shell might carry that would change what these tests check.
for (const name of [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'NEXTAUTH_URL',
  'NEXTAUTH_SECRET',
  'GATE_ID',
  'GATE_PASSWORD',
  'SEED_DEMO',
  'OIDC_AUDIENCE',
  'ACL_CLIENT',
  'PRODUCT_KEY',
  'SYSTEM_TITLE',
  'LOGIN_MAX_FAILURES',
  'LOGIN_WINDOW_SECONDS',
  'ACCESS_TOKEN_TTL_SECONDS',
  // The file store stays on local disk unless a test points it at its own S3 server.
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
]) {
  delete process.env[name];
}

/** The server the suite was pointed at; the per-file database is created and dropped through it. */
const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
let testDatabase: string | undefined;
// Migrated once for the whole run (tests/api/global-setup.ts); each file starts from a copy.
const template = inject('migratedTemplate');

if (adminUrl) {
  testDatabase = `ipl_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, testDatabase, template?.kind === 'postgres' ? template.database : undefined);
  process.env.DATABASE_URL = databaseUrl(adminUrl, testDatabase);
} else if (template?.kind === 'pglite') {
  fs.cpSync(template.dir, path.join(dataDir, 'pg'), { recursive: true });
}

resetConfigForTests();
resetBlobStoreForTests();

afterAll(async () => {
  await closeDb();
  resetBlobStoreForTests();
  // Process-wide singletons keyed on globalThis must not leak into a later file on a reused worker.
  const g = globalThis as Record<symbol, unknown>;
  delete g[Symbol.for('ipl.boot')];
  delete g[Symbol.for('ipl.oidc-provider')];
  if (adminUrl && testDatabase) {
    await dropDatabase(adminUrl, testDatabase);
    process.env.DATABASE_URL = adminUrl;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});
