/** Databases of the API runs on a PostgreSQL server: the run's template and each file's copy. */
import pg from 'pg';

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** The names are ours (hex), so quoting is enough; CREATE DATABASE takes no parameters. */
export function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  return onServer(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Dropped even with connections left open; a failure is reported, never thrown, at the end of a run. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  try {
    await onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch (err) {
    console.warn(`[api tests] could not drop ${name}: ${(err as Error).message}`);
  }
}
