/**
 * Faults (issue 10): the server killed with SIGKILL in the middle of a royalty import and of
 * approvals, then started again on the same data, on the embedded PGlite and on PostgreSQL: each
 * command is in the database whole or not at all. PostgreSQL restarted under load: the app
 * reconnects by itself, no request hangs, and answers are successes again once it is back.
 * The SMTP server going away is in smtp-outage.test.ts (and, in-process, tests/api/mail.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './app';
import { call, SECRET, sessionCookie, type Answer } from './client';
import { createDatabase, type DbKind, type Sql, type TestDatabase } from './database';
import { licensedProduct, publishedIp, subOf } from './people';

const ROWS = Number(process.env.FAULT_IMPORT_ROWS ?? 20_000);
const serverEnv = (db: TestDatabase) => ({ ...db.env, NEXTAUTH_SECRET: SECRET, DEMO_PASSWORD: 'system-demo-password' });

function importBody(org: string, license: string, sku: string, fileName: string) {
  const lines = ['License,SKU,Country,Qty,Gross,Net'];
  for (let i = 0; i < ROWS; i++) lines.push(`${license},${sku},JP,${1 + (i % 9)},${1000 + i},${900 + i}`);
  return {
    licensee: org,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    file_name: fileName,
    content_base64: Buffer.from(lines.join('\n')).toString('base64'),
    mapping: { license: 'License', product: 'SKU', territory: 'Country', units: 'Qty', gross_sales: 'Gross', net_sales: 'Net' },
  };
}

async function importState(sql: Sql, fileName: string): Promise<{ reports: number; declared: number; rows: number }> {
  const reports = await sql.query<{ key: string; row_count: number }>(
    `select key, row_count from sales_reports where file_name = $1`,
    [fileName],
  );
  const [rows] = await sql.query<{ n: string }>(
    `select count(*) as n from sales where report in (select key from sales_reports where file_name = $1)`,
    [fileName],
  );
  return { reports: reports.length, declared: reports.reduce((n, r) => n + Number(r.row_count), 0), rows: Number(rows!.n) };
}

describe.each<DbKind>(['pglite', 'postgres'])('SIGKILL mid-command on %s', (kind) => {
  let db: TestDatabase;
  let app: AppProcess;
  const port = kind === 'pglite' ? 3191 : 3192;
  const cookies: Record<string, string> = {};
  let fx: { org: string; license: string; product: string; sku: string };
  let ip = '';

  // PGlite has one owner at a time: set up with the server stopped, then start it.
  const withServerStopped = async <T>(fn: (sql: Sql) => Promise<T>): Promise<T> => {
    if (kind === 'pglite') await app.stop();
    try {
      return await db.use(fn);
    } finally {
      if (kind === 'pglite') app = await startApp(port, serverEnv(db));
    }
  };

  beforeAll(async () => {
    db = await createDatabase(kind);
    app = await startApp(port, serverEnv(db));
    await withServerStopped(async (sql) => {
      cookies.owner = await sessionCookie(await subOf(sql, 'licensee@example.com'));
      cookies.brand = await sessionCookie(await subOf(sql, 'brand@example.com'));
      cookies.designer = await sessionCookie(await subOf(sql, 'designer@example.com'));
      ip = await publishedIp(sql, `Fault test character ${kind}`);
      fx = await licensedProduct(sql, ip);
    });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await db?.dispose();
  }, 120_000);

  it(`a royalty import of ${ROWS.toLocaleString('en')} rows is all there or not there at all`, async () => {
    // One whole import first: its duration tells where "the middle" is.
    const started = Date.now();
    const whole = await call(
      app.url,
      'POST',
      '/api/sales/import',
      cookies.owner!,
      importBody(fx.org, fx.license, fx.sku, 'whole.csv'),
      300_000,
    );
    expect(whole.status, JSON.stringify(whole.data).slice(0, 300)).toBe(0);
    const duration = Date.now() - started;
    const outcomes: string[] = [];
    for (const fraction of [0.2, 0.5, 0.95]) {
      const fileName = `killed-${fraction}.csv`;
      const pendingAnswer = call(
        app.url,
        'POST',
        '/api/sales/import',
        cookies.owner!,
        importBody(fx.org, fx.license, fx.sku, fileName),
        300_000,
      );
      await new Promise((r) => setTimeout(r, Math.round(duration * fraction)));
      await app.kill();
      const answer: Answer = await pendingAnswer;
      expect(answer.http === 0 || answer.status === 0).toBe(true);
      const state = await db.use((sql) => importState(sql, fileName));
      app = await startApp(port, serverEnv(db));
      if (state.reports === 0) {
        expect(state.rows).toBe(0);
        outcomes.push(`${fraction}: none`);
      } else {
        expect(state).toEqual({ reports: 1, declared: ROWS, rows: ROWS });
        outcomes.push(`${fraction}: all`);
      }
    }
    console.log(`[faults ${kind}] import of ${ROWS} rows took ${duration} ms; killed at 20/50/95 %: ${outcomes.join(', ')}`);
    // The server that came back takes the same import whole.
    const again = await call(
      app.url,
      'POST',
      '/api/sales/import',
      cookies.owner!,
      importBody(fx.org, fx.license, fx.sku, 'after.csv'),
      300_000,
    );
    expect(again.status).toBe(0);
    expect(await withServerStopped((sql) => importState(sql, 'after.csv'))).toEqual({ reports: 1, declared: ROWS, rows: ROWS });
  });

  it('approvals cut by SIGKILL leave each permit either approved with its decision, or untouched', async () => {
    const permits: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await call(app.url, 'POST', '/api/v1/Usage', cookies.designer!, { ip, purpose: `fault permit ${i}` });
      expect(res.status, JSON.stringify(res.data)).toBe(0);
      permits.push(String(res.data!.key));
    }
    // One approval alone says how long one takes; the rest run in 4 lanes and the kill comes
    // about half way through, so some are committed, some cut and some never started.
    const first = Date.now();
    const one = await call(app.url, 'POST', `/api/v1/Holder/approve/usages/${permits[0]}`, cookies.brand!, {
      decision: 'approved',
    });
    expect(one.status).toBe(0);
    const each = Date.now() - first;
    const settled: Answer[] = new Array(permits.length);
    settled[0] = one;
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = 1 + lane; i < permits.length; i += 4) {
        settled[i] = await call(
          app.url,
          'POST',
          `/api/v1/Holder/approve/usages/${permits[i]}`,
          cookies.brand!,
          { decision: 'approved' },
          60_000,
        );
        if (settled[i]!.http === 0) break;
      }
    });
    await new Promise((r) => setTimeout(r, Math.max(20, Math.round((each * (permits.length - 1)) / 8))));
    await app.kill();
    await Promise.all(lanes);
    const confirmed = permits.filter((_, i) => settled[i]?.status === 0);
    const check = async (sql: Sql) => {
      const usages = await sql.query<{ key: string; state: string }>(`select key, state from usages where key = any($1)`, [
        permits,
      ]);
      const reviews = await sql.query<{ subject_key: string; state: string }>(
        `select subject_key, state from reviews where subject_key = any($1)`,
        [permits],
      );
      const logs = await sql.query<{ key: string; n: string }>(
        `select key, count(*) as n from log_workflow where key = any($1) and action = 'approved' group by key`,
        [permits],
      );
      return { usages, reviews, logs };
    };
    const after = await db.use(check);
    app = await startApp(port, serverEnv(db));
    const approved = after.usages.filter((u) => u.state === 'approved').map((u) => u.key);
    // Every approval the client saw confirmed is in the database.
    expect(confirmed.filter((k) => !approved.includes(k))).toEqual([]);
    for (const key of permits) {
      const usage = after.usages.find((u) => u.key === key)!;
      const reviews = after.reviews.filter((r) => r.subject_key === key);
      expect(reviews).toHaveLength(1);
      const logged = Number(after.logs.find((l) => l.key === key)?.n ?? 0);
      if (usage.state === 'approved') expect([reviews[0]!.state, logged]).toEqual([expect.not.stringMatching(/^pending$/), 1]);
      else expect([usage.state, reviews[0]!.state]).toEqual(['requested', 'pending']);
    }
    console.log(`[faults ${kind}] approvals: ${approved.length} of ${permits.length} committed before the kill`);
    // The rest can still be approved after the restart, each once.
    for (const key of permits.filter((k) => !approved.includes(k))) {
      const res = await call(app.url, 'POST', `/api/v1/Holder/approve/usages/${key}`, cookies.brand!, { decision: 'approved' });
      expect(res.status).toBe(0);
    }
  });
});

describe('PostgreSQL restarted under load', () => {
  let db: TestDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    db = await createDatabase('postgres');
    app = await startApp(3193, { ...serverEnv(db), AUTH_CACHE_MS: '0' });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await db?.dispose();
  }, 120_000);

  it('reconnects by itself; no request hangs; answers are successes again afterwards', async () => {
    const cookie = await db.use(async (sql) => sessionCookie(await subOf(sql, 'holder@example.com')));
    const answers: (Answer & { at: number })[] = [];
    const started = Date.now();
    const until = started + 16_000;
    let restartedAt = 0;
    const worker = async () => {
      while (Date.now() < until) {
        const at = Date.now();
        const answer = await call(app.url, 'POST', '/api/v1/IP/query', cookie, { limit: 5 }, 20_000);
        answers.push({ ...answer, at });
      }
    };
    const restart = (async () => {
      await new Promise((r) => setTimeout(r, 4000));
      db.server!.restart!();
      restartedAt = Date.now();
    })();
    await Promise.all([...Array.from({ length: 20 }, worker), restart]);
    const hung = answers.filter((a) => a.error?.startsWith('timeout'));
    const failures = answers.filter((a) => a.http !== 200);
    const afterwards = answers.filter((a) => a.at > restartedAt + 3000);
    console.log(
      `[faults] postgres restart: ${answers.length} requests, ${failures.length} failed during the restart (${[...new Set(failures.map((f) => f.http))].join(', ')}), ${afterwards.length} after it`,
    );
    expect(hung).toEqual([]);
    // While the database is away the answer is 503 (retry), never a hang or a 500.
    expect(failures.filter((f) => f.http !== 503)).toEqual([]);
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.filter((a) => a.http !== 200)).toEqual([]);
  });
});
