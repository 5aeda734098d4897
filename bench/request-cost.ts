/**
 * bench/request-cost: what one request of each kind costs the app's process and PostgreSQL in CPU
 * time, read from /proc before and after a batch of that kind alone (16 at a time): a cached and an
 * uncached IP query, an IP created, a usage permit applied for and approved, a license through its
 * first reviews, and a license's final approval (its contract PDF is made after, by the job worker,
 * and counted here). The mixed load's throughput is bounded by these figures; this is where to look
 * first when it moves.
 *
 *   npx tsx bench/request-cost.ts      (BENCH_CPU_PROF=<dir>: also a V8 profile of the app, for
 *                                       bench/lib/cpu-top.ts; BENCH_ONLY_QUERIES=1: the queries alone;
 *                                       BENCH_ONLY_CREATES=1: IP creation alone)
 *
 * Linux only (it reads /proc). Writes bench/results/request-cost.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../tests/system/app';
import { cpuBetween, seconds, snapshot } from './lib/proc-cpu';
import { benchAppEnv } from './lib/bench-env';
import { call } from '../tests/system/client';
import { createDatabase } from '../tests/system/database';
import { demoOrganisation, licenseApplication, publishedIp, signInDemoPeople } from '../tests/system/people';

const PORT = Number(process.env.BENCH_PORT ?? 3262);
const CONCURRENCY = 16;

interface Row {
  kind: string;
  n: number;
  appMs: number;
  appSystemMs: number;
  dbMs: number;
  wallMs: number;
}

async function main() {
  const db = await createDatabase('postgres');
  const env = benchAppEnv(db.env);
  const app = await startApp(PORT, env);
  const cookies: Record<string, string> = {};
  let ip = '';
  let org = '';
  await db.use(async (sql) => {
    await signInDemoPeople(sql, cookies);
    ip = await publishedIp(sql, 'Request cost character');
    org = await demoOrganisation(sql);
  });
  const ok = async (method: string, url: string, who: string, body?: unknown) => {
    const res = await call(app.url, method, url, cookies[who]!, body, 120_000);
    if (res.status !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(res).slice(0, 300)}`);
    return res.data ?? {};
  };
  const rows: Row[] = [];
  // from/to in ms since the epoch (as PostgreSQL's log), and in the monotonic clock's microseconds
  // (as a V8 CPU profile's sample times).
  const phases: { kind: string; from: number; to: number; fromUs: number; toUs: number }[] = [];
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  const measure = async (kind: string, n: number, make: (i: number) => Promise<unknown>, settleMs = 1000) => {
    await new Promise((r) => setTimeout(r, 1000));
    const [before, t0, from] = [snapshot(), Date.now(), micros()];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) await make(next++);
      }),
    );
    const wall = Date.now() - t0;
    // Work the requests left behind (the jobs they enqueued) is theirs too.
    await new Promise((r) => setTimeout(r, settleMs));
    const used = cpuBetween(before, snapshot());
    phases.push({ kind, from: t0, to: Date.now(), fromUs: from, toUs: micros() });
    rows.push({
      kind,
      n,
      appMs: (1000 * seconds(used.app)) / n,
      appSystemMs: (1000 * used.app.system) / n,
      dbMs: (1000 * seconds(used.postgres)) / n,
      wallMs: wall / n,
    });
  };
  const query = (name: string) =>
    ok('POST', '/api/v1/IP/query', 'holder', { filter: { kind: 'primary', name: { $contains: name } }, limit: 20 });
  try {
    // Warm: the JIT and the answer cache's plans, as a server that has run a while has them.
    for (let i = 0; i < 100; i++) await query('load');
    for (let i = 0; i < 20; i++) await ok('POST', '/api/v1/IP', 'holder', { name: `warm-${i}`, kind: 'primary' });
    // BENCH_ONLY_CREATES=1: IP creation alone (for a profile of a simple write).
    if (process.env.BENCH_ONLY_CREATES === '1') {
      await measure('IP created', 3000, (i) => ok('POST', '/api/v1/IP', 'holder', { name: `load-${i}`, kind: 'primary' }));
    } else {
      await measure('IP query, answer cached', 3000, () => query('load'));
      await measure('IP query, a different filter each time', 2000, (i) => query(`load${i}`));
      // BENCH_ONLY_QUERIES=1: the two query kinds alone (for a profile of the query path).
      if (process.env.BENCH_ONLY_QUERIES !== '1') await measureWrites();
    }
  } finally {
    await app.stop();
    await db.dispose();
  }

  async function measureWrites() {
    await measure('IP created', 1000, (i) => ok('POST', '/api/v1/IP', 'holder', { name: `load-${i}`, kind: 'primary' }));
    const permits: string[] = [];
    await measure('usage permit applied for', 300, async (i) =>
      permits.push(String((await ok('POST', '/api/v1/Usage', 'designer', { ip, purpose: `cost ${i}` })).key)),
    );
    await measure('usage permit approved (brand)', 300, (i) =>
      ok('POST', `/api/v1/Holder/approve/usages/${permits[i]}`, 'brand', { decision: 'approved' }),
    );
    const licenses: string[] = [];
    await measure('license made, sent for review, approved by legal and cfl', 60, async (i) => {
      const key = String((await ok('POST', '/api/v1/License', 'owner', licenseApplication(ip, org, i))).key);
      await ok('POST', `/api/v1/License/${key}/start_review`, 'owner');
      for (const who of ['legal', 'cfl'])
        await ok('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
      licenses.push(key);
    });
    await measure(
      'license final approval (boss), with its contract PDF made after',
      60,
      (i) => ok('POST', `/api/v1/Holder/approve/licenses/${licenses[i]}`, 'boss', { decision: 'approved' }),
      8000,
    );
  }
  const lines = [
    '# Request cost: CPU per request of each kind',
    '',
    `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · PostgreSQL · ${CONCURRENCY} requests at a time`,
    '',
    '| kind | requests | app CPU ms / request (of it system) | PostgreSQL CPU ms / request | wall ms / request |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.kind} | ${r.n} | ${r.appMs.toFixed(2)} (${r.appSystemMs.toFixed(2)}) | ${r.dbMs.toFixed(2)} | ${r.wallMs.toFixed(2)} |`,
    ),
    '',
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  ];
  const text = lines.join('\n');
  console.log(text);
  if (!process.env.BENCH_CPU_PROF && process.env.BENCH_ONLY_QUERIES !== '1' && process.env.BENCH_ONLY_CREATES !== '1')
    fs.writeFileSync(path.join(__dirname, 'results', 'request-cost.md'), text + '\n');
  else console.log(`\nphases, to cut the profile or the statement log by: ${JSON.stringify(phases)}`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
