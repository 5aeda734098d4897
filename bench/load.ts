/**
 * bench/load: the mixed load of tests/system/load.test.ts as a benchmark, on PGlite and on
 * PostgreSQL: BENCH_CONNECTIONS (200) clients for BENCH_DURATION (30) seconds creating IPs,
 * querying them, approving usage permits (brand) and giving licenses their final approval (boss,
 * which asks for the contract PDF). Reports p50/p99 per kind, errors, requests/s, and how long
 * after the run the contracts asked for were all made (job lag). Writes bench/results/load-<db>.md.
 *
 *   npx tsx bench/load.ts            (BENCH_DB=pglite|postgres|both, BENCH_PORT for the app,
 *                                     BENCH_VERSION_TRIGGERS=off without the answer cache's triggers)
 *
 * By default the clients never pause: each sends its next request when the last is answered, so
 * the run finds the most the server answers, and its latencies are 200 ÷ that throughput on
 * average whatever the server does (Little's law). BENCH_RATE=r paces the same clients and mix at
 * r requests/s in all (request i is due at i/r seconds, on client i mod 200): the latency a person
 * sees at that load. It is measured from when the request was due, not from when it was sent, so a
 * server that falls behind is charged for the requests it kept waiting (no coordinated omission).
 *
 * Before the run the server takes each of the run's kinds of request some dozens of times at an
 * easy pace (BENCH_WARM=0: not), as a server that has been up for a while has: otherwise the run's
 * first seconds are also the first time each path is compiled and optimised. The run then starts
 * once the jobs of the setup and the warm-up are done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../tests/system/app';
import { resetStatements, statementsWanted, topStatements } from './lib/postgres';
import { cpuBetween, describeCpu, snapshot } from './lib/proc-cpu';
import { benchAppEnv } from './lib/bench-env';
import { call, percentile, type Answer } from '../tests/system/client';
import { createDatabase, type TestDatabase } from '../tests/system/database';
import { demoOrganisation, licenseApplication, publishedIp, signInDemoPeople } from '../tests/system/people';

const SECONDS = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PERMITS = Number(process.env.BENCH_PERMITS ?? 400);
const LICENSES = Number(process.env.BENCH_LICENSES ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 3252);
/** Requests per second over all clients; 0: clients that never pause. */
const RATE = Number(process.env.BENCH_RATE ?? 0);
/**
 * BENCH_REPLICAS=n (PostgreSQL): n app processes on one database, as replicas behind a balancer,
 * the clients spread over them in turn. They share the data directory (its secrets), as replicas
 * share their settings; the first has migrated and seeded before the others start.
 */
const REPLICAS = Math.max(1, Number(process.env.BENCH_REPLICAS ?? 1));
const WARM = process.env.BENCH_WARM !== '0';
const KINDS = ['query', 'create', 'approve permit', 'approve license'] as const;
type Kind = (typeof KINDS)[number];
/**
 * Of each kind, taken before the run (the approvals on permits and licenses of their own).
 * BENCH_WARM_COUNTS='{"query":1000}' changes some of them, to compare warm-ups of other lengths.
 */
const WARM_COUNTS: Record<Kind, number> = {
  query: 300,
  create: 80,
  'approve permit': 40,
  'approve license': 8,
  ...(JSON.parse(process.env.BENCH_WARM_COUNTS ?? '{}') as Partial<Record<Kind, number>>),
};

/**
 * BENCH_VERSION_TRIGGERS=off (PostgreSQL): the answer cache's write counting (migration 0026)
 * disabled, as before it, to measure what it costs the writers in the same build.
 */
const TRIGGERS_OFF = `do $$ declare t record; begin
  for t in select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'data_version_bump' loop
    execute format('alter table %I disable trigger data_version_bump', t.relname);
  end loop; end $$`;

interface Sample {
  kind: Kind;
  answer: Answer;
  /** When it was due (sent, without BENCH_RATE), in ms after the start of the run. */
  at: number;
}

async function ok(base: string, method: string, url: string, cookie: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await call(base, method, url, cookie, body, 120_000);
  if (res.status !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(res).slice(0, 300)}`);
  return res.data ?? {};
}

/** In lanes, so setup does not wait on one request at a time. */
async function inLanes<T>(n: number, lanes: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < n; i += lanes) out.push(await make(i));
    }),
  );
  return out;
}

/** Waits until no job is queued or running (at most `limitMs`); the seconds it waited. */
async function untilJobsDone(db: TestDatabase, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const [row] = await db.use((sql) =>
      sql.query<{ n: number }>(`select count(*)::int as n from jobs where state in ('queued', 'running')`),
    );
    if (!row?.n) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - started) / 1000;
}

async function runOn(kind: 'pglite' | 'postgres'): Promise<string> {
  const db: TestDatabase = await createDatabase(kind);
  const env = benchAppEnv(db.env, { AUTH_CACHE_MS: '2000' });
  // PGlite has one owner: the app migrates and seeds it, then the bench reads it through the API only.
  let app = await startApp(PORT, env);
  const replicas: Awaited<ReturnType<typeof startApp>>[] = [];
  const cookies: Record<string, string> = {};
  let ip = '';
  let org = '';
  try {
    if (kind === 'pglite') {
      await app.stop();
      await db.use(async (sql) => {
        await signInDemoPeople(sql, cookies);
        ip = await publishedIp(sql, 'Load bench character');
        org = await demoOrganisation(sql);
      });
      app = await startApp(PORT, env);
    } else {
      await db.use(async (sql) => {
        // Before any read through the app: with the triggers off no table is tracked, so nothing is cached either.
        if (process.env.BENCH_VERSION_TRIGGERS === 'off') await sql.query(TRIGGERS_OFF);
        await signInDemoPeople(sql, cookies);
        ip = await publishedIp(sql, 'Load bench character');
        org = await demoOrganisation(sql);
      });
    }
    const warmPermits = WARM ? WARM_COUNTS['approve permit'] : 0;
    const warmLicenses = WARM ? WARM_COUNTS['approve license'] : 0;
    const t0 = Date.now();
    const permits = await inLanes(PERMITS + warmPermits, 8, async (i) =>
      String((await ok(app.url, 'POST', '/api/v1/Usage', cookies.designer!, { ip, purpose: `bench permit ${i}` })).key),
    );
    // Licenses approved by legal and cfl: the boss's approval during the run is the final one.
    const licenses = await inLanes(LICENSES + warmLicenses, 4, async (i) => {
      const key = String((await ok(app.url, 'POST', '/api/v1/License', cookies.owner!, licenseApplication(ip, org, i))).key);
      await ok(app.url, 'POST', `/api/v1/License/${key}/start_review`, cookies.owner!);
      for (const who of ['legal', 'cfl'])
        await ok(app.url, 'POST', `/api/v1/Holder/approve/licenses/${key}`, cookies[who]!, { decision: 'approved' });
      return key;
    });
    const setupSeconds = (Date.now() - t0) / 1000;
    const run = Math.random().toString(36).slice(2, 8);
    // The run's four kinds of request, as a client sends them.
    const send = {
      create: (base: string, name: string) =>
        call(base, 'POST', '/api/v1/IP', cookies.holder!, { name: `load-${run}-${name}`, kind: 'primary' }),
      permit: (base: string, key: string) =>
        call(base, 'POST', `/api/v1/Holder/approve/usages/${key}`, cookies.brand!, { decision: 'approved' }),
      license: (base: string, key: string) =>
        call(base, 'POST', `/api/v1/Holder/approve/licenses/${key}`, cookies.boss!, { decision: 'approved' }),
      query: (base: string) =>
        call(base, 'POST', '/api/v1/IP/query', cookies.holder!, {
          filter: { kind: 'primary', name: { $contains: 'load' } },
          limit: 20,
        }),
    };
    if (WARM) {
      const warmed = async (answer: Promise<Answer>) => {
        const a = await answer;
        if (a.http !== 200 || a.status !== 0) throw new Error(`warm-up request failed: ${JSON.stringify(a).slice(0, 300)}`);
      };
      await inLanes(WARM_COUNTS.query, 4, () => warmed(send.query(app.url)));
      await inLanes(WARM_COUNTS.create, 4, (i) => warmed(send.create(app.url, `warm-${i}`)));
      await inLanes(warmPermits, 4, () => warmed(send.permit(app.url, permits.pop()!)));
      await inLanes(warmLicenses, 2, () => warmed(send.license(app.url, licenses.pop()!)));
    }
    // The run starts on a quiet server: the setup's own jobs (the mails of its applications and
    // reviews, some 40 still waiting as it ended) are not the mix's. (PGlite has one owner, the
    // server: its jobs are not read from here.)
    const settleSeconds = kind === 'postgres' ? await untilJobsDone(db, 60_000) : 0;
    for (let i = 1; kind === 'postgres' && i < REPLICAS; i++) replicas.push(await startApp(PORT + i, env));

    const samples: Sample[] = [];
    const permitQueue = [...permits];
    const licenseQueue = [...licenses];
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const worker = async (n: number) => {
      const base = urls[n % urls.length]!;
      for (let i = 0; ; i++) {
        // Paced: this client's i-th request is request n + i × CONNECTIONS of the whole run.
        const due = RATE > 0 ? started + ((n + i * CONNECTIONS) * 1000) / RATE : Date.now();
        if (due >= until) return;
        if (due > Date.now()) await sleep(due - Date.now());
        const timed = (kind: Kind, answer: Answer) =>
          samples.push({ kind, answer: RATE > 0 ? { ...answer, ms: Date.now() - due } : answer, at: due - started });
        const pick = (n * 7 + i) % 20;
        if (pick < 4) timed('create', await send.create(base, `${n}-${i}`));
        else if (pick < 6 && permitQueue.length) timed('approve permit', await send.permit(base, permitQueue.shift()!));
        else if (pick === 6 && licenseQueue.length) timed('approve license', await send.license(base, licenseQueue.shift()!));
        else timed('query', await send.query(base));
      }
    };
    const urls = [app.url, ...replicas.map((r) => r.url)];
    if (statementsWanted && kind === 'postgres') await db.use(resetStatements);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const cpuBefore = snapshot();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
    const elapsed = (Date.now() - started) / 1000;
    // BENCH_SAMPLES=<file>: every request as [kind, due ms after the start, latency ms], for bench/load-phases.ts.
    if (process.env.BENCH_SAMPLES)
      fs.writeFileSync(process.env.BENCH_SAMPLES, JSON.stringify(samples.map((x) => [x.kind, x.at, x.answer.ms])));
    const cpu = describeCpu(cpuBetween(cpuBefore, snapshot()), elapsed);
    const statements = statementsWanted && kind === 'postgres' ? await db.use((sql) => topStatements(sql)) : '';
    const approvedLicenses = samples.filter((s) => s.kind === 'approve license' && s.answer.status === 0).length;

    // Every license approved in the run has its contract once the jobs have caught up.
    const lagStart = Date.now();
    let lag: number | null = null;
    for (;;) {
      const ready = await Promise.all(
        licenses.slice(0, LICENSES - licenseQueue.length).map(async (key) => {
          const attr = await call(app.url, 'GET', `/api/pdf/attr/${key}`, cookies.owner!);
          return attr.status === 0 && attr.data?.sha256 ? 1 : 0;
        }),
      );
      if (ready.reduce<number>((a, b) => a + b, 0) >= approvedLicenses) {
        lag = (Date.now() - lagStart) / 1000;
        break;
      }
      if (Date.now() - lagStart > 300_000) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const rows = [...KINDS, 'all' as const].map((k) => {
      const list = k === 'all' ? samples : samples.filter((s) => s.kind === k);
      const ms = list.map((s) => s.answer.ms);
      const errors = list.filter((s) => s.answer.http !== 200 || s.answer.status !== 0).length;
      return `| ${k} | ${list.length} | ${errors} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} |`;
    });
    return [
      `## Mixed load: ${CONNECTIONS} connections, ${elapsed.toFixed(0)} s, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${urls.length > 1 ? `, ${urls.length} app processes` : ''}${RATE > 0 ? `, paced at ${RATE} requests/s` : ''}`,
      '',
      ...(RATE > 0
        ? ['Latency is counted from when each request was due, so time spent waiting to be sent counts too.', '']
        : []),
      `Setup through the API (${PERMITS} usage permits, ${LICENSES} licenses approved by legal and cfl) took ${setupSeconds.toFixed(0)} s${
        WARM
          ? `; then the server was warmed with (${Object.entries(WARM_COUNTS)
              .map(([k, n]) => `${n} × ${k}`)
              .join(', ')})`
          : '; the server was not warmed first'
      }${kind === 'postgres' ? `; the jobs of both were done ${settleSeconds.toFixed(0)} s after` : ''}. Load average at the start of the run: ${os.loadavg()[0]!.toFixed(2)}.`,
      '',
      '| kind | requests | errors | p50 ms | p99 ms |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
      `${(samples.length / elapsed).toFixed(1)} requests/s overall. ${approvedLicenses} licenses got their final approval; ${
        lag === null
          ? 'their contracts were not all made within 300 s after the run'
          : `their contracts were all made ${lag.toFixed(1)} s after the run ended`
      }.`,
      '',
      cpu,
      ...(statements ? ['', statements] : []),
    ].join('\n');
  } catch (err) {
    console.error(`the app's last output:\n${app.log().slice(-4000)}`);
    throw err;
  } finally {
    await app.stop();
    for (const replica of replicas) await replica.stop();
    await db.dispose();
  }
}

async function main() {
  const which = process.env.BENCH_DB ?? 'both';
  const kinds = which === 'both' ? (['postgres', 'pglite'] as const) : ([which] as const);
  const sections: string[] = [];
  for (const kind of kinds) {
    console.log(`\n== mixed load on ${kind} ==`);
    const section = await runOn(kind as 'pglite' | 'postgres');
    console.log(section);
    sections.push(section);
    const file = path.join(
      __dirname,
      'results',
      `load-${kind}${REPLICAS > 1 && kind === 'postgres' ? `-${REPLICAS}-processes` : ''}${RATE > 0 ? `-at-${RATE}` : ''}.md`,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `# ${section.replace(/^## /, '')}\n`);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
