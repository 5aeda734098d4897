import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface AppServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** The production server (server/start-server.mjs) on the build (NEXT_DIST_DIR, default .next) with its own data directory and settings. */
/**
 * `via: 'next-start'` runs `next start` instead: Next's router in front of every route, as before the
 * API lane, for a before-and-after in one run.
 */
export async function startApp(
  port: number,
  env: Record<string, string>,
  via: 'server' | 'next-start' = 'server',
): Promise<AppServer> {
  const root = path.resolve(__dirname, '..', '..');
  const dist = process.env.NEXT_DIST_DIR || '.next';
  if (!fs.existsSync(path.join(root, dist, 'BUILD_ID')))
    throw new Error(`no production build in ${dist}: run \`npx next build\` first`);
  const url = `http://localhost:${port}`;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profile,
      ...(via === 'server'
        ? [path.join(root, 'server', 'start-server.mjs')]
        : [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start']),
      '-p',
      String(port),
    ],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', APP_URL: url, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/core/server/status`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`app did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
