/**
 * bench/api: /api/v1/IP/query over 100,000 IP records under 32 connections, side by side with a
 * bare node:http + pg handler running the same SQL, in one run. Also the same query against the
 * embedded PGlite. Each platform figure is taken twice, with the answer cache (default) and with
 * ANSWER_CACHE=off (every request runs its statement), so both come from the same run; on
 * PostgreSQL a third figure keeps nothing in the cache (every request a miss: the statement with
 * the tables' counts beside it). The bench repeats one body, so the cached figure is the hit path.
 * Prints a markdown report and writes it under bench/results/ (a new file when the day's exists).
 *
 *   npx tsx bench/api.ts            (BENCH_DURATION=seconds, BENCH_ROWS=n to change the size)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encode } from 'next-auth/jwt';
import pg from 'pg';
import { startApp } from './lib/app-server';
import { startPostgres } from './lib/postgres';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = 32;
const SECRET = 'bench-secret-' + Math.random().toString(36).slice(2);
const QUERY_BODY = { filter: { state: 'published', name: { $contains: 'cat' } }, limit: 20 };
// The statement the query route compiles for that body (admin: no object-level scope).
const BASELINE_SQL = `select * from ips where state = $1 and name ilike $2 escape '\\' order by date_created desc, key desc limit 21`;
const BASELINE_PARAMS = ['published', '%cat%'];

const SEED_SQL = `
insert into ips (key, reference, name, kind, state, description, categories, tags, images, owner, date_created, date_updated)
select md5(i::text) || substr(md5((i * 7)::text), 1, 16), 'BENCH-IP-' || i,
       'Character ' || i || case when i % 10 = 0 then ' cat' when i % 10 = 1 then ' dog' else '' end,
       case when i % 20 = 0 then 'primary' else 'secondary' end,
       (array['published','draft','approved','submitted'])[1 + i % 4],
       'Seeded for the benchmark',
       array['snack'], '{}', '[]'::jsonb, null,
       now() - (i || ' seconds')::interval, now()
from generate_series(1, $1::int) as s(i)`;

interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  method: 'POST' | 'GET' = 'POST',
  duration = DURATION,
): Promise<Run> {
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration,
    headers: method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
    ...(method === 'POST' ? { body: JSON.stringify(QUERY_BODY) } : {}),
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function sessionCookie(sub: string): Promise<string> {
  const token = await encode({ token: { sub, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, secret: SECRET });
  return `next-auth.session-token=${token}`;
}

async function adminSub(client: pg.Client | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ sub: string }>(`select sub from users where email = 'admin@example.com'`);
  if (!rows[0]) throw new Error('admin account missing');
  return rows[0].sub;
}

/** The bare server (bench/lib/bare-server.mjs) in a process of its own, on the same database. */
async function baselineServer(databaseUrl: string): Promise<{ url: string; close: () => void }> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, 'lib', 'bare-server.mjs'), databaseUrl, BASELINE_SQL, JSON.stringify(BASELINE_PARAMS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill('SIGTERM') };
}

/** ANSWER_CACHE for the server: `off` runs every request's statement (before the answer cache). */
const UNCACHED = { ANSWER_CACHE: 'off' };
const UNCACHED_LABEL = ', ANSWER_CACHE=off';
/** Nothing fits in the cache: every request is a miss (the statement and the counts' sum in one). */
const MISSING = { ANSWER_CACHE_BYTES: '1' };
const MISSING_LABEL = ', answer cache keeping nothing: every request a miss';

async function probeQuery(url: string, cookie: string): Promise<void> {
  const probe = await fetch(`${url}/api/v1/IP/query`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(QUERY_BODY),
  });
  const probeBody = (await probe.json()) as { status: number; data: { items: unknown[] } };
  if (probeBody.status !== 0 || probeBody.data.items.length !== 20)
    throw new Error(`query probe failed: ${JSON.stringify(probeBody).slice(0, 300)}`);
}

/** The platform's query figure under one server setting, the server started for it alone. */
async function platformRun(
  label: string,
  port: number,
  env: Record<string, string>,
  cookie: string,
  via: 'server' | 'next-start' = 'server',
): Promise<Run> {
  const app = await startApp(port, env, via);
  try {
    await probeQuery(app.url, cookie);
    await load('warm-up', `${app.url}/api/v1/IP/query`, { cookie });
    return await load(label, `${app.url}/api/v1/IP/query`, { cookie });
  } finally {
    await app.stop();
  }
}

/**
 * BENCH_ALTERNATE=n: n short rounds each of the cached and the uncached server, both up at once
 * and taken in turn, so a busy shared machine weighs on both alike (medians in the report).
 */
const ROUNDS = Number(process.env.BENCH_ALTERNATE ?? 0);
const alternation = { cached: [] as number[], uncached: [] as number[] };

async function alternate(cachedUrl: string, env: Record<string, string>, cookie: string): Promise<void> {
  const other = await startApp(3312, { ...env, ...UNCACHED });
  try {
    await probeQuery(other.url, cookie);
    await load('warm-up', `${other.url}/api/v1/IP/query`, { cookie });
    const seconds = Math.max(2, Math.round(DURATION / 3));
    for (let i = 0; i < ROUNDS; i++) {
      const [first, second] = i % 2 ? [other.url, cachedUrl] : [cachedUrl, other.url];
      for (const url of [first, second]) {
        const run = await load('round', `${url}/api/v1/IP/query`, { cookie }, 'POST', seconds);
        (url === cachedUrl ? alternation.cached : alternation.uncached).push(run.rps);
      }
    }
  } finally {
    await other.stop();
  }
}

/** Rounds of the headline ratio (platform and bare server in turn); the report gives their medians. */
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 3);
const ratioRounds: number[] = [];

function medianRun(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function postgresRuns(): Promise<Run[]> {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('drop database if exists ipl_bench');
  await admin.query('create database ipl_bench');
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-bench-'));
  const env = {
    DATABASE_URL: server.url('ipl_bench'),
    NEXTAUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'bench-password',
    // The demo business (PDFs, credentials, royalty history) would be made on the first start, under the load.
    SEED_DEMO_BUSINESS: 'false',
  };
  // The first start migrates and seeds the accounts; the IPs are added beside it.
  const app = await startApp(3310, env);
  let stopped = false;
  const stopOnce = async () => {
    if (!stopped) await app.stop();
    stopped = true;
  };
  const pool = new pg.Pool({ connectionString: server.url('ipl_bench'), max: 10 });
  try {
    await pool.query(SEED_SQL, [ROWS]);
    await pool.query('analyze ips');
    const cookie = await sessionCookie(await adminSub(pool));
    await probeQuery(app.url, cookie);
    const baseline = await baselineServer(server.url('ipl_bench'));
    await load('warm-up', `${app.url}/api/v1/IP/query`, { cookie });
    await load('warm-up', baseline.url, {});
    // Rounds taken in turn, so neither side always runs on a warmer or quieter machine: the medians count.
    const rounds: { ours: Run[]; bare: Run[] } = { ours: [], bare: [] };
    for (let i = 0; i < RATIO_ROUNDS; i++) {
      rounds.ours.push(await load('platform /api/v1/IP/query (PostgreSQL)', `${app.url}/api/v1/IP/query`, { cookie }));
      rounds.bare.push(await load('bare node:http + pg, same SQL (own process)', baseline.url, {}));
    }
    baseline.close();
    ratioRounds.push(...rounds.ours.map((r, i) => r.rps / rounds.bare[i]!.rps));
    const ours = medianRun(rounds.ours);
    const bare = medianRun(rounds.bare);
    // What the framework alone costs: a public route of the same server that reads no database.
    const floor = await load('platform GET /api/vc/jwks (no database: the framework floor)', `${app.url}/api/vc/jwks`, {}, 'GET');
    if (ROUNDS > 0) await alternate(app.url, env, cookie);
    await stopOnce();
    const uncached = await platformRun(
      `platform /api/v1/IP/query (PostgreSQL${UNCACHED_LABEL})`,
      3310,
      { ...env, ...UNCACHED },
      cookie,
    );
    const missing = await platformRun(
      `platform /api/v1/IP/query (PostgreSQL${MISSING_LABEL})`,
      3310,
      { ...env, ...MISSING },
      cookie,
    );
    // The same server before the API lane: every request through Next's router.
    const viaNext = await platformRun(
      'platform /api/v1/IP/query through `next start` (before the API lane)',
      3310,
      env,
      cookie,
      'next-start',
    );
    return [ours, bare, floor, uncached, missing, viaNext];
  } finally {
    await pool.end();
    await stopOnce();
    server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgliteRuns(): Promise<Run[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-bench-pglite-'));
  // Migrate and seed the embedded database before the app opens it: PGlite has one owner at a time.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { getDbHandle, closeDb } = await import('../lib/server/db/client');
  const { runMigrations } = await import('../lib/server/db/migrate');
  const { seed } = await import('../lib/server/db/seed');
  const { sql } = await import('drizzle-orm');
  const handle = await getDbHandle();
  await runMigrations(handle);
  await seed(handle.db, 'bench-password');
  await handle.db.execute(sql.raw(SEED_SQL.replace('$1::int', String(ROWS))));
  await handle.db.execute(sql`analyze ips`);
  const found = await handle.db.execute<{ sub: string }>(sql`select sub from users where email = 'admin@example.com'`);
  const sub = found.rows[0]?.sub;
  await closeDb();
  if (!sub) throw new Error('admin account missing');
  const env = { NEXTAUTH_SECRET: SECRET, DATA_DIR: dataDir, DEMO_PASSWORD: 'bench-password', SEED_DEMO_BUSINESS: 'false' };
  try {
    const cookie = await sessionCookie(sub);
    // One server at a time: PGlite has one owner.
    const cached = await platformRun('platform /api/v1/IP/query (PGlite)', 3311, env, cookie);
    const uncached = await platformRun(
      `platform /api/v1/IP/query (PGlite${UNCACHED_LABEL})`,
      3311,
      { ...env, ...UNCACHED },
      cookie,
    );
    const viaNext = await platformRun('platform /api/v1/IP/query (PGlite) through `next start`', 3311, env, cookie, 'next-start');
    return [cached, uncached, viaNext];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(runs: Run[], pglite: Run[]): string {
  const [ours, bare, floor, uncached, missing, viaNext] = runs;
  const [pgliteCached] = pglite;
  // Per-request CPU of the single server process, from its throughput when saturated.
  const ms = (r: Run) => (1000 / r.rps).toFixed(2);
  const lines = [
    `# API query benchmark`,
    '',
    `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
    '',
    `${ROWS.toLocaleString('en')} IP records; POST body \`${JSON.stringify(QUERY_BODY)}\`; ${CONNECTIONS} connections for ${DURATION} s each.`,
    '',
    '| run | requests/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...[...runs, ...pglite].map((r) => `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
    '',
    ours && bare
      ? `**Ratio platform / bare (PostgreSQL): ${(ours.rps / bare.rps).toFixed(2)}** (goal ≥ 1.0; medians of ${ratioRounds.length} rounds taken in turn, the rounds' own ratios ${ratioRounds.map((r) => r.toFixed(2)).join(', ')}); platform p99 ${ours.p99} ms (goal < 40 ms).${uncached ? ` With ANSWER_CACHE=off: ${(uncached.rps / bare.rps).toFixed(2)}.` : ''}${missing ? ` Every request a miss: ${(missing.rps / bare.rps).toFixed(2)}.` : ''}`
      : '',
    ours && bare && floor
      ? `\nPer request at saturation: the platform query ${ms(ours)} ms, of which the framework floor (routing, headers, body parsing, response, no database) is ${ms(floor)} ms; the bare server ${ms(bare)} ms. The framework floor alone allows a ratio of ${(floor.rps / bare.rps).toFixed(2)} at most.`
      : '',
    ours && viaNext
      ? `\nAPI lane / \`next start\` (the same query, answer cache on): ${(ours.rps / viaNext.rps).toFixed(2)} (${ms(ours)} ms against ${ms(viaNext)} ms per request); \`next start\` / bare: ${bare ? (viaNext.rps / bare.rps).toFixed(2) : '–'}.`
      : '',
    ours && uncached
      ? `\nAnswer cache on (hits) / off (PostgreSQL): ${(ours.rps / uncached.rps).toFixed(2)} (${ms(ours)} ms against ${ms(uncached)} ms per request)${missing ? `; every request a miss: ${ms(missing)} ms per request, ${(missing.rps / uncached.rps).toFixed(2)} of the uncached throughput` : ''}.`
      : '',
    pgliteCached && ours
      ? `\nPGlite / PostgreSQL (answer cache on): ${(pgliteCached.rps / ours.rps).toFixed(2)} (goal ≥ 0.6).`
      : '',
    alternation.cached.length
      ? `\nAlternating rounds (PostgreSQL, ${alternation.cached.length} each, both servers up): requests/s answer cache on ${alternation.cached.map((r) => r.toFixed(0)).join(', ')}; off ${alternation.uncached.map((r) => r.toFixed(0)).join(', ')}; medians ${median(alternation.cached).toFixed(0)} against ${median(alternation.uncached).toFixed(0)} (${(median(alternation.cached) / median(alternation.uncached)).toFixed(2)}).`
      : '',
    `\nLoad average when the report was written: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min).`,
  ];
  return lines.join('\n');
}

async function main() {
  // BENCH_ONLY_PGLITE=1: the PGlite rows alone (quicker, when only they changed).
  const runs = process.env.BENCH_ONLY_PGLITE === '1' ? [] : await postgresRuns();
  const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? [] : await pgliteRuns();
  const text = report(runs, pglite);
  console.log(text);
  const day = new Date().toISOString().slice(0, 10);
  let file = path.join(__dirname, 'results', `api-${day}.md`);
  // The day's file holds reports written by hand around earlier runs: never overwrite it.
  if (fs.existsSync(file))
    file = path.join(__dirname, 'results', `api-${day}-${new Date().toISOString().slice(11, 16).replace(':', '')}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text + '\n');
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
