/**
 * The production server as a child process (server/start-server.mjs on the build in NEXT_DIST_DIR or .next),
 * which these tests start, kill with SIGKILL and start again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface AppProcess {
  url: string;
  pid: number;
  log: () => string;
  /** Stops reading the server's output, as a log tool that exits does: its next write fails with EPIPE. */
  closeOutput: () => void;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown code runs, as when a machine loses power or the OOM killer strikes. */
  kill: () => Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

export function buildDir(): string {
  return process.env.NEXT_DIST_DIR || '.next';
}

export function hasBuild(): boolean {
  return fs.existsSync(path.join(root, buildDir(), 'BUILD_ID'));
}

export async function startApp(port: number, env: Record<string, string>): Promise<AppProcess> {
  const url = `http://localhost:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', APP_URL: url, NEXT_DIST_DIR: buildDir(), ...env };
  // The embedded database unless the test names a server: a DATABASE_URL from the shell must not leak in.
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server', 'start-server.mjs'), '-p', String(port)], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // PGlite migrates and seeds in WASM on its first start: a busy machine may need longer (APP_START_TIMEOUT_MS).
  const deadline = Date.now() + Number(process.env.APP_START_TIMEOUT_MS ?? 90_000);
  for (;;) {
    try {
      // A server that accepts but never answers must not hold the test past its deadline.
      const res = await fetch(`${url}/api/core/server/status`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`app did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const closeOutput = () => {
    child.stdout?.destroy();
    child.stderr?.destroy();
  };
  return { url, pid: child.pid!, log: () => log, closeOutput, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
