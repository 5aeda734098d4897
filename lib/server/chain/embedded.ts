import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '../../config';
import { writeAtomic } from '../storage/write-atomic';

/**
 * The embedded dev chain: Foundry's anvil (an EVM node, its binary shipped in the registry
 * package `@foundry-rs/anvil-<platform>`) on a loopback port, started on first use and stopped
 * with the server. Its state is saved to DATA_DIR/chain/state.hex after every change the
 * platform makes, and loaded again on the next start, so tokens minted before a restart are
 * still there, next to the chain_mints rows that record them.
 */
export interface EmbeddedChain {
  url: string;
  /** Writes the chain's current state to DATA_DIR/chain (after a deployment, a funding, a mint). */
  save(): Promise<void>;
  close(): Promise<void>;
}

/** Chain id of the embedded chain (the usual local-development id). */
export const EMBEDDED_CHAIN_ID = 1337;
// A fixed genesis time makes the genesis block, and so its hash, the same on every start: the
// deployment remembered in DATA_DIR/chain/deployment.json is recognised after a restart.
const GENESIS_TIMESTAMP = '1700000000';

// The platform packages @foundry-rs/anvil depends on, by Node's platform and architecture.
const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'darwin-arm64': 'anvil-darwin-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'linux-x64': 'anvil-linux-amd64',
  'win32-x64': 'anvil-win32-amd64',
};

/** The anvil binary installed for this machine, read from node_modules like the contract imports. */
export function anvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`no embedded chain for ${process.platform}-${process.arch}: set CHAIN_RPC_URL`);
  const binary = path.join(
    process.cwd(),
    'node_modules',
    '@foundry-rs',
    pkg,
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  );
  if (!fs.existsSync(binary))
    throw new Error(`the embedded chain's binary is missing (${binary}): run npm ci, or set CHAIN_RPC_URL`);
  return binary;
}

function chainDir(): string {
  return path.join(getConfig().dataDir, 'chain');
}

/**
 * An anvil left behind by a server that was killed (SIGKILL gives it no chance to stop its
 * child) holds a port and memory: stop it. Its state is already saved; the pid is only trusted
 * when /proc says it is anvil (elsewhere the leftover is left alone).
 */
function stopLeftover(pidFile: string): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil')) return;
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already, or no /proc here
  }
}

function waitForAddress(child: ChildProcess, log: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Listening on ([\d.]+:\d+)/.exec(seen);
      if (!match) return;
      child.stdout?.off('data', onData);
      resolve(`http://${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the embedded chain exited (${code ?? signal}):\n${log()}`)));
  });
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function start(): Promise<EmbeddedChain> {
  const config = getConfig();
  const dir = chainDir();
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'anvil.pid');
  const stateFile = path.join(dir, 'state.hex');
  stopLeftover(pidFile);

  const child = spawn(
    anvilBinary(),
    [
      ['--host', '127.0.0.1'],
      ['--port', String(config.chain.embeddedPort)],
      ['--chain-id', String(EMBEDDED_CHAIN_ID)],
      ['--timestamp', GENESIS_TIMESTAMP],
      // anvil's well-known development mnemonic: the prefunded accounts are the same on every start.
      ['--accounts', '2'],
    ].flat(),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The server must not wait for its chain to exit, and the chain must not outlive the server.
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();

  let url: string;
  try {
    url = await waitForAddress(child, () => log);
  } catch (err) {
    stop();
    throw err;
  }
  fs.writeFileSync(pidFile, String(child.pid));
  if (fs.existsSync(stateFile)) await rpc(url, 'anvil_loadState', [fs.readFileSync(stateFile, 'utf8').trim()]);

  // One save at a time, each writing the whole state atomically: the file is always a whole state.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving
      .catch(() => undefined)
      .then(async () => writeAtomic(stateFile, Buffer.from(await rpc<string>(url, 'anvil_dumpState'))));
    return saving;
  };
  return {
    url,
    save,
    async close() {
      await saving.catch(() => undefined);
      process.off('exit', stop);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(pidFile, { force: true });
    },
  };
}

const KEY = Symbol.for('ipl.embedded-chain');
type Holder = { [KEY]?: Promise<EmbeddedChain> };

/** The running embedded chain of this process, starting it once. */
export function embeddedChain(): Promise<EmbeddedChain> {
  const holder = globalThis as Holder;
  holder[KEY] ??= start().catch((err: unknown) => {
    delete holder[KEY];
    throw err;
  });
  return holder[KEY];
}

/** Stops the embedded chain if this process started one (tests, shutdown). */
export async function stopEmbeddedChain(): Promise<void> {
  const holder = globalThis as Holder;
  const running = holder[KEY];
  delete holder[KEY];
  if (running) await (await running).close().catch(() => undefined);
}
