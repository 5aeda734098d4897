import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// A fresh data directory per run: its own PGlite, keys and secrets, never the developer's.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ipl-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
export const demoPassword = process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password';
export const gateId = 'e2e-gate';
export const gatePassword = 'e2e-gate-password';
export const e2ePort = port;
// Debian's headless shell (the package chromium-headless-shell, the same Blink as /usr/bin/chromium
// without the browser's own layers) when it is installed: the journeys are bound by the CPU of two
// cores, and it spends less of it per page than the full browser in its headless mode.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
// Outgoing mail of the server under test; tests/e2e/invite.spec.ts listens on this port (others never do).
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
// The demo business (issue #19) runs on a server of its own, so the other journeys keep their
// accounts-only database and its seed never slows them: it starts only for a whole run or a
// run that names the demo spec.
// A second relying party of the embedded provider: it must still ask for consent (first-party-sign-in.spec.ts).
export const otherClientId = 'partner-portal';
export const demoPort = Number(process.env.E2E_DEMO_PORT ?? port + 1);
const demoDataDir = path.join(os.tmpdir(), `ipl-e2e-demo-${process.pid}`);
const specsNamed = process.argv.filter((a) => /\.spec\.ts$|^tests\/e2e\//.test(a));
const wantsDemo = specsNamed.length === 0 || specsNamed.some((a) => a.includes('demo'));
// The accessibility sweeps only read pages, for minutes: they run on a second worker against a
// server of their own, so no journey's published terms or throttled sign-ins reach them and the
// journeys do not wait for them.
export const a11yPort = Number(process.env.E2E_A11Y_PORT ?? port + 2);
const a11yDataDir = path.join(os.tmpdir(), `ipl-e2e-a11y-${process.pid}`);
const wantsA11y = specsNamed.length === 0 || specsNamed.some((a) => a.includes('axe'));
// The journeys run as two shards, each in order against a server of its own, so both cores work
// while the accessibility sweeps take one of them for a third of the run. The second shard holds
// journeys that use no mail inbox, no second relying party and no gate (those are set up for the
// first server only); its files are chosen so the two workers finish at about the same time.
const secondShard = ['approval', 'foundation', 'holder-admin', 'licensee', 'stats-help', 'terms-wall'].map(
  (name) => `${name}.spec.ts`,
);
const inSecondShard = new RegExp(`(^|/)(${secondShard.map((f) => f.replace(/[.-]/g, (c) => `\\${c}`)).join('|')})$`);
export const shardPort = Number(process.env.E2E_SHARD_PORT ?? port + 3);
const shardDataDir = path.join(os.tmpdir(), `ipl-e2e-shard-${process.pid}`);
const wantsShard = specsNamed.length === 0 || specsNamed.some((a) => inSecondShard.test(a));
// The journeys' servers keep their records in PostgreSQL (a throwaway cluster, or E2E_DATABASE_URL's
// server), each in a database of its own: PGlite's WebAssembly runs inside the app's process and
// spends the CPU the browser and the second worker need. The demo business stays on PGlite, so the
// quickstart's embedded default still has its journey. E2E_DB=pglite puts every server back on it;
// so does a machine where the cluster cannot be started (no Debian binaries, not root).
const pgBinaries = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;
const onPostgres =
  process.env.E2E_DB !== 'pglite' && (Boolean(process.env.E2E_DATABASE_URL) || (pgBinaries && process.getuid?.() === 0));
const pgReadyPort = Number(process.env.E2E_PG_READY_PORT ?? port + 4);
const pgClusterPort = Number(process.env.E2E_PG_PORT ?? port + 5);
const databaseName = (role: string) => `ipl_e2e_${port}_${role}`;
const databaseUrl = (role: string) =>
  process.env.E2E_DATABASE_URL
    ? process.env.E2E_DATABASE_URL.replace(/\/[^/?]*(\?|$)/, `/${databaseName(role)}$1`)
    : `postgres://postgres@127.0.0.1:${pgClusterPort}/${databaseName(role)}`;
const database = (role: string): Record<string, string> => (onPostgres ? { DATABASE_URL: databaseUrl(role) } : {});
const server = (url: string, serverPort: number, env: Record<string, string>, timeout = 120_000) => ({
  // The production server as scripts/start.mjs runs it (its keep-alive outlasts the client's idle sockets).
  command: `node server/start-server.mjs -p ${serverPort}`,
  url: `${url}/api/core/server/status`,
  reuseExistingServer: false,
  timeout,
  env: { APP_URL: url, DEMO_PASSWORD: demoPassword, NODE_ENV: 'production', ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per project (the journeys share one server's state, in order); the projects run side by side.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The accessibility sweep is one long file: listed first, it starts at once on a worker of its
  // own while the journeys' shards share the other, and takes the second shard's files after it.
  projects: [
    {
      name: 'a11y',
      testMatch: /a11y\/axe\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${a11yPort}` },
    },
    {
      name: 'chromium',
      testIgnore: [/demo\.spec\.ts$/, /a11y\/axe\.spec\.ts$/, inSecondShard],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-2',
      testMatch: inSecondShard,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${shardPort}` },
    },
    {
      name: 'demo',
      testMatch: /demo\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${demoPort}` },
    },
  ],
  webServer: [
    ...(onPostgres
      ? [
          {
            command: `npx tsx scripts/e2e-postgres.ts ${pgReadyPort} ${pgClusterPort} ${[
              databaseName('main'),
              ...(wantsShard ? [databaseName('shard')] : []),
              ...(wantsA11y ? [databaseName('a11y')] : []),
            ].join(' ')}`,
            url: `http://127.0.0.1:${pgReadyPort}/`,
            reuseExistingServer: false,
            timeout: 60_000,
            // Its SIGTERM handler removes the cluster; a SIGKILL would leave it running.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
          },
        ]
      : []),
    server(baseURL, port, {
      DATA_DIR: dataDir,
      ...database('main'),
      // Demo accounts only: the demo business has its own server below.
      SEED_DEMO_BUSINESS: 'false',
      // The gate is bypassed on localhost; its test browses the server under another name.
      GATE_ID: gateId,
      GATE_PASSWORD: gatePassword,
      SMTP_URL: process.env.E2E_SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
      // tests/e2e/webhooks.spec.ts receives on loopback, which targets are otherwise refused.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      OIDC_OTHER_CLIENTS: JSON.stringify([
        { client_id: otherClientId, client_secret: 'partner-portal-secret-e2e', redirect_uris: [`${baseURL}/partner-callback`] },
      ]),
    }),
    ...(wantsShard
      ? [
          server(`http://localhost:${shardPort}`, shardPort, {
            DATA_DIR: shardDataDir,
            ...database('shard'),
            SEED_DEMO_BUSINESS: 'false',
            SMTP_URL: '',
          }),
        ]
      : []),
    // The demo business is seeded before this server answers (instrumentation.ts: under a minute, more on a
    // busy machine); its mail stays in the outbox.
    ...(wantsDemo ? [server(`http://localhost:${demoPort}`, demoPort, { DATA_DIR: demoDataDir, SMTP_URL: '' }, 300_000)] : []),
    ...(wantsA11y
      ? [
          server(`http://localhost:${a11yPort}`, a11yPort, {
            DATA_DIR: a11yDataDir,
            ...database('a11y'),
            SEED_DEMO_BUSINESS: 'false',
            SMTP_URL: '',
          }),
        ]
      : []),
  ],
});
