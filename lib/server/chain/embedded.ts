import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../../config';

/** The embedded dev chain: a ganache JSON-RPC server on a loopback port, started on first use. */
export interface EmbeddedChain {
  url: string;
  close(): Promise<void>;
}

/** Chain id of the embedded chain (the usual local-development id). */
export const EMBEDDED_CHAIN_ID = 1337;

const KEY = Symbol.for('ipl.embedded-chain');
type Holder = { [KEY]?: Promise<EmbeddedChain> };

async function start(): Promise<EmbeddedChain> {
  const config = getConfig();
  const dbPath = path.join(config.dataDir, 'chain', 'db');
  await fs.mkdir(dbPath, { recursive: true });
  const ganache = (await import('ganache')).default;
  // State persists in DATA_DIR/chain/db (ganache's leveldb): tokens minted before a restart are
  // still there after it, next to the chain_mints rows that record them.
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: EMBEDDED_CHAIN_ID, hardfork: 'shanghai' },
    database: { dbPath },
    // A fixed mnemonic: the prefunded accounts are the same on every start.
    wallet: { deterministic: true, totalAccounts: 2 },
    miner: { instamine: 'eager' },
  });
  await server.listen(config.chain.embeddedPort, '127.0.0.1');
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await server.close();
    },
  };
}

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
