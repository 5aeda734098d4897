import { getConfig } from '../config';
import { LOCKS, withAdvisoryLock } from './db/advisory-lock';
import { getDbHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { seed, type SeededAccount } from './db/seed';
import { getSecrets } from './secrets';

export interface BootResult {
  database: 'pglite' | 'postgres';
  accounts: SeededAccount[];
  demoPassword: string;
}

const bootKey = Symbol.for('ipl.boot');
type GlobalWithBoot = typeof globalThis & { [bootKey]?: Promise<BootResult> };

async function boot(): Promise<BootResult> {
  const handle = await getDbHandle();
  const demoPassword = getConfig().demo.password ?? getSecrets().demoPassword;
  const accounts = await withAdvisoryLock(handle, LOCKS.boot, async () => {
    await runMigrations(handle);
    return seed(handle.db, demoPassword);
  });
  return { database: handle.kind, accounts, demoPassword };
}

/** Migrations and seed run once per process, before the first request needs the database. */
export function ensureReady(): Promise<BootResult> {
  const g = globalThis as GlobalWithBoot;
  g[bootKey] ??= boot().catch((err: unknown) => {
    delete g[bootKey];
    throw err;
  });
  return g[bootKey];
}

export function printStartBanner(result: BootResult): void {
  const config = getConfig();
  const lines = [
    '',
    `  ${config.systemTitle} is ready at ${config.appUrl}`,
    `  database: ${result.database === 'pglite' ? `PGlite in ${config.dataDir}/pg` : 'PostgreSQL (DATABASE_URL)'}`,
    `  identity provider: ${config.oidc.embedded ? `embedded at ${config.oidc.issuer}` : config.oidc.issuer}`,
    `  runtime: Node ${process.version}`,
  ];
  if (result.accounts.length) {
    lines.push('', `  Demo accounts (password for all: ${result.demoPassword})`);
    const width = Math.max(...result.accounts.map((a) => a.id.length));
    for (const account of result.accounts) {
      lines.push(`    ${account.id.padEnd(width)}  ${account.email.padEnd(30)}  ${account.access.join(', ')}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}
