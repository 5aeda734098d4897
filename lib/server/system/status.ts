import { sql } from 'drizzle-orm';
import packageJson from '../../../package.json';
import { getConfig } from '../../config';
import { getDb } from '../db/client';

/** Core data for the connection indicator: a label and a version, plus whether the database answers. */
export async function serverStatus(): Promise<{ label: string; version: string; database: boolean }> {
  let database = false;
  try {
    await (await getDb()).execute(sql`select 1`);
    database = true;
  } catch {
    database = false;
  }
  return { label: getConfig().systemTitle, version: packageJson.version, database };
}
