/**
 * The server's output read by a tool that then exits (`… | tee log`, a log shipper that died): the
 * server's next log line fails with EPIPE. It must keep answering, and not spend a core on logging
 * the failed write to the same closed pipe, as it did before (the failure was an uncaught error,
 * logged to stderr, which failed again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuOf, seconds } from '../../bench/lib/proc-cpu';
import { startApp, type AppProcess } from './app';
import { call, SECRET, sessionCookie } from './client';
import { createDatabase, type TestDatabase } from './database';
import { publishedIp, subOf } from './people';

const PORT = 3197;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuSeconds = (pid: number) => {
  const cpu = cpuOf(pid);
  return cpu ? seconds(cpu) : NaN;
};

describe.skipIf(process.platform !== 'linux')('a server whose output nobody reads any more', () => {
  let db: TestDatabase;
  let app: AppProcess;
  let designer = '';
  let ip = '';

  beforeAll(async () => {
    db = await createDatabase('postgres');
    app = await startApp(PORT, { ...db.env, NEXTAUTH_SECRET: SECRET, DEMO_PASSWORD: 'system-demo-password' });
    await db.use(async (sql) => {
      designer = await sessionCookie(await subOf(sql, 'designer@example.com'));
      ip = await publishedIp(sql, 'Output gone character');
    });
  }, 300_000);

  afterAll(async () => {
    await app?.kill();
    await db?.dispose();
  }, 120_000);

  it('keeps answering, and idles while its log lines fail', async () => {
    // A server just started is still busy for a while (the render thread loads React PDF, the
    // demo business is seeded): the measure starts from an idle one.
    for (let second = 0; ; second++) {
      const from = cpuSeconds(app.pid);
      await sleep(1_000);
      if (cpuSeconds(app.pid) - from < 0.2) break;
      if (second > 90) throw new Error('the server never went idle');
    }
    app.closeOutput();
    // An application for a permit: its mail to the brand's reviewers is a job, and the job worker
    // logs what it did (or why it could not).
    const applied = await call(app.url, 'POST', '/api/v1/Usage', designer, { ip, purpose: 'output gone' });
    expect(applied).toMatchObject({ http: 200, status: 0 });
    await sleep(2_000);
    const before = cpuSeconds(app.pid);
    await sleep(3_000);
    // Spinning on the failed writes took a whole core: some 3 s of CPU here.
    expect(cpuSeconds(app.pid) - before).toBeLessThan(0.6);
    const again = await call(app.url, 'POST', '/api/v1/Usage', designer, { ip, purpose: 'output gone, again' });
    expect(again).toMatchObject({ http: 200, status: 0 });
  }, 150_000);
});
