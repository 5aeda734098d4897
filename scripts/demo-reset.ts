// `npm run demo:reset`: rebuilds the demo business from nothing. The database's tables are dropped
// and made again by the migrations, then the accounts and the demo business are seeded as on a
// first start. Run it with the server stopped (PGlite has one owner).
import { sql } from 'drizzle-orm';
import { closeDb, getDbHandle } from '../lib/server/db/client';
import { ensureReady, printStartBanner } from '../lib/server/boot';
import { seedDemoOnStart } from '../lib/server/demo/on-start';

async function main() {
  const handle = await getDbHandle();
  await handle.db.execute(sql`drop schema if exists public cascade`);
  await handle.db.execute(sql`drop schema if exists drizzle cascade`);
  await handle.db.execute(sql`create schema public`);
  const boot = await ensureReady();
  printStartBanner(boot);
  await seedDemoOnStart(boot.demoPassword);
  await closeDb();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
