// `npm run db:migrate` / `npm run db:seed`: the same steps the server runs on start, for
// operators who want them separately (e.g. before rolling out several replicas).
import { closeDb, getDbHandle } from '../lib/server/db/client';
import { runMigrations } from '../lib/server/db/migrate';
import { ensureReady, printStartBanner } from '../lib/server/boot';

async function main() {
  const command = process.argv[2];
  if (command === 'migrate') {
    await runMigrations(await getDbHandle());
    console.log('migrations applied');
  } else if (command === 'seed') {
    printStartBanner(await ensureReady());
  } else {
    console.error('usage: db.ts migrate|seed');
    process.exitCode = 2;
  }
  await closeDb();
}

void main();
