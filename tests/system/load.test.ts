/**
 * Load (issue 10): LOAD_CONNECTIONS (200) concurrent connections for LOAD_SECONDS (60) on a mixed
 * workload of queries, creates and approvals against the production server on PostgreSQL. Every
 * answer must be a success, and afterwards the database must hold exactly the records the
 * successful answers announced: none lost, none twice. Latency is printed, not asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './app';
import { call, percentile, SECRET, sessionCookie, type Answer } from './client';
import { createDatabase, type TestDatabase } from './database';
import { publishedIp, subOf } from './people';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const PENDING = Number(process.env.LOAD_PENDING ?? 600);
const PORT = Number(process.env.SYSTEM_PORT ?? 3190);

let db: TestDatabase;
let app: AppProcess;
const cookies: Record<string, string> = {};
let ip = '';
const pending: string[] = [];

beforeAll(async () => {
  db = await createDatabase('postgres');
  app = await startApp(PORT, {
    ...db.env,
    NEXTAUTH_SECRET: SECRET,
    DEMO_PASSWORD: 'system-demo-password',
    AUTH_CACHE_MS: '2000',
  });
  await db.use(async (sql) => {
    for (const [who, email] of [
      ['holder', 'holder@example.com'],
      ['brand', 'brand@example.com'],
      ['designer', 'designer@example.com'],
    ] as const) {
      cookies[who] = await sessionCookie(await subOf(sql, email));
    }
    ip = await publishedIp(sql, 'Load test character');
  });
  // Usage permits waiting for brand, made through the API as a designer would.
  const made = await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      const keys: string[] = [];
      for (let i = lane; i < PENDING; i += 8) {
        const res = await call(app.url, 'POST', '/api/v1/Usage', cookies.designer!, { ip, purpose: `load permit ${i}` });
        if (res.status !== 0) throw new Error(`setup permit ${i}: ${JSON.stringify(res)}`);
        keys.push(String(res.data!.key));
      }
      return keys;
    }),
  );
  pending.push(...made.flat());
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await db?.dispose();
}, 120_000);

describe(`load: ${CONNECTIONS} connections for ${SECONDS} s, queries + creates + approvals`, () => {
  it(
    'answers every request and keeps every record exactly once',
    async () => {
      const run = Math.random().toString(36).slice(2, 8);
      const answers: { kind: string; answer: Answer; ref?: string }[] = [];
      const queue = [...pending];
      let created = 0;
      const until = Date.now() + SECONDS * 1000;
      const worker = async (n: number) => {
        for (let i = 0; Date.now() < until; i++) {
          const pick = (n * 7 + i) % 10;
          if (pick < 2) {
            const name = `load-${run}-${n}-${i}`;
            answers.push({
              kind: 'create',
              ref: name,
              answer: await call(app.url, 'POST', '/api/v1/IP', cookies.holder!, { name, kind: 'primary' }),
            });
            created++;
          } else if (pick < 3 && queue.length) {
            const key = queue.shift()!;
            const answer = await call(app.url, 'POST', `/api/v1/Holder/approve/usages/${key}`, cookies.brand!, {
              decision: 'approved',
            });
            answers.push({ kind: 'approve', ref: key, answer });
          } else {
            const body = { filter: { kind: 'primary', name: { $contains: 'load' } }, limit: 20 };
            answers.push({ kind: 'query', answer: await call(app.url, 'POST', '/api/v1/IP/query', cookies.holder!, body) });
          }
        }
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
      const elapsed = (Date.now() - started) / 1000;

      const failed = answers.filter((a) => a.answer.http !== 200 || a.answer.status !== 0);
      const byKind = (kind: string) => answers.filter((a) => a.kind === kind);
      const lines = [
        `# Load: ${CONNECTIONS} connections, ${elapsed.toFixed(0)} s, PostgreSQL`,
        '',
        '| kind | requests | errors | p50 ms | p99 ms |',
        '|---|---:|---:|---:|---:|',
        ...['query', 'create', 'approve', 'all'].map((kind) => {
          const list = kind === 'all' ? answers : byKind(kind);
          const ms = list.map((a) => a.answer.ms);
          const errors = list.filter((a) => a.answer.http !== 200 || a.answer.status !== 0).length;
          return `| ${kind} | ${list.length} | ${errors} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} |`;
        }),
        '',
        `${(answers.length / elapsed).toFixed(0)} requests/s overall.`,
      ];
      console.log(lines.join('\n'));
      const out = process.env.LOAD_REPORT;
      if (out) fs.writeFileSync(path.resolve(out), lines.join('\n') + '\n');
      expect(failed.slice(0, 5).map((a) => ({ kind: a.kind, ...a.answer }))).toEqual([]);
      expect(created).toBeGreaterThan(0);

      await db.use(async (sql) => {
        const names = byKind('create').map((a) => a.ref!);
        const [stored] = await sql.query<{ n: string; distinct: string }>(
          `select count(*) as n, count(distinct name) as distinct from ips where name like $1`,
          [`load-${run}-%`],
        );
        expect(Number(stored!.n)).toBe(names.length);
        expect(Number(stored!.distinct)).toBe(names.length);
        const approved = byKind('approve').map((a) => a.ref!);
        const rows = await sql.query<{ key: string; state: string }>(`select key, state from usages where key = any($1)`, [
          pending,
        ]);
        const nowApproved = rows.filter((r) => r.state === 'approved').map((r) => r.key);
        expect(nowApproved.sort()).toEqual([...approved].sort());
        // Each approved permit was decided once: one decided review, one approval log entry.
        const decided = await sql.query<{ subject_key: string; n: string }>(
          `select subject_key, count(*) as n from reviews where subject_key = any($1) and state <> 'pending' group by subject_key`,
          [pending],
        );
        expect(decided.filter((d) => Number(d.n) !== 1)).toEqual([]);
        expect(decided.length).toBe(approved.length);
      });
    },
    (SECONDS + 240) * 1000,
  );
});
